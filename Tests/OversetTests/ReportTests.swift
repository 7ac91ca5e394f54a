import Foundation
import Testing
import Overset
@testable import OversetCatalog
@testable import OversetFormats
@testable import OversetReports
import OversetPictures

/// Reports, read by the tools that consume them: junitparser (a JUnit XML reader from PyPI) and headless Chromium.
@Suite(.serialized) struct ReportTests {
    static func fixtureReport() throws -> (CheckReport, CatalogChecker) {
        let spec = try LayoutSpec.read(path: CatalogFormatTests.path("layout.yml"))
        let catalogs = try ["Localizable.xcstrings", "de.lproj/Localizable.strings", "de.lproj/Broken.strings", "de.xliff"]
            .map { try Catalog.read(path: CatalogFormatTests.path($0)) }
        let checker = try CatalogChecker(spec: spec, options: CheckOptions(pictureOfFailure: { $0.picture().svg() }))
        return (checker.check(catalogs), checker)
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    @Test func junit_parsesWithJunitparser_oneCasePerKeyAndLanguage() throws {
        let (report, _) = try Self.fixtureReport()
        let path = NSTemporaryDirectory() + "overset-\(UUID().uuidString).xml"
        try report.junit().write(toFile: path, atomically: true, encoding: .utf8)
        let script = """
        import json, sys
        from junitparser import JUnitXml, Failure, Error
        xml = JUnitXml.fromfile(sys.argv[1])
        cases = [case for suite in xml for case in suite]
        print(json.dumps({"cases": len(cases),
                          "failures": sum(1 for c in cases if any(isinstance(r, Failure) for r in c.result)),
                          "errors": sum(1 for c in cases if any(isinstance(r, Error) for r in c.result)),
                          "names": sorted(c.name for c in cases)}))
        """
        let result = try Self.run("/usr/bin/env", ["python3", "-c", script, path])
        #expect(result.status == 0, "junitparser: \(result.err) (install it with `pip install junitparser`)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let inputErrors = report.diagnostics.contains { $0.severity == .error } ? 1 : 0
        #expect(parsed["cases"] as? Int == report.results.count + (report.diagnostics.isEmpty ? 0 : 1))
        #expect(parsed["failures"] as? Int == report.results.filter { $0.status == .fail }.count)
        #expect(parsed["errors"] as? Int == report.results.filter { $0.status == .unknown }.count + inputErrors)
        let names = parsed["names"] as? [String] ?? []
        #expect(names.contains("Check for updates [de]"))
    }

    /// With a picture limit, the first failing strings checked keep their pictures and no other does; the page lists
    /// failures in catalog order, so they are the first failures shown, and the streamed page is the page.
    @Test func pictureLimit_keepsThePicturesOfTheFirstFailingStrings() throws {
        let spec = try LayoutSpec.read(path: CatalogFormatTests.path("layout.yml"))
        let catalogs = try ["Localizable.xcstrings", "de.lproj/Localizable.strings", "de.xliff"]
            .map { try Catalog.read(path: CatalogFormatTests.path($0)) }
        var options = CheckOptions(pictureOfFailure: { $0.picture().svg() })
        let unlimited = try CatalogChecker(spec: spec, options: options).check(catalogs)
        options.pictureLimit = 2
        let limited = try CatalogChecker(spec: spec, options: options).check(catalogs)
        let failing = unlimited.results.indices.filter { unlimited.results[$0].picture != nil }
        try #require(failing.count > 2)
        #expect(limited.results.indices.filter { limited.results[$0].picture != nil } == Array(failing.prefix(2)))
        #expect(limited.results.map(\.picture) == unlimited.results.enumerated().map {
            failing.prefix(2).contains($0.offset) ? $0.element.picture : nil })
        var pieces: [String] = []
        limited.writeHTML(pictureLimit: 200) { pieces.append($0) }
        let page = pieces.joined()
        #expect(page == limited.html(pictureLimit: 200))
        let shown = page.components(separatedBy: "<div class=\"failure\"").dropFirst()
        #expect(shown.prefix(2).allSatisfy { $0.contains("<svg") } && !shown.dropFirst(2).contains { $0.contains("<svg") })
    }

    /// One codec per document, round-tripped byte for byte: the check report's JSON read back (with its
    /// fingerprint and a baseline comparison) writes the same bytes, and so does a baseline.
    @Test func reportAndBaseline_roundTripByteForByte() throws {
        var (report, _) = try Self.fixtureReport()
        report.fingerprint = "0123456789abcdef"
        let baseline = Baseline(report: report)
        var tally = BaselineTally(baseline)
        for result in report.results { tally.add(result) }
        report.baseline = tally.comparison
        let written = try report.json()
        let read = try CheckReport.fromJSON(Data(written.utf8))
        #expect(try read.json() == written)
        #expect(read.results.count == report.results.count && read.counts == report.counts)
        let directory = NSTemporaryDirectory() + "overset-baseline-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/baseline.json"
        try baseline.json().write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Baseline.read(path: path).json() == baseline.json())
    }

    @Test func html_loadsInHeadlessChromiumAndShowsTheFailures() throws {
        let (report, checker) = try Self.fixtureReport()
        let html = report.html(pictureLimit: 50)
        _ = checker
        let path = NSTemporaryDirectory() + "overset-\(UUID().uuidString).html"
        try html.write(toFile: path, atomically: true, encoding: .utf8)
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let browser = try #require(chromium, "headless Chromium is needed: apt-get install chromium")
        let result = try Self.run(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                            "--enable-logging=stderr", "--v=0", "--dump-dom", "file://" + path])
        #expect(result.status == 0)
        let failing = report.results.filter { $0.status == .fail || $0.status == .unknown }
        #expect(result.out.contains("data-ready=\"yes\""), "the page's script did not run")
        #expect(result.out.contains("data-failures=\"\(failing.count)\""))
        // A row per key with a finding in some language; keys that pass everywhere are counted, not listed.
        let keysWithFindings = Set(report.results.filter { $0.status != .pass }.map(\.displayKey))
        #expect(result.out.contains("data-rows=\"\(keysWithFindings.count)\""))
        let passing = Set(report.results.map(\.displayKey)).subtracting(keysWithFindings)
        #expect(result.out.contains("\(passing.count) key\(passing.count == 1 ? "" : "s") pass"))
        // Input problems and skipped strings in one table at the top, before the grid.
        let inputs = try #require(result.out.range(of: "<table id=\"inputs\">"))
        #expect(inputs.lowerBound < result.out.range(of: "<table id=\"results\">")!.lowerBound)
        #expect(result.out.components(separatedBy: "<tr class=\"skipped\">").count - 1
                == report.skipped.filter { !$0.reason.hasPrefix("no translation in ") }.count
                    + (report.skipped.contains { $0.reason.hasPrefix("no translation in ") } ? 1 : 0))
        #expect(result.out.contains("<svg"))
        // The failing German line as the label shows it at AX3, the worst category, and the text it hides.
        #expect(result.out.contains("│Nach…│\nnot shown: “ Updates suchen”"), "\(result.out)")
        #expect(!result.err.contains("Uncaught"), "JavaScript errors: \(result.err)")
        #expect(!result.err.contains(":CONSOLE("), "console messages: \(result.err)")
    }

    /// The key column stays narrow beside a long key (an app whose keys are English sentences), so the grid's
    /// squares show in the first screen: with `white-space: nowrap` a 480-character key made the column wider than
    /// the window and every square was off to the right. The CSS asks for at most 28em at 12 px (336 px) plus
    /// padding and border; Chromium lays it out.
    @Test func html_keyColumnStaysNarrowBesideALongKey() throws {
        var (report, _) = try Self.fixtureReport()
        let index = try #require(report.results.firstIndex { $0.status != .pass })
        report.results[index].key = String(repeating: "a.long.key.written.as.a.sentence ", count: 15)
        let path = NSTemporaryDirectory() + "overset-\(UUID().uuidString).html"
        try report.html(pictureLimit: 0).write(toFile: path, atomically: true, encoding: .utf8)
        let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let browser = try #require(chromium, "headless Chromium is needed: apt-get install chromium")
        let result = try Self.run(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                            "--window-size=1280,800", "--dump-dom", "file://" + path])
        let match = try #require(result.out.firstMatch(of: /data-key-column="(\d+)"/), "the page's script did not run")
        let width = try #require(Int(match.1))
        #expect(width > 100 && width <= 360, "key column \(width) px wide")
    }

    @Test func text_groupsByKeyWorstFirst() throws {
        let (report, _) = try Self.fixtureReport()
        let text = report.textSummary()
        let lines = text.split(separator: "\n")
        #expect(lines.first?.hasPrefix("FAIL") == true)
        #expect(text.contains("Broken.strings:2: error: expected ';'"))
        #expect(text.contains(report.summaryLine))
        #expect(text.contains("skipped:"))
    }
}
