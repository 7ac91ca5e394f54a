import ArgumentParser
import Foundation
import OversetPlacements
import OversetServer

/// `overset-server`, run by `overset serve`: the page and the HTTP API.
@main
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overset serve",
        abstract: "Serve the preview page and the HTTP API (and, given catalogs and a spec, the catalog's grid).",
        discussion: """
        The page, at /, previews a string as you type: its lines with their widths, where it truncates, clipped \
        marks, the picture, and all 12 Dynamic Type categories side by side; its state lives in its URL, in the \
        settings table's names, so a link opens the same label. With catalogs and --spec, a Catalog tab shows \
        every key × language, failures first; a string opens at every category and can be edited in the page (the \
        catalog on disk is never written; edits download as XLIFF).

        The API (JSON, docs/server.md and docs/openapi.yaml): GET /health, GET /v1/settings, POST /v1/measure (one \
        measure request), POST /v1/measure/batch (JSON Lines), POST /v1/preview, GET /v1/catalog, POST \
        /v1/catalog/check, POST /v1/catalog/xliff. Errors: {"error": {"code", "message"}}.

        Listens on 127.0.0.1 unless told otherwise; --host 0.0.0.0 serves every network the machine is on, with a \
        warning. Prints the address once listening. Exit status: 2 when it cannot start (a spec mistake, a catalog \
        that cannot be read, a port in use).

        Examples:
          overset serve
          overset serve --port 0                       (any free port; the address is printed)
          overset serve App/Resources --spec layout.yml --baseline overset-baseline.json
          overset serve MyApp/          (no spec: each key with the label the app shows it with, as check MyApp/)
        """
    )

    @Argument(help: "Catalog files or folders to serve in catalog mode (with --spec), or one app folder (its placements give each key's label).")
    var catalogs: [String] = []

    @Option(help: "The layout spec for catalog mode.")
    var spec: String?

    @Option(help: "A baseline (from overset check --write-baseline): its known findings are marked in the grid.")
    var baseline: String?

    @Option(help: "The address to listen on (default 127.0.0.1; 0.0.0.0 serves every network, with a warning).")
    var host = "127.0.0.1"

    @Option(help: "The port, 0 to 65535 (0: any free port).")
    var port = 8080

    @Option(name: .customLong("allow-host"), help: ArgumentHelp(
        "Another host name requests may give in Host (the loopback names and the --host address are always accepted).",
        valueName: "name"))
    var allowHosts: [String] = []

    @Option(name: .customLong("allow-origin"), help: ArgumentHelp(
        "An origin (https://cms.example.com) whose pages may call the API from a browser (CORS); none by default.",
        valueName: "origin"))
    var allowOrigins: [String] = []

    @Option(name: .customLong("fonts-dir"), help: ArgumentHelp(
        "A folder whose font files (and folders of fonts, for platformFonts) requests may name, by their paths in it.",
        valueName: "folder"))
    var fontsDirectory: String?

    /// Runs the command; usage errors exit with status 2 (as `overset`'s do, not ArgumentParser's 64), with a message
    /// that says what to do.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var command = command as? AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch let error as ValidationError where !(error.message.isEmpty) {
            // Thrown while running (a catalog that is a file, not a folder): the message alone.
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            Foundation.exit(2)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                (code == .success ? FileHandle.standardOutput : FileHandle.standardError).write(Data((message + "\n").utf8))
            }
            Foundation.exit(code == .success ? 0 : code == .validationFailure ? 2 : code.rawValue)
        }
    }

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port: \(port) is not a port (0 to 65535)") }
        if catalogs.count > 1 && spec == nil {
            throw ValidationError("catalog mode needs a layout spec (--spec layout.yml), unless the one argument is an app folder")
        }
        if catalogs.isEmpty && spec != nil { throw ValidationError("--spec needs catalogs to check: overset serve CATALOGS --spec F") }
        if baseline != nil && catalogs.isEmpty { throw ValidationError("--baseline needs catalog mode: CATALOGS --spec F") }
        for origin in allowOrigins where origin != "*" {
            guard origin.hasPrefix("http://") || origin.hasPrefix("https://"),
                  !origin.dropFirst(origin.hasPrefix("https") ? 8 : 7).contains("/") else {
                throw ValidationError("--allow-origin \(origin): an origin is a scheme and a host, such as https://cms.example.com")
            }
        }
    }

    func run() async throws {
        if allowOrigins.contains("*") {
            FileHandle.standardError.write(Data("warning: --allow-origin '*': a page of any site the user opens can call the API\n".utf8))
        }
        if host != "127.0.0.1" && host != "localhost" && host != "::1" {
            FileHandle.standardError.write(Data(("warning: serving on \(host): anyone who can reach this machine can use "
                + "the server (it reads no file a request names, and its limits bound each request)\n").utf8))
        }
        var session: CatalogSession? = nil
        do {
            if let spec {
                session = try CatalogSession(catalogs: catalogs, spec: spec, baseline: baseline)
            } else if let app = catalogs.first {
                var folder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: app, isDirectory: &folder), folder.boolValue else {
                    throw ValidationError("\(app) is not a folder: a catalog file needs --spec; without one, give the app's folder")
                }
                session = try CatalogSession(app: app, placements: try PlacementReport.read(app: app), baseline: baseline)
            }
        } catch let error as ValidationError {
            throw error
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            throw ExitCode(2)
        }
        let fonts: RequestFonts
        do {
            fonts = try RequestFonts(folder: fontsDirectory)
        } catch {
            throw ValidationError("--fonts-dir: \(error.message)")
        }
        let access = ServerAccess(listening: host, hosts: allowHosts, origins: allowOrigins)
        let server = OversetServer(service: OversetService(catalog: session, fonts: fonts), host: host, port: port,
                                   access: access)
        let host = self.host
        do {
            try await server.run { port in
                let shown = host.contains(":") ? "[\(host)]" : host
                // Written straight to the descriptor: a client (a test, a script) reads it as soon as it listens.
                FileHandle.standardOutput.write(Data("Overset is serving on http://\(shown):\(port)/\n".utf8))
            }
        } catch {
            FileHandle.standardError.write(Data("error: cannot serve on \(host):\(port): \(error)\n".utf8))
            throw ExitCode(2)
        }
    }
}


