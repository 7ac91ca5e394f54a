import Foundation
import PackagePlugin

/// `swift package overset-check CATALOG… --spec layout.yml [options]`: runs `overset check` on a project's own
/// catalogs, with `--format xcode` unless a format is given, so SwiftPM and Xcode show each failure at its line.
/// Every argument is passed to `overset check`; `overset check --help` lists them. Reports go to standard output
/// (write them to a file with the shell, or with `--output` where the plugin may write).
@main
struct OversetCheck: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "overset")
        var arguments = arguments
        if !arguments.contains("--format") { arguments += ["--format", "xcode"] }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["check"] + arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("overset check found problems (exit status \(process.terminationStatus))")
            throw ExitStatus(code: process.terminationStatus)
        }
    }
}

/// The check's own exit status, so CI fails as it would with `overset check`.
struct ExitStatus: Error, CustomStringConvertible {
    var code: Int32
    var description: String { "overset check exited with status \(code)" }
}
