import Foundation
import Overset
@testable import OversetPlacements
import OversetAppPlacements
import OversetCatalog
import OversetSyntaxTrees
import Testing

/// An iOS app read as its build reads it (issue 54), on `Trees/NewsApp`: an Xcode project whose iPhone app target
/// compiles Swift and Objective-C and copies a XIB and localized catalogs (old-style, XML and binary property-list
/// `.strings`, a `.stringsdict`), an app extension it embeds, a test target, a translation platform's source file
/// and a Carthage build product that the project does not ship; localization wrappers the app defines (a Swift
/// function, an Objective-C macro); a button subclass that wraps its title; upper-cased titles; a table cell's
/// built-in label set up in code.
///
/// Every expected value comes from reading the tree's files (the line is named in each comment), and UIKit's
/// documented defaults where the tree says nothing.
@Suite(.enabled(if: Grammars.installed(.objc), Grammars.notice(.objc)))
struct WholeIOSAppTests {
    static let tree = Bundle.module.url(forResource: "Trees", withExtension: nil)!.appendingPathComponent("NewsApp").path
    static let report = try! Placements.find(in: tree)

    func placement(_ key: String) throws -> Placement {
        let matches = Self.report.placements.filter { $0.key == key }
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

    /// project.pbxproj: the NewsApp target (an application, TARGETED_DEVICE_FAMILY "1,2") copies
    /// Localizable.strings in en, de, fr and Localizable.stringsdict in en; it depends on Widget (an app extension)
    /// copying en.lproj/Widget.strings. NewsAppTests (a unit-test bundle), Localizations/qqq.lproj (no target) and
    /// Carthage/Build are not shipped. The target's IPHONEOS_DEPLOYMENT_TARGET 15.0 (the project's 16.0 is
    /// overridden): 320 pt.
    @Test func project_decidesTheCatalogsAndTheScreen() throws {
        let catalogs = try #require(Self.report.catalogs)
        #expect(catalogs == ["NewsApp/de.lproj/Localizable.strings", "NewsApp/en.lproj/Localizable.strings",
                             "NewsApp/en.lproj/Localizable.stringsdict", "NewsApp/fr.lproj/Localizable.strings",
                             "Packages/NewsFeed/Sources/NewsFeed/Resources/en.lproj/Feed.strings",
                             "Packages/NewsTheme/Sources/NewsTheme/Resources/en.lproj/Theme.strings",
                             "Widget/en.lproj/Widget.strings"])
        #expect(Self.report.screenWidth == 320 && Self.report.screenWidthFrom.contains("iOS 15 deployment target"))
        #expect(!Self.report.placements.contains { $0.key == "test.only" || $0.file.hasPrefix("NewsAppTests") })
        #expect(Self.report.problems.contains { $0.message.contains("3 catalog files") && $0.message.contains("not judged") })
    }

    /// project.pbxproj: the app target uses the product `NewsFeed` with no package reference (a package of the
    /// workspace); Packages/NewsFeed/Package.swift declares that library and depends on `../NewsTheme` (the
    /// `../NewsLab` line is a comment; the plugin product is a build tool). Both packages' sources and catalogs are
    /// the app's (OfflineBanner.swift:8–9, ThemeHeader.swift:8–9); NewsLab's are not.
    @Test func workspacePackages_andTheirLocalDependencies_areTheApps() throws {
        let banner = try placement("feed.offline")
        #expect(banner.file == "Packages/NewsFeed/Sources/NewsFeed/OfflineBanner.swift" && number(banner, "maxLines") == 2)
        #expect(number(try placement("theme.title"), "maxLines") == 1)
        #expect(!Self.report.placements.contains { $0.key == "lab.title" })
        #expect(!(Self.report.catalogs ?? []).contains { $0.contains("NewsLab") })
    }

    /// SettingsViewController.swift:176–189: `title` set in a subclass of a generic view controller
    /// (`PickerViewController<String>`) and of an app class whose superclass is `UIViewController` (`BaseScreen`):
    /// each is its screen's navigation title.
    @Test func titlesOfSubclassedViewControllers_areNavigationTitles() throws {
        #expect(try placement("picker.title").component == SystemComponent.navigationTitleInline.rawValue)
        #expect(try placement("about.title").component == SystemComponent.navigationTitleInline.rawValue)
    }

    /// SettingsViewController.swift:193–202: what `tableView(_:titleForHeaderInSection:)` returns (in a `switch`) is its
    /// section's header; what `…titleForFooterInSection:` returns as its single expression, the footer.
    @Test func sectionTitlesADataSourceReturns_areItsHeadersAndFooters() throws {
        #expect(try placement("settings.header").component == SystemComponent.sectionHeader.rawValue)
        #expect(try placement("settings.footer").component == SystemComponent.sectionFooter.rawValue)
    }

    /// SettingsViewController.swift:209 and 216: a SwiftUI view that only a `UIHostingController` shows (pushed onto
    /// a UIKit navigation controller, whose bar does not prefer large titles by default) has an inline title; a view
    /// with its own `NavigationStack` has SwiftUI's large one.
    @Test func navigationTitles_largeOnlyWhereSwiftUINavigates() throws {
        #expect(try placement("storage.title").component == SystemComponent.navigationTitleInline.rawValue)
        #expect(try placement("help.title").component == SystemComponent.navigationTitleLarge.rawValue)
    }

    /// project.pbxproj: the app target's synchronized folder NewsShared has two exception sets: one for the Widget
    /// target (SharedStrings.swift is not the widget's, and still the app's) and one for the app (Legacy.swift is
    /// not the app's).
    @Test func synchronizedFolders_takeOnlyTheirTargetsExceptions() throws {
        #expect(try placement("shared.synced").file == "NewsShared/SharedStrings.swift")
        #expect(!Self.report.placements.contains { $0.key == "shared.legacy" })
        #expect(Self.report.unplaced.first { $0.key == "shared.legacy" }?.kind == "no use found")
    }

    /// SettingsViewController.swift:235–237: `GeneratedStrings`, declared nowhere in the app (a build script writes
    /// it), has three members that are the catalog's `generated.*` keys letter for letter: its accessors.
    @Test func accessorsGeneratedAtBuildTime_areFoundByTheirKeys() throws {
        #expect(try placement("generated.title").component == SystemComponent.navigationTitleInline.rawValue)
        #expect(try placement("generated.header").component == "UILabel")
        #expect(try placement("generated.footer").line == 237)
    }

    /// SettingsViewController.swift:241–281: ArchiveView asks for an inline title and pushes ArchiveDetailView, whose
    /// `.automatic` mode keeps it inline; SavedView is shown with `.navigationBarTitleDisplayMode(.inline)` where
    /// SavedHost uses it. Under `#if os(macOS)` and `#elseif DEBUG` nothing is an iPhone release build's (never
    /// placed); the `#else` clause is.
    @Test func inlineTitlesCarryToPushedScreens_andOtherPlatformsCodeIsLeftOut() throws {
        // Lines 284–306: a link whose destination a property builds (`ShelfSection.saved.destinationView`).
        for key in ["archive.title", "archive.detail", "saved.title", "shelf.saved"] {
            #expect(try placement(key).component == SystemComponent.navigationTitleInline.rawValue, "\(key)")
        }
        #expect(!Self.report.placements.contains { $0.key == "mac.title" || $0.key == "debug.title" })
        // Lines 309–320: the sheet an inline screen presents has its own stack: large.
        #expect(try placement("folders.title").component == SystemComponent.navigationTitleInline.rawValue)
        #expect(try placement("folders.new").component == SystemComponent.navigationTitleLarge.rawValue)
        #expect(try placement("phone.title").component == SystemComponent.navigationTitleLarge.rawValue)
    }

    /// de.lproj is an XML property list, fr.lproj a binary one (both as Xcode accepts them): read as catalogs, not
    /// input errors.
    @Test func strings_inEveryFormXcodeAccepts() throws {
        let german = try Catalog.read(path: Self.tree + "/NewsApp/de.lproj/Localizable.strings")
        #expect(german.entries.first { $0.key == "settings.row" }?.value == "Über Mobilfunk herunterladen")
        #expect(german.diagnostics.isEmpty && german.entries.count == 11)
        let french = try Catalog.read(path: Self.tree + "/NewsApp/fr.lproj/Localizable.strings")
        #expect(french.entries.first { $0.key == "settings.done" }?.value == "Terminé" && french.entries.count == 5)
    }

    /// Wrappers.swift: `NewsLocalizedString(_ key:…)` hands `key` to NSLocalizedString; NewsLocalization.h:
    /// `NWSLocalizedString(key, comment)` expands to NSLocalizedStringFromTable(key, …). Neither name is known to
    /// Overset: both are found from their bodies.
    @Test func wrappers_areFoundFromTheirBodies_inSwiftAndObjectiveC() throws {
        #expect(try placement("settings.done").file == "NewsApp/SettingsViewController.swift")
        #expect(try placement("article.nav").component == SystemComponent.navigationTitleInline.rawValue)
        #expect(try placement("article.related").component == SystemComponent.sectionHeader.rawValue)
    }

    /// NewsLocalization.h: `_NWSText(upperCase, value, ...)` looks up a key computed from `value` (its first word,
    /// through a loop variable), and the macro `NWSText(value, ...)` calls it with a leading argument: both are
    /// wrappers, so ArticleViewController.m:24's `NWSText(@"share.copy")` places the key at the alert's action.
    @Test func wrappers_whoseKeyIsComputedFromAParameter_areFound() throws {
        let copy = try placement("share.copy")
        #expect(copy.file == "NewsApp/ArticleViewController.m" && copy.line == 24)
        #expect(copy.component == SystemComponent.alertAction.rawValue)
    }

    /// ArticleViewController.m:9 sets the outlet `headlineLabel` (ArticleViewController.h: IBOutlet UILabel), joined
    /// to Article.xib:13: numberOfLines 2, title2, leading and trailing 16 to the XIB's top-level view, which its
    /// owner sizes to the screen: 320 − 32. Lines 20–23: an alert's title, message and action. Line 13: the
    /// byline's code settings (lines 11–12: 2 lines, 13 pt medium). Line 15 is a comment and line 16 a string
    /// literal: neither places its key.
    @Test func objectiveC_keysReachTheirLabels() throws {
        let headline = try placement("article.headline")
        #expect(headline.file == "NewsApp/ArticleViewController.m" && headline.line == 9)
        #expect(number(headline, "maxLines") == 2 && name(headline, "style") == "title2" && number(headline, "width") == 288)
        #expect(try placement("share.title").component == SystemComponent.alertTitle.rawValue)
        #expect(try placement("share.message").component == SystemComponent.alertMessage.rawValue)
        #expect(try placement("share.cancel").component == SystemComponent.alertAction.rawValue)
        let byline = try placement("article.byline")
        #expect(number(byline, "maxLines") == 2 && number(byline, "size") == 13 && name(byline, "weight") == "medium")
        let unplaced = Set(Self.report.unplaced.map(\.key))
        // SettingsViewController.swift:35 is under `#if false`: never compiled, never shown.
        // TopicsViewController.m:63 stores topics.hint under @"hint", read at line 72 by a TopicCell's label and at
        // line 77 by a SwitchCell's: two labels, and nothing beside it says which row it is: not placed.
        // TopicsViewController.m:82 hands topics.a11y to `setAccessibilityHint:`: spoken by VoiceOver, never laid out.
        // NewsShared/Legacy.swift is not in the app target (synchronizedFolders_takeOnlyTheirTargetsExceptions); a
        // macOS and a debug screen are not an iPhone release build's (inlineTitlesCarryToPushedScreens_…).
        #expect(unplaced == ["article.commented", "article.inString", "settings.retired", "topics.hint", "topics.a11y", "shared.legacy",
                             "mac.title", "debug.title"])
        #expect(Self.report.unplaced.first { $0.key == "topics.a11y" }?.kind == "spoken by VoiceOver only")
    }

    /// SettingsViewController.swift:4: `doneButton = PrimaryButton()`; WrappingButton.swift: PrimaryButton is a
    /// WrappingButton, whose initializer sets `titleLabel?.numberOfLines = 0` and 15 pt medium: the button wraps,
    /// in 15 pt medium (UIKit's .medium is 500, measured as such).
    @Test func anAppsButtonSubclass_givesItsSetupToEveryUse() throws {
        let done = try placement("settings.done")
        #expect(done.component == "UIButton" && number(done, "maxLines") == 0)
        #expect(number(done, "size") == 15 && name(done, "weight") == "medium" && name(done, "relativeTo") == "none")
    }

    /// ArticleViewController.m:10 `[… uppercaseString]` and SettingsViewController.swift:10 `.uppercased()`: the
    /// text is measured in capitals.
    @Test func upperCasedText_isMeasuredInCapitals() throws {
        #expect(try placement("article.save").label["allCaps"] == .flag(true))
        #expect(try placement("settings.badge").label["allCaps"] == .flag(true))
    }

    /// SettingsViewController.swift:23–24: a segmented control's two segments; line 27 sets every segment label's
    /// `numberOfLines` to 0 through `UILabel.appearance(whenContainedInInstancesOf: [UISegmentedControl.self])`:
    /// the segments wrap.
    @Test func anAppearanceProxy_givesEverySegmentItsLines() throws {
        for key in ["settings.all", "settings.saved"] {
            let segment = try placement(key)
            #expect(segment.component == SystemComponent.segment.rawValue && number(segment, "maxLines") == 0)
        }
    }

    /// SettingsViewController.swift:32: `container` is bound to `tableView.headerView(forSection: 0)`, a
    /// `UITableViewHeaderFooterView`: its `textLabel` is the section's header, not a cell's label.
    @Test func aHeaderFooterViewsLabel_isTheSectionHeader() throws {
        let section = try placement("settings.section")
        #expect(section.line == 32 && section.component == SystemComponent.sectionHeader.rawValue)
    }

    /// SettingsViewController.swift:15–17: a `.default` cell's built-in label, then `cell.textLabel?.numberOfLines
    /// = 0` and `.font = .systemFont(ofSize: 16)` (optional chaining): unlimited lines in 16 pt, at the cell's
    /// width less its margins (320 − 2 × 16).
    @Test func aCellsBuiltInLabel_takesTheSettingsMadeThroughOptionalChaining() throws {
        let row = try placement("settings.row")
        #expect(row.component == SystemComponent.tableCellText.rawValue)
        #expect(number(row, "maxLines") == 0 && number(row, "size") == 16 && row.label["style"] == nil)
        #expect(number(row, "width") == 288)
        // Line 51: `StaticRow(label:)`, whose initializer (lines 46–47) sets `self.cell?.textLabel?.numberOfLines = 0`.
        let note = try placement("settings.note")
        #expect(note.component == SystemComponent.tableCellText.rawValue && number(note, "maxLines") == 0)
        // Line 151: a `StatusCell`, whose superclass WrappingCell sets `textLabel?.numberOfLines = 0` (line 141).
        let status = try placement("row.status")
        #expect(status.component == SystemComponent.tableCellText.rawValue && number(status, "maxLines") == 0)
        // Line 165: a cell dequeued with the identifier line 160 registers `StatusCell` for: a StatusCell.
        let lastSync = try placement("row.lastSync")
        #expect(lastSync.component == SystemComponent.tableCellText.rawValue && number(lastSync, "maxLines") == 0)
    }
}

extension WholeIOSAppTests {
    /// TopicsViewController.m:52 returns topics.title from `screenTitle`; its superclass ListViewController
    /// (line 8) sets `self.title = [self screenTitle]`: the navigation title. Line 56 returns two headers from
    /// `headerForSection:`, which the superclass's `tableView:titleForHeaderInSection:` (line 16) returns: section
    /// headers.
    @Test func aReturnedValue_isFollowedToWhereTheClassOrItsSuperclassUsesIt() throws {
        let title = try placement("topics.title")
        #expect(title.line == 52 && title.component == SystemComponent.navigationTitleInline.rawValue)
        for key in ["topics.followed", "topics.suggested"] {
            #expect(try placement(key).component == SystemComponent.sectionHeader.rawValue)
        }
    }

    /// TopicsViewController.m:61–62: dictionary rows whose @"type" names the cell. Line 71 reads @"title" into a
    /// `TopicCell`'s `titleLabel` (declared in its superclass BaseCell, TopicsViewController.h:14, whose
    /// awakeFromNib sets 2 lines, .m:25); line 76 into a `SwitchCell`'s `nameLabel` (15 pt, .m:39). Each row is
    /// placed at its own cell's label.
    @Test func aDictionaryEntry_isFollowedToTheLabelThatReadsIt() throws {
        let follow = try placement("topics.follow")
        #expect(follow.line == 61 && follow.component == "UILabel" && number(follow, "maxLines") == 2)
        let mute = try placement("topics.mute")
        #expect(mute.line == 62 && mute.component == "UILabel" && number(mute, "size") == 15 && number(mute, "maxLines") == 1)
    }

    /// SettingsViewController.swift:54–57: the app's `NewsAlertController` is a `UIAlertController` whose
    /// `init(with:message:)` passes both to `self.init(title:message:preferredStyle: .alert)`: an alert's title and
    /// message.
    @Test func anAppsAlertSubclass_isAnAlert() throws {
        #expect(try placement("alert.title").component == SystemComponent.alertTitle.rawValue)
        #expect(try placement("alert.message").component == SystemComponent.alertMessage.rawValue)
        // Lines 92–101: `NewsNoticeController` declares no initializer, so it inherits the app's
        // `extension UIAlertController { convenience init(notice:body:…) }`, which calls `self.init(title:message:…)`.
        #expect(try placement("notice.title").component == SystemComponent.alertTitle.rawValue)
        #expect(try placement("notice.body").component == SystemComponent.alertMessage.rawValue)
        // Lines 133–134: through `NSString(format: … as NSString, name) as String`.
        #expect(try placement("alert.updated").component == SystemComponent.alertTitle.rawValue)
    }

    /// NewsStrings.m:10 `+[NewsLanguage translated:]` hands its parameter to `localizedStringForKey:value:table:`: a
    /// wrapper, found from its body; lines 18–19 are accessor functions that return it for one literal key each.
    /// TopicsViewController.m:86 and SettingsViewController.swift:105 call them: alert actions.
    @Test func accessorFunctions_ofAMethodWrapper_nameTheirKeys() throws {
        let retry = try placement("strings.retry")
        #expect(retry.file == "NewsApp/TopicsViewController.m" && retry.line == 86 && retry.component == SystemComponent.alertAction.rawValue)
        let later = try placement("strings.later")
        #expect(later.file == "NewsApp/SettingsViewController.swift" && later.line == 105 && later.component == SystemComponent.alertAction.rawValue)
    }

    /// Podfile:5 names a development pod (`pod 'NewsKit', :path => 'NewsKit'`) that no Xcode project lists; its
    /// podspec's `source_files` (NewsKit.podspec:4, `Sources/**/*.{h,m}`) holds the accessor NK_DONE_STRING
    /// (NKLabels.m:4), which TopicsViewController.m:90 calls: read as the build reads it. The registry pod
    /// (Alamofire), the commented pod and the commented pattern (Tests) are not read.
    @Test func developmentPods_areReadAsTheAppBuildsThem() throws {
        let done = try placement("kit.done")
        #expect(done.file == "NewsApp/TopicsViewController.m" && done.line == 90 && done.component == SystemComponent.alertAction.rawValue)
        #expect(CocoaPods.localPods(in: Self.tree) == [CocoaPods.LocalPod(name: "NewsKit", podspec: "NewsKit/NewsKit.podspec")])
        let pattern = "Sources/**/*.{h,m}"
        #expect(CocoaPods.matches("Sources/A/B.m", pattern: pattern) && CocoaPods.matches("Sources/B.h", pattern: pattern))
        #expect(!CocoaPods.matches("Sources/B.swift", pattern: pattern) && !CocoaPods.matches("Tests/B.m", pattern: pattern))
        // A pattern past the limits (9 wildcards; 257 characters) is not matched at all.
        #expect(!CocoaPods.matches("a/b.m", pattern: String(repeating: "*", count: 9) + ".m"))
        #expect(!CocoaPods.matches("a/b.m", pattern: String(repeating: "a", count: 257)))
    }

    /// SettingsViewController.swift:121: `cell.actionButton.setTitle(…)` where `cell` is an `ActionCell` (line 120,
    /// `as! ActionCell`), whose initializer lets its button's title wrap (line 113): a button of that cell, unlimited
    /// lines.
    @Test func aTypedCellsButton_takesItsCellsSetup() throws {
        let fix = try placement("row.fixPermissions")
        #expect(fix.line == 121 && fix.component == "UIButton" && number(fix, "maxLines") == 0)
    }

    /// SettingsViewController.swift:86–87: a `.default` cell's label beside a `UISwitch` accessory view: UIKit does
    /// not publish how much of the row an accessory takes, so the label has no width (never judged at the full row).
    @Test func aCellWithAnAccessory_hasNoWidthForItsLabel() throws {
        let row = try placement("row.wifiOnly")
        #expect(row.component == SystemComponent.tableCellText.rawValue && row.label["width"] == nil)
        #expect(row.notes.contains { $0.contains("accessoryView = UISwitch()") })
        // Line 127: an image in the cell's built-in image view puts the label after it: no width either.
        let learn = try placement("row.learnMore")
        #expect(learn.label["width"] == nil && learn.notes.contains { $0.contains("imageView.image") })
    }

    /// SettingsViewController.swift:70 and 74: two initializers take `title:`. Line 80 passes only `title:`, which
    /// the second cannot take (its `value:` has no default): the first, whose `titleLabel` shows it (one line). Line
    /// 81 passes `value:` too: the second, whose `valueLabel` wraps (line 75, `numberOfLines = 0`).
    @Test func overloadedInitializers_areToldApartByTheCallsLabels() throws {
        let storage = try placement("row.storage")
        #expect(storage.line == 80 && number(storage, "maxLines") == 1)
        let cache = try placement("row.cache")
        #expect(cache.line == 81 && number(cache, "maxLines") == 0)
    }
}

/// Whether a tree-sitter grammar is installed where overset-placements looks (CI builds them: scripts/test.sh runs
/// scripts/install-dependencies.sh --tests); tests that need one are skipped with a notice where it is not.
enum Grammars {
    static func installed(_ grammar: Grammar) -> Bool {
        Grammar.searchPath.contains { FileManager.default.fileExists(atPath: $0 + "/" + grammar.fileName) }
    }

    static func notice(_ grammar: Grammar) -> Comment {
        Comment(rawValue: "skipped: the \(grammar.rawValue) grammar is not installed (scripts/build-grammars.sh builds it)")
    }
}
