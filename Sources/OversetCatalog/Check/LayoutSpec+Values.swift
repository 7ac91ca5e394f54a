import Synchronization
import Foundation
import Overset
import Yams

/// YAML nodes as setting values.
enum SpecValue {
    static func table(_ mapping: Node.Mapping) -> [String: SettingValue] {
        var out: [String: SettingValue] = [:]
        for (key, value) in mapping {
            // A key that is not a scalar (a mapping or list as a key) gets a name no setting has, so that it is reported as
            // unknown; Yams's own conversion of such keys traps (found by FuzzCatalogs).
            out[key.scalar?.string ?? "(a mapping or list used as a key)"] = convert(value)
        }
        return out
    }

    static func convert(_ node: Node) -> SettingValue {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain || scalar.style == .any {
                if let bool = Bool.construct(from: scalar) { return .bool(bool) }
                // Numbers are read as decimal numbers, not with Yams's YAML 1.1 integer forms: its base-60 reading
                // of "+1+…00:03:0114…" traps on overflow (found by FuzzCatalogs, crash-cfef237f).
                if let number = Double(scalar.string), number.isFinite { return .number(number) }
                if scalar.string == "null" || scalar.string == "~" || scalar.string.isEmpty { return .null }
            }
            return .string(scalar.string)
        case .mapping(let mapping): return .table(table(mapping))
        case .sequence(let sequence): return .list(sequence.map(convert))
        }
    }
}

extension SampleValues {
    /// `samples: {string, integer, decimal, placeholders}` over `base` (a rule's over the spec's), every key
    /// checked.
    init(settings value: SettingValue?, base: SampleValues = SampleValues()) throws(OversetError) {
        self = base
        guard let value else { return }
        guard case .table(let table) = value else {
            throw .invalidArgument(name: "samples", value: value.written, expected: "a mapping: {string, integer, decimal, placeholders}")
        }
        var settings = Settings(table, origin: "samples")
        func sample(_ key: String) throws(OversetError) -> String? {
            switch settings.take(key) {
            case nil: return nil
            case .string(let text)?: return text
            case .number(let number)?: return Points.format(number, decimals: 6)
            case let other?: throw .invalidArgument(name: key, value: other.written, expected: "a sample string")
            }
        }
        if let string = try sample("string") { self.string = string }
        if let integer = try sample("integer") { self.integer = integer }
        if let decimal = try sample("decimal") { self.decimal = decimal }
        if let placeholders = settings.take("placeholders") {
            guard case .table(let table) = placeholders else {
                throw .invalidArgument(name: "placeholders", value: placeholders.written, expected: "a mapping of names to values")
            }
            for (name, sample) in table {
                guard case .string(let text) = sample else {
                    throw .invalidArgument(name: "placeholders.\(name)", value: sample.written, expected: "a string")
                }
                self.placeholders[name] = text
            }
        }
        try settings.rejectUnknownKeys(known: ["string", "integer", "decimal", "placeholders"])
    }
}

/// A time limit on one rule's regular expression. `NSRegularExpression` (ICU) backtracks: `(a+)+$` against 60 "a"s
/// and a "!" took 72 s. Each match gets ``perMatch``; the first that runs past it abandons the rule from then on, so
/// one bad expression costs a tenth of a second, not a tenth of a second a key, and the report says so (an input
/// error: the check fails).
final class RegexBudget: Sendable {
    /// The most one match may take.
    static let perMatch: TimeInterval = 0.1
    /// The most all of a rule's matches may take together (a pattern costing 88 ms a key never ran past
    /// ``perMatch`` and took minutes over a catalog).
    static let perRule: TimeInterval = 2
    private let abandoned = Mutex<String?>(nil)
    private let spent = Mutex<TimeInterval>(0)

    /// The key the expression was abandoned on, if it was.
    var abandonedOn: String? { abandoned.withLock { $0 } }

    /// Whether `regex` matches in `key`; false once the expression has been abandoned.
    func firstMatch(_ regex: NSRegularExpression, in key: String) -> Bool {
        if abandoned.withLock({ $0 != nil }) { return false }
        let start = Date()
        var found = false, gaveUp = false
        regex.enumerateMatches(in: key, options: [.reportProgress], range: NSRange(key.startIndex..., in: key)) { result, _, stop in
            if result != nil {
                found = true
                stop.pointee = true
            } else if Date().timeIntervalSince(start) > RegexBudget.perMatch {
                gaveUp = true
                stop.pointee = true
            }
        }
        let total = spent.withLock { total in
            total += Date().timeIntervalSince(start)
            return total
        }
        if gaveUp || total > RegexBudget.perRule {
            abandoned.withLock { if $0 == nil { $0 = key } }
            return false
        }
        return found
    }
}
