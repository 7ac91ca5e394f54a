import Foundation

/// Which rule of a spec takes a key, without trying every rule on every key: exact keys and kinds are looked up,
/// globs are found by their literal prefix (a key tries only the globs whose text before the first wildcard begins
/// it) and matched without a regular expression, and only regular expressions, globs with `[…]` classes and globs that
/// start with a wildcard are tried on every key. 5,000 glob rules × 5,000 keys took 106 s through
/// `NSRegularExpression`; this is a few lookups a key.
struct RuleIndex: Sendable {
    private var exact: [String: Int] = [:]
    /// Every rule made from a placement (``LayoutRule/site``), by its key: a key placed at several places has one
    /// rule for each.
    private var sited: [String: [Int]] = [:]
    private var kinds: [String: Int] = [:]
    /// Globs of `*` and `?` by their literal prefix, each with its rule's index, in rule order.
    private var prefixed: [String: [(rule: Int, glob: [Unicode.Scalar])]] = [:]
    /// The lengths (in scalars) of the prefixes in `prefixed`.
    private var prefixLengths: [Int] = []
    /// Rules tried on every key: regular expressions, globs with classes or a leading wildcard, in rule order.
    private var everyKey: [Int] = []
    private var matchesAll: Int? = nil

    init(_ rules: [LayoutRule]) {
        var lengths = Set<Int>()
        for (index, rule) in rules.enumerated() {
            switch rule.pattern {
            case .exact(let key):
                if exact[key] == nil { exact[key] = index }
                if rule.site != nil { sited[key, default: []].append(index) }
            case .kind(let kind): if kinds[kind] == nil { kinds[kind] = index }
            case .all: if matchesAll == nil { matchesAll = index }
            case .regex: everyKey.append(index)
            case .glob(let glob):
                let scalars = Array(glob.unicodeScalars)
                let prefix = scalars.prefix { $0 != "*" && $0 != "?" && $0 != "[" && $0 != "]" }
                if scalars.contains("[") || scalars.contains("]") || prefix.isEmpty {
                    everyKey.append(index)
                } else {
                    var key = ""
                    key.unicodeScalars.append(contentsOf: prefix)
                    prefixed[key, default: []].append((index, scalars))
                    lengths.insert(prefix.count)
                }
            }
        }
        prefixLengths = lengths.sorted()
    }

    /// The indexes of the placements' rules of `entry`'s key, in rule order (``LayoutSpec/rules(for:)``).
    func sitedRules(for entry: CatalogEntry) -> [Int] {
        guard !sited.isEmpty else { return [] }
        let tabled = entry.table.flatMap { sited["\($0) › \(entry.key)"] } ?? []
        return tabled.isEmpty ? sited[entry.key] ?? [] : ((sited[entry.key] ?? []) + tabled).sorted()
    }

    /// The index of the first rule that takes `entry`, or nil for the default rule.
    func firstRule(for entry: CatalogEntry, in rules: [LayoutRule]) -> Int? {
        var best = matchesAll ?? Int.max
        let names = [entry.key] + (entry.table.map { ["\($0) › \(entry.key)"] } ?? [])
        for name in names {
            if let index = exact[name] { best = min(best, index) }
            guard !prefixLengths.isEmpty else { continue }  // no glob to find by prefix: no copy of the key
            let scalars = Array(name.unicodeScalars)
            for length in prefixLengths where length <= scalars.count {
                var prefix = ""
                prefix.unicodeScalars.append(contentsOf: scalars[..<length])
                // In rule order: the first that matches is the earliest of this list.
                for candidate in prefixed[prefix] ?? [] where candidate.rule < best {
                    if Self.glob(candidate.glob, matches: scalars) {
                        best = candidate.rule
                        break
                    }
                }
            }
        }
        if let kind = entry.kind, let index = kinds[kind] { best = min(best, index) }
        for index in everyKey where index < best {
            if rules[index].matches(entry) {
                best = index
                break
            }
        }
        return best == Int.max ? nil : best
    }

    /// Whether a glob of `*` and `?` matches all of `text`, as its regular expression (`.*` and `.`) would: a
    /// wildcard matches any scalar but a line terminator. Linear backtracking over the last star.
    static func glob(_ pattern: [Unicode.Scalar], matches text: [Unicode.Scalar]) -> Bool {
        func any(_ scalar: Unicode.Scalar) -> Bool {
            !["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
        }
        var p = 0, t = 0
        var star = -1, resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" ? any(text[t]) : (pattern[p] != "*" && pattern[p] == text[t]) {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if star >= 0, any(text[resume]) {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
