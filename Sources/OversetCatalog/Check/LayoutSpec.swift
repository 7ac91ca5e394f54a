import Foundation
import Overset
import Yams

/// Which component each string goes in: rules from key patterns to a text style (or point size), width, line
/// limit, line height, truncation and an optional reflowing header; a default for the rest; and which languages and
/// categories to check. Read from YAML or JSON.
///
/// ```yaml
/// languages: [en, de, th, ar, ja]
/// categories: [Large, xxxLarge, AX3]
/// samples: {string: "Alexandra Montgomery-Fitzgerald", integer: "1,234,567"}
/// default: {style: body, width: 320}
/// rules:
///   - glob: "*.title"
///     style: headline
///     width: 220
///     maxLines: 2
///     reflow: {imageWidth: 64, spacing: 12, horizontalUpTo: xxxLarge}
///   - regex: "^button\\."
///     style: body
///     width: 120
///     maxLines: 1
///   - kind: title          # the corpus's kind field
///     style: headline
///     width: 200
///     maxLines: 2
/// ```
public struct LayoutSpec: Sendable {
    /// Languages to check (all the catalogs have when nil).
    public var languages: [String]?
    /// Categories to check (all 12 when nil).
    public var categories: [ContentSizeCategory]?
    /// Sample values for format specifiers.
    public var samples: SampleValues
    /// The rule for keys no rule names.
    public var defaultRule: LayoutRule
    /// Rules, first match wins.
    public var rules: [LayoutRule]
    /// Problems in the spec (rules that cannot match); the check goes on and reports them.
    public var diagnostics: [CatalogDiagnostic]

    public init(languages: [String]? = nil, categories: [ContentSizeCategory]? = nil, samples: SampleValues = SampleValues(),
                defaultRule: LayoutRule, rules: [LayoutRule] = [], diagnostics: [CatalogDiagnostic] = []) {
        self.languages = languages
        self.categories = categories
        self.samples = samples
        self.defaultRule = defaultRule
        self.rules = rules
        self.diagnostics = diagnostics
    }

    /// Reads a spec from a `.yml`/`.yaml` or `.json` file.
    public static func read(path: String) throws -> LayoutSpec {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogError(location: SourceLocation(file: path), message: "cannot read the layout spec")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw CatalogError(location: SourceLocation(file: path), message: "the layout spec is not valid UTF-8")
        }
        return try parse(text, path: path)
    }

    /// Parses a spec from YAML (JSON is YAML too).
    public static func parse(_ text: String, path: String) throws -> LayoutSpec {
        let raw: RawSpec
        var ruleLines: [Int?] = []
        do {
            raw = try YAMLDecoder().decode(RawSpec.self, from: text)
            if let node = try Yams.compose(yaml: text), let rules = node["rules"]?.sequence {
                ruleLines = rules.map { $0.mark.map { $0.line } }
            }
        } catch let error as YamlError {
            throw CatalogError(location: SourceLocation(file: path), message: "invalid YAML: \(error)")
        } catch let error as DecodingError {
            throw CatalogError(location: SourceLocation(file: path), message: "invalid layout spec: \(describe(error))")
        }
        var diagnostics: [CatalogDiagnostic] = []
        var categories: [ContentSizeCategory]? = nil
        if let names = raw.categories {
            categories = try names.map { name in
                guard let category = ContentSizeCategory(name) else {
                    throw CatalogError(location: SourceLocation(file: path),
                                       message: "unknown category \"\(name)\" (use xSmall … xxxLarge, AX1 … AX5)")
                }
                return category
            }
        }
        guard let defaults = raw.default else {
            throw CatalogError(location: SourceLocation(file: path),
                               message: "the spec needs a \"default\" rule (at least a width and a style or size)")
        }
        let defaultRule = try LayoutRule(defaults, base: nil, index: nil, location: SourceLocation(file: path))
        var rules: [LayoutRule] = []
        for (index, rawRule) in (raw.rules ?? []).enumerated() {
            let location = SourceLocation(file: path, line: index < ruleLines.count ? ruleLines[index] : nil)
            do {
                rules.append(try LayoutRule(rawRule, base: defaultRule, index: index + 1, location: location))
            } catch let error as CatalogError {
                diagnostics.append(CatalogDiagnostic(.error, error.location, error.message + "; rule skipped"))
            }
        }
        return LayoutSpec(languages: raw.languages, categories: categories, samples: raw.samples ?? SampleValues(),
                          defaultRule: defaultRule, rules: rules, diagnostics: diagnostics)
    }

    /// The rule for an entry: the first that matches, else the default.
    public func rule(for entry: CatalogEntry) -> LayoutRule {
        rules.first { $0.matches(entry) } ?? defaultRule
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
             .dataCorrupted(let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return (path.isEmpty ? "" : "at \(path): ") + context.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}

/// One rule of a layout spec, resolved.
public struct LayoutRule: Sendable {
    /// How the rule picks keys.
    public enum Pattern: Sendable {
        case exact(String)
        case glob(String)
        case regex(String)
        case kind(String)
        case all
    }

    /// A reflowing header the string is the title of.
    public struct Reflow: Sendable, Hashable {
        public var imageWidth: Double
        public var spacing: Double
        /// The header must stay horizontal up to and including this category.
        public var horizontalUpTo: ContentSizeCategory
    }

    /// What clipped marks mean.
    public enum ClippingPolicy: String, Sendable, Codable {
        case fail, warn, ignore
    }

    public var name: String
    public var pattern: Pattern
    public var location: SourceLocation
    public var style: TextStyle?
    public var pointSize: Double?
    public var emphasized: Bool
    public var width: Double
    public var maxLines: Int
    public var lineHeight: StyleLineHeight
    public var truncation: TruncationMode
    public var strategy: LineBreakStrategy
    public var clipping: ClippingPolicy
    public var reflow: Reflow?
    private let regex: NSRegularExpression?

    init(_ raw: RawRule, base: LayoutRule?, index: Int?, location: SourceLocation) throws {
        self.location = location
        let label = index.map { "rule \($0)" } ?? "default rule"
        func fail(_ message: String) -> CatalogError { CatalogError(location: location, message: "\(label): \(message)") }
        var regex: NSRegularExpression? = nil
        switch (raw.key, raw.glob, raw.regex, raw.kind) {
        case (let key?, nil, nil, nil): pattern = .exact(key)
        case (nil, let glob?, nil, nil):
            pattern = .glob(glob)
            regex = try? NSRegularExpression(pattern: LayoutRule.globToRegex(glob))
        case (nil, nil, let expression?, nil):
            do { regex = try NSRegularExpression(pattern: expression) } catch {
                throw fail("invalid regular expression \"\(expression)\"")
            }
            pattern = .regex(expression)
        case (nil, nil, nil, let kind?): pattern = .kind(kind)
        case (nil, nil, nil, nil):
            guard base == nil else { throw fail("needs one of key, glob, regex or kind") }
            pattern = .all
        default: throw fail("give only one of key, glob, regex or kind")
        }
        self.regex = regex
        let describedPattern: String = switch pattern {
        case .exact(let key): "key \(key)"
        case .glob(let glob): "glob \(glob)"
        case .regex(let expression): "regex \(expression)"
        case .kind(let kind): "kind \(kind)"
        case .all: "default"
        }
        name = raw.name ?? describedPattern
        if let styleName = raw.style {
            guard let parsed = TextStyle(styleName) else { throw fail("unknown text style \"\(styleName)\"") }
            style = parsed
        } else {
            style = raw.size == nil ? base?.style : nil
        }
        pointSize = raw.size ?? (raw.style == nil ? base?.pointSize : nil)
        guard style != nil || pointSize != nil else { throw fail("needs a style or a size") }
        if let size = pointSize, !(size.isFinite && size > 0) { throw fail("size must be above 0") }
        emphasized = raw.emphasized ?? base?.emphasized ?? false
        guard let width = raw.width ?? base?.width, width.isFinite, width > 0 else {
            throw fail("needs a width above 0 (points)")
        }
        self.width = width
        maxLines = raw.maxLines ?? base?.maxLines ?? 0
        guard maxLines >= 0 else { throw fail("maxLines must be 0 (unlimited) or more") }
        switch raw.lineHeight {
        case nil: lineHeight = base?.lineHeight ?? .leading
        case .name("leading")?: lineHeight = .leading
        case .name("natural")?: lineHeight = .natural
        case .points(let value)?:
            guard value.isFinite, value > 0 else { throw fail("lineHeight must be above 0") }
            lineHeight = .fixed(value)
        case .name(let other)?: throw fail("lineHeight must be leading, natural or a number, not \"\(other)\"")
        }
        if let value = raw.truncation {
            guard let mode = TruncationMode(rawValue: value) else { throw fail("truncation must be tail, head, middle or clip") }
            truncation = mode
        } else {
            truncation = base?.truncation ?? .tail
        }
        if let value = raw.strategy {
            guard let parsed = LineBreakStrategy(rawValue: value) else { throw fail("strategy must be greedy, pushOut or balanced") }
            strategy = parsed
        } else {
            strategy = base?.strategy ?? .pushOut
        }
        if let value = raw.clipping {
            guard let parsed = ClippingPolicy(rawValue: value) else { throw fail("clipping must be fail, warn or ignore") }
            clipping = parsed
        } else {
            clipping = base?.clipping ?? .fail
        }
        if let reflow = raw.reflow {
            guard let upTo = ContentSizeCategory(reflow.horizontalUpTo ?? "xxxLarge") else {
                throw fail("reflow.horizontalUpTo is not a content size category")
            }
            self.reflow = Reflow(imageWidth: reflow.imageWidth ?? 64, spacing: reflow.spacing ?? 12, horizontalUpTo: upTo)
        } else {
            self.reflow = base?.reflow
        }
    }

    /// Whether the rule applies to `entry`.
    public func matches(_ entry: CatalogEntry) -> Bool {
        switch pattern {
        case .exact(let key): return entry.key == key
        case .kind(let kind): return entry.kind == kind
        case .all: return true
        case .glob, .regex:
            guard let regex else { return false }
            let range = NSRange(entry.key.startIndex..., in: entry.key)
            return regex.firstMatch(in: entry.key, range: range) != nil
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

/// The spec as written.
struct RawSpec: Decodable {
    var languages: [String]?
    var categories: [String]?
    var samples: SampleValues?
    var `default`: RawRule?
    var rules: [RawRule]?
}

struct RawRule: Decodable {
    var name: String?
    var key: String?
    var glob: String?
    var regex: String?
    var kind: String?
    var style: String?
    var size: Double?
    var emphasized: Bool?
    var width: Double?
    var maxLines: Int?
    var lineHeight: LineHeightValue?
    var truncation: String?
    var strategy: String?
    var clipping: String?
    var reflow: RawReflow?
}

struct RawReflow: Decodable {
    var imageWidth: Double?
    var spacing: Double?
    var horizontalUpTo: String?
}

/// `lineHeight: leading | natural | 22`.
enum LineHeightValue: Decodable {
    case name(String)
    case points(Double)

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Double.self) { self = .points(value) } else { self = .name(try container.decode(String.self)) }
    }
}
