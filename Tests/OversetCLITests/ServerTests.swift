import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `overset serve`, run as a user runs it (the built `overset-server` on a free loopback port), its answers read with
/// Foundation's `JSONSerialization` and `XMLParser`, never Overset's own decoder, and compared with what the CLI
/// gives for the same request.
@Suite(.serialized) struct ServerTests {
    /// A running server, stopped when the test ends.
    final class Server: @unchecked Sendable {
        // @unchecked Sendable: the process and port are set once in init and only read after.
        let process = Process()
        let port: Int

        init(_ arguments: [String] = []) throws {
            process.executableURL = URL(fileURLWithPath: CLITests.binary)
            process.arguments = ["serve", "--port", "0"] + arguments
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The first line says where it listens: "Overset is serving on http://127.0.0.1:PORT/".
            var line = Data()
            let handle = out.fileHandleForReading
            while !line.contains(0x0A) {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            let text = String(decoding: line, as: UTF8.self)
            guard let range = text.range(of: #"127\.0\.0\.1:([0-9]+)"#, options: .regularExpression),
                  let port = Int(text[range].split(separator: ":")[1]) else {
                process.terminate()
                throw ServerFailure(message: "the server did not say where it listens: \(text)")
            }
            self.port = port
        }

        deinit {
            process.terminate()
            process.waitUntilExit()
        }

        struct Reply {
            var status: Int
            var contentType: String
            var body: Data
            var json: [String: Any]? { try? JSONSerialization.jsonObject(with: body) as? [String: Any] }
            var text: String { String(decoding: body, as: UTF8.self) }
        }

        /// One request; a raw `path` (sent as written, `..` and all) over a plain socket-level URL.
        func call(_ path: String, method: String = "GET", body: Data? = nil) throws -> Reply {
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)\(path)")!)
            request.httpMethod = method
            request.httpBody = body
            if body != nil {
                request.setValue(path.hasSuffix("/batch") ? "application/x-ndjson" : "application/json",
                                 forHTTPHeaderField: "Content-Type")
            }
            request.timeoutInterval = 60
            let session = URLSession(configuration: .ephemeral)
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var result: Result<Reply, Error> = .failure(ServerFailure(message: "no answer"))
            session.dataTask(with: request) { data, response, error in
                if let error { result = .failure(error) } else if let http = response as? HTTPURLResponse {
                    result = .success(Reply(status: http.statusCode,
                                            contentType: http.value(forHTTPHeaderField: "Content-Type") ?? "",
                                            body: data ?? Data()))
                }
                done.signal()
            }.resume()
            done.wait()
            return try result.get()
        }

        func post(_ path: String, json object: Any) throws -> Reply {
            try call(path, method: "POST", body: try JSONSerialization.data(withJSONObject: object))
        }
    }

    struct ServerFailure: Error { var message: String }

    @Test func health_andSettings_comeFromTheSettingsTable() throws {
        let server = try Server()
        let health = try server.call("/health")
        #expect(health.status == 200)
        #expect(health.json?["status"] as? String == "ok")
        let version = try CLITests.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(health.json?["version"] as? String == version)
        // The controls' names are `measure`'s request keys: every label key `measure` documents in its help.
        let settings = try #require(try server.call("/v1/settings").json)
        let keys = Set(((settings["label"] as? [[String: Any]]) ?? []).compactMap { $0["key"] as? String })
        let help = try CLITests.run(["measure", "--help"]).stdout
        for key in ["width", "maxLines", "style", "size", "weight", "truncation", "strategy", "lineHeight", "markdown"] {
            #expect(keys.contains(key), "\(key)")
            #expect(help.contains(key), "\(key) is in measure's help")
        }
        #expect((settings["categories"] as? [String])?.count == 12)
        // The limits the server enforces are the ones docs/server.md lists.
        let limits = try #require(settings["limits"] as? [String: String])
        let docs = try String(contentsOfFile: DoorAgreementTests.root + "/docs/server.md", encoding: .utf8)
        let reliability = try String(contentsOfFile: DoorAgreementTests.root + "/docs/reliability.md", encoding: .utf8)
        #expect(limits.count == 14)
        for (name, value) in limits {
            #expect(docs.contains("| `\(name)` | \(value)"), "docs/server.md lists \(name) as \(value)")
            #expect(reliability.contains("`\(name)`"), "docs/reliability.md names \(name)")
        }
    }

    /// `/v1/measure` answers exactly what `overset measure` answers for the same line; a batch, exactly its JSON Lines.
    @Test func measure_equalsTheCommandLine() throws {
        let server = try Server()
        let requests = [
            #"{"id":"th","text":"ตรวจสอบการอัปเดตซอฟต์แวร์","lang":"th","width":120,"maxLines":2}"#,
            #"{"id":2,"text":"Nach Updates suchen","lang":"de","style":"headline","category":"AX3","width":180,"maxLines":1}"#,
            #"{"id":"ar","text":"التحقق من وجود تحديثات","lang":"ar","width":90}"#,
        ]
        let cli = try CLITests.run(["measure"], stdin: requests.joined(separator: "\n") + "\n").stdout
        for request in requests {
            // One request, one line: `measure` numbers it line 1, as the endpoint does.
            let expected = try CLITests.run(["measure"], stdin: request + "\n").stdout
            let reply = try server.call("/v1/measure", method: "POST", body: Data(request.utf8))
            #expect(reply.status == 200)
            #expect(reply.text + "\n" == expected)
        }
        let batch = try server.call("/v1/measure/batch", method: "POST", body: Data((requests.joined(separator: "\n") + "\n").utf8))
        #expect(batch.status == 200 && batch.contentType.hasPrefix("application/x-ndjson"))
        #expect(batch.text == cli)
    }

    /// `/v1/preview` at every category gives the lines `overset preview --format json` gives at each.
    @Test func preview_everyCategory_equalsPreview() throws {
        let server = try Server()
        let text = "ตรวจสอบการอัปเดตซอฟต์แวร์ล่าสุด"
        let reply = try server.post("/v1/preview", json: ["text": text, "lang": "th", "style": "body", "width": 150,
                                                          "maxLines": 2, "categories": "all"])
        let results = try #require(reply.json?["results"] as? [[String: Any]])
        #expect(results.count == 12)
        for result in results {
            let category = try #require(result["category"] as? String)
            let preview = try CLITests.run(["preview", text, "--lang", "th", "--style", "body", "--category", category,
                                            "--width", "150", "--max-lines", "2", "--format", "json"])
            let expected = try #require(try JSONSerialization.jsonObject(with: Data(preview.stdout.utf8)) as? [String: Any])
            let answer = try #require(result["answer"] as? [String: Any])
            let lines = { (object: [String: Any]) in ((object["lines"] as? [[String: Any]]) ?? []).map { $0["text"] as? String } }
            #expect(lines(answer) == lines(expected), "\(category)")
            #expect(answer["truncated"] as? Bool == expected["truncated"] as? Bool, "\(category)")
            #expect(answer["status"] as? String == expected["status"] as? String, "\(category)")
            #expect((result["svg"] as? String)?.contains("<svg") == true)
        }
    }

    /// A reflowing header's orientation and a chosen layout at each category are `matrix`'s, for the same label.
    @Test func preview_components_equalMatrix() throws {
        let server = try Server()
        let header = try server.post("/v1/preview", json: ["text": "Software Update Available", "style": "headline",
                                                           "width": 300, "maxLines": 2, "imageWidth": 64,
                                                           "categories": "all", "picture": false])
        let matrix = try CLITests.run(["matrix", "Software Update Available", "--style", "headline", "--width", "300",
                                       "--max-lines", "2", "--format", "json"])
        let rows = ((try JSONSerialization.jsonObject(with: Data(matrix.stdout.utf8)) as? [String: Any])?["rows"]
            as? [[String: Any]]) ?? []
        let results = (header.json?["results"] as? [[String: Any]]) ?? []
        #expect(results.count == 12 && rows.count == 12)
        #expect(results.map { $0["layout"] as? String } == rows.map { $0["orientation"] as? String })
        #expect(results.map { $0["reason"] as? String } == rows.map { $0["reason"] as? String })
        let candidates = #"[{"name":"row","items":["text",131]},{"name":"column","axis":"vertical","items":["text"]}]"#
        let chosen = try server.post("/v1/preview", json: [
            "text": "Jetzt installieren", "lang": "de", "style": "body", "maxLines": 1, "width": 270, "categories": "all",
            "picture": false, "candidates": try JSONSerialization.jsonObject(with: Data(candidates.utf8))])
        let choices = try CLITests.run(["matrix", "Jetzt installieren", "--lang", "de", "--style", "body", "--max-lines", "1",
                                        "--width", "270", "--candidates", candidates, "--format", "json"])
        let expected = ((try JSONSerialization.jsonObject(with: Data(choices.stdout.utf8)) as? [String: Any])?["rows"]
            as? [[String: Any]]) ?? []
        let answered = (chosen.json?["results"] as? [[String: Any]]) ?? []
        #expect(expected.count == 12)
        #expect(answered.map { $0["layout"] as? String } == expected.map { $0["chosen"] as? String })
        #expect(answered.map { ($0["answer"] as? [String: Any])?["status"] as? String } == expected.map { $0["status"] as? String })
    }

    /// Bad requests get a JSON error with a code and the limit's name; none reaches a file, none stops the server.
    @Test func badRequests_areRefusedByName_andTheServerGoesOn() throws {
        let server = try Server()
        func error(_ reply: Server.Reply) -> (Int, String?, String?) {
            let error = reply.json?["error"] as? [String: Any]
            return (reply.status, error?["code"] as? String, error?["message"] as? String)
        }
        var (status, code, message) = error(try server.call("/v1/measure", method: "POST", body: Data(#"{"text":"a","#.utf8)))
        #expect(status == 400 && code == "invalidRequest" && message?.hasPrefix("not valid JSON") == true)
        (status, code, message) = error(try server.post("/v1/measure", json: ["text": "a", "widht": 5]))
        #expect(status == 400 && message?.contains("did you mean \"width\"") == true)
        (status, code, _) = error(try server.call("/v1/measure", method: "POST", body: Data(String(repeating: "[", count: 100_000).utf8)))
        #expect(status == 400 && code == "invalidRequest")
        (status, code, message) = error(try server.call("/v1/measure", method: "POST", body: Data(count: 2 << 20)))
        #expect(status == 413 && code == "tooLarge" && message?.contains("maximumBodyBytes") == true)
        (status, code, message) = error(try server.post("/v1/preview", json: ["text": String(repeating: "a", count: 20_000), "width": 100]))
        #expect(status == 413 && message?.contains("maximumTextLength") == true)
        // A key given twice is refused, as every JSON Overset reads refuses it (readers disagree on which counts).
        (status, code, message) = error(try server.call("/v1/preview", method: "POST",
                                                        body: Data(#"{"text":"a","width":50,"width":500}"#.utf8)))
        #expect(status == 400 && message?.contains("given twice") == true, "\(message ?? "")")
        (status, code, _) = error(try server.call("/health", method: "POST"))
        #expect(status == 405 && code == "methodNotAllowed")
        for path in ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/v1/../../etc/passwd", "/etc/passwd",
                     "/v1/catalog/../../../proc/self/environ", "//etc/passwd", "/Package.swift", "/%00"] {
            let reply = try server.call(path)
            #expect(reply.status == 404 || reply.status == 400, "\(path): \(reply.status)")
            #expect(!reply.text.contains("root:"), "\(path)")
        }
        (status, code, _) = error(try server.call("/v1/catalog"))
        #expect(status == 409 && code == "noCatalog")
        #expect(try server.call("/health").status == 200)
    }

    /// Catalog mode: the grid puts failures first; a failing string, edited in the page's way, fits; the edits come
    /// back as XLIFF (read with XMLParser) whose source is the source language's text. The catalog is not written.
    @Test func catalogMode_opensAFailingKey_andEditsItIntoAFittingOne() throws {
        let fixtures = CommandOutputTests.fixtures
        let before = try Data(contentsOf: URL(fileURLWithPath: fixtures + "/de.lproj/Localizable.strings"))
        let server = try Server([fixtures + "/Localizable.xcstrings", fixtures + "/de.lproj", "--spec", fixtures + "/layout.yml"])
        let grid = try #require(try server.call("/v1/catalog").json)
        let keys = try #require(grid["keys"] as? [[String: Any]])
        let statuses = keys.compactMap { $0["status"] as? String }
        let order = ["fail", "unknown", "warn", "pass"]
        #expect(statuses == statuses.sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! }, "failures first")
        let failing = try #require(keys.first { (($0["cells"] as? [String: [String: Any]])?["de"]?["status"] as? String) == "fail" })
        let key = try #require(failing["key"] as? String)
        let opened = try #require(try server.post("/v1/catalog/check", json: ["key": key, "language": "de"]).json)
        let result = try #require(opened["result"] as? [String: Any])
        #expect(((result["outcomes"] as? [[String: Any]]) ?? []).contains { $0["status"] as? String == "fail" })
        #expect((opened["pictures"] as? [[String: Any]])?.count == (grid["categories"] as? [String])?.count)
        let edited = try #require(try server.post("/v1/catalog/check", json: ["key": key, "language": "de", "text": "OK"]).json)
        let outcomes = ((edited["result"] as? [String: Any])?["outcomes"] as? [[String: Any]]) ?? []
        #expect(!outcomes.isEmpty && outcomes.allSatisfy { $0["status"] as? String == "pass" })
        let xliff = try server.post("/v1/catalog/xliff", json: ["edits": [["key": key, "language": "de", "text": "OK"]]])
        #expect(xliff.status == 200)
        let units = XLIFFUnits(xliff.body)
        #expect(units.targets == ["OK"])
        #expect(units.sources.count == 1 && units.sources != ["OK"], "the source is the English text: \(units.sources)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixtures + "/de.lproj/Localizable.strings")) == before)
        #expect(try server.post("/v1/catalog/check", json: ["key": "no such key", "language": "de"]).status == 404)
    }

    /// An app folder with no spec: each key with the label its placements give it, as `check APP_DIR` judges it;
    /// the keys with no placement are said, never shown as passing.
    @Test func catalogMode_appFolder_usesItsPlacements() throws {
        let server = try Server([PlacementsCommandTests.app])
        let grid = try #require(try server.call("/v1/catalog").json)
        let keys = try #require(grid["keys"] as? [[String: Any]])
        let caption = try #require(keys.first { $0["key"] as? String == "Free returns within 30 days" })
        // `check` fails it (a caption1 line at 288 pt needs a second line at AX2): the grid says the same.
        #expect(caption["status"] as? String == "fail")
        #expect(caption["rule"] as? String == "Text")
        #expect((caption["site"] as? String)?.hasSuffix("ShopApp/Views/SettingsView.swift:23") == true, "\(caption["site"] ?? "")")
        let diagnostics = ((grid["diagnostics"] as? [String]) ?? []).joined(separator: "\n")
        #expect(diagnostics.contains("no placement"), "\(diagnostics)")
        let check = try CLITests.run(["check", PlacementsCommandTests.app, "--quiet", "--format", "json"])
        let results = ((try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])?["results"]
            as? [[String: Any]]) ?? []
        let failing = Set(results.filter { ($0["outcomes"] as? [[String: Any]] ?? []).contains { $0["status"] as? String == "fail" } }
            .compactMap { $0["key"] as? String })
        let gridFailing = Set(keys.filter { $0["status"] as? String == "fail" }.compactMap { $0["key"] as? String })
        #expect(!failing.isEmpty && gridFailing == failing, "\(gridFailing) vs \(failing)")
    }

    /// Edits come back grouped by language, the last edit of a string winning, each unit's source the source
    /// language's text (the plain key's for a variant, the key itself when there is none); mistakes are named.
    @Test func catalogMode_xliffOfEdits_andItsMistakes() throws {
        let fixtures = CommandOutputTests.fixtures
        let server = try Server([fixtures + "/Localizable.xcstrings", fixtures + "/de.lproj", fixtures + "/th.lproj",
                                 "--spec", fixtures + "/layout.yml"])
        let edits: [[String: String]] = [
            ["key": "update.button", "language": "de", "text": "E1"],
            ["key": "Check for updates", "language": "th", "text": "E2"],
            ["key": "settings.title [device.other]", "language": "de", "text": "E3"],
            ["key": "update.button", "language": "de", "text": "E4"],
        ]
        let reply = try server.post("/v1/catalog/xliff", json: ["edits": edits])
        #expect(reply.status == 200)
        let units = XLIFFUnits(reply.body).units
        #expect(Set(units.filter { $0.language == "th" }.map(\.target)) == ["E2"], "\(units)")
        #expect(Set(units.filter { $0.language == "de" }.compactMap(\.target)) == ["E3", "E4"], "\(units)")
        #expect(units.allSatisfy { $0.target != nil }, "a file holds only its language's edits: \(units)")
        // settings.title has an English "Settings" in the String Catalog: the variant's source.
        let variant = try #require(units.first { $0.target == "E3" })
        #expect(variant.source == "Settings", "\(variant)")
        #expect(units.first { $0.target == "E2" }?.source == "Check for updates")
        var error = try server.post("/v1/catalog/xliff", json: ["edits": [["key": "update.button", "language": "de"]]])
        #expect(error.status == 400 && error.text.contains("edit 1"), "\(error.text)")
        error = try server.post("/v1/catalog/xliff", json: ["edits": [["key": "update.button", "language": "de",
                                                                       "text": String(repeating: "a", count: 20_000)]]])
        #expect(error.status == 413 && error.text.contains("maximumTextLength"), "\(error.text)")
        error = try server.post("/v1/catalog/check", json: ["key": "update.button", "language": "de", "txt": "a"])
        #expect(error.status == 400 && error.text.contains(#"did you mean \"text\""#), "\(error.text)")
        error = try server.call("/v1/catalog/check", method: "POST",
                                body: Data(#"{"key":"update.button","language":"de","text":"OK","text":"x"}"#.utf8))
        #expect(error.status == 400 && error.text.contains("given twice"), "\(error.text)")
        error = try server.post("/v1/catalog/check", json: ["key": "settings.title", "language": "de"])
        #expect(error.status == 404 && error.text.contains("settings.title [device."), "\(error.text)")
        error = try server.post("/v1/preview", json: ["text": "a", "width": 100, "categoris": "all"])
        #expect(error.status == 400 && error.text.contains(#"did you mean \"categories\""#), "\(error.text)")
        error = try server.post("/v1/preview", json: ["text": "a", "width": 100, "categories": [String]()])
        #expect(error.status == 400 && error.text.contains("categories"), "\(error.text)")
    }

    @Test func usageMistakes_exitWithStatus2() throws {
        for arguments in [["--port", "70000"], ["--spec", "layout.yml"], ["--baseline", "b.json"],
                          [CommandOutputTests.fixtures + "/Localizable.xcstrings"]] {
            let run = try CLITests.run(["serve"] + arguments)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(!run.stderr.isEmpty)
        }
    }

    @Test func catalogMode_refusesASpecMistake_beforeServing() throws {
        let tree = try CLITests.tree(["layout.yml": "default: {style: body, widht: 100}\n"])
        defer { try? FileManager.default.removeItem(atPath: tree) }
        let run = try CLITests.run(["serve", "--port", "0", CommandOutputTests.fixtures + "/de.lproj", "--spec", tree + "/layout.yml"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("width"), "\(run.stderr)")
    }

    /// The `<source>` and `<target>` texts of an XLIFF document, and each unit's file's target language and id.
    final class XLIFFUnits: NSObject, XMLParserDelegate {
        var sources: [String] = [], targets: [String] = []
        /// (target language, unit id, source, target) of each unit.
        var units: [(language: String, id: String, source: String, target: String?)] = []
        private var element = "", text = "", language = "", id = "", source = "", target: String?

        init(_ data: Data) {
            super.init()
            let parser = XMLParser(data: data)
            parser.delegate = self
            _ = parser.parse()
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            element = name
            text = ""
            if name == "file" { language = attributes["target-language"] ?? "" }
            if name == "trans-unit" { id = attributes["id"] ?? ""; source = ""; target = nil }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "source" { sources.append(text); source = text }
            if name == "target" { targets.append(text); target = text }
            if name == "trans-unit" { units.append((language, id, source, target)) }
        }
    }
}
