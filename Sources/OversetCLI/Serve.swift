import ArgumentParser
import Foundation

/// `overset serve`: runs `overset-server`, the executable beside this one that links Hummingbird and SwiftNIO. Kept
/// apart so that building `overset` (the README's first command) does not build a server framework.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the preview page and the HTTP API (and, given catalogs and a spec, the catalog's grid).",
        discussion: """
        Runs overset-server, built beside overset (swift build --product overset-server).

        Usage: overset serve [CATALOGS ...] [--spec FILE] [--baseline FILE] [--host ADDRESS] [--port N]
          CATALOGS    catalog files or folders for the catalog's grid (with --spec)
          --spec      the layout spec the catalogs are checked against
          --baseline  a baseline whose known findings the grid marks
          --host      the address to listen on (default 127.0.0.1; 0.0.0.0 with a warning)
          --port      the port (default 8080; 0: any free port, printed)

        The page is at http://127.0.0.1:8080/; the API is in docs/server.md and docs/openapi.yaml.

        Examples:
          overset serve
          overset serve App/Resources --spec layout.yml
        """
    )

    @Argument(parsing: .allUnrecognized, help: "Catalogs and overset-server's options.")
    var arguments: [String] = []

    /// The name of the executable this command runs.
    static let tool = "overset-server"

    func run() throws {
        try SiblingTool.exec(Serve.tool, command: "overset serve", arguments: arguments)
    }
}
