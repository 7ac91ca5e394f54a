import ArgumentParser
import Foundation
import Overset
import OversetCatalog
import OversetPlacements

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
    static let tool = PlacementReport.tool

    func run() throws {
        try SiblingTool.exec(Placements.tool, command: "overset placements", arguments: arguments)
    }
}

/// An executable built beside `overset` that a subcommand hands itself to (`overset-placements`, `overset-server`):
/// kept apart so that building `overset`, the README's first command, builds neither swift-syntax nor SwiftNIO.
enum SiblingTool {
    /// Replaces this process with `name`, found beside this executable, given `arguments`: its output, errors and
    /// exit status are the command's. Throws (exit 2) when it is missing, saying how to build it.
    static func exec(_ name: String, command: String, arguments: [String]) throws -> Never {
        // The real executable's folder (`/proc/self/exe`): `overset` found on PATH has a bare name in argv[0].
        let here = FontStack.executableDirectory().map { URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let tool = here.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw RuntimeFailure(message: "\(command) needs \(name) beside overset (\(tool) is missing): "
                + "build it with `swift build -c release --product \(name)`", status: .unusableInput)
        }
        var argv: [UnsafeMutablePointer<CChar>?] = ([tool] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(tool, &argv)
        throw RuntimeFailure(message: "cannot run \(tool): \(String(cString: strerror(errno)))", status: .unusableInput)
    }
}

/// Reads an app's placements for `overset spec init`, with the placements tool's failure as a usage error.
enum CheckPlacements {
    /// Runs the placements tool beside this executable and reads its JSON (``PlacementReport/read(app:screenWidth:toolDirectory:)``).
    static func read(app: String, screenWidth: Double? = nil) throws -> PlacementReport {
        do {
            return try PlacementReport.read(app: app, screenWidth: screenWidth)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

/// `overset spec`: layout specs.
struct Spec: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a layout spec to review, from the labels the app gives each key.",
        subcommands: [SpecInit.self]
    )
}

/// `overset spec init APP_DIR`: a reviewable spec from the app's placements.
struct SpecInit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a layout spec with one rule per key the app shows, each commented with where its label came from.",
        discussion: """
        Reads the app's placements (as `overset placements` does, with overset-placements beside overset). A key \
        shown in several places gets the tightest of their labels; the places whose label cannot be told and the \
        keys with no placement are listed in comments; the default label checks those keys once reviewed.

        Examples:
          overset spec init MyApp --output layout.yml
          overset check MyApp --spec layout.yml
        """
    )

    @Argument(help: "The app's folder.")
    var app: String

    @Option(help: "Write the spec here (never over an existing file) instead of standard output.")
    var output: String?

    @OptionGroup var screen: ScreenWidthOption

    func run() throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: app, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("\(app): not an app folder")
        }
        if let output, FileManager.default.fileExists(atPath: output) {
            throw ValidationError("--output \(output) exists: a spec is written once, to review; remove it or choose another path")
        }
        let report = try CheckPlacements.read(app: app, screenWidth: screen.screenWidth)
        if report.placements.isEmpty {
            FileHandle.standardError.write(Data("overset: no placement found in \(app) (no Swift, storyboard or XIB file shows a key): the spec has only its default\n".utf8))
        }
        try OutputFile.write(report.specYAML(appFolder: app, version: OversetVersion.current), to: output)
    }
}
