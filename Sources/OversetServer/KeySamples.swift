import Overset
import OversetCatalog
import OversetMeasure
@_spi(OversetInternals) import OversetReports

/// The values a string's placeholders are measured with (`%@` as "Alexandra Montgomery-Fitzgerald"): the spec's
/// (its rule's `samples:`, else the spec's, else the long defaults), or those a request chose for some of them
/// (`"samples": {"%@": "Alex"}`, by the placeholder as written). The page shows them beside the edit, editable.
struct KeySamples {
    /// Each placeholder as written, once, in order, with the value it is measured with and whether the request
    /// chose it.
    var values: [(placeholder: String, value: String, chosen: Bool)] = []
    /// The text with the chosen values in place (the others are left for the check to replace with the spec's).
    var substituted: String

    /// The longest value a request may choose, in UTF-16 code units.
    static let maximumValueLength = 1_000

    /// - Throws: a `samples` member that is not an object of strings, or a value over its limit.
    init(_ entry: CatalogEntry, spec: LayoutSpec, chosen member: SettingValue?, limits: ServerLimits) throws(ServerError) {
        var chosen: [String: String] = [:]
        switch member {
        case nil, .null?: break
        case .table(let table)?:
            for (placeholder, value) in table {
                guard case .string(let text) = value else {
                    throw ServerError(.invalidRequest, "samples: \(placeholder.prefix(40)): expected a string")
                }
                guard text.utf16.count <= Self.maximumValueLength else {
                    throw ServerError(.tooLarge, "samples: \(placeholder.prefix(40)): a value of \(text.utf16.count) "
                        + "UTF-16 code units, more than \(Self.maximumValueLength)")
                }
                chosen[placeholder] = text
            }
        default:
            throw ServerError(.invalidRequest, "samples: expected an object of placeholder → value, such as {\"%@\": \"Alex\"}")
        }
        let text = entry.value
        let defaults = spec.rule(for: entry).samples ?? spec.samples
        var out = "", last = text.startIndex
        for token in FormatSpecifiers.tokens(in: text) {
            let written = String(text[token.range])
            let value = chosen[written] ?? defaults.values(for: [token]).first ?? written
            if !values.contains(where: { $0.placeholder == written }) {
                values.append((written, value, chosen[written] != nil))
            }
            out += text[last..<token.range.lowerBound]
            out += chosen[written] ?? written
            last = token.range.upperBound
        }
        substituted = out + text[last...]
        guard substituted.utf16.count <= limits.maximumTextLength else {
            throw ServerError(.tooLarge, "the text with its samples has \(substituted.utf16.count) UTF-16 code units, more "
                + "than maximumTextLength (\(limits.maximumTextLength))")
        }
    }

    /// `"samples": [{"chosen", "placeholder", "value"}]`.
    func write(to json: inout JSONWriter) {
        json.key("samples")
        json.beginArray()
        for sample in values {
            json.beginObject()
            json.key("chosen")
            json.bool(sample.chosen)
            json.member("placeholder", sample.placeholder)
            json.member("value", sample.value)
            json.endObject()
        }
        json.endArray()
    }
}
