import ArgumentParser
import Foundation
import OversetPlacements
import OversetAppPlacements

/// `overset-placements`, run by `overset placements`: where each key is shown and with which label.
struct PlacementsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overset placements",
        abstract: "List where an app shows each localization key, and the label it is shown with.",
        discussion: """
        Reads the app's storyboards and XIBs (labels, buttons, text fields, bar and tab items, segments, section \
        titles, with their fonts, numberOfLines and widths from constraints or frames), its Swift code (SwiftUI \
        views and their modifiers, UIKit properties set in code and joined to their @IBOutlet elements, alerts, \
        bars and swipe actions, SwiftGen and hand-written accessors followed to their keys), and its catalogs, to \
        list the keys nothing shows. Each setting says where it came from.

        Exit status: 0 listed (even with unplaced keys or files not read: they are in the output), 2 the folder \
        cannot be read, 3 the output cannot be written.

        Examples:
          overset placements MyApp
          overset placements MyApp --format json --output placements.json
          overset placements MyApp --screen-width 320        (Display Zoom on a 375-pt iPhone)
          overset placements --components                    (the system components' table)
        """
    )

    @Argument(help: "The app's folder (its Xcode project or package root).")
    var app: String?

    @Flag(help: "Print the system components' table (fonts, widths, lines, with their sources) and exit.")
    var components = false

    @Option(help: "text or json.")
    var format: PlacementFormat = .text

    @OptionGroup var screen: ScreenWidthOption

    @Option(help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        if components {
            print(SystemComponent.markdownTable(screenWidth: screen.screenWidth ?? 375), terminator: "")
            return
        }
        guard let app else { throw ValidationError("give the app's folder (or --components for the components' table)") }
        let report: PlacementReport
        do {
            report = try Placements.find(in: app, options: .init(screenWidth: screen.screenWidth))
        } catch let error as PlacementError {
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            throw ExitCode(2)
        }
        let data = format == .json ? try report.json() + Data("\n".utf8) : Data(report.text().utf8)
        if let output {
            // Never over an input: a file of the kinds this reads, inside the app's folder, whatever link names it.
            if let refusal = PlacementFiles.refusal(toWrite: output, inside: [app]) {
                FileHandle.standardError.write(Data("error: --output \(refusal)\n".utf8))
                throw ExitCode(2)
            }
            do { try data.write(to: URL(fileURLWithPath: output), options: .atomic) } catch {
                FileHandle.standardError.write(Data("error: \(output): cannot write: \(error.localizedDescription)\n".utf8))
                throw ExitCode(3)
            }
        } else {
            do { try FileHandle.standardOutput.write(contentsOf: data) } catch {
                FileHandle.standardError.write(Data("error: standard output: cannot write: \(error.localizedDescription)\n".utf8))
                throw ExitCode(3)
            }
        }
    }
}

enum PlacementFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

// Usage errors exit 2 (ArgumentParser's own is 64), as every `overset` command's do; a closed pipe is an output
// that could not be written (3), not a signal.
signal(SIGPIPE, SIG_IGN)
ParentWatch.start()
do {
    var command = try PlacementsCommand.parseAsRoot()
    try command.run()
} catch let exit as ExitCode {
    Foundation.exit(exit.rawValue)
} catch {
    let code = PlacementsCommand.exitCode(for: error)
    let message = PlacementsCommand.fullMessage(for: error)
    if code == .success {
        print(message)
        Foundation.exit(0)
    }
    FileHandle.standardError.write(Data((message + "\n").utf8))
    Foundation.exit(2)
}

/// The tool stops when the process that started it ends (`overset check`, `overset-server` killed): its work is
/// for that process alone, and an orphan reading a hostile tree would run on at full CPU. Watched by polling the
/// parent's id (a reparented process gets a new one), which holds whichever thread started it; `PR_SET_PDEATHSIG`
/// would follow the starting thread, not the process.
enum ParentWatch {
    /// The environment variable a parent names itself in (its process id), so that a child whose parent died
    /// before this check ran stops at once too.
    static let variable = "OVERSET_PARENT_PID"

    static func start() {
        let parent = ProcessInfo.processInfo.environment[variable].flatMap { pid_t($0) } ?? getppid()
        if getppid() != parent { _exit(2) }
        guard parent > 1 else { return }
        let thread = Thread {
            while true {
                Thread.sleep(forTimeInterval: 0.25)
                if getppid() != parent { _exit(2) }
            }
        }
        thread.start()
    }
}
