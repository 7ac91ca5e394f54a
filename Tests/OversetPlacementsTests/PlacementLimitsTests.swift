import Foundation
@testable import OversetPlacements
@testable import OversetSwiftPlacements
import OversetAppPlacements
import Testing

/// Bad input is reported per file and the rest is read; limits are named in what they report.
@Suite struct PlacementLimitsTests {
    static func tree(_ files: [String: String]) throws -> String {
        let directory = NSTemporaryDirectory() + "overset-placements-\(UUID().uuidString)"
        for (path, text) in files {
            let full = directory + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return directory
    }

    static let view = """
        import SwiftUI
        struct V: View { var body: some View { Text("Hello").lineLimit(1).frame(width: 80) } }
        """

    @Test func malformedXIBAndBrokenSwift_areReported_theRestIsRead() throws {
        let app = try Self.tree(["Broken.xib": "<document><objects><label id=\"a\" text=\"x\"></objects>",
                                 "Half.swift": "struct { func ( Text(\"Half\") ",
                                 "V.swift": Self.view])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app, options: .init(screenWidth: 375))
        #expect(report.problems.contains { $0.file == "Broken.xib" && $0.message.hasPrefix("not read") })
        #expect(report.problems.contains { $0.file == "Half.swift" && $0.message.contains("parser could not read") })
        let hello = try #require(report.placements.first { $0.key == "Hello" })
        #expect(hello.label["width"] == .number(80) && hello.label["maxLines"] == .number(1))
    }

    @Test func aTreeDeeperThanTheLimit_isNotWalked_andTheLimitIsNamed() throws {
        // A member chain 5,000 links long is 5,000 levels deep: a recursive walk of 20,000 overflowed the stack.
        let app = try Self.tree(["Deep.swift": "let x = a" + String(repeating: ".b", count: 5000), "V.swift": Self.view])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app, options: .init(screenWidth: 375))
        let problem = try #require(report.problems.first { $0.file == "Deep.swift" })
        #expect(problem.message.contains("maximumSyntaxDepth") && problem.message.contains("1000"))
        #expect(report.placements.contains { $0.key == "Hello" })
    }

    @Test func aFileOverTheLimit_isNotRead_andTheLimitIsNamed() throws {
        let app = try Self.tree(["V.swift": Self.view, "Big.swift": String(repeating: "// padding\n", count: 200)])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app, options: .init(screenWidth: 375, maximumFileBytes: 1000))
        let problem = try #require(report.problems.first { $0.file == "Big.swift" })
        #expect(problem.message.contains("maximumFileBytes") && problem.message.contains("1000"))
        #expect(report.placements.contains { $0.key == "Hello" })
    }

    @Test func filesOverTheCountLimit_areCounted_andTheLimitIsNamed() throws {
        let app = try Self.tree(["A.swift": Self.view, "B.swift": Self.view, "C.swift": Self.view])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app, options: .init(screenWidth: 375, maximumFiles: 2))
        #expect(report.problems.contains { $0.message.contains("1 source files not read") && $0.message.contains("maximumFiles") })
    }

    @Test func symbolicLinksOutOfTheApp_areNotFollowed() throws {
        let outside = try Self.tree(["Outside.swift": Self.view])
        let app = try Self.tree(["Inside.swift": "import SwiftUI\nstruct W: View { var body: some View { Text(\"Inside\") } }"])
        defer {
            try? FileManager.default.removeItem(atPath: app)
            try? FileManager.default.removeItem(atPath: outside)
        }
        try FileManager.default.createSymbolicLink(atPath: app + "/Linked.swift", withDestinationPath: outside + "/Outside.swift")
        try FileManager.default.createSymbolicLink(atPath: app + "/LinkedFolder", withDestinationPath: outside)
        let report = try Placements.find(in: app, options: .init(screenWidth: 375))
        #expect(report.placements.map(\.key) == ["Inside"])
    }

    @Test func aFileInsteadOfAFolder_isAClearError() throws {
        let app = try Self.tree(["V.swift": Self.view])
        defer { try? FileManager.default.removeItem(atPath: app) }
        #expect(throws: PlacementError.self) { try Placements.find(in: app + "/V.swift") }
    }

    /// The smallest project Xcode reads: an iPhone app target building `V.swift`, at `deploymentTarget`.
    static func project(deploymentTarget: String) -> String {
        """
        // !$*UTF8*$!
        { archiveVersion = 1; objectVersion = 56; rootObject = R1; objects = {
          B1 = {isa = PBXBuildFile; fileRef = F1; };
          F1 = {isa = PBXFileReference; path = V.swift; sourceTree = "<group>"; };
          G1 = {isa = PBXGroup; children = (F1); sourceTree = "<group>"; };
          S1 = {isa = PBXSourcesBuildPhase; files = (B1); };
          T1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S1); dependencies = (); name = App;
                productType = "com.apple.product-type.application"; };
          L1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
          C1 = {isa = XCBuildConfiguration; buildSettings = {IPHONEOS_DEPLOYMENT_TARGET = \(deploymentTarget);
                SDKROOT = iphoneos; }; name = Release; };
          R1 = {isa = PBXProject; mainGroup = G1; targets = (T1); };
        }; }
        """
    }

    @Test func deploymentTarget_decidesTheScreenWidth() throws {
        // iOS 16 requires an iPhone 8 or later: 375 pt; below, the first iPhone SE's 320 pt.
        for (target, width) in [("15.0", 320.0), ("17.0", 375.0)] {
            let app = try Self.tree(["V.swift": Self.view, "App.xcodeproj/project.pbxproj": Self.project(deploymentTarget: target)])
            defer { try? FileManager.default.removeItem(atPath: app) }
            #expect(try Placements.find(in: app).screenWidth == width, "\(target)")
        }
    }
}

/// The component table in the docs is the code's.
@Suite struct ComponentTableDocsTests {
    @Test func docsShowTheCodesTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = try String(contentsOf: root.appendingPathComponent("docs/placements.md"), encoding: .utf8)
        let begin = try #require(docs.range(of: "<!-- components:begin -->\n"))
        let end = try #require(docs.range(of: "<!-- components:end -->"))
        #expect(String(docs[begin.upperBound..<end.lowerBound]) == SystemComponent.markdownTable(screenWidth: 375))
        // Every component a figure is unknown for says so rather than showing a number.
        #expect(SystemComponent.menuItem.settings(screenWidth: 375).isEmpty)
    }
}

/// Text that is never laid out on an iPhone screen is not placed, and says why.
@Suite struct NotLaidOutTests {
    @Test func accessibilityContentAndKeyboardShortcuts_areUnplacedWithTheirReason() throws {
        let app = try PlacementLimitsTests.tree([
            "V.swift": """
                import SwiftUI
                import UIKit
                struct Row: View {
                    var body: some View {
                        Text("row.title")
                            .accessibilityActions { Button("a11y.action") {} }
                            .accessibilityLabel(Text("a11y.label"))
                    }
                    var accessibilitySummary: some View { Text("a11y.summary") }
                }
                final class C: UIViewController {
                    override var keyCommands: [UIKeyCommand]? {
                        [UIKeyCommand(title: NSLocalizedString("kb.next", comment: ""), action: #selector(next), input: "n")]
                    }
                    @objc func next() {}
                }
                """,
            "en.lproj/Localizable.strings": """
                "row.title" = "Row"; "a11y.action" = "Open"; "a11y.label" = "Row, unread"; "a11y.summary" = "Summary";
                "kb.next" = "Next";
                """,
        ])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app, options: .init(screenWidth: 375))
        #expect(report.placements.map(\.key) == ["row.title"])
        let reasons = Dictionary(uniqueKeysWithValues: report.unplaced.map { ($0.key, $0.reason) })
        for key in ["a11y.action", "a11y.label", "a11y.summary"] {
            #expect(reasons[key]?.contains("VoiceOver") == true, "\(key): \(reasons[key] ?? "placed")")
        }
        #expect(reasons["kb.next"]?.contains("keyboard shortcut") == true, "\(reasons["kb.next"] ?? "placed")")
    }
}

/// What a new user's review found read wrongly, each written as an app writes it.
@Suite struct ReviewedPatternsTests {
    @Test func swiftUI_conditionalModifiers_principalTitles_helpers_unknownFonts() throws {
        let app = try PlacementLimitsTests.tree(["V.swift": """
            import SwiftUI
            struct Settings: View {
                var body: some View {
                    Form {
                        Toggle("toggle.key", isOn: .constant(true))
                        row
                    }
                    #if os(iOS)
                    .font(.caption)
                    #endif
                    .toolbar {
                        ToolbarItem(placement: .principal) { Text("principal.key").font(.headline) }
                        ToolbarItem(placement: .topBarTrailing) { Button("done.key") {} }
                    }
                    .navigationTitle(Text("title.key"))
                }
                private var row: some View { Text("row.key") }
                var widget: some View { Text("computed.key").font(.system(size: dynamicSize)) }
            }
            """])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app, options: .init(screenWidth: 375))
        func placement(_ key: String) throws -> Placement { try #require(report.placements.first { $0.key == key }) }
        // The `#if` branch's `.font(.caption)` reaches the Form's toggle; `.toolbar` after it does not make the
        // Form's controls bar buttons.
        let toggle = try placement("toggle.key")
        #expect(toggle.component == "Toggle" && toggle.label["style"] == .name("caption1"), "\(toggle)")
        #expect(toggle.label["width"] == .number(375 - 4 * 16))
        // A helper view is read where `body` uses it: in the Form.
        #expect(try placement("row.key").label["width"] == .number(375 - 4 * 16))
        // A principal toolbar item is the app's title view: its own font, the bar's width less 8 pt a side.
        let principal = try placement("principal.key")
        #expect(principal.component == "Text" && principal.label["style"] == .name("headline"))
        #expect(principal.label["width"] == .number(375 - 16))
        #expect(try placement("done.key").component == SystemComponent.barButtonItem.rawValue)
        #expect(try placement("title.key").component == SystemComponent.navigationTitleLarge.rawValue)
        // A font computed at run time is not guessed: no style, so the placement cannot be checked.
        let computed = try placement("computed.key")
        #expect(computed.label["style"] == nil && computed.label["size"] == nil)
        #expect(computed.notes.contains { $0.contains("cannot be told") })
    }

    @Test func aViewHandedToTheAppsOwnView_takesItsModifiers() throws {
        // `LabeledQuantity(label: Text(…))` shows `label` with `.font(.subheadline)`; `Card { Text(…) }` shows its
        // @ViewBuilder content with `.lineLimit(2)`.
        let app = try PlacementLimitsTests.tree(["V.swift": """
            import SwiftUI
            struct LabeledQuantity: View {
                var label: Text
                var body: some View { HStack { label.font(.subheadline); Spacer() } }
            }
            struct Card<Content: View>: View {
                @ViewBuilder var content: Content
                var body: some View { VStack { content }.lineLimit(2) }
            }
            struct Screen: View {
                var body: some View {
                    VStack {
                        LabeledQuantity(label: Text("quantity.label"))
                        Card { Text("card.text") }
                    }
                }
            }
            """])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app, options: .init(screenWidth: 375))
        let quantity = try #require(report.placements.first { $0.key == "quantity.label" })
        #expect(quantity.label["style"] == .name("subheadline"), "\(quantity)")
        let card = try #require(report.placements.first { $0.key == "card.text" })
        #expect(card.label["maxLines"] == .number(2), "\(card)")
    }

    @Test func aButtonSubclass_takesItsTitleLabelsFont() throws {
        // `button.titleLabel?.font = …` in the property's initializer closure; the button is the app's subclass.
        let app = try PlacementLimitsTests.tree(["C.swift": """
            import UIKit
            final class RoundedButton: UIButton {}
            final class ComposeController: UIViewController {
                private lazy var publishButton: UIButton = {
                    let button = RoundedButton(type: .custom)
                    button.titleLabel?.font = .systemFont(ofSize: 14, weight: .bold)
                    button.setTitle(NSLocalizedString("compose.publish", comment: ""), for: .normal)
                    return button
                }()
            }
            """])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app, options: .init(screenWidth: 375))
        let publish = try #require(report.placements.first { $0.key == "compose.publish" })
        #expect(publish.component == "UIButton", "\(publish)")
        #expect(publish.label["size"] == .number(14) && publish.label["weight"] == .name("bold"), "\(publish)")
        #expect(publish.label["maxLines"] == .number(1))
    }

    @Test func aPlainList_spansTheScreenLessTheCellMargins() throws {
        let app = try PlacementLimitsTests.tree(["V.swift": """
            import SwiftUI
            struct Screen: View {
                var body: some View {
                    List { Text("plain.row") }.listStyle(.plain)
                }
            }
            """])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app, options: .init(screenWidth: 375))
        #expect(report.placements.first { $0.key == "plain.row" }?.label["width"] == .number(375 - 2 * 16))
    }

    @Test func uiKit_titleOnlyInAController_andACellsTitleLabel() throws {
        let app = try PlacementLimitsTests.tree(["C.swift": """
            import UIKit
            struct LabeledAction {
                let title: String
                init(title: String) { self.title = title }
                var element: UIMenuElement { UIAction(title: title) { _ in } }
            }
            final class ProfileCell: UITableViewCell {
                let titleLabel = UILabel()
            }
            final class ListController: UIViewController {
                override func viewDidLoad() {
                    title = NSLocalizedString("screen.title", comment: "")
                    _ = LabeledAction(title: NSLocalizedString("action.title", comment: ""))
                }
                func cell(_ tableView: UITableView) -> UITableViewCell {
                    let cell = tableView.dequeueReusableCell(withIdentifier: "c") as! ProfileCell
                    cell.titleLabel.text = NSLocalizedString("cell.title", comment: "")
                    return cell
                }
            }
            """])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app, options: .init(screenWidth: 375))
        let components = Dictionary(report.placements.map { ($0.key, $0.component) }, uniquingKeysWith: { a, _ in a })
        #expect(components["screen.title"] == SystemComponent.navigationTitleInline.rawValue)
        #expect(components["action.title"] == SystemComponent.menuItem.rawValue, "\(components)")
        #expect(components["cell.title"] == "UILabel", "\(components)")
    }
}
