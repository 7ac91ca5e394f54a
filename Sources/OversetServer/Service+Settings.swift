import Overset
@_spi(OversetInternals) import OversetReports

extension OversetService {
    /// `GET /v1/settings`: the settings table (a label's and a policy's), the categories and the limits: what the
    /// page builds its controls from, so that its names are the spec's, `measure`'s and the CLI's.
    public func settings() -> ServerReply {
        var json = JSONWriter(capacity: 16 * 1024)
        json.beginObject()
        json.key("categories")
        json.beginArray()
        for category in ContentSizeCategory.allCases { json.string(category.higName) }
        json.endArray()
        // The bundled fonts a request's `fonts` may name, by file name (``RequestFonts``).
        json.member("fonts", strings: requestFonts.names)
        json.key("label")
        Self.write(Label.settings, to: &json)
        json.key("limits")
        json.beginObject()
        for limit in limits.table { json.key(escaping: limit.name); json.string(limit.value) }
        json.endObject()
        json.key("policy")
        Self.write(VerdictPolicy.settings, to: &json)
        json.endObject()
        return .json(json.bytes)
    }

    /// A setting's value as JSON (null for none).
    private static func write(_ value: SettingValue?, to json: inout JSONWriter) {
        switch value {
        case .string(let text)?: json.string(text)
        case .number(let number)?: json.number(number)
        case .bool(let flag)?: json.bool(flag)
        case .list(let items)?:
            json.beginArray()
            for item in items { write(item, to: &json) }
            json.endArray()
        case .table, .null, nil: json.null()
        }
    }

    private static func write(_ settings: [LabelSetting], to json: inout JSONWriter) {
        json.beginArray()
        for setting in settings {
            json.beginObject()
            json.member("default", setting.defaultValue)
            // The typed default on each platform (null: none), as the decoder applies it.
            json.key("defaults")
            json.beginObject()
            for platform in Platform.allCases {
                json.key(escaping: platform.rawValue)
                Self.write(setting.default.value(on: platform), to: &json)
            }
            json.endObject()
            json.member("flag", setting.flag)
            json.member("help", setting.help)
            json.member("key", setting.key)
            json.key("kind")
            switch setting.values {
            case .number(let range, _):
                json.string("number")
                json.member("maximum", range.upperBound)
                json.member("minimum", range.lowerBound)
            case .integer(let range):
                json.string("integer")
                json.member("maximum", range.upperBound)
                json.member("minimum", range.lowerBound)
            case .bool: json.string("bool")
            case .choice: json.string("choice")
            case .choiceOrNumber(_, let range):
                json.string("choiceOrNumber")
                json.member("maximum", range.upperBound)
                json.member("minimum", range.lowerBound)
            case .text: json.string("text")
            case .list: json.string("list")
            }
            json.member("platform", setting.platform?.rawValue)
            json.member("values", strings: setting.values.allowed.isEmpty ? nil : setting.values.allowed)
            json.endObject()
        }
        json.endArray()
    }
}
