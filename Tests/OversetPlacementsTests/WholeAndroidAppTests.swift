import Foundation
import Overset
@testable import OversetPlacements
import OversetAppPlacements
import OversetSyntaxTrees
import Testing

/// An Android app read as Gradle builds it (issue 55), on `Trees/SyncApp`: `settings.gradle.kts` includes `:app`
/// (an application, minSdk 26), `:core` (a library it depends on) and `:sample` (a library it does not);
/// `app/src/test` is a test source set; the manifest labels an activity; Kotlin sets texts through `when`
/// branches, `apply`, view binding, a dialog builder (neutral button too), the app's own snackbar helper and a
/// toast extension in `:core`; the code replaces a layout's placeholder text; a Compose screen shows a top app
/// bar's title, a text and a button; the layout has an icon beside a text in a `RelativeLayout`, a compound
/// drawable, a Material 3 text button, a fixed-height row and a single-line input.
///
/// Every expected value comes from reading the tree's files (named in each comment) and the figures of Material
/// Components 1.12 and material3 that RESEARCH.md cites.
@Suite(.enabled(if: Grammars.installed(.kotlin), Grammars.notice(.kotlin)))
struct WholeAndroidAppTests {
    static let tree = Bundle.module.url(forResource: "Trees", withExtension: nil)!.appendingPathComponent("SyncApp").path
    static let report = try! Placements.find(in: tree)

    func placements(_ key: String) -> [Placement] { Self.report.placements.filter { $0.key == key } }

    func placement(_ key: String) throws -> Placement {
        let matches = placements(key)
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

    /// settings.gradle.kts (an `include(` list over several lines, then `include(":sample")`) and
    /// app/build.gradle.kts: `:sample` is only a test dependency and `app/src/test` a test source set: neither is
    /// read; `:core` is. minSdk 26 is named with the screen.
    @Test func gradle_decidesWhatIsRead() throws {
        #expect(!Self.report.placements.contains { $0.file.hasPrefix("sample/") || $0.file.contains("/src/test/") })
        #expect(!Self.report.unplaced.contains { $0.key == "sample_only" })
        #expect(Self.report.screenWidth == 320 && Self.report.screenWidthFrom.contains("minSdk 26"))
        #expect(Self.report.catalogs == ["app/src/main/res/values-de/strings.xml", "app/src/main/res/values/strings.xml",
                                         "core/src/main/res/values/strings.xml"])
        #expect(try placement("saved").component == "toast")  // core/…/Toasts.kt's Context.toast, called in app
    }

    /// AndroidManifest.xml:5: SettingsActivity's label is its title, in the Material 3 toolbar's titleLarge, one line:
    /// the theme (Theme.Sync, themes.xml:2) has no action bar, and SettingsActivity.kt:11 sets its toolbar as one.
    /// Line 6: ShareActivity draws in Compose with no toolbar (ShareActivity.kt:11), so its label is the share
    /// sheet's, not the app's: not judged, with that reason.
    @Test func manifest_activityLabel_isItsToolbarsTitle() throws {
        let title = try placement("settings_title")
        #expect(title.file == "app/src/main/AndroidManifest.xml" && name(title, "textAppearance") == "titleLarge")
        #expect(number(title, "maxLines") == 1 && name(title, "ellipsize") == "end")
        #expect(Self.report.unplaced.first { $0.key == "share_target" }?.kind == "shown by the system, not the app's views")
        // Line 7: QuickReplyActivity is themed as a dialog window (Theme.DeviceDefault.Dialog): its label is the
        // window's DialogTitle (2 lines at 18 sp), not a toolbar's.
        let dialog = try placement("quick_reply_title")
        #expect(dialog.component.hasPrefix("dialog title") && number(dialog, "maxLines") == 2)
    }

    /// MainActivity.kt:25–28: both branches of the `when` set `status` (activity_main.xml: maxLines 1,
    /// bodyMedium, 320 − 2 × 16 margins); line 29: `title.apply { text = getString(…).uppercase() }`.
    @Test func kotlin_branchesBlocksAndCase() throws {
        for key in ["uploading", "downloading"] {
            let status = try placement(key)
            #expect(number(status, "maxLines") == 1 && name(status, "textAppearance") == "bodyMedium" && number(status, "width") == 288)
        }
        let title = try placement("folder_title")
        #expect(title.label["allCaps"] == .flag(true) && name(title, "textAppearance") == "titleMedium")
    }

    /// MainActivity.kt:35–41: a Material 3 dialog on a 320 dp screen: window max(0.95 × 320, min(320, 320)) = 320,
    /// less 2 × 24 insets and 2 × 24 padding = 224 for the title and message (bodyMedium); the neutral button is
    /// a dialog button like the others (labelLarge, one line). The title is AppCompat's `DialogTitle`: one line in
    /// headlineSmall, and when that ellipsizes, 2 lines at ?android:textAppearanceMedium (18 sp; AppCompat's
    /// DialogTitle.onMeasure), so it is cut only past 2 lines at 18 sp.
    @Test func dialogs_takeTheirWindowAndTheirParts() throws {
        let title = try placement("delete_title")
        #expect(name(title, "textAppearance") == "android.medium" && number(title, "maxLines") == 2 && number(title, "width") == 224)
        let message = try placement("delete_message")
        #expect(name(message, "textAppearance") == "bodyMedium" && number(message, "width") == 224)
        for key in ["delete_action", "cancel_action", "details_action"] {
            let button = try placement(key)
            #expect(button.component == "dialog button" && number(button, "maxLines") == 1 && name(button, "textAppearance") == "labelLarge")
        }
    }

    /// MainActivity.kt:44–50: `showError(@StringRes message)` makes a Snackbar of its parameter: the key passed to it
    /// is a snackbar's (bodyMedium, 2 lines, 320 − 48).
    @Test func theAppsOwnHelper_isFollowedToItsSnackbar() throws {
        let snackbar = try placement("sync_failed")
        #expect(snackbar.component == "snackbar" && number(snackbar, "maxLines") == 2 && number(snackbar, "width") == 272)
    }

    /// OfflineScreen.kt:72: a title passed through the app's `SyncTopBar` → `SyncTopBarInternal` → `TitleText` (lines
    /// 51–67) is a Text in TopAppBar's title slot there: titleLarge, one line, ellipsized (TitleText's own
    /// arguments); 320 − 16 (the caller's Column, 8 dp a side) − 52 (the navigation icon) − 4 (no actions) − 8 (the
    /// title box) = 240. Line 73's `contentDescription` is spoken by TalkBack, never laid out.
    @Test func composeDesignSystemWrappers_areFollowedToTheirSlot() throws {
        let title = try placement("folders_title")
        #expect(title.component == "Compose TopAppBar title" && name(title, "textAppearance") == "titleLarge")
        #expect(number(title, "maxLines") == 1 && name(title, "ellipsize") == "end" && number(title, "width") == 240)
        #expect(Self.report.unplaced.first { $0.key == "refresh_action" }?.kind == "spoken by TalkBack only")
        // Line 97: `RetiredBanner` is a composable nothing calls (`Rows.RetiredBanner()` makes a class): never shown. Line 103: a Compose
        // `SnackbarHostState.showSnackbar` message has no line limit (material3 Snackbar's Text).
        #expect(placements("retired_banner").isEmpty)
        #expect(Self.report.unplaced.first { $0.key == "retired_banner" }?.kind == "shown only where the code never gets")
        // SyncViewModel.kt:15: the app's own `showSnackbar` emits to a flow: not the library's snackbar, and not placed.
        #expect(placements("port_invalid").isEmpty)
        #expect(Self.report.unplaced.first { $0.key == "port_invalid" }?.kind == "used where the view cannot be told")
        let snack = try placement("compose_snack")
        #expect(snack.component == "Compose snackbar" && number(snack, "maxLines") == 0)
        // Lines 78–92: an overload whose expression body hands `stringResource(titleId)` to another overload shows it
        // there (a ListItem's headline); it does not return the text.
        #expect(try placement("setting_row").component == "Compose ListItem headline")
    }

    /// Typography.kt: the app's own `TextStyle` (line 17: 12 sp, SemiBold) merges over the `bodyLarge` Compose
    /// provides (`Text` merges its style into LocalTextStyle); `bodyMedium.copy(fontWeight = Bold)` with a
    /// `fontSize = 18.sp` beside it (written first: the size still wins); a style from a library the app does not
    /// define (`LibraryTheme.typography.caption`) has no font that can be told: never judged; the app's
    /// `Typography(titleLarge = TextStyle(20 sp, Medium))` applies to TopAppBar's titleLarge.
    @Test func composeStyles_asTheAppDefinesThem() throws {
        let eyebrow = try placement("eyebrow_label")
        #expect(number(eyebrow, "size") == 12 && name(eyebrow, "weight") == "semibold" && name(eyebrow, "textAppearance") == "bodyLarge")
        let copy = try placement("copy_label")
        #expect(name(copy, "textAppearance") == "bodyMedium" && name(copy, "weight") == "bold" && number(copy, "size") == 18)
        let library = try placement("library_label")
        #expect(library.fontUnknown != nil)
        guard case .failure = library.makeLabel() else { Issue.record("an unknown style was judged"); return }
        let title = try placement("themed_title")
        #expect(name(title, "textAppearance") == "titleLarge" && number(title, "size") == 20 && name(title, "weight") == "medium")
        // Lines 37–47: `Caption`'s `style` parameter: its default (labelSmall) where the caller gives none, the
        // caller's style where it gives one; `LocalTextStyle.current.copy(fontSize = 15.sp)`: the style around it, 15 sp.
        #expect(name(try placement("caption_default"), "textAppearance") == "labelSmall")
        let given = try placement("caption_given")
        #expect(number(given, "size") == 12 && name(given, "weight") == "semibold")
        let local = try placement("local_copy")
        #expect(name(local, "textAppearance") == "bodyLarge" && number(local, "size") == 15)
        // Lines 51–64: a style a property's getter names (titleLarge copied at 22 sp), a `maxLines` parameter's
        // default (2); a `TextStyle(fontSize = 11.sp)` written in place merges over bodyLarge.
        let section = try placement("section_title")
        #expect(name(section, "textAppearance") == "titleLarge" && number(section, "size") == 22 && number(section, "maxLines") == 2)
        let inline = try placement("inline_style")
        #expect(name(inline, "textAppearance") == "bodyLarge" && number(inline, "size") == 11)
        // Lines 66–70: a style kept in a local (`val style = MaterialTheme.typography.labelSmall`).
        #expect(name(try placement("local_style"), "textAppearance") == "labelSmall")
    }

    /// MainActivity.kt:60: `menu.findItem(…).setTitle(…)` titles a menu item, not the activity (not a toolbar
    /// title); line 62: `setTitle` in an `apply` block on a MaterialAlertDialogBuilder is the dialog's title.
    @Test func menuItemsAndBuilderBlocks_areNotTheActivitysTitle() throws {
        #expect(!placements("menu_star").contains { $0.component.contains("toolbar") })
        // SettingsFragment.kt:9: `requireActivity().setTitle(…)` is the activity's title.
        #expect(try placement("settings_screen_title").component == "toolbar title")
        #expect(try placement("builder_block_title").component == "dialog title")
        // Line 76: `title = getString(…)` after `val title: String` is a local, shown as the notification's title.
        #expect(try placement("upload_title").component == "notification title")
        // Line 70: a toast in the `catch` of a `try` that starts the system's chooser, which always resolves.
        #expect(placements("no_share_app").isEmpty)
        #expect(Self.report.unplaced.first { $0.key == "no_share_app" }?.kind == "shown only where the code never gets")
    }

    /// A module's strings reached by other names, as multi-module apps write them: core/…/Resources.kt's
    /// `typealias CoreString = org.example.core.R.string`, MainActivity.kt's `import org.example.core.R as CoreR`, and
    /// the package-qualified `org.example.core.R.string.core_synced` (MainActivity.kt:54–56): each is the toast or
    /// snackbar it is passed to.
    @Test func aModulesStrings_throughAliasesAndItsPackage() throws {
        #expect(try placement("core_offline").component == "toast")
        #expect(try placement("core_retry").component == "snackbar")
        #expect(try placement("core_synced").component == "toast")
    }

    /// MainActivity.kt:24 sets `name`'s text to a value of its own: the layout's `@string/placeholder_name` is a
    /// placeholder, never shown. Line 30 is a comment and line 31 a string: neither places its key.
    @Test func placeholdersCommentsAndStrings_areNotShownText() throws {
        #expect(placements("placeholder_name").isEmpty)
        #expect(Self.report.unplaced.first { $0.key == "placeholder_name" }?.kind == "placeholder text the code replaces")
        #expect(placements("commented_out").isEmpty && placements("in_a_string").isEmpty)
    }

    /// OfflineScreen.kt:27 is in a `@Preview` function (Android Studio draws it, the app never does); UnlockView.kt:14
    /// assigns the custom view's own `title` and line 20 calls its own `setTitle` (neither is the activity's title);
    /// line 22 titles a `BiometricPrompt`, which the system draws (not a dialog of the app's).
    @Test func previewsCustomTitlesAndSystemPrompts_areNotTheAppsLabels() throws {
        #expect(placements("preview_only").isEmpty && placements("preview_error").isEmpty)
        #expect(placements("unlock_title").allSatisfy { $0.component != "toolbar title" })
        // Line 38: `unlockView` is declared an UnlockView (line 35): its setTitle, not TitledToolbar's (line 28).
        #expect(placements("unlock_stored").allSatisfy { $0.component != "toolbar title" })
        // Line 44: a MenuItem's setTitle (a parameter of a library's type) reaches no app function.
        #expect(placements("read_only").isEmpty)
        // Line 50: a prompt's builder as a `run` block's receiver.
        #expect(placements("verify_title").isEmpty)
        #expect(placements("biometric_title").isEmpty)
    }

    /// An Android app whose strings nothing uses yet: no placement says the platform, its shipped catalogs do, so
    /// the summary reads its widths in dp (the Android CDD's 320 dp screen), not pt.
    @Test func anAndroidAppWithNoPlacement_saysDp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overset-no-placement-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let values = folder.appendingPathComponent("app/src/main/res/values")
        try FileManager.default.createDirectory(at: values, withIntermediateDirectories: true)
        try "include(\":app\")\n".write(to: folder.appendingPathComponent("settings.gradle.kts"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Self.tree + "/app/build.gradle.kts",
                                         toPath: folder.appendingPathComponent("app/build.gradle.kts").path)
        try "<resources><string name=\"unused\">Not shown yet</string></resources>\n"
            .write(to: values.appendingPathComponent("strings.xml"), atomically: true, encoding: .utf8)
        let report = try Placements.find(in: folder.path)
        #expect(report.placements.isEmpty && report.platform == .android)
        #expect(report.text().contains("widths at 320 dp"), "\(report.text().suffix(200))")
    }

    /// OfflineScreen.kt: a `Column` padded 16 dp a side; the TopAppBar's title (titleLarge; its box 4 dp a side and
    /// 4 dp for the absent navigation icon and actions: 320 − 32 − 16); a Text with maxLines 2 and an ellipsis
    /// (bodyLarge, MaterialTheme's style: 320 − 32); a Button's label (labelLarge, 24 dp padding a side:
    /// 320 − 32 − 48). Compose's default overflow is Clip: no ellipsis.
    @Test func compose_textsTakeTheirSlotsAndModifiers() throws {
        let title = try placement("compose_title")
        #expect(name(title, "textAppearance") == "titleLarge" && number(title, "width") == 272 && name(title, "ellipsize") == "none")
        let body = try placement("compose_body")
        #expect(name(body, "textAppearance") == "bodyLarge" && number(body, "maxLines") == 2 && name(body, "ellipsize") == "end")
        #expect(number(body, "width") == 288)
        let button = try placement("compose_button")
        #expect(name(button, "textAppearance") == "labelLarge" && number(button, "width") == 240)
    }

    /// activity_main.xml: `count` sits beside the 40 dp icon (its end margin 16) in a RelativeLayout padded 16 dp:
    /// 320 − 32 − 56; `synced` has a compound drawable (24 dp) and drawablePadding 8 dp inside 16 dp paddings:
    /// 320 − 32 − 32; a Material 3 TextButton pads 12 dp a side: 320 − 24; a 32 dp row holds one line of 14 sp
    /// (16.4 dp a line); an `inputType="text"` field is one line.
    @Test func layoutWidthsAndLines_asTheViewsGetThem() throws {
        #expect(number(try placement("file_count"), "width") == 232)
        #expect(number(try placement("synced_files"), "width") == 256)
        #expect(number(try placement("share_file"), "width") == 296)
        #expect(number(try placement("two_line_note"), "maxLines") == 1)
        #expect(number(try placement("search_hint"), "maxLines") == 1)
    }

    /// drawer.xml's NavigationView shows menu/drawer.xml: drawer items, not an overflow menu's. Material 3:
    /// `labelLarge`, one line (`design_navigation_menu_item`), the drawer min(320 − 64, 360) = 256 dp less 2 × 12 dp
    /// item insets and 2 × 28 dp padding: 176 dp, and 140 dp beside a 24 dp icon and its 12 dp padding.
    @Test func navigationDrawerItems_areNotAnOverflowMenu() throws {
        let files = try placement("drawer_files"), about = try placement("drawer_about")
        #expect(files.component == "navigation drawer item" && name(files, "textAppearance") == "labelLarge")
        #expect(number(files, "maxLines") == 1 && number(files, "width") == 140 && number(about, "width") == 176)
    }

    /// xml/preferences.xml with AndroidX (SettingsFragment.kt imports androidx.preference): a plain Preference's
    /// title wraps (`Preference.Material` sets `singleLineTitle` false), in Material 3's titleMedium, at the row's
    /// width less its icon frame: 320 − 32 − 56; a SwitchPreferenceCompat's is one line with a marquee, beside the
    /// widget frame's 16 dp padding (AndroidX preference_material.xml) and Material 3's SwitchCompat, 48 dp
    /// (`Widget.MaterialComponents.CompoundButton.Switch`: minWidth ?attr/minTouchTargetSize): 320 − 32 − 16 − 48,
    /// no icon frame (`config_materialPreferenceIconSpaceReserved` is false below sw360dp).
    @Test func preferenceRows_takeTheirPaddingIconAndTitleRules() throws {
        let account = try placement("pref_account")
        #expect(number(account, "maxLines") == 0 && name(account, "textAppearance") == "titleMedium" && number(account, "width") == 232)
        let wifi = try placement("pref_wifi_only")
        #expect(number(wifi, "maxLines") == 1 && name(wifi, "ellipsize") == "marquee" && number(wifi, "width") == 224)
    }

    /// OfflineScreen.kt:42 passes both strings to the app's `Hint` composable (line 33): the title to `Text(text =
    /// title, maxLines = 1)`, the detail through `detail?.let { Text(text = it, maxLines = 3) }` (line 36).
    @Test func composeScopeFunctions_areFollowedToTheirLambdasText() throws {
        #expect(number(try placement("hint_title"), "maxLines") == 1)
        let detail = try placement("hint_detail")
        #expect(detail.component == "Compose Text" && number(detail, "maxLines") == 3)
    }

    /// An app whose preference theme gives switches its own widget (`widgetLayout` → a Material 3 `MaterialSwitch`,
    /// whose track is 52 dp: `mtrl_switch_track_width`): 320 − 32 − 16 − 52. With its own
    /// `layout/preference_material.xml`, which replaces AndroidX's row by resource merging, the row's width is not
    /// known: no width, never judged at AndroidX's.
    @Test func anAppsOwnPreferenceWidgetAndRow_decideTheWidth() throws {
        var files = [
            "app/src/main/res/xml/preferences.xml": "<PreferenceScreen xmlns:app=\"http://schemas.android.com/apk/res-auto\">"
                + "<SwitchPreferenceCompat app:key=\"a\" app:title=\"@string/pref_lock\" /></PreferenceScreen>\n",
            "app/src/main/res/values/strings.xml": "<resources><string name=\"pref_lock\">Lock the app</string></resources>\n",
            "app/src/main/res/values/themes.xml": "<resources><style name=\"Theme.A\" parent=\"Theme.Material3.DayNight\">"
                + "<item name=\"preferenceTheme\">@style/Prefs</item></style>"
                + "<style name=\"Prefs\" parent=\"PreferenceThemeOverlay\"><item name=\"switchPreferenceCompatStyle\">@style/Prefs.Switch</item></style>"
                + "<style name=\"Prefs.Switch\" parent=\"Preference.SwitchPreferenceCompat.Material\">"
                + "<item name=\"widgetLayout\">@layout/view_switch</item></style></resources>\n",
            "app/src/main/res/layout/view_switch.xml": "<com.google.android.material.materialswitch.MaterialSwitch "
                + "xmlns:android=\"http://schemas.android.com/apk/res/android\" android:id=\"@+id/switchWidget\" "
                + "android:layout_width=\"wrap_content\" android:layout_height=\"wrap_content\" />\n",
            "app/src/main/java/a/SettingsFragment.kt": "package a\nimport androidx.preference.PreferenceFragmentCompat\n"
                + "class SettingsFragment : PreferenceFragmentCompat() {\n"
                + "    override fun onCreatePreferences(state: Bundle?, rootKey: String?) = setPreferencesFromResource(R.xml.preferences, rootKey)\n}\n"]
        func title() throws -> Placement {
            let app = try PlacementLimitsTests.tree(files)
            defer { try? FileManager.default.removeItem(atPath: app) }
            return try #require(try Placements.find(in: app).placements.first { $0.key == "pref_lock" })
        }
        #expect(number(try title(), "width") == 220)
        files["app/src/main/res/layout/preference_material.xml"] = "<LinearLayout xmlns:android=\"http://schemas.android.com/apk/res/android\" "
            + "android:layout_width=\"match_parent\" android:layout_height=\"wrap_content\" android:paddingStart=\"32dp\" />\n"
        let replaced = try title()
        #expect(replaced.label["width"] == nil && replaced.notes.contains { $0.contains("preference_material.xml") })
    }

    /// A dialog button's lines follow its builder and theme: Material's `TextButton.Dialog` is one line
    /// (MaterialAlertDialogBuilder under Theme.Material3); an app dialog theme whose positive button style is
    /// `Widget.Material3.Button` (which sets no line limit) has none; the framework's `android.app.AlertDialog`
    /// (Widget.Material.Button.ButtonBar.AlertDialog) and AppCompat's under an AppCompat theme have none either.
    @Test func dialogButtonsLines_followTheBuilderAndTheTheme() throws {
        func lines(theme: String, code: String) throws -> Double? {
            let app = try PlacementLimitsTests.tree([
                "app/src/main/res/values/strings.xml": "<resources><string name=\"ok\">Add the instance</string></resources>\n",
                "app/src/main/res/values/themes.xml": "<resources>\(theme)</resources>\n",
                "app/src/main/java/a/Main.kt": "package a\n\(code)\nclass Main {\n    fun show() {\n"
                    + "        Builder(this).setPositiveButton(R.string.ok, null).show()\n    }\n}\n"])
            defer { try? FileManager.default.removeItem(atPath: app) }
            return number(try #require(try Placements.find(in: app).placements.first { $0.key == "ok" }), "maxLines")
        }
        let material3 = "<style name=\"Theme.A\" parent=\"Theme.Material3.DayNight\" />"
        let builder = "import com.google.android.material.dialog.MaterialAlertDialogBuilder as Builder"
        #expect(try lines(theme: material3, code: builder) == 1)
        let ownButton = "<style name=\"Theme.A\" parent=\"Theme.Material3.DayNight\"><item name=\"materialAlertDialogTheme\">"
            + "@style/Dialog</item></style><style name=\"Dialog\" parent=\"ThemeOverlay.Material3.MaterialAlertDialog\">"
            + "<item name=\"buttonBarPositiveButtonStyle\">@style/Positive</item></style>"
            + "<style name=\"Positive\" parent=\"Widget.Material3.Button\" />"
        #expect(try lines(theme: ownButton, code: builder) == 0)
        #expect(try lines(theme: material3, code: "import android.app.AlertDialog.Builder") == 0)
        let appCompat = "<style name=\"Theme.A\" parent=\"Theme.AppCompat.Light.DarkActionBar\" />"
        #expect(try lines(theme: appCompat, code: "import androidx.appcompat.app.AlertDialog.Builder") == 0)
    }

    /// A preference screen the code only hands to `PreferenceManager.setDefaultValues` (its settings are shown
    /// elsewhere, in Compose) and one nothing names are never shown: not judged, each named in the problems. The
    /// screen `setPreferencesFromResource` inflates is.
    @Test func preferenceScreensNoCodeShows_areNotJudged() throws {
        let screen = { (key: String) in "<PreferenceScreen xmlns:app=\"http://schemas.android.com/apk/res-auto\">"
            + "<Preference app:key=\"k\" app:title=\"@string/\(key)\" /></PreferenceScreen>\n" }
        let app = try PlacementLimitsTests.tree([
            "app/src/main/res/xml/shown.xml": screen("pref_shown"),
            "app/src/main/res/xml/defaults.xml": screen("pref_defaults"),
            "app/src/main/res/xml/unused.xml": screen("pref_unused"),
            "app/src/main/res/values/strings.xml": "<resources><string name=\"pref_shown\">Shown</string>"
                + "<string name=\"pref_defaults\">Defaults</string><string name=\"pref_unused\">Unused</string></resources>\n",
            "app/src/main/java/a/App.kt": "package a\nimport androidx.preference.PreferenceManager\n"
                + "fun setUp(context: Context) { PreferenceManager.setDefaultValues(context, R.xml.defaults, false) }\n"
                + "class Prefs : androidx.preference.PreferenceFragmentCompat() {\n"
                + "    override fun onCreatePreferences(state: Bundle?, rootKey: String?) = setPreferencesFromResource(R.xml.shown, rootKey)\n}\n"])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app)
        #expect(Set(report.placements.map(\.key)) == ["pref_shown"])
        let named = report.problems.filter { $0.message.hasPrefix("a preference screen no code shows") }.map(\.file)
        #expect(Set(named) == ["app/src/main/res/xml/defaults.xml", "app/src/main/res/xml/unused.xml"])
    }

    /// The same screen with the framework's `android.preference` (deprecated since API 29): every title is one line
    /// (`core/res/res/layout/preference_material.xml`: singleLine, marquee).
    @Test func frameworkPreferences_haveOneLineTitles() throws {
        let app = try PlacementLimitsTests.tree([
            "app/src/main/res/xml/preferences.xml": "<PreferenceScreen xmlns:android=\"http://schemas.android.com/apk/res/android\">"
                + "<Preference android:key=\"a\" android:title=\"@string/pref_account\" /></PreferenceScreen>\n",
            "app/src/main/res/values/strings.xml": "<resources><string name=\"pref_account\">Account</string></resources>\n",
            "app/src/main/java/a/SettingsActivity.java": "package a;\nimport android.preference.PreferenceActivity;\n"
                + "public class SettingsActivity extends PreferenceActivity {\n"
                + "    @Override protected void onCreate(Bundle state) { super.onCreate(state); addPreferencesFromResource(R.xml.preferences); }\n}\n"])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let report = try Placements.find(in: app)
        let title = try #require(report.placements.first { $0.key == "pref_account" })
        #expect(number(title, "maxLines") == 1 && title.from["maxLines"]?.contains("android.preference") == true)
    }
}
