import Foundation
@testable import OversetPlacements
import OversetAppPlacements
import Testing

/// App trees a hostile tester made (issue 58), and file shapes real apps have (issue 55: CRLF): each read in
/// bounded work with the right answer. Limits on time are generous guards against runaway work (each case took
/// from 24 s to minutes before), not speed measurements (those are in Benchmarks/).
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
    @Test(.timeLimit(.minutes(1))) func selfIncludingLayout_isWalkedOncePerWidth() throws {
        let includes = String(repeating: "<include layout=\"@layout/main\" />", count: 10)
        let layout = "<LinearLayout \(Self.namespace) android:layout_width=\"match_parent\" android:layout_height=\"wrap_content\">"
            + "<TextView android:layout_width=\"match_parent\" android:layout_height=\"wrap_content\" android:text=\"@string/a\" />"
            + includes + "</LinearLayout>"
        let app = try Self.android(layout, strings: "<string name=\"a\">A</string>")
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app)
        #expect(report.placements.filter { $0.key == "a" }.count == 1)
    }

    /// 4,000 text views in one layout: each view's line found from a table made once (before, the file was split
    /// again for each view: 99 s). Every view is placed at its own line.
    @Test(.timeLimit(.minutes(1))) func thousandsOfViews_eachAtItsLine() throws {
        var layout = "<LinearLayout \(Self.namespace) android:layout_width=\"match_parent\" android:layout_height=\"wrap_content\">\n"
        var strings = ""
        for index in 0..<4000 {
            layout += "<TextView android:layout_width=\"match_parent\" android:layout_height=\"wrap_content\"\n"
                + "    android:text=\"@string/s\(index)\" />\n"
            strings += "<string name=\"s\(index)\">S</string>"
        }
        layout += "</LinearLayout>\n"
        let app = try Self.android(layout, strings: strings)
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app)
        #expect(report.placements.count == 4000)
        // View n's text is on line 2n + 3 (line 1 opens the LinearLayout).
        #expect(report.placements.allSatisfy { $0.line == 2 * Int($0.key.dropFirst())! + 3 })
    }
}
