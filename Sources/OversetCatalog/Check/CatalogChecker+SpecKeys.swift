import Foundation
import Overset

extension CatalogChecker {
    /// The spec's `key:` rules that name a key no source has, each an error naming the nearest key: found before
    /// anything is measured, so that `overset check` stops with exit 2 on a typo (`"Add to list"` for
    /// `"Add to List"`) instead of judging the string by the default rule. Reads the sources' keys only when the
    /// spec has such rules (a String Catalog or JSON Lines file is read once more for them, which costs far less
    /// than measuring its strings). When a source cannot be read, none is named: the key may be in it, and the
    /// check reports the file.
    public func rulesNamingAbsentKeys(in sources: [CatalogSource]) -> [CatalogDiagnostic] {
        let rules = spec.rules.filter { rule in
            guard rule.site == nil, case .exact = rule.pattern else { return false }  // a placement's key may be in no catalog
            return true
        }
        guard !rules.isEmpty else { return [] }
        var unmatched = Array(rules.indices)
        var keys: Set<String> = []
        func see(_ entries: [CatalogEntry]) {
            for entry in entries {
                keys.insert(entry.key)
                unmatched.removeAll { rules[$0].matches(entry) }
            }
        }
        for source in sources {
            switch source.storage {
            case .read(let catalog): see(catalog.entries)
            case .stringCatalog(let path):
                guard var stream = try? XCStringsFormat.Stream(path: path) else { return [] }
                while let entries = stream.next() { see(entries) }
            case .jsonLines(let path):
                var stream = JSONLinesFormat.Stream(path: path, blockSize: source.blockSize, maximumLine: source.maximumLine)
                while let entries = stream.next() { see(entries) }
            case .unreadable:
                // The key may be in the file that could not be read: the check reports that file, and says
                // nothing about keys it cannot see.
                return []
            }
        }
        return unmatched.map { index in
            let rule = rules[index]
            guard case .exact(let wanted) = rule.pattern else { return CatalogDiagnostic(.error, rule.location, rule.name) }
            let near = Self.nearest(to: wanted, in: keys).map { " (did you mean \"\($0)\"?)" } ?? ""
            return CatalogDiagnostic(.error, rule.location, "\(rule.name) \(CheckReport.matchesNoKey)\(near)")
        }
    }

    /// The key nearest `wanted` by edit distance over lower-cased text, at most a third of its length away, within
    /// a budget of comparisons; nil when none is near.
    static func nearest(to wanted: String, in keys: some Collection<String>) -> String? {
        let target = Array(wanted.lowercased().unicodeScalars)
        guard !target.isEmpty, target.count <= 200 else { return nil }
        var best: (key: String, distance: Int)? = nil
        var budget = 20_000
        for key in keys.sorted() {
            budget -= 1
            if budget < 0 { break }
            let candidate = Array(key.lowercased().unicodeScalars)
            guard abs(candidate.count - target.count) <= max(1, target.count / 3) else { continue }
            let distance = Settings.editDistance(target, candidate)
            if distance <= max(1, target.count / 3), distance < (best?.distance ?? .max) { best = (key, distance) }
        }
        return best?.key
    }
}
