import ArgumentParser
import Foundation

/// `overset placements`: runs `overset-placements`, the executable beside this one that reads Swift with
/// swift-syntax. Kept apart so that building `overset` (the README's first command) does not build swift-syntax.
struct Placements: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List where an app shows each localization key, and the label it is shown with.",
        discussion: """
        Runs overset-placements, built beside overset (swift build --product overset-placements): it reads \
        storyboards, XIBs and Swift code with swift-syntax, which overset itself does not build.

        Usage: overset placements APP_DIR [--format text|json] [--screen-width POINTS] [--output FILE]
          --format        text (default) or json
          --screen-width  the screen width widths are read at (default: the narrowest iPhone the app's
                          deployment target supports: 320 pt below iOS 16, 375 pt from iOS 16)
          --output        write to this file instead of standard output

        Examples:
          overset placements MyApp
          overset placements MyApp --format json --output placements.json
        """
    )

    @Argument(parsing: .allUnrecognized, help: "The app's folder and overset-placements' options.")
    var arguments: [String] = []

    /// The name of the executable this command runs.
    static let tool = "overset-placements"

    func run() throws {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let tool = here.appendingPathComponent(Placements.tool).path
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw RuntimeFailure(message: "overset placements needs \(Placements.tool) beside overset (\(tool) is missing): "
                + "build it with `swift build -c release --product \(Placements.tool)`", status: .unusableInput)
        }
        // The tool takes over this process: its output, errors and exit status are the command's.
        var argv: [UnsafeMutablePointer<CChar>?] = ([tool] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(tool, &argv)
        throw RuntimeFailure(message: "cannot run \(tool): \(String(cString: strerror(errno)))", status: .unusableInput)
    }
}
