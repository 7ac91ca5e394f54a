import Foundation
@testable import OversetPlacements
@testable import OversetSwiftPlacements
import OversetAppPlacements
import Testing

/// App trees a hostile tester made (issue 58), and file shapes real apps have (issue 55: CRLF): each read in
/// bounded work with the right answer. The time limits are generous guards against runaway work, not speed
/// measurements (those are in Benchmarks/): each case is sized so that the quadratic or exponential reading it
/// replaces runs past 10 minutes on this project's 2-core machine in a debug build (4,000 views took 99 s, so
/// 12,000 about 15 minutes; 8,000 accessors 97 s, so 24,000 about 15 minutes), and the linear one a few seconds.
@Suite struct HostileTreesTests {
    static func android(_ layout: String, strings: String, more: [String: String] = [:]) throws -> String {
        var files = ["app/src/main/res/layout/main.xml": layout,
                     "app/src/main/res/values/strings.xml": "<resources>\(strings)</resources>"]
        for (path, text) in more { files[path] = text }
        return try PlacementLimitsTests.tree(files)
    }

    static let namespace = "xmlns:android=\"http://schemas.android.com/apk/res/android\""

    /// A layout saved with CRLF line ends (Windows): each view's line is where its text is, as in an LF file
    /// (libxml2 counts LF; the file's lines 6 and 8 hold the two `android:text`).
    @Test func crlfLayout_placesEachViewAtItsLine() throws {
        let layout = ["<?xml version=\"1.0\" encoding=\"utf-8\"?>",
                      "<LinearLayout \(Self.namespace)",
                      "    android:layout_width=\"match_parent\" android:layout_height=\"match_parent\">",
                      "",
                      "    <TextView android:layout_width=\"match_parent\" android:layout_height=\"wrap_content\"",
                      "        android:text=\"@string/a\" />",
                      "    <TextView android:layout_width=\"match_parent\" android:layout_height=\"wrap_content\"",
                      "        android:text=\"@string/b\" />",
                      "</LinearLayout>", ""].joined(separator: "\r\n")
        let app = try Self.android(layout, strings: "<string name=\"a\">A</string><string name=\"b\">B</string>")
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app)
        #expect(report.placements.map { "\($0.key):\($0.line)" }.sorted() == ["a:6", "b:8"])
    }

    /// A 400-byte layout that includes itself ten times: each `<include>` of the same layout at the same width is
    /// walked once (before, every path was walked: 10⁸ walks). The layout's text view is placed once per width.
    @Test(.timeLimit(.minutes(10))) func selfIncludingLayout_isWalkedOncePerWidth() throws {
        let includes = String(repeating: "<include layout=\"@layout/main\" />", count: 10)
        let layout = "<LinearLayout \(Self.namespace) android:layout_width=\"match_parent\" android:layout_height=\"wrap_content\">"
            + "<TextView android:layout_width=\"match_parent\" android:layout_height=\"wrap_content\" android:text=\"@string/a\" />"
            + includes + "</LinearLayout>"
        let app = try Self.android(layout, strings: "<string name=\"a\">A</string>")
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app)
        #expect(report.placements.filter { $0.key == "a" }.count == 1)
    }

    /// 12,000 text views in one layout: each view's line found from a table made once (before, the file was split
    /// again for each view: 4,000 took 99 s). Every view is placed at its own line.
    @Test(.timeLimit(.minutes(10))) func thousandsOfViews_eachAtItsLine() throws {
        var layout = "<LinearLayout \(Self.namespace) android:layout_width=\"match_parent\" android:layout_height=\"wrap_content\">\n"
        var strings = ""
        for index in 0..<12_000 {
            layout += "<TextView android:layout_width=\"match_parent\" android:layout_height=\"wrap_content\"\n"
                + "    android:text=\"@string/s\(index)\" />\n"
            strings += "<string name=\"s\(index)\">S</string>"
        }
        layout += "</LinearLayout>\n"
        let app = try Self.android(layout, strings: strings)
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app)
        #expect(report.placements.count == 12_000)
        // View n's text is on line 2n + 3 (line 1 opens the LinearLayout).
        #expect(report.placements.allSatisfy { $0.line == 2 * Int($0.key.dropFirst())! + 3 })
    }

    /// 24,000 SwiftGen accessors and 6,000 views using them: each accessor's key read once, in time that grows with
    /// the file (before, each `tr(…)` call's arguments were filtered through a new syntax tree: 8,000 took 97 s).
    @Test(.timeLimit(.minutes(10))) func thousandsOfSwiftGenAccessors_areReadInLinearTime() throws {
        var strings = "import Foundation\ninternal enum L10n {\n"
        var views = "import SwiftUI\nstruct V: View { var body: some View { VStack {\n"
        var catalog = ""
        for index in 0..<24_000 {
            strings += "  internal static let key\(index) = L10n.tr(\"Localizable\", \"key.\(index)\", fallback: \"Key\")\n"
            catalog += "\"key.\(index)\" = \"Key \(index)\";\n"
            if index % 4 == 0 { views += "Text(L10n.key\(index))\n" }
        }
        strings += "  private static func tr(_ table: String, _ key: String, fallback value: String) -> String {\n"
            + "    NSLocalizedString(key, tableName: table, value: value, comment: \"\")\n  }\n}\n"
        views += "} } }\n"
        let app = try PlacementLimitsTests.tree(["Strings.swift": strings, "V.swift": views, "en.lproj/Localizable.strings": catalog])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app, options: .init(screenWidth: 375))
        #expect(report.placements.count == 6000)
        #expect(Set(report.placements.map(\.key)) == Set(stride(from: 0, to: 24_000, by: 4).map { "key.\($0)" }))
    }

    /// `constant="nan"` on a label's width constraint: the placement keeps the text it read, its label is refused
    /// naming `width` (as a negative width is), and the report is written (before: `EncodingError.invalidValue`).
    @Test func notANumberInAConstraint_isRefusedByName() throws {
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" useAutolayout="YES">
              <scenes><scene sceneID="s"><objects>
                <viewController id="vc" sceneMemberID="viewController">
                  <view key="view" id="root"><rect key="frame" x="0" y="0" width="375" height="800"/>
                    <subviews>
                      <label text="Total" id="Lbl-1" numberOfLines="1">
                        <rect key="frame" x="20" y="20" width="100" height="21"/>
                        <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                        <constraints><constraint firstAttribute="width" constant="nan" id="c1"/></constraints>
                      </label>
                    </subviews>
                  </view>
                </viewController>
              </objects></scene></scenes>
            </document>
            """
        let app = try PlacementLimitsTests.tree(["Base.lproj/Main.storyboard": storyboard,
                                                  "de.lproj/Main.strings": "\"Lbl-1.text\" = \"Gesamt\";\n"])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app, options: .init(screenWidth: 375))
        let placement = try #require(report.placements.first { $0.key == "Lbl-1.text" })
        #expect(placement.label["width"] == .name("nan"))
        guard case .failure(let error) = placement.makeLabel() else {
            Issue.record("a label with a width of nan")
            return
        }
        #expect("\(error)".contains("width"), "\(error)")
        #expect(throws: Never.self) { try report.json() }
    }

    /// FuzzPlacements' first finding: a 915-byte Swift file of about 450 nested generic arguments, broken by a `#`,
    /// took swift-syntax 16 s. Generic arguments nested past 32 are refused before the parser sees them (449 here:
    /// the `<` after the `#` follows no name, so it opens none).
    @Test func deeplyNestedGenericArguments_areRefusedBeforeTheParser() throws {
        let text = "let x: " + String(repeating: "A<", count: 300) + "A#" + String(repeating: "<A", count: 150) + "\n"
        let app = try PlacementLimitsTests.tree(["V.swift": text, "W.swift": PlacementLimitsTests.view])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app, options: .init(screenWidth: 375))
        #expect(report.problems.contains { $0.file == "V.swift" && $0.message.contains("generic arguments nested 449 deep") },
                "\(report.problems)")
        #expect(!report.placements.isEmpty)
        // Generics as real code nests them, and comparisons that never close, are read.
        let ordinary = "let a: Dictionary<String, Array<Optional<Int>>> = [:]\nfunc f(i: Int, n: Int) -> Bool { i<n && n<i }\n"
        #expect(Placements.nesting(of: ordinary).angles == 3)
        // A later finding: the nesting after an unterminated string literal (`none" use…` on an earlier line), which
        // the lexer ends at its line's end, so the parser reads what follows as code.
        let unterminated = "let s = none\" x\n" + String(repeating: "<A", count: 200) + String(repeating: ">", count: 200) + "\n"
        #expect(Placements.nesting(of: unterminated).angles == 199)
    }
}
