import Foundation
import Overset

/// Distinct strings a selection meets (keys, tables, variants, kinds, languages, file paths), each kept once and
/// named by a number: what the selection remembers of every string it has seen is then a few numbers, not copies of
/// its key and text (each distinct key is kept once).
struct StringNumbers {
    private var numbers: [String: Int32] = [:]
    private var strings: [String] = []

    /// The number of `string`, given on first sight. (2³¹ distinct strings would need far more memory than a
    /// machine has before the number could overflow.)
    mutating func number(_ string: String) -> Int32 {
        if let number = numbers[string] { return number }
        let number = Int32(strings.count)
        numbers[string] = number
        strings.append(string)
        return number
    }

    /// The number of an optional string; -1 for nil.
    mutating func number(_ string: String?) -> Int32 { string.map { number($0) } ?? -1 }

    /// The number of a string seen before; nil for one never seen.
    func existing(_ string: String) -> Int32? { numbers[string] }

    /// The string of a number; nil for -1.
    subscript(number: Int32) -> String? { number < 0 ? nil : strings[Int(number)] }
}

/// The selection of a check made as strings are read (a JSON Lines catalog is read a block at a time): each string
/// is taken, or counted out with its reason, when it comes; what needs every string (the languages present, keys
/// with no translation, keys asked for that no catalog has, rules no key takes, repeats) is said at the end, from
/// what was kept of each string: its identity as numbers, a digest of its text and where it was read. The one
/// place a check's strings are selected: ``CatalogChecker/select(_:)`` and
/// ``CatalogChecker/check(_:progress:results:)`` both feed it.
struct SelectionStream {
    let spec: LayoutSpec
    let options: CheckOptions
    /// The categories checked.
    let categories: [TextSize]
    /// The languages asked for (canonical tags); nil takes every language present.
    private let asked: [String]?
    private let askedSet: Set<String>?
    private let wantedKeys: Set<String>?
    private var names = StringNumbers()
    /// The catalog files' paths, numbered apart from the keys (a place packs a file's number in 20 bits).
    private var files = StringNumbers()
    private var canonicalTags: [String: String] = [:]
    private var skipped: [String: Int] = [:]
    /// The keys read (only when keys are asked for by name, to say which are in no catalog).
    private var presentKeys: Set<String> = []
    private var available: Set<String> = []

    /// Rules no key takes: each distinct (table, key, kind) is given its rule once, in catalog order.
    private struct RuleIdentity: Hashable { var table: Int32; var key: Int32; var kind: Int32 }
    private var ruleIdentities: Set<RuleIdentity> = []
    private var ruleOrder: [RuleIdentity] = []
    private var usedRules: Set<Int> = []

    /// A (table, key, variant); with a language, a string's identity.
    private struct Display: Hashable { var table: Int32; var key: Int32; var variant: Int32 }
    private var displays: [Display: Int32] = [:]
    private var displayOrder: [Display] = []
    private struct Identity: Hashable { var display: Int32; var language: Int32 }
    /// The first string of each identity: its text's digest, and where it was read. (Sixteen bytes a string: this
    /// table is most of what a check keeps of a large catalog.)
    private struct First {
        var digest: UInt64
        /// The file's number (20 bits), the line (28 bits) and the column (16 bits), each + 1 (0: unknown); all 0
        /// when the place is in ``widePlaces``.
        var place: UInt64
    }
    private var first: [Identity: First] = [:]
    /// The first places that do not pack in 64 bits (a column past 65,535 on a minified line, a file past the
    /// millionth, a line past 2²⁸): rare, so kept whole.
    private var widePlaces: [Identity: CatalogLocation] = [:]
    private var repeatDiagnostics: [CatalogDiagnostic] = []

    init(spec: LayoutSpec, options: CheckOptions) {
        self.spec = spec
        self.options = options
        categories = options.textSizes(on: spec.platform) ?? spec.textSizes ?? TextSize.all(on: spec.platform)
        asked = (options.pseudo.map { [$0.languageCode] } ?? options.languages ?? spec.languages)?.map(LanguageTag.canonical)
        askedSet = asked.map(Set.init)
        wantedKeys = options.keys.map(Set.init)
    }

    /// The string to judge from `entry` (its language canonical, pseudo-localized when asked), or nil when it is
    /// not judged: then it is counted with its reason, or (a repeat with other text) judged and warned about.
    /// `sourceLanguage` is its catalog's (pseudo-localization starts from it).
    mutating func take(_ entry: CatalogEntry, sourceLanguage: String?) -> CatalogEntry? {
        // Rules are matched on every key of the catalogs, whatever is selected.
        let ruleIdentity = RuleIdentity(table: names.number(entry.table), key: names.number(entry.key),
                                        kind: names.number(entry.kind))
        if ruleIdentities.insert(ruleIdentity).inserted {
            ruleOrder.append(ruleIdentity)
            if let index = spec.ruleIndex(for: entry) { usedRules.insert(index) }
        }
        var entry = entry
        if let pseudo = options.pseudo {
            guard entry.language == (sourceLanguage ?? "en") else { return nil }
            entry.language = pseudo.languageCode
            entry.value = pseudo.apply(entry.value)
        }
        // Language tags compare as BCP 47 does (zh-hans = zh-Hans, Android's iw = he); reports use the canonical tag.
        let canonical = canonicalTags[entry.language] ?? LanguageTag.canonical(entry.language)
        canonicalTags[entry.language] = canonical
        entry.language = canonical
        // translatewiki's `qqq` is message documentation for translators, not a language a user sees.
        if canonical == "qqq" {
            skipped[Catalog.notUIText, default: 0] += 1
            return nil
        }
        if let wantedKeys {
            presentKeys.insert(entry.key)
            guard wantedKeys.contains(entry.key) else {
                skipped["key not selected", default: 0] += 1
                return nil
            }
        }
        if let placed = options.placedKeys, !placed.contains(entry.key) {
            skipped[CheckOptions.unplacedReason, default: 0] += 1
            return nil
        }
        available.insert(canonical)
        // A shard takes a stable share of the keys first, so that every count below is of its own keys only
        // (repeats share a key, so a shard: merged shards count each repeat once).
        if let shard = options.shard, CatalogChecker.shard(of: entry.key, count: shard.count) != shard.index {
            skipped[CheckReport.inAnotherShard, default: 0] += 1
            return nil
        }
        // Each (table, key, variant, language) once: a repeat with the same text (the English source of every XLIFF
        // file of an export) is counted as skipped; a repeat with other text is checked too and warned about, since
        // the two catalogs disagree.
        let display = Display(table: ruleIdentity.table, key: ruleIdentity.key, variant: names.number(entry.variant))
        let displayNumber: Int32
        if let number = displays[display] {
            displayNumber = number
        } else {
            displayNumber = Int32(displayOrder.count)
            displays[display] = displayNumber
            displayOrder.append(display)
        }
        let identity = Identity(display: displayNumber, language: names.number(canonical))
        let digest = Self.digest(entry.value)
        if let earlier = first[identity] {
            if earlier.digest == digest {
                skipped[CatalogChecker.repeatedString, default: 0] += 1
                return nil
            }
            let place = widePlaces[identity] ?? unpack(earlier.place)
            repeatDiagnostics.append(CatalogDiagnostic(.warning, entry.location, "\(entry.displayKey) (\(entry.language)) "
                + "differs from the same key at \(place); both are checked"))
        } else {
            let place = pack(entry.location)
            if place == 0 { widePlaces[identity] = entry.location }
            first[identity] = First(digest: digest, place: place)
        }
        if let askedSet, !askedSet.contains(canonical) {
            skipped["language not selected", default: 0] += 1
            return nil
        }
        return entry
    }

    /// A location in eight bytes (``First/place``), or 0 when it does not fit.
    private mutating func pack(_ location: CatalogLocation) -> UInt64 {
        let file = UInt64(files.number(location.file)) + 1
        let line = location.line.map { UInt64($0) + 1 } ?? 0
        let column = location.column.map { UInt64($0) + 1 } ?? 0
        guard file < 1 << 20, line < 1 << 28, column < 1 << 16 else { return 0 }
        return file << 44 | line << 16 | column
    }

    private func unpack(_ place: UInt64) -> CatalogLocation {
        let line = Int(place >> 16 & 0xFFF_FFFF), column = Int(place & 0xFFFF)
        return CatalogLocation(file: files[Int32(place >> 44) - 1] ?? "", line: line == 0 ? nil : line - 1,
                               column: column == 0 ? nil : column - 1)
    }

    /// Room for the strings a check expects to read, so that the table of first strings is not grown (and held
    /// twice while it moves) as they come. The count is a JSON Lines file's estimate (its bytes / 80): text much
    /// longer than that reserves room for strings that never come, at most 24 bytes a string estimated.
    mutating func reserve(_ count: Int) { first.reserveCapacity(min(max(0, count), 1 << 23)) }

    /// A digest of a string's text, to tell a repeat with the same text from one with other text without keeping
    /// the text: FNV-1a over its UTF-8, the same on every machine and run. Two different texts share a digest with
    /// a chance of about 2⁻⁶⁴ (the repeat would then be counted as the same string).
    static func digest(_ text: String) -> UInt64 {
        var hash = StableHash()
        hash.add(text)
        return hash.value ^ UInt64(text.utf8.count)
    }

    /// The selection's whole-catalog findings, once every string was taken: `catalogs` are the catalogs read (their
    /// entries gone), `counts` how many strings each gave, `unreadSources` how many files could not be read at all.
    /// The closing steps come in the order the report lists their findings.
    func finish(catalogs: [Catalog], counts: [Int], entries: [CatalogEntry], unreadSources: Int) -> CheckSelection {
        var diagnostics = spec.diagnostics + catalogs.flatMap(\.diagnostics)
        var skipped = skipped
        for catalog in catalogs {
            for (reason, count) in catalog.skipped { skipped[reason, default: 0] += count }
        }
        // Where a selection comes from, for its errors: the options, or the spec (its default rule's file).
        let specPlace = CatalogLocation(file: spec.defaultRule.location.file)
        let languagePlace = options.pseudo != nil || options.languages != nil ? CatalogLocation(file: "--languages") : specPlace
        let categoryPlace = options.categories != nil ? CatalogLocation(file: "--categories")
            : options.fontScales != nil ? CatalogLocation(file: "--font-scales") : specPlace
        if let refusal = spec.platform.rules.refusalOfOtherSizes(categories: options.categories != nil,
                                                                 fontScales: options.fontScales != nil, option: true) {
            diagnostics.append(CatalogDiagnostic(.error, categoryPlace, refusal))
        }
        diagnostics += missingKeys(catalogs: catalogs)
        var languages = asked ?? available.sorted()
        // A selection that measures nothing fails, naming what there is instead (never a pass with 0 checks).
        // (Keys asked for that no catalog has are their own error above: no language error after it.)
        let keysMissing = options.keys != nil && available.isEmpty
        // No catalog could be read at all: its error says so, and a language or rule error per name after it would
        // only bury it (the check fails on the read error).
        let nothingRead = available.isEmpty && (unreadSources > 0 || !catalogs.isEmpty)
            && catalogs.allSatisfy { $0.diagnostics.contains { $0.severity == .error } }
        for language in languages where !available.contains(language) && !keysMissing && !nothingRead {
            let what = options.keys.map { $0.count == 1 ? "no string of \"\($0[0])\"" : "no string of the selected keys" }
                ?? "no strings"
            diagnostics.append(CatalogDiagnostic(.error, languagePlace, "\(what) in language \"\(language)\" in any catalog "
                + "(the catalogs have: \(available.sorted().joined(separator: ", ")))"))
        }
        // No catalog at all (an app with no localized strings): said so, not as a language selection.
        let noCatalog = catalogs.isEmpty && unreadSources == 0
        if noCatalog {
            diagnostics.append(CatalogDiagnostic(.error, languagePlace, "no catalog to check (no `.xcstrings`, `.strings`, "
                + "`.stringsdict` or Android `strings.xml` was found): nothing is checked"))
        }
        // An empty list asked for (a key in no catalog is its own error above).
        if languages.isEmpty && (options.keys == nil || !available.isEmpty) && !nothingRead && !noCatalog {
            diagnostics.append(CatalogDiagnostic(.error, languagePlace, "no languages selected (an empty `languages` list or "
                + "--languages): nothing is checked"))
        }
        if categories.isEmpty {
            diagnostics.append(CatalogDiagnostic(.error, categoryPlace, "no categories selected (an empty `categories` list or "
                + "--categories): nothing is checked"))
        }
        for (catalog, count) in zip(catalogs, counts) where count == 0 && catalog.skipped.isEmpty
            && !catalog.diagnostics.contains(where: { $0.severity == .error }) {
            diagnostics.append(CatalogDiagnostic(.error, CatalogLocation(file: catalog.path), "no string of this catalog "
                + "can be checked (every one was skipped: see the warnings)"))
        }
        languages = languages.filter(available.contains)
        // A shard says how many strings went to the others, none included.
        if options.shard != nil { skipped[CheckReport.inAnotherShard, default: 0] += 0 }
        diagnostics += repeatDiagnostics
        let untranslated = untranslatedKeys(in: languages, skipped: &skipped)
        if !nothingRead { diagnostics += unusedRules(allRead: unreadSources == 0) }
        return CheckSelection(catalogs: catalogs, entries: entries, languages: languages, categories: categories,
                              diagnostics: diagnostics, skipped: skipped,
                              untranslated: untranslated.sorted { ($0.key, $0.language) < ($1.key, $1.language) },
                              languagePlace: languagePlace, nothingRead: nothingRead)
    }

    /// Keys asked for by name that no catalog has: an error each (never a pass with nothing checked), with the key
    /// of other letter case when a catalog has one.
    private func missingKeys(catalogs: [Catalog]) -> [CatalogDiagnostic] {
        guard let keys = options.keys else { return [] }
        var diagnostics: [CatalogDiagnostic] = []
        for key in keys where !presentKeys.contains(key) {
            let near = presentKeys.filter { $0.lowercased() == key.lowercased() }.sorted().first
            diagnostics.append(CatalogDiagnostic(.error, CatalogLocation(file: catalogs.map(\.path).joined(separator: ", ")),
                "no key \"\(key)\" in \(catalogs.count == 1 ? "the catalog" : "any of the \(catalogs.count) catalogs")"
                + (near.map { " (did you mean \"\($0)\"?)" } ?? "")))
        }
        return diagnostics
    }

    /// The keys that have a string in some language but not in one of `languages` (the languages checked), each
    /// (key, language) counted in `skipped`: counted, not hidden.
    private func untranslatedKeys(in languages: [String],
                                  skipped: inout [String: Int]) -> [(key: String, language: String)] {
        // Keys are grouped as reports name them (`table › key [variant]`). Each (table, key, variant) gets a bit
        // per language asked for, in one flat table; names are made only for those missing a language, and for the
        // others that share a name with one of them (a map of a set and a name per key was most of a large check's
        // peak).
        let wanted = languages.map { (language: $0, number: names.existing($0) ?? -1) }
        let words = (wanted.count + 63) / 64
        let bit = Dictionary(wanted.enumerated().map { ($0.element.number, $0.offset) }, uniquingKeysWith: { first, _ in first })
        var present = [UInt64](repeating: 0, count: displayOrder.count * words)
        var read = [Bool](repeating: false, count: displayOrder.count)  // a key with a string in any language
        for identity in first.keys {
            read[Int(identity.display)] = true
            guard let index = bit[identity.language] else { continue }
            present[Int(identity.display) * words + index / 64] |= 1 << UInt64(index % 64)
        }
        func isComplete(_ display: Int) -> Bool {
            !read[display] || (0..<wanted.count).allSatisfy { present[display * words + $0 / 64] & (1 << UInt64($0 % 64)) != 0 }
        }
        func name(_ display: Int) -> String {
            let key = displayOrder[display]
            return CatalogEntry.displayKey(table: names[key.table], key: names[key.key] ?? "", variant: names[key.variant])
        }
        var merged: [String: [UInt64]] = [:]
        for display in displayOrder.indices where !isComplete(display) { merged[name(display)] = [UInt64](repeating: 0, count: words) }
        if !merged.isEmpty {
            for display in displayOrder.indices where read[display] {
                let key = name(display)
                guard merged[key] != nil else { continue }
                for word in 0..<words { merged[key]![word] |= present[display * words + word] }
            }
        }
        var untranslated: [(key: String, language: String)] = []
        for (key, bits) in merged {
            for (index, (language, _)) in wanted.enumerated() where bits[index / 64] & (1 << UInt64(index % 64)) == 0 {
                skipped["no translation in \(language)", default: 0] += 1
                untranslated.append((key, language))
            }
        }
        return untranslated
    }

    /// The key nearest a rule's exact key or glob (``CatalogChecker/nearest(to:in:)``); nil for other patterns.
    private func nearestKey(to rule: LayoutRule) -> String? {
        switch rule.pattern {
        case .exact(let wanted), .glob(let wanted):
            return CatalogChecker.nearest(to: wanted, in: Set(ruleOrder.compactMap { names[$0.key] }))
        default:
            return nil
        }
    }

    /// Rules that take no key are probably typos: a rule no key got is tried on the distinct keys, within a budget
    /// of tries, to say whether it matches none or only keys an earlier rule takes.
    /// `allRead`: every source was read, so a key no catalog has is known to be absent (else its rule only warns:
    /// the key may be in the file that could not be read).
    private func unusedRules(allRead: Bool) -> [CatalogDiagnostic] {
        var budget = 1_000_000
        var out: [CatalogDiagnostic] = []
        // A placement's rules share their key (one check per place) and may name a key no catalog has (a SwiftUI
        // literal the catalog lacks): the placements report those, not the spec.
        for (index, rule) in spec.rules.enumerated() where !usedRules.contains(index) && rule.site == nil {
            var matches: Bool? = false
            for identity in ruleOrder {
                budget -= 1
                if budget < 0 { matches = nil; break }
                let entry = CatalogEntry(key: names[identity.key] ?? "", language: "", value: "", kind: names[identity.kind],
                                         location: CatalogLocation(file: ""), table: names[identity.table])
                if rule.matches(entry) { matches = true; break }
            }
            switch matches {
            case false?:
                // A rule for one key that no catalog has is a spec mistake (a typo: "Add to list" for "Add to
                // List"): an error that stops the run, so that the string it meant is never judged quietly by the
                // default rule. A pattern (glob, regex, kind) may be written for keys to come or for several apps'
                // catalogs: a warning.
                let near = nearestKey(to: rule).map { " (did you mean \"\($0)\"?)" } ?? ""
                if case .exact = rule.pattern, allRead {
                    out.append(CatalogDiagnostic(.error, rule.location, "\(rule.name) \(CheckReport.matchesNoKey)\(near)"))
                } else {
                    out.append(CatalogDiagnostic(.warning, rule.location, "\(rule.name) matches no key\(near)"))
                }
            case true?: out.append(CatalogDiagnostic(.warning, rule.location, "\(rule.name) takes no key: an earlier "
                + "rule takes every key it matches"))
            case nil: out.append(CatalogDiagnostic(.warning, rule.location, "\(rule.name) takes no key (it matches "
                + "none, or an earlier rule takes the keys it matches)"))
            }
        }
        return out
    }
}

extension CatalogChecker {
    /// The reason counted for a string read again from another catalog (an Xcode export's source strings, in
    /// every language's XLIFF file).
    public static let repeatedString = "the same string in another catalog"
}
