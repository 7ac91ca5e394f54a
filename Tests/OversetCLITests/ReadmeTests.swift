import Foundation
import Testing

/// Every Swift snippet of the README compiles and runs as written from a user's own package: the snippets are put
/// in a scratch package that depends on this one by path, built, run, and (for the test-helper snippet) tested.
@Suite struct ReadmeTests {
    /// The ```swift blocks of the README and of the pages of `docs/` it links to, in order. (A block fenced
    /// ```swift placements needs an app folder and swift-syntax: `PlacementTestingTests` makes the same calls.)
    static func snippets() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: DoorAgreementTests.root + "/docs")
            .filter { $0.hasSuffix(".md") }.sorted().map { "/docs/" + $0 }
        let readme = try (["/README.md"] + docs).map {
            try String(contentsOfFile: DoorAgreementTests.root + $0, encoding: .utf8)
        }.joined(separator: "\n")
        var blocks: [String] = []
        var current: [Substring]? = nil
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// A scratch package: the library snippets in `main.swift` (each in its own scope), the test-helper snippets in
    /// a test target.
    static func writePackage(at directory: String, snippets: [String]) throws {
        let manager = FileManager.default
        for folder in ["Sources/Snippets", "Tests/SnippetTests"] {
            try manager.createDirectory(atPath: directory + "/" + folder, withIntermediateDirectories: true)
        }
        var imports: Set<String> = ["import Overset", "import OversetPictures"]
        var main: [String] = []
        var tests: [String] = []
        for snippet in snippets {
            let lines = snippet.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let body = lines.filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
            if snippet.contains("@Test") || snippet.contains("import OversetTesting") {
                tests.append(body)
            } else {
                lines.filter { $0.hasPrefix("import ") }.forEach { imports.insert($0) }
                main.append("do {\n\(body)\n}")
            }
        }
        let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
            name: "Snippets",
            defaultLocalization: "en",
            dependencies: [.package(path: "\(DoorAgreementTests.root)")],
            targets: [
                .executableTarget(name: "Snippets", dependencies: [
                    .product(name: "Overset", package: "main"), .product(name: "OversetPictures", package: "main")]),
                .testTarget(name: "SnippetTests", dependencies: [.product(name: "OversetTesting", package: "main"),
                                                                 .product(name: "OversetCatalog", package: "main")]),
            ]
        )
        """
        let packageName = URL(fileURLWithPath: DoorAgreementTests.root).lastPathComponent.lowercased()
        try manifest.replacingOccurrences(of: "package: \"main\"", with: "package: \"\(packageName)\"")
            .write(toFile: directory + "/Package.swift", atomically: true, encoding: .utf8)
        try (imports.sorted().joined(separator: "\n") + "\n\n" + main.joined(separator: "\n\n") + "\nprint(\"snippets ran\")\n")
            .write(toFile: directory + "/Sources/Snippets/main.swift", atomically: true, encoding: .utf8)
        try ("import OversetTesting\nimport Overset\nimport Testing\n\n" + tests.joined(separator: "\n\n") + "\n")
            .write(toFile: directory + "/Tests/SnippetTests/SnippetTests.swift", atomically: true, encoding: .utf8)
        // Not from the README: a failing expectation (a known issue, so the run passes) whose picture is attached.
        try """
            import OversetTesting
            import Testing

            @Test func tooLongForOneLine_attachesThePictureOfTheFailure() {
                withKnownIssue {
                    expectFits("Nach Updates suchen", language: "de", style: .body, width: 80, maxLines: 1)
                }
            }

            """.write(toFile: directory + "/Tests/SnippetTests/AttachmentTests.swift", atomically: true, encoding: .utf8)
        // The README's catalog (at the package root, under no target), and tests of a key in it that are not the
        // README's: a key that fits, a German string that does not (148.07 pt in English, 177.61 pt in German at
        // body Large, hb-shape; see CatalogKeyTests), a missing key; Swift Testing's `SourceLocation` beside
        // OversetCatalog.
        try FileManager.default.createDirectory(atPath: directory + "/Resources", withIntermediateDirectories: true)
        try """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "update.button" : {
                  "comment" : "The button that looks for a new version.",
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Nach Updates suchen" } },
                    "en" : { "stringUnit" : { "state" : "translated", "value" : "Check for updates" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """.write(toFile: directory + "/Resources/Localizable.xcstrings", atomically: true, encoding: .utf8)
        try """
            import OversetCatalog
            import OversetTesting
            import Testing

            /// A helper of the project's own, with Swift Testing's `SourceLocation` (OversetCatalog names its own
            /// `CatalogLocation`, so the two import together).
            @discardableResult
            func expectButtonFits(_ key: String, languages: [String],
                                  sourceLocation: SourceLocation = #_sourceLocation) -> CatalogFitReport? {
                expectFits(key: key, in: "Resources/Localizable.xcstrings",
                           label: Label(style: .body, width: 160, maxLines: 1), languages: languages,
                           categories: [.large], sourceLocation: sourceLocation)
            }

            @Test func englishButton_fits() {
                #expect(expectButtonFits("update.button", languages: ["en"])?.passed == true)
            }

            @Test func germanButton_failsNamingTheLanguageAndCategory() {
                withKnownIssue {
                    expectButtonFits("update.button", languages: ["en", "de"])
                } matching: { issue in
                    let text = issue.comments.map(\\.rawValue).joined()
                    return text.hasPrefix("update.button (de)") && text.contains("(first: Large)")
                }
            }

            @Test func missingKey_fails() {
                withKnownIssue {
                    expectButtonFits("update.buton", languages: ["en"])
                } matching: { issue in
                    issue.comments.map(\\.rawValue).joined().contains("no key \\\"update.buton\\\"")
                }
            }

            """.write(toFile: directory + "/Tests/SnippetTests/CatalogKeyTests.swift", atomically: true, encoding: .utf8)
    }

    static func swift(_ arguments: [String], in directory: String) throws -> CLITests.Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        // Run from somewhere else than the package, as a user's own package would.
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "OVERSET_FONTS_DIR")
        process.environment = environment
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return CLITests.Run(status: process.terminationStatus, stdout: text, stderr: text)
    }

    /// The README's first command (`scripts/preview.sh`) prints what the README shows under "What the first
    /// prints": the block's first line is the command the script echoes, its last the script's note on the exit
    /// status, and every line between is the preview's own output, as this build prints it.
    @Test func readmeFirstCommand_printsWhatTheReadmeShows() throws {
        let readme = try String(contentsOfFile: DoorAgreementTests.root + "/README.md", encoding: .utf8)
        let after = try #require(readme.range(of: "What the first prints:\n\n```\n"))
        let end = try #require(readme.range(of: "\n```", range: after.upperBound..<readme.endIndex))
        let shown = readme[after.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        let arguments = ["เริ่มการทำงานใหม่เพื่ออัปเดต Firefox ให้เป็นรุ่นล่าสุด", "--lang", "th", "--width", "180", "--size", "17",
                         "--max-lines", "2"]
        // Quoted as a shell takes it (a reader pastes it).
        #expect(shown.first == Substring("overset preview \"\(arguments[0])\" " + arguments.dropFirst().joined(separator: " ")))
        let script = try String(contentsOfFile: DoorAgreementTests.root + "/scripts/preview.sh", encoding: .utf8)
        #expect(script.contains("set -- \"\(arguments[0])\" " + arguments.dropFirst().joined(separator: " ")),
                "the script's default preview is the README's")
        let run = try CLITests.run(["preview"] + arguments)
        #expect(run.status == 1, "the string is truncated, so the verdict fails")
        let printed = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()  // the final newline
        #expect(Array(shown.dropFirst().dropLast()) == Array(printed), "\(run.stdout)")
    }

    /// `swift package overset-check …`, run again once when SwiftPM itself crashed relaying the plugin's output:
    /// seen once in CI (0.11.4), a null dereference in libdispatch's event loop inside `swift-package` while
    /// `overset check` had already exited with its status and diagnostics, which the crash lost. Any other outcome,
    /// and a second crash, is the test's to judge.
    static func plugin(_ arguments: [String], in directory: String) throws -> CLITests.Run {
        let run = try swift(["package", "overset-check"] + arguments, in: directory)
        let swiftPMCrashed = run.stdout.contains("*** Program crashed") && run.stdout.contains("in swift-package at")
        return swiftPMCrashed ? try swift(["package", "overset-check"] + arguments, in: directory) : run
    }

    @Test(.timeLimit(.minutes(20)))
    func readmeSwiftSnippets_compileAndRunFromAUsersPackage() throws {
        let snippets = try Self.snippets()
        #expect(snippets.count >= 3)
        #expect(snippets.contains { $0.contains("@Test") }, "the README shows the test helpers")
        let directory = NSTemporaryDirectory() + "overset-readme-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.writePackage(at: directory, snippets: snippets)
        let run = try Self.swift(["run", "Snippets"], in: directory)
        #expect(run.status == 0, "\(run.stdout.suffix(4000))")
        #expect(run.stdout.contains("snippets ran"))
        // Swift Testing writes attachments where it is told: the failing layout's picture is one of them.
        let attachments = directory + "/attachments"
        try FileManager.default.createDirectory(atPath: attachments, withIntermediateDirectories: true)
        let test = try Self.swift(["test", "--attachments-path", attachments], in: directory)
        #expect(test.status == 0, "\(test.stdout.suffix(4000))")
        for name in ["updateButton_fitsInEveryLanguage", "englishButton_fits", "germanButton_failsNamingTheLanguageAndCategory",
                     "missingKey_fails"] {
            #expect(test.stdout.contains("Test \(name)() passed"), "\(name) ran and passed (known issues included)")
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: attachments)
        let picture = try #require(written.first { $0.hasPrefix("overset-Nach-Updates-suchen-de-xSmall") && $0.hasSuffix(".svg") },
                                   "\(written)")
        let svg = try String(contentsOfFile: attachments + "/" + picture, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") || svg.contains("<svg "))
        // The SwiftPM command plugin, as a project runs it: Xcode-format diagnostics at the catalog's lines.
        let fixtures = DoorAgreementTests.root + "/Tests/OversetTests/Fixtures/catalogs"
        let plugin = try Self.plugin([fixtures + "/Localizable.xcstrings", "--spec", fixtures + "/layout.yml", "--quiet"],
                                     in: directory)
        #expect(plugin.status != 0, "the fixture has failures, so the plugin fails like `overset check`")
        let germanLine = try TeamToolsTests.line(of: "\"Nach Updates suchen\"")
        #expect(plugin.stdout.contains("Localizable.xcstrings:\(germanLine):23: error: Check for updates (de, Large"),
                "\(plugin.stdout.suffix(3000))")
        // With no arguments, the plugin finds the package's catalogs under its targets and the root's layout.yml.
        try FileManager.default.createDirectory(atPath: directory + "/Sources/Snippets/de.lproj", withIntermediateDirectories: true)
        try "/* The update button */\n\"update.button\" = \"Nach Aktualisierungen suchen\";\n"
            .write(toFile: directory + "/Sources/Snippets/de.lproj/Localizable.strings", atomically: true, encoding: .utf8)
        try "default: {style: body, width: 120, maxLines: 1}\n".write(toFile: directory + "/layout.yml", atomically: true,
                                                                     encoding: .utf8)
        let found = try Self.plugin(["--quiet"], in: directory)
        #expect(found.status != 0, "the German button does not fit 120 pt: \(found.stdout.suffix(2000))")
        #expect(found.stdout.contains("checking Sources/Snippets/de.lproj/Localizable.strings against layout.yml"),
                "\(found.stdout.suffix(2000))")
        #expect(found.stdout.contains("Localizable.strings:2: error: update.button (de,"), "\(found.stdout.suffix(2000))")
    }
}
