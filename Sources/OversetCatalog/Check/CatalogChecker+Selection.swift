import Foundation
import Overset

/// What a check selects before it measures: which rule takes each key, and which strings are repeats.
extension CatalogChecker {
    /// Rules that take no key are probably typos: each key of the catalogs (any language) is given its rule once,
    /// through the spec's index; a rule no key got is tried on the distinct keys, within a budget of tries, to say
    /// whether it matches none or only keys an earlier rule takes.
    func unusedRules(_ catalogs: [Catalog]) -> [CatalogDiagnostic] {
        struct Identity: Hashable { var table: String?; var key: String; var kind: String? }
        // In catalog order, so that the same input gives the same words, budget or not.
        var seen = Set<Identity>()
        var distinct: [CatalogEntry] = []
        for catalog in catalogs {
            for entry in catalog.entries where seen.insert(Identity(table: entry.table, key: entry.key, kind: entry.kind)).inserted {
                distinct.append(entry)
            }
        }
        var used = Set<Int>()
        for entry in distinct { if let index = spec.ruleIndex(for: entry) { used.insert(index) } }
        var budget = 1_000_000
        var out: [CatalogDiagnostic] = []
        for (index, rule) in spec.rules.enumerated() where !used.contains(index) {
            var matches: Bool? = false
            for entry in distinct {
                budget -= 1
                if budget < 0 { matches = nil; break }
                if rule.matches(entry) { matches = true; break }
            }
            switch matches {
            case false?: out.append(CatalogDiagnostic(.warning, rule.location, "\(rule.name) matches no key"))
            case true?: out.append(CatalogDiagnostic(.warning, rule.location, "\(rule.name) takes no key: an earlier "
                + "rule takes every key it matches"))
            case nil: out.append(CatalogDiagnostic(.warning, rule.location, "\(rule.name) takes no key (it matches "
                + "none, or an earlier rule takes the keys it matches)"))
            }
        }
        return out
    }

    /// The reason counted for a string read again from another catalog (an Xcode export's source strings, in
    /// every language's XLIFF file).
    public static let repeatedString = "the same string in another catalog"

    /// Keeps each (table, key, variant, language) of `entries` once, in order: a repeat with the same text (the
    /// English source of every XLIFF file of an export) is counted as skipped; a repeat with other text is checked
    /// too and warned about, since the two catalogs disagree.
    static func removeRepeats(_ entries: inout [CatalogEntry], diagnostics: inout [CatalogDiagnostic],
                              skipped: inout [String: Int]) {
        struct Identity: Hashable { var table: String?; var key: String; var variant: String?; var language: String }
        // Each identity's first entry by its index among those kept (entries are compacted in place): a catalog of
        // 250,000 strings kept a copy of every entry here, more memory than the entries themselves.
        var first: [Identity: Int] = [:]
        first.reserveCapacity(entries.count)
        var kept = 0
        for index in entries.indices {
            let entry = entries[index]
            let identity = Identity(table: entry.table, key: entry.key, variant: entry.variant, language: entry.language)
            if let earlier = first[identity] {
                if entries[earlier].value == entry.value {
                    skipped[repeatedString, default: 0] += 1
                    continue
                }
                diagnostics.append(CatalogDiagnostic(.warning, entry.location, "\(entry.displayKey) (\(entry.language)) "
                    + "differs from the same key at \(entries[earlier].location); both are checked"))
            } else {
                first[identity] = kept
            }
            if kept != index { entries[kept] = entry }
            kept += 1
        }
        entries.removeLast(entries.count - kept)
    }
}
