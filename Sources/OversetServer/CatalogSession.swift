import Foundation
import Overset
import OversetCatalog
import OversetMeasure
import OversetPictures
import OversetPlacements
@_spi(OversetInternals) import OversetReports

/// Catalog mode: the catalogs and the spec read once at start, every string judged once, and what the page asks of
/// them: the grid of keys × languages, one string's check (as it is, or with an edited text), and the edits as
/// XLIFF. No request names a file: everything answered comes from what was loaded here.
public final class CatalogSession: Sendable {
    /// One string's place in the grid.
    struct Cell: Sendable {
        var entry: CatalogEntry
        var status: VerdictStatus
        /// Whether every failing finding is in the baseline (a known finding, not a new one).
        var known: Bool
    }

    let checker: CatalogChecker
    let categories: [TextSize]
    let languages: [String]
    let sourceLanguage: String
    /// The strings by their display key (table › key [variant]), then language.
    let cells: [String: [String: Cell]]
    /// The display keys, failures first (the worst cell's status), then by key.
    let order: [String]
    /// Rule names by display key.
    let rules: [String: String]
    /// Where the app shows each key, when its rule came from a placement (`file:line`).
    let sites: [String: String]
    /// What reading and selecting said (unreadable files, rules matching nothing), shown above the grid.
    let diagnostics: [String]

    /// Reads the catalogs (files or folders) and the spec, and judges every string.
    /// - Throws: what `overset check` would stop on: a spec mistake, a catalog that cannot be found.
    public convenience init(catalogs paths: [String], spec specPath: String, baseline baselinePath: String? = nil) throws {
        try self.init(catalogs: paths, spec: try LayoutSpec.read(path: specPath, judging: paths),
                      baseline: baselinePath)
    }

    /// An app folder read with its placements: each key judged with the label the app shows it with (the spec
    /// `overset check APP_DIR` makes, ``/OversetPlacements/PlacementReport/checkPlan(base:appFolder:)``), keys with
    /// no placement listed in the diagnostics, never passed.
    public convenience init(app: String, placements report: PlacementReport, baseline baselinePath: String? = nil) throws {
        let plan = report.checkPlan(base: nil, appFolder: app)
        var options = CheckOptions()
        plan.apply(to: &options)
        try self.init(catalogs: [app], spec: plan.spec, options: options, baseline: baselinePath,
                      notes: plan.diagnostics.map(\.description))
    }

    /// The catalogs at `paths` judged against `spec`.
    init(catalogs paths: [String], spec: LayoutSpec, options: CheckOptions = CheckOptions(), baseline baselinePath: String?,
         notes: [String] = []) throws {
        var catalogs: [Catalog] = []
        for path in paths { catalogs += try Catalog.readAll(path: path) }
        let checker = try CatalogChecker(spec: spec, options: options)
        let selection = checker.select(catalogs)
        let baseline = try baselinePath.map { Set(try Baseline.read(path: $0).failures) }
        var cells: [String: [String: Cell]] = [:]
        var rules: [String: String] = [:]
        var sites: [String: String] = [:]
        for entry in selection.entries {
            let (result, _) = checker.judge(entry, categories: selection.categories)
            let failing = result.outcomes.contains { $0.status.fails }
            let known = failing && baseline.map { known in result.failureEntries.allSatisfy(known.contains) } ?? false
            let name = result.displayKey
            cells[name, default: [:]][entry.language] = Cell(entry: entry, status: result.status, known: known)
            rules[name] = result.rule
            if let site = result.site { sites[name] = site.description }
        }
        func worst(_ name: String) -> VerdictStatus {
            cells[name]?.values.filter { !$0.known }.map(\.status).max() ?? .pass
        }
        self.checker = checker
        self.categories = selection.categories
        self.languages = selection.languages
        self.sourceLanguage = catalogs.first?.sourceLanguage ?? "en"
        self.cells = cells
        self.rules = rules
        self.sites = sites
        self.order = cells.keys.sorted { (worst($0), $1) > (worst($1), $0) }
        self.diagnostics = notes + selection.diagnostics.map(\.description)
    }

    /// `GET /v1/catalog`: `{"languages", "categories", "diagnostics", "keys": [{"key", "rule", "site"?, "status", "cells":
    /// {"de": {"status", "text", "known"}}}]}`, failures first.
    public func grid() -> ServerReply {
        var json = JSONWriter(capacity: 256 * cells.count)
        json.beginObject()
        json.key("categories")
        json.beginArray()
        for category in categories { json.string(category.name) }
        json.endArray()
        json.member("diagnostics", strings: diagnostics)
        json.key("keys")
        json.beginArray()
        for name in order {
            guard let row = cells[name] else { continue }
            json.beginObject()
            json.key("cells")
            json.beginObject()
            for language in row.keys.sorted() {
                let cell = row[language]!
                json.key(escaping: language)
                json.beginObject()
                json.key("known")
                json.bool(cell.known)
                json.member("status", cell.status.rawValue)
                json.member("text", cell.entry.value)
                json.endObject()
            }
            json.endObject()
            json.member("key", name)
            // What the translator translates from, and the catalog's note for them.
            let source = row[sourceLanguage]?.entry
            json.member("note", source?.comment ?? row.values.lazy.compactMap(\.entry.comment).first)
            json.member("rule", rules[name])
            json.member("site", sites[name])
            json.member("source", source?.value)
            json.member("status", (row.values.filter { !$0.known }.map(\.status).max() ?? .pass).rawValue)
            json.endObject()
        }
        json.endArray()
        json.member("languages", strings: languages)
        json.endObject()
        return .json(json.bytes)
    }

    /// `POST /v1/catalog/check`: `{"key", "language", "text"?}` (`key` as the grid names it); the string judged at
    /// every category, as it is or with `text` in its place: `{"result": <the JSON report's result>, "pictures":
    /// [{"category", "svg"}]}`. The catalog on disk is never written.
    public func check(_ body: [UInt8], limits: ServerLimits) -> ServerReply {
        let object: [String: SettingValue]
        do {
            object = try JSONRequest(bytes: body).fields
        } catch {
            return .error(ServerError(.invalidRequest, "not valid JSON: " + error.message))
        }
        guard case .string(let key)? = object["key"], case .string(let language)? = object["language"] else {
            return .error(ServerError(.invalidRequest, "expected {\"key\", \"language\", \"text\"?, \"samples\"?}: key and language as strings"))
        }
        if let refusal = Self.refuseUnknownMembers(object, known: ["key", "language", "text", "samples"]) { return .error(refusal) }
        guard var cell = cells[key]?[language] else {
            return .error(ServerError(.notFound, "no string \"\(key.prefix(200))\" in \(language.prefix(40)) in the loaded "
                + "catalogs" + hint(key)))
        }
        if let text = object["text"] {
            guard case .string(let text) = text else { return .error(ServerError(.invalidRequest, "text: expected a string")) }
            guard text.utf16.count <= limits.maximumTextLength else {
                return .error(ServerError(.tooLarge, "the text has \(text.utf16.count) UTF-16 code units, more than "
                    + "maximumTextLength (\(limits.maximumTextLength))"))
            }
            cell.entry.value = text
            cell.entry.runs = nil
        }
        let samples: KeySamples
        do {
            samples = try KeySamples(cell.entry, spec: checker.spec, chosen: object["samples"], limits: limits)
        } catch {
            return .error(error)
        }
        var judged = cell.entry
        judged.value = samples.substituted
        if judged.value != cell.entry.value { judged.runs = nil }
        let (result, verdicts) = checker.judge(judged, categories: categories)
        return .json(checkAnswer(result: result, verdicts: verdicts, text: cell.entry.value, samples: samples,
                                 language: language, limits: limits))
    }

    /// `{"pictures", "result", "rooms", "samples", "warnings"}`: the check report's result (its text the string as
    /// written), each category's room and picture (pictures left out past ``ServerLimits/maximumAnswerBytes``),
    /// and the samples its placeholders were measured with.
    func checkAnswer(result: CheckResult, verdicts: [Verdict?], text: String, samples: KeySamples, language: String,
                     limits: ServerLimits) -> [UInt8] {
        var json = JSONWriter(capacity: 8192 * categories.count)
        var omitted = 0
        json.beginObject()
        json.key("pictures")
        json.beginArray()
        for (category, verdict) in zip(categories, verdicts) {
            json.beginObject()
            json.member("category", category.name)
            if let verdict {
                let options = PictureOptions(styledFont: verdict.label.styledFont, language: language)
                let svg = verdict.picture(options: options).svg()
                if json.count + svg.utf8.count < limits.maximumAnswerBytes { json.member("svg", svg) } else { omitted += 1 }
            }
            json.endObject()
        }
        json.endArray()
        json.key("result")
        var shown = result
        shown.text = text
        shown.write(to: &json)
        json.key("rooms")
        json.beginArray()
        for (category, verdict) in zip(categories, verdicts) {
            guard let verdict else { continue }
            json.beginObject()
            json.member("category", category.name)
            json.key("room")
            Room(verdict).write(to: &json)
            json.endObject()
        }
        json.endArray()
        samples.write(to: &json)
        json.key("warnings")
        json.beginArray()
        if omitted > 0 {
            json.string("\(omitted) pictures left out: the answer would be larger than maximumAnswerBytes "
                + "(\(limits.maximumAnswerBytes >> 20) MiB)")
        }
        json.endArray()
        json.endObject()
        return json.bytes
    }

    /// `POST /v1/catalog/xliff`: `{"edits": [{"key", "language", "text"}]}`; the edited strings as an XLIFF 1.2
    /// document a translator imports (`text/xml`), for the catalogs on disk are never written by the server.
    public func xliff(_ body: [UInt8], limits: ServerLimits) -> ServerReply {
        let object: [String: SettingValue]
        do {
            object = try JSONRequest(bytes: body).fields
        } catch {
            return .error(ServerError(.invalidRequest, "not valid JSON: " + error.message))
        }
        guard case .list(let items)? = object["edits"] else {
            return .error(ServerError(.invalidRequest, "expected {\"edits\": [{\"key\", \"language\", \"text\"}]}"))
        }
        if let refusal = Self.refuseUnknownMembers(object, known: ["edits"]) { return .error(refusal) }
        // XLIFF 1.2 needs a <file> at least (its schema's xliff element): with no edit there is no document to give.
        guard !items.isEmpty else {
            return .error(ServerError(.invalidRequest, "edits: an empty list: there are no edits to download"))
        }
        // The last edit of a (key, language) wins, as in the page, where each keystroke replaces the one before.
        var edited: [String: CatalogEntry] = [:]
        var order: [String] = []
        for (index, item) in items.enumerated() {
            guard case .table(let edit) = item else {
                return .error(ServerError(.invalidRequest, "edit \(index + 1): expected {\"key\", \"language\", \"text\"}"))
            }
            if let refusal = Self.refuseUnknownMembers(edit, known: ["key", "language", "text"], what: "edit \(index + 1)") {
                return .error(refusal)
            }
            guard case .string(let key)? = edit["key"], case .string(let language)? = edit["language"],
                  case .string(let text)? = edit["text"] else {
                return .error(ServerError(.invalidRequest, "edit \(index + 1): expected {\"key\", \"language\", \"text\"} as strings"))
            }
            guard text.utf16.count <= limits.maximumTextLength else {
                return .error(ServerError(.tooLarge, "edit \(index + 1): the text has \(text.utf16.count) UTF-16 code units, "
                    + "more than maximumTextLength (\(limits.maximumTextLength))"))
            }
            guard var entry = cells[key]?[language]?.entry else {
                return .error(ServerError(.notFound, "edit \(index + 1): no string \"\(key.prefix(200))\" in \(language.prefix(40)) "
                    + "in the loaded catalogs" + hint(key)))
            }
            entry.value = text
            entry.runs = nil
            let id = key + "\u{0}" + language
            if edited[id] == nil { order.append(id) }
            edited[id] = entry
        }
        var entries = order.compactMap { edited[$0] }
        // Each edited string's source: the source language's string of the same key and variant, else of the same
        // key with no variant (a device or plural variant of a plain English string), paired with the edit's variant;
        // else the key itself.
        for entry in entries where entry.language != sourceLanguage {
            guard !entries.contains(where: { $0.language == sourceLanguage && $0.key == entry.key && $0.variant == entry.variant
                                             && $0.table == entry.table }) else { continue }
            let plain = CatalogEntry.displayKey(table: entry.table, key: entry.key, variant: nil)
            // With no source-language string at all, the key stands as the source, as Xcode exports such a key.
            var source = cells[entry.displayKey]?[sourceLanguage]?.entry ?? cells[plain]?[sourceLanguage]?.entry
                ?? CatalogEntry(key: entry.key, language: sourceLanguage, value: entry.key, location: entry.location)
            source.language = sourceLanguage
            source.variant = entry.variant
            source.table = entry.table
            entries.append(source)
        }
        do {
            let data = try CatalogWriter.write(entries, format: .xliff, sourceLanguage: sourceLanguage, translatedOnly: true)
            return ServerReply(status: 200, contentType: "application/xml; charset=utf-8", body: [UInt8](data))
        } catch {
            return .error(ServerError(.invalidRequest, "cannot write the edits as XLIFF: \(error)"))
        }
    }

    /// A refusal naming a member not in `known` (and the nearest known one), as `/v1/measure` refuses an unknown
    /// setting; nil when every member is known.
    static func refuseUnknownMembers(_ object: [String: SettingValue], known: [String],
                                     what: String = "request") -> ServerError? {
        guard let unknown = object.keys.sorted().first(where: { !known.contains($0) }) else { return nil }
        let nearest = Settings.nearest(unknown, in: known).map { " (did you mean \"\($0)\"?)" } ?? ""
        return ServerError(.invalidRequest, "\(what): unknown member \"\(unknown.prefix(40))\"\(nearest)")
    }

    /// For a key the grid does not have: the grid's keys that start with it (its variants), as a hint.
    func hint(_ key: String) -> String {
        let variants = cells.keys.filter { $0.hasPrefix(key + " [") }.sorted().prefix(5)
        return variants.isEmpty ? "" : " (the grid names its variants: " + variants.joined(separator: ", ") + ")"
    }
}
