import Foundation
import Testing

/// `check` on an Android app tree (`Trees/SyncApp`, issue 55's "Android's words"): what the report says is what the
/// view does. Every expected figure comes from the tree's files and Android's sources named in each comment, and
/// the line breaks from the lines the view shows (one line: the view never wraps past its limit).
@Suite struct AndroidReportTests {
    static let app = DoorAgreementTests.root + "/Tests/OversetPlacementsTests/Trees/SyncApp"
    static let report: String = (try? CLITests.run(["check", app, "--quiet"]).stdout) ?? ""

    /// The lines under a finding for `key` in `language`.
    func block(_ key: String, _ language: String) -> [String] {
        let lines = Self.report.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("FAIL  \(key) ") }),
              let first = lines[start...].firstIndex(where: { $0.hasPrefix("  \(language): ") }) else { return [] }
        return Array(lines[first..<min(lines.count, first + 3)])
    }

    /// activity_main.xml:62: `synced_files` has maxLines 1 and no ellipsize (TextView's default is none): the
    /// second line is cut off with nothing to show it. The excerpt is the one line the view shows, then the text it
    /// hides; the sizes are each scale's own, not the largest's for the whole range: bodyLarge is 16 sp, which
    /// Android 14's curve (`FontScaleConverterFactory`'s tables: 14 → 22 and 18 → 24 dp at 1.5×, 14 → 26 and
    /// 18 → 30 at 2×, linear between) makes 23 dp at 1.5× and 28 dp at 2×.
    @Test func cutOff_isSaid_andTheExcerptIsTheShownLine() throws {
        let lines = block("synced_files", "de")
        #expect(lines.first?.contains("needs 2 lines, maxLines 1, the rest cut off with no ellipsis (23–28 dp text in 256 dp)") == true, "\(lines)")
        #expect(lines.last == "      │Synchronisierte│  not shown: “Dateien”", "\(lines)")
    }

    /// activity_main.xml:84: `android:singleLine="true"`: one line, ellipsized at the end (TextView's constructor
    /// sets ELLIPSIZE_END for a non-editable single line); the advice names singleLine, which raising maxLines would
    /// not undo. bodyMedium is 14 sp: 22 dp at 1.5×, 26 at 2× (the same tables).
    @Test func singleLine_getsItsOwnAdvice_andItsEllipsis() throws {
        let lines = block("signed_in_as", "en")
        #expect(lines.first?.contains("needs 2 lines, singleLine (22–26 dp text in 320 dp): replace singleLine with a maxLines that fits") == true, "\(lines)")
        #expect(lines.last?.hasPrefix("      │Signed in with your work…│  not shown: “") == true, "\(lines)")
    }

    /// `spec init` gives the keys with no placement a one-line default: with no line limit a label cannot truncate,
    /// so such a key could only pass.
    @Test func specInit_defaultHasALineLimit() throws {
        let run = try CLITests.run(["spec", "init", Self.app])
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("default:") })
        #expect(line.contains("maxLines: 1"), "\(line)")
    }
}
