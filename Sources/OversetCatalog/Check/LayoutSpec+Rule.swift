import Foundation
import Overset
import Yams

/// One rule of a layout spec, resolved: which keys, the label they are shown in, how clipping counts, and the
/// reflowing header they are the title of.
public struct LayoutRule: Sendable {
    /// How the rule picks keys.
    public enum Pattern: Sendable {
        /// One key.
        case exact(String)
        /// A glob (`*`, `?`, `[…]`) over the whole key.
        case glob(String)
        /// A regular expression found anywhere in the key.
        case regex(String)
        /// The corpus's `kind` field.
        case kind(String)
        /// Every key (the default rule).
        case all
    }

    /// A reflowing header the string is the title of.
    public struct Reflow: Sendable, Hashable {
        /// The image's width in points.
        public var imageWidth: Double
        /// The space between image and title.
        public var spacing: Double
        /// The header must stay horizontal up to and including this category.
        public var horizontalUpTo: ContentSizeCategory
        /// The keys of `reflow:`.
        public static let keys = ["imageWidth", "spacing", "horizontalUpTo"]

        /// - Parameters are the properties of the same names (the spec's defaults: a 64 pt image, 12 pt spacing,
        ///   horizontal up to xxxLarge).
        public init(imageWidth: Double = 64, spacing: Double = 12, horizontalUpTo: ContentSizeCategory = .xxxLarge) {
            self.imageWidth = imageWidth
            self.spacing = spacing
            self.horizontalUpTo = horizontalUpTo
        }
    }

    /// The keys a rule may have beyond ``/OversetLabel/Label/settingKeys``.
    public static let keys = ["name", "key", "glob", "regex", "kind", "reflow", "candidates", "samples"]
        + VerdictPolicy.settingKeys

    /// The rule's name in reports (its pattern unless `name:` says).
    public var name: String
    /// How it picks keys.
    public var pattern: Pattern
    /// Where it is in the spec.
    public var location: CatalogLocation
    /// The label its strings are shown in (its category is replaced by each category checked).
    public var label: Label
    /// How clipped marks count, and the tolerance below which they are invisible.
    public var policy: VerdictPolicy
    /// The header, when the strings are the title of one.
    public var reflow: Reflow?
    /// Layouts the component chooses between (the first that fits), when the strings sit in one.
    public var candidates: CandidateLayouts?
    /// The values its strings' format specifiers are measured with, when the rule gives its own (`samples:` over
    /// the spec's); nil takes the spec's.
    public var samples: SampleValues?
    /// Where the app shows the key, for a rule made from a placement (`overset check APP_DIR`): the UI element or
    /// call site. A key with several such rules is checked once at each place.
    public var site: CatalogLocation? = nil
    private let regex: NSRegularExpression?
    /// Set when the regular expression ran past ``RegexBudget/perMatch`` on a key; the rule is not applied after.
    let regexBudget = RegexBudget()

    /// A rule from a label, for a spec made in code (the test helpers' ``LayoutSpec`` for one label).
    ///
    /// - Parameters:
    ///   - name: the rule's name in reports (its pattern by default).
    ///   - pattern: the keys it takes (every key by default: a default rule).
    ///   - label: the label its strings are shown in.
    ///   - policy: how clipped marks count.
    ///   - reflow: the header its strings title, if any.
    ///   - candidates: the layouts its strings' component chooses between, if any.
    ///   - samples: the values its strings' format specifiers are measured with (nil: the spec's).
    ///   - location: where the rule is written, for messages.
    ///   - site: where the app shows the keys, for a rule made from a placement.
    public init(name: String? = nil, pattern: Pattern = .all, label: Label, policy: VerdictPolicy = VerdictPolicy(),
                reflow: Reflow? = nil, candidates: CandidateLayouts? = nil, samples: SampleValues? = nil,
                location: CatalogLocation = CatalogLocation(file: "(code)"), site: CatalogLocation? = nil) {
        self.site = site
        self.candidates = candidates
        self.samples = samples
        self.name = name ?? LayoutRule.describe(pattern)
        self.pattern = pattern
        self.label = label
        self.policy = policy
        self.reflow = reflow
        self.location = location
        switch pattern {
        case .glob(let glob): regex = try? NSRegularExpression(pattern: LayoutRule.globToRegex(glob))
        case .regex(let expression): regex = try? NSRegularExpression(pattern: expression)
        default: regex = nil
        }
    }

    init(_ mapping: Node.Mapping, base: LayoutRule?, index: Int?, location: CatalogLocation,
         samples specSamples: SampleValues) throws(OversetError) {
        self.location = location
        var settings = Settings(SpecValue.table(mapping), origin: index.map { "rule \($0)" } ?? "default rule")
        let ruleSamples = settings.take("samples")
        samples = try ruleSamples.map { value throws(OversetError) in
            try SampleValues(settings: value, base: base?.samples ?? specSamples)
        } ?? base?.samples
        let name = try settings.string("name")
        let key = try settings.string("key"), glob = try settings.string("glob")
        let expression = try settings.string("regex"), kind = try settings.string("kind")
        var regex: NSRegularExpression? = nil
        switch (key, glob, expression, kind) {
        case (let key?, nil, nil, nil): pattern = .exact(key)
        case (nil, let glob?, nil, nil):
            pattern = .glob(glob)
            regex = try? NSRegularExpression(pattern: LayoutRule.globToRegex(glob))
        case (nil, nil, let expression?, nil):
            do { regex = try NSRegularExpression(pattern: expression) } catch {
                throw .invalidArgument(name: "regex", value: expression, expected: "a valid regular expression")
            }
            pattern = .regex(expression)
        case (nil, nil, nil, let kind?): pattern = .kind(kind)
        case (nil, nil, nil, nil):
            guard base == nil else {
                throw .invalidArgument(name: "rule", value: "(no pattern)", expected: "one of key, glob, regex or kind")
            }
            pattern = .all
        default:
            throw .invalidArgument(name: "rule", value: "(several patterns)", expected: "only one of key, glob, regex or kind")
        }
        self.regex = regex
        self.name = name ?? LayoutRule.describe(pattern)
        label = try Label(settings: &settings, base: base?.label)
        policy = try VerdictPolicy(settings: &settings, base: base?.policy ?? VerdictPolicy())
        if let value = settings.take("reflow") {
            guard case .table(let table) = value else {
                throw .invalidArgument(name: "reflow", value: value.written, expected: "a mapping: {imageWidth, spacing, horizontalUpTo}")
            }
            var reflow = Settings(table, origin: "\(settings.origin) reflow")
            let imageWidth = try reflow.number("imageWidth") ?? 64
            let spacing = try reflow.number("spacing") ?? 12
            try LayoutRule.checkRange("imageWidth", imageWidth, LayoutLimits.width)
            try LayoutRule.checkRange("spacing", spacing, LayoutLimits.width)
            let upTo = try reflow.choice("horizontalUpTo", ContentSizeCategory.allCases.map { ($0.higName, $0) }) ?? .xxxLarge
            try reflow.rejectUnknownKeys(known: Reflow.keys)
            self.reflow = Reflow(imageWidth: imageWidth, spacing: spacing, horizontalUpTo: upTo)
        } else {
            self.reflow = base?.reflow
        }
        if let value = settings.take("candidates") {
            guard reflow == nil else {
                throw .invalidArgument(name: "candidates", value: "(with reflow)", expected: "either reflow or candidates")
            }
            candidates = try CandidateLayouts(value, origin: settings.origin)
        } else {
            candidates = reflow == nil ? base?.candidates : nil
        }
        try settings.rejectUnknownKeys(known: LayoutRule.keys + Label.settingKeys)
    }

    private static func checkRange(_ name: String, _ value: Double, _ range: ClosedRange<Double>) throws(OversetError) {
        guard value.isFinite, range.contains(value) else {
            throw .invalidArgument(name: name, value: Points.format(value),
                                   expected: "a number from \(Points.format(range.lowerBound)) to \(Points.format(range.upperBound))")
        }
    }

    private static func describe(_ pattern: Pattern) -> String {
        switch pattern {
        case .exact(let key): return "key \(key)"
        case .glob(let glob): return "glob \(glob)"
        case .regex(let expression): return "regex \(expression)"
        case .kind(let kind): return "kind \(kind)"
        case .all: return "default"
        }
    }

    /// Whether the rule applies to `entry`.
    /// A key matches by itself (`update.button`) or, in a table other than the default, with its table as reports
    /// name it (`InfoPlist.strings › NSCameraUsageDescription`, `glob: "InfoPlist.strings › *"`).
    public func matches(_ entry: CatalogEntry) -> Bool {
        let tabled = entry.table.map { "\($0) › \(entry.key)" }
        switch pattern {
        case .exact(let key): return entry.key == key || tabled == key
        case .kind(let kind): return entry.kind == kind
        case .all: return true
        case .glob, .regex:
            guard let regex else { return false }
            return regexBudget.firstMatch(regex, in: entry.key) || tabled.map { regexBudget.firstMatch(regex, in: $0) } == true
        }
    }

    /// Why the rule's regular expression was abandoned, when it was: a diagnostic for the report.
    public var regexGaveUp: CatalogDiagnostic? {
        regexBudget.abandonedOn.map { key in
            CatalogDiagnostic(.error, location, "\(name) ran past \(Int(RegexBudget.perMatch * 1000)) ms on one key or "
                + "\(Int(RegexBudget.perRule)) s over all keys, at the key \"\(key.prefix(80))\" (catastrophic "
                + "backtracking, as nested quantifiers like (a+)+ do); the rule was not applied from then on: rewrite the "
                + "expression")
        }
    }

    /// A glob (`*`, `?`, `[…]`) as an anchored regular expression.
    static func globToRegex(_ glob: String) -> String {
        var out = "^"
        for character in glob {
            switch character {
            case "*": out += ".*"
            case "?": out += "."
            case "[", "]": out.append(character)
            default: out += NSRegularExpression.escapedPattern(for: String(character))
            }
        }
        return out + "$"
    }
}
