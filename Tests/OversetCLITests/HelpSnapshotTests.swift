import Foundation
import Testing

/// Every command's help, whole, against a snapshot in `Tests/OversetCLITests/Help/` (swift-argument-parser's own
/// `AssertHelp` style): a help text that changes fails here until its snapshot is looked at and written again with
/// `OVERSET_RECORD_HELP=1 swift test --filter HelpSnapshotTests`. Fragments (`help.contains(…)`) let a help text
/// drift unnoticed; a snapshot shows the whole change in review.
struct HelpSnapshotTests {
    /// The commands whose help is kept: every subcommand, the placements tool and the server (run by `overset`).
    static let commands: [(name: String, arguments: [String], tool: String?)] = [
        ("overset", ["--help"], nil),
        ("preview", ["preview", "--help"], nil),
        ("matrix", ["matrix", "--help"], nil),
        ("check", ["check", "--help"], nil),
        ("spec-init", ["spec", "init", "--help"], nil),
        ("pseudo", ["pseudo", "--help"], nil),
        ("annotate", ["annotate", "--help"], nil),
        ("merge", ["merge", "--help"], nil),
        ("measure", ["measure", "--help"], nil),
        ("fonts", ["fonts", "--help"], nil),
        ("placements", ["--help"], "overset-placements"),
        ("serve", ["--help"], "overset-server"),
    ]

    static var folder: String { DoorAgreementTests.root + "/Tests/OversetCLITests/Help" }

    @Test(arguments: commands.map(\.name))
    func help_isItsSnapshot(_ name: String) throws {
        let command = try #require(Self.commands.first { $0.name == name })
        let executable = command.tool.map { (CLITests.binary as NSString).deletingLastPathComponent + "/" + $0 }
        let run = try CLITests.run(command.arguments, environment: ["COLUMNS": "100"], executable: executable)
        #expect(run.status == 0, "\(run.stderr)")
        let path = Self.folder + "/\(name).txt"
        if ProcessInfo.processInfo.environment["OVERSET_RECORD_HELP"] == "1" {
            try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
            try run.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let snapshot = try String(contentsOfFile: path, encoding: .utf8)
        #expect(run.stdout == snapshot, """
            `\(command.arguments.joined(separator: " "))` differs from \(path): look at the change, then record it \
            with OVERSET_RECORD_HELP=1 swift test --filter HelpSnapshotTests
            """)
    }
}
