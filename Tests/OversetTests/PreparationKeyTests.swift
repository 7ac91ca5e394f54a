import Foundation
import Testing
@testable import Overset
import OversetMeasure

/// The preparation key (`Label.preparationKey(language:)`, the engine's `PreparationKey`) over the settings table:
/// for every setting, two labels that differ in it alone either have different keys, or lay a text out the same
/// whichever of the two prepared it. `measure` shares preparations by this key, so a setting that changed
/// preparation without changing the key would answer from the wrong preparation; this test fails then. A setting
/// added to the table without a pair of values here fails too.
struct PreparationKeyTests {
    /// Two values of each setting, on the platform that takes it, over a base label of that platform. Values are
    /// chosen to cross the lines that matter: Inter Display from 20 pt, a weight change, a named font.
    static func pairs() throws -> [String: (platform: Platform, a: SettingValue, b: SettingValue)] {
        let font = Fixtures.root + "/Fonts/NotoSans-Regular.ttf"
        return [
            "width": (.ios, .number(120), .number(300)),
            "style": (.ios, .string("body"), .string("headline")),
            "emphasized": (.ios, .bool(false), .bool(true)),
            "category": (.ios, .string("Large"), .string("AX3")),
            "size": (.ios, .number(17), .number(24)),
            "relativeTo": (.ios, .string("body"), .string("none")),
            "weight": (.ios, .string("regular"), .string("bold")),
            "maxLines": (.ios, .number(0), .number(1)),
            "strategy": (.ios, .string("pushOut"), .string("greedy")),
            "truncation": (.ios, .string("tail"), .string("middle")),
            "wrap": (.ios, .string("word"), .string("character")),
            "lineHeight": (.ios, .string("natural"), .number(30)),
            "lineHeightMultiple": (.ios, .number(1), .number(1.5)),
            "tracking": (.ios, .number(0), .number(2)),
            "fonts": (.ios, .list([]), .list([.string(font)])),
            "features": (.ios, .list([]), .list([.string("kern=0")])),
            "platformFonts": (.ios, .string(Fixtures.root + "/Fonts"), .string(Fixtures.root + "/Tests")),
            "foreground": (.ios, .string("#000000"), .string("#333333")),
            "background": (.ios, .string("#FFFFFF"), .string("#EEEEEE")),
            "darkForeground": (.ios, .string("#FFFFFF"), .string("#EEEEEE")),
            "darkBackground": (.ios, .string("#000000"), .string("#111111")),
            "minimumScaleFactor": (.ios, .number(0.5), .number(0.9)),
            "allowsTightening": (.ios, .bool(false), .bool(true)),
            "minimumCategory": (.ios, .string("xSmall"), .string("Large")),
            "maximumCategory": (.ios, .string("AX5"), .string("Large")),
            "boldText": (.ios, .bool(false), .bool(true)),
            "maximumPointSize": (.ios, .number(100), .number(15)),
            "hangulWordPriority": (.ios, .bool(false), .bool(true)),
            "platform": (.ios, .string("ios"), .string("android")),
            "fontScale": (.android, .number(1), .number(2)),
            "textAppearance": (.android, .string("bodyLarge"), .string("labelLarge")),
            "ellipsize": (.android, .string("none"), .string("end")),
            "autoSizeTextType": (.android, .string("none"), .string("uniform")),
            "autoSizeMinTextSize": (.android, .number(12), .number(9)),
            "allCaps": (.android, .bool(false), .bool(true)),
            "singleLine": (.android, .bool(false), .bool(true)),
            "markdown": (.ios, .bool(false), .bool(true)),
        ]
    }

    /// The base a pair is set over: a size label (a style where the pair is a style's setting), with a line limit
    /// where the pair needs one and the colours a contrast check needs together.
    static func values(_ key: String, _ value: SettingValue, on platform: Platform) -> [String: SettingValue] {
        var values: [String: SettingValue] = ["width": .number(160)]
        if platform == .android { values["platform"] = .string("android") }
        if ["style", "emphasized", "category", "minimumCategory", "maximumCategory"].contains(key) {
            values["style"] = .string("body")
        } else if platform == .ios, key != "platform" || value == .string("ios") {
            values["size"] = .number(17)
        }
        if ["minimumScaleFactor", "autoSizeTextType", "autoSizeMinTextSize", "truncation", "ellipsize"].contains(key) {
            values["maxLines"] = .number(1)
        }
        if key == "autoSizeMinTextSize" { values["autoSizeTextType"] = .string("uniform") }
        if ["foreground", "background", "darkForeground", "darkBackground"].contains(key) {
            values["foreground"] = .string("#000000")
            values["background"] = .string("#FFFFFF")
            values["darkForeground"] = .string("#FFFFFF")
            values["darkBackground"] = .string("#000000")
        }
        values[key] = value
        return values
    }

    static func label(_ key: String, _ value: SettingValue, on platform: Platform) throws -> Label {
        var settings = Settings(values(key, value, on: platform), origin: "test")
        return try Label(settings: &settings)
    }

    @Test func everySettingHasAPair() throws {
        let pairs = try Self.pairs()
        for setting in Label.settings {
            #expect(pairs[setting.key] != nil, "add two values of \(setting.key) to PreparationKeyTests.pairs")
        }
    }

    /// Equal keys lay out the same whichever label prepared the text; and the settings that change what is shaped
    /// (fonts, weight, design, features, the text's transforms, the platform's fonts) change the key.
    @Test func equalKeys_layOutTheSame_andShapingSettingsChangeTheKey() throws {
        let text = "Ärger **über** fi ffl Update Straße 한국어 테스트"
        var changed: Set<String> = []
        for (key, pair) in try Self.pairs() {
            // A folder that is not Apple's fonts is refused when loaded: the key still names it.
            if key == "platformFonts" { continue }
            let a = try Self.label(key, pair.a, on: pair.platform)
            let b = try Self.label(key, pair.b, on: key == "platform" ? .android : pair.platform)
            let keyA = try a.preparationKey(language: "de"), keyB = try b.preparationKey(language: "de")
            guard keyA == keyB else {
                changed.insert(key)
                continue
            }
            // The same key: B's layout of A's preparation is B's layout of its own.
            let byA = try a.prepare(text, language: "de").layout(b.layoutOptions)
            let byB = try b.prepare(text, language: "de").layout(b.layoutOptions)
            #expect(byA.lines.map(\.width) == byB.lines.map(\.width), "\(key): same key, different line widths")
            #expect(byA.lines.map(\.range) == byB.lines.map(\.range), "\(key): same key, different breaks")
            #expect(byA.isTruncated == byB.isTruncated && byA.height == byB.height, "\(key): same key, different layout")
        }
        let shaping: Set<String> = ["style", "emphasized", "category", "size", "weight", "fonts", "features", "boldText",
                                    "platform", "textAppearance", "allCaps", "markdown"]
        #expect(shaping.subtracting(changed).isEmpty, "these should change the key: \(shaping.subtracting(changed).sorted())")
        // Layout settings share a preparation: a check prepares a string once for all widths and lines.
        for key in ["width", "maxLines", "strategy", "truncation", "wrap", "tracking", "fontScale", "minimumScaleFactor", "singleLine"] {
            #expect(!changed.contains(key), "\(key) should not force a new preparation")
        }
    }

    /// `measure` answers from its cache of preparations as a fresh process does: for every pair, request B after
    /// request A in one session is answered as B alone.
    @Test func measure_answersFromItsCacheAsAFreshSession() throws {
        let text = "Ärger **über** fi ffl Update Straße"
        for (key, pair) in try Self.pairs() where key != "platformFonts" {
            func request(_ value: SettingValue, _ platform: Platform) throws -> String {
                var object: [String: Any] = ["id": 1, "text": text, "lang": "de"]
                for (name, setting) in Self.values(key, value, on: platform) { object[name] = Self.json(setting) }
                return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
            }
            let a = try request(pair.a, pair.platform)
            let b = try request(pair.b, key == "platform" ? .android : pair.platform)
            let session = Measurer()
            _ = session.answer(line: a)
            let afterA = session.answer(line: b)
            let fresh = Measurer().answer(line: b)
            #expect(afterA == fresh, "\(key): an answer from the session's cache differs from a fresh one")
            #expect(fresh?.contains("\"error\"") == false, "\(key): \(fresh ?? "")")
        }
    }

    static func json(_ value: SettingValue) -> Any {
        switch value {
        case .string(let text): text
        case .number(let number): number
        case .bool(let flag): flag
        case .list(let items): items.map(json)
        case .table(let table): table.mapValues(json)
        case .null: NSNull()
        }
    }
}
