import Foundation
import OversetLabel

extension CatalogLocation {
    func write(to json: inout JSONWriter) {
        json.beginObject()
        json.member("column", column)
        json.member("file", file)
        json.member("line", line)
        json.endObject()
    }
}

extension CheckResult {
    /// The result as one line of JSON (what `JSONEncoder` writes for it, compact, keys sorted).
    package func write(to json: inout JSONWriter) {
        json.beginObject()
        json.member("failingLines", strings: failingLines)
        if let headroom {
            json.key("headroom")
            json.beginObject()
            json.member("category", headroom.category)
            json.member("characters", headroom.characters)
            json.member("percent", headroom.percent)
            json.member("points", headroom.points)
            json.endObject()
        }
        if let hiddenText { json.member("hiddenText", hiddenText) }
        json.member("key", key)
        json.member("language", language)
        json.key("location")
        location.write(to: &json)
        json.member("maxLines", maxLines)
        json.key("outcomes")
        json.beginArray()
        for outcome in outcomes {
            json.beginObject()
            json.member("category", outcome.category)
            json.member("linesNeeded", outcome.linesNeeded)
            json.member("orientation", outcome.orientation)
            json.member("pointSize", outcome.pointSize)
            json.key("problems")
            json.beginArray()
            for problem in outcome.problems { problem.write(to: &json) }
            json.endArray()
            json.member("status", outcome.status.rawValue)
            json.member("width", outcome.width)
            json.endObject()
        }
        json.endArray()
        json.member("picture", picture)
        json.member("rule", rule)
        if let site {
            json.key("site")
            site.write(to: &json)
        }
        json.member("style", style)
        json.member("table", table)
        json.member("text", text)
        json.member("variant", variant)
        json.endObject()
    }

    /// The result as one line of JSON.
    package var jsonLine: String { String(decoding: jsonBytes, as: UTF8.self) }

    /// The result as one line of JSON, in UTF-8.
    package var jsonBytes: [UInt8] {
        var json = JSONWriter(capacity: 256 + 128 * outcomes.count)
        write(to: &json)
        return json.bytes
    }
}

extension CheckReport {
    /// How a JSON report begins: its results follow, one a line (``CheckResult/jsonLine``), separated by commas.
    package static let jsonHead = "{\n\"results\": [\n"

    /// How a JSON report ends, after its results: every member but the results, one a line.
    package func jsonTail() throws -> String {
        var out = "\n],\n"
        func member(_ name: StaticString, _ write: (inout JSONWriter) -> Void) {
            var json = JSONWriter()
            write(&json)
            out += "\"\(name)\": " + json.text + ",\n"
        }
        if let baseline {
            member("baseline") { json in
                json.beginObject()
                json.key("fixed")
                Self.write(baseline.fixed, to: &json)
                json.member("known", baseline.known)
                json.key("new")
                Self.write(baseline.new, to: &json)
                json.member("newFailures", baseline.newFailures)
                json.endObject()
            }
        }
        member("catalogs") { $0.beginArray(); for catalog in catalogs { $0.string(catalog) }; $0.endArray() }
        if let coverage {
            member("coverage") { json in
                json.beginObject()
                json.member("judged", coverage.judged)
                json.member("keys", coverage.keys)
                json.key("notJudged")
                json.beginArray()
                for reason in coverage.notJudged {
                    json.beginObject()
                    json.member("count", reason.count)
                    json.member("reason", reason.reason)
                    json.endObject()
                }
                json.endArray()
                json.member("sentence", coverage.sentence)
                json.endObject()
            }
        }
        member("categories") { $0.beginArray(); for category in categories { $0.string(category) }; $0.endArray() }
        member("counts") { json in
            json.beginObject()
            json.member("checks", counts.checks)
            json.member("failed", counts.failed)
            json.member("passed", counts.passed)
            json.member("strings", counts.strings)
            json.member("unknown", counts.unknown)
            json.member("warnings", counts.warnings)
            json.endObject()
        }
        member("diagnostics") { json in
            json.beginArray()
            for diagnostic in diagnostics {
                json.beginObject()
                json.key("location")
                diagnostic.location.write(to: &json)
                json.member("message", diagnostic.message)
                json.member("severity", diagnostic.severity.rawValue)
                json.endObject()
            }
            json.endArray()
        }
        if let fingerprint { member("fingerprint") { $0.string(fingerprint) } }
        member("languages") { $0.beginArray(); for language in languages { $0.string(language) }; $0.endArray() }
        // The release that gave these verdicts.
        member("overset") { $0.string(OversetVersion.current) }
        if let shard { member("shard") { $0.string(shard) } }
        member("skipped") { json in
            json.beginArray()
            for skip in skipped {
                json.beginObject()
                json.member("count", skip.count)
                json.member("reason", skip.reason)
                json.endObject()
            }
            json.endArray()
        }
        out.removeLast(2)
        return out + "\n}\n"
    }

    private static func write(_ entries: [Baseline.Entry], to json: inout JSONWriter) {
        json.beginArray()
        for entry in entries { entry.write(to: &json) }
        json.endArray()
    }
}

extension Baseline.Entry {
    /// `{"category", "key", "kind", "language", "table", "variant"}`, nil members left out: the one form of an
    /// entry, in a baseline file and in a report's baseline comparison.
    func write(to json: inout JSONWriter) {
        json.beginObject()
        json.member("category", category)
        json.member("key", key)
        json.member("kind", kind.rawValue)
        json.member("language", language)
        json.member("table", table)
        json.member("variant", variant)
        json.endObject()
    }
}
