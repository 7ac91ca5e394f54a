import Foundation
import Overset
@testable import OversetPlacements
@testable import OversetSwiftPlacements
import OversetAppPlacements
import Testing

/// Placements on a small app tree written like real apps (`Trees/ShopApp`): a storyboard scene with an outlet set
/// in code, a table cell XIB pinned to its content view's margins, SwiftGen and hand-written accessors, a label
/// made in code, an alert, and SwiftUI views with container and custom modifiers.
///
/// The expected labels were written by reading the tree's files, not from Overset's output: each comment says which
/// line of the tree gives the value, and which documented default applies where the tree says nothing.
@Suite struct PlacementTests {
    static let tree = Bundle.module.url(forResource: "Trees", withExtension: nil)!.appendingPathComponent("ShopApp").path
    static let report = try! Placements.find(in: tree, options: .init(screenWidth: 375))

    func placement(_ key: String, _ file: String? = nil) throws -> Placement {
        let matches = PlacementTests.report.placements.filter { $0.key == key && (file == nil || $0.file == file) }
        #expect(matches.count == 1, "\(key): \(matches.count) placements")
        return try #require(matches.first)
    }

    func number(_ placement: Placement, _ name: String) -> Double? {
        if case .number(let value)? = placement.label[name] { return value }
        return nil
    }

    func name(_ placement: Placement, _ setting: String) -> String? {
        if case .name(let value)? = placement.label[setting] { return value }
        return nil
    }

    @Test func storyboardLabel_pinnedToBothSides_takesTheScreenLessItsInsets() throws {
        // Main.storyboard: numberOfLines="2", style UICTFontTextStyleTitle2, leading 20 and trailing 20 to the root
        // view: 375 − 40.
        let label = try placement("Lbl-00-001.text")
        #expect(label.table == "Main" && label.file == "ShopApp/Base.lproj/Main.storyboard" && label.line == 11)
        #expect(label.component == "UILabel")
        #expect(number(label, "maxLines") == 2 && name(label, "style") == "title2" && number(label, "width") == 335)
    }

    @Test func storyboardLabel_withAFixedFont_keepsItsSizeWeightAndAutoshrink() throws {
        // type="system" weight="semibold" pointSize="15", no numberOfLines (UILabel's default 1), middleTruncation,
        // autoshrink with minimumScaleFactor 0.75 (written as Xcode writes it: no adjustsFontSizeToFit attribute, which
        // Xcode writes as "NO" when autoshrink is off: 979 of 980 such attributes in 20 apps' files), pinned on one side only (Main.storyboard:35, leading 20
        // to the root view): it sizes to its text up to the root view's edge, so it is bounded by 375 − 20; the frame
        // (120) is the placeholder's width, never a width (issue 54).
        let label = try placement("Lbl-00-002.text")
        #expect(number(label, "size") == 15 && name(label, "weight") == "semibold" && name(label, "relativeTo") == "none")
        #expect(number(label, "maxLines") == 1 && label.from["maxLines"]?.contains("default") == true)
        #expect(name(label, "truncation") == "middle" && number(label, "minimumScaleFactor") == 0.75)
        #expect(number(label, "width") == 355 && label.from["width"]?.contains("bounded by its superview") == true)
    }

    @Test func storyboardButtonAndNavigationItem() throws {
        // The button's own width constraint (280) and boldSystem 17; the navigation item is the inline title:
        // 17 pt semibold, one line, 375 − 16.
        let button = try placement("Btn-00-001.normalTitle")
        #expect(button.component == "UIButton" && number(button, "width") == 280 && name(button, "weight") == "bold")
        let title = try placement("Nav-00-002.title")
        #expect(title.component == SystemComponent.navigationTitleInline.rawValue)
        #expect(number(title, "size") == 17 && number(title, "maxLines") == 1 && number(title, "width") == 359)
    }

    @Test func outletSetInCode_takesTheStoryboardElementsLabel() throws {
        // `statusLabel.text = L10n.Checkout.shipsOn(…)`: SwiftGen's accessor leads to "checkout.ships_on"; the
        // outlet statusLabel is Lbl-00-001 in the scene whose customClass is CheckoutViewController.
        let label = try placement("checkout.ships_on")
        #expect(label.file == "ShopApp/Views/CheckoutViewController.swift" && label.line == 21)
        #expect(number(label, "maxLines") == 2 && name(label, "style") == "title2" && number(label, "width") == 335)
        #expect(label.notes.contains { $0.contains("Main.storyboard:11") })
    }

    @Test func cellOutlet_bothBranchesOfATernary_takeTheCellLabel() throws {
        // ProductCell.xib: headline, 2 lines, pinned to the content view's leading and trailing margins: the cell
        // spans the screen, its content view's margins are the root margins (16 pt below 414 pt): 375 − 32.
        for key in ["product.available", "product.sold_out"] {
            let label = try placement(key)
            #expect(label.line == 7 && name(label, "style") == "headline" && number(label, "maxLines") == 2)
            #expect(number(label, "width") == 343, "\(key)")
        }
    }

    @Test func labelMadeInCode_takesItsClosuresSettingsAndAnchors() throws {
        // footnoteLabel: numberOfLines 0, UIFontMetrics(forTextStyle: .footnote) over systemFont 13 medium (UIKit's
        // .medium, 500, measured as such: issue 54), pinned to the layout margins guide (16 pt a side at 375).
        let label = try placement("checkout.footnote")
        #expect(number(label, "maxLines") == 0 && number(label, "size") == 13 && name(label, "relativeTo") == "footnote")
        #expect(name(label, "weight") == "medium" && number(label, "width") == 343)
    }

    @Test func alert_titleMessageAndAction_takeTheComponentTable() throws {
        // Hand-written accessors (a static let, a computed static var) in UIAlertController and UIAlertAction.
        #expect(try placement("checkout.confirm.title").component == "alert title")
        #expect(try placement("checkout.confirm.message").component == "alert message")
        let action = try placement("common.cancel")
        #expect(action.component == "alert action" && number(action, "width") == 254)
    }

    @Test func swiftUI_containerModifiers_nearestWins() throws {
        let file = "ShopApp/Views/SettingsView.swift"
        // `.font(.shopTitle)` on the Text beats the VStack's `.font(.headline)`; shopTitle is
        // `Font.system(size: 22, weight: .bold)`; the VStack's `.lineLimit(2)` and `.padding()` (16 a side) apply.
        let welcome = try placement("Welcome back", file)
        #expect(number(welcome, "size") == 22 && name(welcome, "weight") == "bold" && number(welcome, "maxLines") == 2)
        #expect(number(welcome, "width") == 343)
        // "Orders: \(count)" is the catalog's "Orders: %lld".
        let orders = try placement("Orders: %lld", file)
        #expect(name(orders, "style") == "headline")
        // `.captionStyle()` is the app's own modifier: `.font(.caption).lineLimit(1)`.
        let returns = try placement("Free returns within 30 days", file)
        #expect(name(returns, "style") == "caption1" && number(returns, "maxLines") == 1)
        // `.frame(width: 200)` is the width; the paddings outside the frame do not count.
        #expect(number(try placement("Gift wrap", file), "width") == 200)
    }

    @Test func swiftUI_listRows_sectionsTitlesAndAlerts() throws {
        let row = try placement("Notifications")
        #expect(number(row, "maxLines") == 0 && name(row, "style") == "body" && number(row, "width") == 375 - 4 * 16)
        #expect(try placement("Account").component == SystemComponent.sectionHeader.rawValue)
        #expect(try placement("Settings").component == SystemComponent.navigationTitleLarge.rawValue)
        #expect(try placement("Delete account?").component == "alert title")
        #expect(try placement("Delete").component == "alert action")
        #expect(try placement("This cannot be undone.").component == "alert message")
    }

    @Test func unplacedKeys_sayWhy() throws {
        let unplaced = Dictionary(uniqueKeysWithValues: PlacementTests.report.unplaced.map { ($0.key, $0.reason) })
        #expect(unplaced["legacy.unused"]?.contains("no use found") == true)
        #expect(unplaced["checkout.a11y"]?.contains("VoiceOver") == true)
        #expect(unplaced.count == 2)
        // Every other key of the catalog has a placement.
        #expect(PlacementTests.report.problems.isEmpty)
    }

    @Test func placedLabels_areLabels() throws {
        // Every placement with a width makes a label the settings table accepts.
        for placement in PlacementTests.report.placements where placement.label["width"] != nil {
            if case .failure(let error) = placement.makeLabel() { Issue.record("\(placement.key): \(error)") }
        }
    }

    @Test func json_roundTrips() throws {
        let data = try PlacementTests.report.json()
        let read = try PlacementReport.read(json: data)
        #expect(read == PlacementTests.report)
        #expect(try read.json() == data)
    }
}
