import Foundation
import Overset
import OversetCatalog
import OversetMeasure
import Testing

/// The one table of a label's settings (issue 42): the docs' table is the table's, `--help` lists each setting with
/// its values from it, and every setting set at every door (a spec rule, a `measure` request, a command-line flag)
/// gives the same label and the same answer.
@Suite struct SettingsTableTests {
    /// For each setting: the text it shows on, and the settings of the request (the setting itself, and what it
    /// needs beside it), over a base of `{"width": 220, "size": 17}`. A setting added to the table without an
    /// example here fails `everySetting_atEveryDoor_givesOneAnswer`.
    static let examples: [String: (text: String, settings: [String: SettingValue])] = [
        "width": ("Zum Abschließen des Updates", ["width": .number(120)]),
        "style": ("Check for updates", ["style": .string("headline")]),
        "emphasized": ("Check for updates", ["style": .string("body"), "emphasized": .bool(true)]),
        "category": ("Check for updates", ["style": .string("body"), "category": .string("AX3")]),
        "size": ("Check for updates", ["size": .number(30)]),
        "relativeTo": ("Check for updates", ["relativeTo": .string("none"), "category": .string("AX3")]),
        "weight": ("Check for updates", ["weight": .string("bold")]),
        "maxLines": ("Zum Abschließen des Updates Firefox neu starten", ["maxLines": .number(1)]),
        "strategy": ("Zum Abschließen des Updates Firefox neu starten bitte", ["strategy": .string("balanced")]),
        "truncation": ("Zum Abschließen des Updates Firefox neu starten", ["maxLines": .number(1), "truncation": .string("middle")]),
        "wrap": ("Zum Abschließen des Updates Firefox neu starten", ["wrap": .string("character")]),
        "lineHeight": ("Check for updates", ["lineHeight": .number(30)]),
        "lineHeightMultiple": ("Check for updates", ["lineHeightMultiple": .number(1.5)]),
        "tracking": ("Check for updates", ["tracking": .number(2)]),
        "fonts": ("Check for updates", ["fonts": .list([.string(DoorAgreementTests.root + "/Fonts/NotoSans-Regular.ttf")])]),
        "features": ("AVATAR Toyota WAVE", ["features": .list([.string("kern=0")])]),
        "platformFonts": ("Check for updates", ["platformFonts": .string(DoorAgreementTests.root + "/Tests/OversetTests/Fixtures/fonts/platform")]),
        "foreground": ("Check for updates", ["foreground": .string("#777777"), "background": .string("#888888")]),
        "background": ("Check for updates", ["foreground": .string("#000000"), "background": .string("#333333")]),
        "darkForeground": ("Check for updates", ["foreground": .string("#000000"), "background": .string("#FFFFFF"),
                                                 "darkForeground": .string("#444444"), "darkBackground": .string("#333333")]),
        "darkBackground": ("Check for updates", ["foreground": .string("#000000"), "background": .string("#FFFFFF"),
                                                 "darkForeground": .string("#FFFFFF"), "darkBackground": .string("#EEEEEE")]),
        "minimumScaleFactor": ("Zum Abschließen des Updates Firefox neu starten", ["maxLines": .number(1), "minimumScaleFactor": .number(0.5)]),
        "allowsTightening": ("Check for updates now", ["width": .number(178), "maxLines": .number(1), "allowsTightening": .bool(true)]),
        "minimumCategory": ("Check for updates", ["style": .string("body"), "minimumCategory": .string("AX1")]),
        "maximumCategory": ("Check for updates", ["style": .string("body"), "category": .string("AX5"), "maximumCategory": .string("xLarge")]),
        "boldText": ("Check for updates", ["boldText": .bool(true)]),
        "maximumPointSize": ("Check for updates", ["style": .string("body"), "category": .string("AX5"), "maximumPointSize": .number(20)]),
        "hangulWordPriority": ("업데이트를 완료하려면 브라우저를 다시 시작하세요", ["width": .number(150), "hangulWordPriority": .bool(false)]),
        "markdown": ("Tap **Allow** to *continue*", ["markdown": .bool(true)]),
        "platform": ("Zum Abschließen des Updates Firefox neu starten", ["platform": .string("android")]),
        "fontScale": ("Check for updates", ["platform": .string("android"), "fontScale": .number(2)]),
        "textAppearance": ("Check for updates", ["platform": .string("android"), "textAppearance": .string("titleLarge")]),
        "allCaps": ("Check for updates", ["platform": .string("android"), "allCaps": .bool(true)]),
        "singleLine": ("Zum Abschließen des Updates Firefox neu starten", ["platform": .string("android"), "singleLine": .bool(true)]),
        "autoSizeTextType": ("Zum Abschließen des Updates Firefox neu starten",
                             ["platform": .string("android"), "maxLines": .number(1), "autoSizeTextType": .string("uniform")]),
        "autoSizeMinTextSize": ("Zum Abschließen des Updates Firefox neu starten",
                                ["platform": .string("android"), "maxLines": .number(1), "autoSizeMinTextSize": .number(8)]),
        "ellipsize": ("Zum Abschließen des Updates Firefox neu starten",
                      ["platform": .string("android"), "maxLines": .number(1), "ellipsize": .string("end")]),
    ]

    static let base: [String: SettingValue] = ["width": .number(220), "size": .number(17)]

    /// The request's settings: the base with the example's over it (a style replaces the base's size).
    static func settings(_ example: [String: SettingValue]) -> [String: SettingValue] {
        var settings = base.merging(example) { $1 }
        if example["style"] != nil || example["textAppearance"] != nil { settings["size"] = nil }
        return settings
    }

    /// A setting value as JSON text.
    static func json(_ value: SettingValue) -> String {
        switch value {
        case .string(let text): return "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .number(let number): return Points.format(number, decimals: 6)
        case .bool(let flag): return flag ? "true" : "false"
        case .list(let items): return "[" + items.map(json).joined(separator: ",") + "]"
        case .table, .null: return "null"
        }
    }

    /// A setting as command-line arguments, by the table's flag.
    static func arguments(_ key: String, _ value: SettingValue) -> [String] {
        let flag = Label.setting(key)!.flag
        switch value {
        case .bool(let flag2) where Label.setting(key)!.values == .bool && !["hangulWordPriority", "allCaps", "singleLine"].contains(key):
            return flag2 ? [flag] : []
        case .list(let items): return items.flatMap { item -> [String] in
            if case .string(let text) = item { return [flag, text] } else { return [] }
        }
        case .string(let text): return [flag, text]
        case .number(let number): return [flag, Points.format(number, decimals: 6)]
        case .bool(let flag2): return [flag, flag2 ? "true" : "false"]
        default: return []
        }
    }

    /// `docs/settings.md` holds the table as the code declares it.
    @Test func docsTable_isTheCodesTable() throws {
        let docs = try String(contentsOfFile: DoorAgreementTests.root + "/docs/settings.md", encoding: .utf8)
        #expect(docs.contains(Label.settingsMarkdown), "regenerate docs/settings.md's table from Label.settingsMarkdown")
        #expect(docs.contains(VerdictPolicy.settingsMarkdown), "regenerate docs/settings.md's policy table from VerdictPolicy.settingsMarkdown")
        #expect(Label.settingKeys == Label.settings.map(\.key))
    }

    /// `preview --help` lists every setting's flag, with each value of a choice, as the table says them.
    @Test func help_listsEverySettingAndItsValues() throws {
        let help = try CLITests.run(["preview", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ").joined(separator: " ")
        for setting in Label.settings + VerdictPolicy.settings {
            #expect(help.contains(setting.flag), "\(setting.flag)")
            for value in setting.values.allowed { #expect(help.contains(value), "\(setting.key): \(value)") }
            for alias in setting.aliases { #expect(help.contains(alias), "\(alias)") }
        }
    }

    /// Every setting, set at every door: the spec rule's label equals the request's; `measure`'s answer equals
    /// `preview`'s with the flag; and the answer differs from the base's, so the setting reached the verdict.
    @Test func everySetting_atEveryDoor_givesOneAnswer() throws {
        #expect(Set(Self.examples.keys) == Set(Label.settingKeys), "an example for every setting of the table")
        var requests: [String] = []
        let keys = Label.settingKeys
        for key in keys {
            let (text, example) = Self.examples[key]!
            let settings = Self.settings(example)
            let fields = settings.keys.sorted().map { "\"\($0)\":\(Self.json(settings[$0]!))" }
            requests.append("{\"text\":\"\(text)\",\(fields.joined(separator: ","))}")
            // The spec door (YAML read by the spec's reader) and the request door (JSON read by measure's reader)
            // decode the same label.
            let yaml = "default: {" + settings.keys.sorted().map { "\($0): \(Self.json(settings[$0]!))" }
                .joined(separator: ", ") + "}\n"
            let spec = try LayoutSpec.parse(yaml, path: "spec.yml")
            let request = try JSONRequest(bytes: Array(("{" + fields.joined(separator: ",") + "}").utf8))
            var decoded = Settings(request.fields, origin: "request")
            #expect(spec.defaultRule.label == (try Label(settings: &decoded)), "\(key)")
            // The base, for the difference.
            let baseFields = Self.base.keys.sorted().map { "\"\($0)\":\(Self.json(Self.base[$0]!))" }
            requests.append("{\"text\":\"\(text)\",\(baseFields.joined(separator: ","))}")
        }
        let measure = try CLITests.run(["measure", "--threads", "1"], stdin: requests.joined(separator: "\n") + "\n")
        let answers = measure.stdout.split(separator: "\n").map(String.init)
        try #require(answers.count == requests.count, "\(measure.stdout)\(measure.stderr)")
        /// The answer without its place in the batch, as sorted JSON text (compared as text: Foundation's
        /// dictionaries of bridged values do not compare reliably on Linux).
        func withoutLine(_ answer: String) throws -> String {
            var object = try #require(try JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [String: Any])
            object["line"] = nil
            object["id"] = nil
            return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        }
        for (index, key) in keys.enumerated() {
            let (text, example) = Self.examples[key]!
            let settings = Self.settings(example)
            let answer = try withoutLine(answers[2 * index])
            let baseAnswer = try withoutLine(answers[2 * index + 1])
            #expect(!answer.contains("\"error\""), "\(key): \(answers[2 * index])")
            #expect(answer != baseAnswer, "\(key) changed nothing")
            // The command line: every setting of the request as its flag (preview's own defaults are the base's).
            var arguments = ["preview", text, "--format", "json"]
            for name in settings.keys.sorted() { arguments += Self.arguments(name, settings[name]!) }
            let preview = try CLITests.run(arguments)
            let previewed = try withoutLine(preview.stdout)
            #expect(previewed == answer, "\(key): preview \(arguments) gave \(preview.stdout.prefix(300)) against \(answers[2 * index].prefix(300))")
        }
    }
}
