import Foundation
import PackagePlugin

/// `swift package overset-check [CATALOG…] [--spec layout.yml] [options]`: runs `overset check` on a project's own
/// catalogs, with `--format xcode` unless a format is given, so SwiftPM and Xcode show each failure at its line.
///
/// With no catalogs, it checks the package's own: every `*.xcstrings`, `*.strings`, `*.stringsdict` and
/// `values*/strings.xml` under its targets' folders; with no `--spec`, the package root's `layout.yml` (or
/// `.overset.yml`). It says which files and spec it used. Every other argument is passed to `overset check`
/// (`overset check --help` lists them). Reports go to standard output (write them to a file with the shell, or with
/// `--output` where the plugin may write).
@main
struct OversetCheck: CommandPlugin {
    /// Options whose value is a path that may look like a catalog's (`--baseline report.json`).
    static let pathOptions: Set<String> = ["--spec", "--output", "--baseline", "--write-baseline", "--catalog-format",
                                           "--catalog-language", "--languages", "--categories", "--pseudo", "--factor",
                                           "--threads", "--shard", "--format"]
    static let catalogSuffixes = [".xcstrings", ".strings", ".stringsdict", ".xml", ".xliff", ".xlf", ".json", ".jsonl"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "overset")
        let root = context.package.directoryURL
        var arguments = arguments
        var given = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if Self.pathOptions.contains(argument) { index += 2; continue }
            if !argument.hasPrefix("-") { given = true }
            index += 1
        }
        if !arguments.contains("--spec") {
            guard let spec = ["layout.yml", ".overset.yml"].first(where: {
                FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
            }) else {
                Diagnostics.error("overset-check: no --spec given and no layout.yml or .overset.yml at the package root "
                    + "(\(root.path)); write one (see Overset's README) or pass --spec")
                throw ExitStatus(code: 2)
            }
            arguments += ["--spec", spec]
        }
        if !given {
            let folders = context.package.targets.compactMap { target -> URL? in
                switch target {
                case let swift as SwiftSourceModuleTarget: return swift.directoryURL
                case let clang as ClangSourceModuleTarget: return clang.directoryURL
                default: return nil
                }
            }
            let found = Self.catalogs(in: folders, root: root)
            guard !found.isEmpty else {
                Diagnostics.error("overset-check: no catalogs under the package's targets (*.xcstrings, *.strings, "
                    + "*.stringsdict, values*/strings.xml); name them as arguments")
                throw ExitStatus(code: 2)
            }
            arguments = found + arguments
            let spec = arguments[arguments.firstIndex(of: "--spec")! + 1]
            Diagnostics.remark("overset-check: checking \(found.count) catalog file\(found.count == 1 ? "" : "s") "
                + "against \(spec): \(found.joined(separator: ", "))")
            FileHandle.standardError.write(Data(("overset-check: checking \(found.joined(separator: ", ")) against "
                + "\(spec)\n").utf8))
        }
        if !arguments.contains("--format") { arguments += ["--format", "xcode"] }
        let process = Process()
        process.executableURL = tool.url
        process.arguments = ["check"] + arguments
        process.currentDirectoryURL = root
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("overset check found problems (exit status \(process.terminationStatus))")
            throw ExitStatus(code: process.terminationStatus)
        }
    }

    /// The catalogs under `folders`, as paths relative to `root`, sorted: String Catalogs, `.strings`,
    /// `.stringsdict`, and Android's `values*/strings.xml`; build folders and hidden ones are skipped.
    static func catalogs(in folders: [URL], root: URL) -> [String] {
        var out = Set<String>()
        for folder in folders {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil,
                                                              options: [.skipsHiddenFiles]) else { continue }
            for case let url as URL in walker {
                let name = url.lastPathComponent
                if name == ".build" || name == "build" { walker.skipDescendants(); continue }
                let parent = url.deletingLastPathComponent().lastPathComponent
                let wanted = name.hasSuffix(".xcstrings") || name.hasSuffix(".strings") || name.hasSuffix(".stringsdict")
                    || (name == "strings.xml" && parent.hasPrefix("values"))
                guard wanted else { continue }
                let path = url.standardizedFileURL.path
                let base = root.standardizedFileURL.path
                out.insert(path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path)
            }
        }
        return out.sorted()
    }
}

/// The check's own exit status, so CI fails as it would with `overset check`.
struct ExitStatus: Error, CustomStringConvertible {
    var code: Int32
    var description: String { "overset check exited with status \(code)" }
}
