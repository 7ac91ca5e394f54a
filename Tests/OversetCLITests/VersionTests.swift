import Foundation
import Overset
import Testing

/// The release a verdict came from is named the same way everywhere: `overset --version`, the JSON report, and the
/// first release in CHANGELOG.md.
@Suite struct VersionTests {
    @Test func version_isTheSameEverywhere() throws {
        let version = try CLITests.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == OversetVersion.current + "\n")
        let changelog = try String(contentsOfFile: DoorAgreementTests.root + "/CHANGELOG.md", encoding: .utf8)
        let first = changelog.components(separatedBy: "\n").first { $0.hasPrefix("## ") }
        #expect(first?.hasPrefix("## \(OversetVersion.current) ") == true, "\(String(describing: first))")
        let fixtures = CommandOutputTests.fixtures
        let report = try CLITests.run(["check", fixtures + "/Localizable.xcstrings", "--spec", fixtures + "/layout.yml",
                                       "--format", "json", "--quiet"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        #expect(object["overset"] as? String == OversetVersion.current)
    }
}
