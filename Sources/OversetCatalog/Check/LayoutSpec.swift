import Synchronization
import Foundation
import Overset
import Yams

/// Which component each string goes in: rules from key patterns to a label (the same settings, names and defaults
/// as ``/OversetLabel/Label``, `overset preview` and `measure`), a clipping policy and an optional reflowing header; a
/// default for the rest; and which languages and categories to check. Read from YAML or JSON.
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
///
/// Every key is checked: an unknown one (`maxlines`) is an error naming the nearest known key, never ignored.
public struct LayoutSpec: Sendable {
    /// Languages to check (all the catalogs have when nil).
    public var languages: [String]?
    /// Categories to check (all 12 when nil); iOS only.
    public var categories: [ContentSizeCategory]?
    /// Android font scales to check (the seven steps of Android 14's Settings when nil); Android only.
    public var fontScales: [FontScale]?
    /// The platform every rule is judged as: the default rule's (`platform:` at the top or in `default`).
    public var platform: Platform { defaultRule.label.platform }
    /// The text sizes to check: the categories or font scales given, else all of the platform's.
    public var textSizes: [TextSize]? {
        platform.rules.scalesByFontScale ? fontScales.map { $0.map(TextSize.fontScale) } : categories.map { $0.map(TextSize.category) }
    }
    /// Sample values for format specifiers.
    public var samples: SampleValues
    /// Whether the spec chose its ``samples`` (`samples:`). A failure only with the default samples, which are long
    /// on purpose, is a warning that says so unless the spec or the rule chose them.
    public var samplesChosen: Bool
    /// The rule for keys no rule names.
    public var defaultRule: LayoutRule
    /// Rules, first match wins.
    public var rules: [LayoutRule] { didSet { index = RuleIndex(rules) } }
    /// The rules indexed by what they match (``rule(for:)``).
    private var index: RuleIndex
    /// Problems in the spec (rules that cannot be read); the check goes on and reports them.
    public var diagnostics: [CatalogDiagnostic]

    /// The keys a spec's top level may have.
    public static let keys = ["languages", "categories", "fontScales", "platform", "samples", "default", "rules"]

    /// - Parameters are the properties of the same names.
    ///   `samples` nil: the default ones, not chosen (``samplesChosen``).
    public init(languages: [String]? = nil, categories: [ContentSizeCategory]? = nil, samples: SampleValues? = nil,
                defaultRule: LayoutRule, rules: [LayoutRule] = [], diagnostics: [CatalogDiagnostic] = []) {
        self.languages = languages
        self.categories = categories
        self.samples = samples ?? SampleValues()
        self.samplesChosen = samples != nil
        self.defaultRule = defaultRule
        self.rules = rules
        self.index = RuleIndex(rules)
        self.diagnostics = diagnostics
    }

    /// Reads a spec from a `.yml`/`.yaml` or `.json` file.
    ///
    /// - Parameters:
    ///   - path: the spec's file.
    ///   - defaultPlatform: the platform when the spec names none (Android for a check of `values*/` catalogs:
    ///     `CatalogFormat.platform(of:format:)`); a default rule with a text style is iOS's whatever this says.
    public static func read(path: String, defaultPlatform: Platform = .ios) throws -> LayoutSpec {
        // Missing, a folder, a FIFO or a device: named, never read (a FIFO would block, a device never end).
        if let problem = Catalog.pathProblem(path, expected: "the layout spec") {
            throw CatalogError(location: CatalogLocation(file: path), message: problem)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CatalogError(location: CatalogLocation(file: path), message: "cannot read the layout spec")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw CatalogError(location: CatalogLocation(file: path), message: "the layout spec is not valid UTF-8")
        }
        return try parse(text, path: path, defaultPlatform: defaultPlatform)
    }

    /// Reads the spec that judges `catalogs` (files or folders): its platform, when it names none, is the catalogs'
    /// (``/OversetFormats/CatalogFormat/platform(of:format:)``). The one place a check, `annotate`, the server and
    /// the test helpers infer it.
    public static func read(path: String, judging catalogs: [String], format: CatalogFormat? = nil) throws -> LayoutSpec {
        try read(path: path, defaultPlatform: CatalogFormat.platform(of: catalogs, format: format))
    }

    /// Parses a spec from YAML (JSON is YAML too).
    public static func parse(_ text: String, path: String, defaultPlatform: Platform = .ios) throws -> LayoutSpec {
        let root = try compose(text, origin: path, what: "the layout spec")
        do {
            return try build(root, path: path, defaultPlatform: defaultPlatform)
        } catch let error as OversetError {
            throw CatalogError(location: CatalogLocation(file: path), message: "\(error)")
        }
    }

    /// One value written as a spec writes it (YAML or JSON: `{layouts: [...]}`), read with the spec's limits
    /// (nesting, aliases, keys given twice): what `overset matrix --candidates` reads, with the same reader.
    public static func value(_ text: String, origin: String) throws -> SettingValue {
        SpecValue.convert(try compose(text, origin: origin, what: "the value"))
    }

    /// The YAML tree of `text`, within the spec's limits.
    private static func compose(_ text: String, origin: String, what: String) throws -> Node {
        let location = CatalogLocation(file: origin)
        // Yams parses nested flow collections recursively: thousands of "[" overflow the stack (found by
        // FuzzCatalogs). No spec needs more than a few levels.
        // Block collections too (a sequence in a sequence, `- - - x`, or deeper and deeper indentation): 10,000
        // levels in 20 KB overflowed the stack.
        guard flowNestingDepth(text) <= maximumNesting, blockNestingDepth(text) <= maximumNesting else {
            throw CatalogError(location: location, message: "\(what) nests lists or mappings more than \(maximumNesting) deep")
        }
        let root: Node
        do {
            guard let node = try Yams.compose(yaml: text) else {
                throw CatalogError(location: location, message: "\(what) is empty")
            }
            root = node
        } catch let error as YamlError {
            throw CatalogError(location: location, message: "invalid YAML: \(error)")
        }
        // Aliases share nodes, so a few hundred bytes of nested aliases expand to billions of nodes when read:
        // count the expanded tree first, within a budget. And a key given twice is an error, never "the last wins".
        var budget = maximumExpandedNodes
        if let problem = checkTree(root, budget: &budget) {
            throw CatalogError(location: CatalogLocation(file: origin, line: problem.line), message: problem.message)
        }
        return root
    }

    /// The most nodes a spec's tree may hold with its aliases expanded (a spec of a thousand rules has about
    /// 20,000).
    public static let maximumExpandedNodes = 200_000

    /// The first problem of the tree: more than `budget` nodes with aliases expanded, or a mapping with a key given
    /// twice.
    static func checkTree(_ node: Node, budget: inout Int) -> (line: Int?, message: String)? {
        budget -= 1
        if budget < 0 {
            return (node.mark?.line, "the layout spec expands to more than \(maximumExpandedNodes) nodes (YAML aliases "
                + "nested in aliases?)")
        }
        switch node {
        case .scalar: return nil
        case .sequence(let sequence):
            for child in sequence {
                if let problem = checkTree(child, budget: &budget) { return problem }
            }
        case .mapping(let mapping):
            var seen: [String: Int?] = [:]
            for (key, value) in mapping {
                if let name = key.string {
                    if let first = seen[name] {
                        return (key.mark?.line, "\"\(name)\" is given twice in one mapping"
                            + (first.map { " (first at line \($0))" } ?? "") + "; keep one")
                    }
                    seen[name] = key.mark?.line
                }
                if let problem = checkTree(value, budget: &budget) { return problem }
            }
        }
        return nil
    }

    /// The spec from its YAML tree; an error anywhere stops (every bad rule is named in the one error).
    private static func build(_ root: Node, path: String, defaultPlatform: Platform) throws -> LayoutSpec {
        func located(_ node: Node?) -> CatalogLocation { CatalogLocation(file: path, line: node?.mark?.line) }
        func fail(_ node: Node?, _ message: String) -> CatalogError { CatalogError(location: located(node), message: message) }
        guard case .mapping(let mapping) = root else { throw fail(root, "the layout spec must be a mapping of keys") }
        var top = Settings(SpecValue.table(mapping), origin: "the layout spec")
        let languages = try top.strings("languages")
        let categories = try readCategories(top.strings("categories"), node: root["categories"], fail: fail)
        let fontScales = try readFontScales(top.take("fontScales"), node: root["fontScales"], fail: fail)
        let topPlatform = try top.choice("platform", Platform.allCases.map { ($0.rawValue, $0) })
        let samplesSetting = top.take("samples")
        let samples = try SampleValues(settings: samplesSetting)
        let defaultNode = root["default"]
        guard top.take("default") != nil, case .mapping(var defaults)? = defaultNode else {
            throw fail(defaultNode ?? root, "the spec needs a \"default\" rule (at least a width and a style or size)")
        }
        // The top level's platform (else the catalogs') is the default rule's, unless that rule names its own. A
        // default rule with a Dynamic Type text style (`style: body`) is an iOS spec, whatever its catalogs.
        let iOSSpecForAndroid = settlePlatform(of: &defaults, top: topPlatform, catalogs: defaultPlatform)
        let rulesNode = root["rules"]
        _ = top.take("rules")
        try top.rejectUnknownKeys(known: keys)
        var diagnostics: [CatalogDiagnostic] = []
        var defaultRule: LayoutRule
        var defaultFailed = false
        do {
            defaultRule = try LayoutRule(defaults, base: nil, index: nil, location: located(defaultNode), samples: samples)
        } catch {
            defaultFailed = true
            // The settings' errors name their origin ("default rule: unknown setting …"); the others get it here.
            let message = "\(error)"
            diagnostics.append(CatalogDiagnostic(.error, place(of: error, in: defaults, rule: defaultNode, path: path),
                                                 message.hasPrefix("default rule") ? message : "default rule: " + message))
            // The rules are still read against a stand-in default, so that their own mistakes are named too.
            defaultRule = LayoutRule(label: Label(style: .body, width: 320), location: located(defaultNode))
        }
        var rules: [LayoutRule] = []
        if let rulesNode {
            guard case .sequence(let sequence) = rulesNode else { throw fail(rulesNode, "\"rules\" must be a list") }
            for (index, node) in sequence.enumerated() {
                guard case .mapping(let ruleMapping) = node else {
                    diagnostics.append(CatalogDiagnostic(.error, located(node), "rule \(index + 1) is not a mapping of keys"))
                    continue
                }
                do {
                    rules.append(try LayoutRule(ruleMapping, base: defaultRule, index: index + 1, location: located(node),
                                                samples: samples))
                } catch {
                    // A setting's error names its origin ("rule 3: unknown setting …") already: never "rule 3: rule 3:".
                    let name = "rule \(index + 1)"
                    let message = "\(error)"
                    let named = message.hasPrefix(name + ":") ? message : "\(name): \(message)"
                    diagnostics.append(CatalogDiagnostic(.error, place(of: error, in: ruleMapping, rule: node, path: path), named))
                }
            }
        }
        // (Against a stand-in default the platform is a guess: its mistakes would be false.)
        if !defaultFailed {
            diagnostics += platformMistakes(defaultRule: defaultRule, rules: rules, categories: categories,
                                            fontScales: fontScales, root: root, located: located)
        }
        // A mistake the spec cannot be used with stops the run before anything is measured, every mistake named at
        // once (the default rule's and each rule's): a skipped rule would judge its keys by the default rule.
        if let first = diagnostics.first {
            let rest = diagnostics.dropFirst().map { "\n  \($0.location): \($0.message)" }.joined()
            throw CatalogError(location: first.location, message: first.message + rest)
        }
        if iOSSpecForAndroid {
            diagnostics.append(CatalogDiagnostic(.warning, located(defaultNode), "the catalogs are Android's but the "
                + "default rule names a text style (style:), so every string is judged as an iOS label; add platform: "
                + "android and a textAppearance or size to judge them as a TextView"))
        }
        var spec = LayoutSpec(languages: languages, categories: categories, samples: samplesSetting == nil ? nil : samples, defaultRule: defaultRule,
                              rules: rules, diagnostics: diagnostics)
        spec.fontScales = fontScales
        return spec
    }

    /// Where a rule's error points: the line of the setting it names (a misspelt key, a value out of range), else
    /// the rule's own line.
    private static func place(of error: any Error, in mapping: Node.Mapping, rule node: Node?, path: String) -> CatalogLocation {
        let name: String?
        switch error as? OversetError {
        case .unknownSetting(let key, _, _, _)?: name = key
        case .invalidArgument(let key, _, _)?: name = key
        default: name = nil
        }
        let line = name.flatMap { name in mapping.first { $0.key.string == name }?.key.mark?.line }
        return CatalogLocation(file: path, line: line ?? node?.mark?.line)
    }

    /// Writes the default rule's platform when it names none: the top level's, else iOS for a rule with a Dynamic
    /// Type `style`, else the catalogs'. True when that makes Android catalogs' spec an iOS one (a warning).
    private static func settlePlatform(of defaults: inout Node.Mapping, top: Platform?, catalogs: Platform) -> Bool {
        guard !defaults.contains(where: { $0.key.string == "platform" }) else { return false }
        let namesStyle = defaults.contains { $0.key.string == "style" }
        defaults[Node("platform")] = Node((top ?? (namesStyle ? .ios : catalogs)).rawValue)
        return top == nil && namesStyle && !Label.platform(catalogs, takes: "style")
    }

    /// `categories: [Large, AX3]`, by any name a category parses from.
    private static func readCategories(_ names: [String]?, node: Node?,
                                       fail: (Node?, String) -> CatalogError) throws -> [ContentSizeCategory]? {
        guard let names else { return nil }
        do {
            return try ContentSizeCategory.list(names)
        } catch {
            throw fail(node, "\(error)")
        }
    }

    /// `fontScales: [1, 1.3, 2]` (numbers, or `130%`, `1.3×`), each within ``/OversetLabel/FontScale/limits``.
    private static func readFontScales(_ value: SettingValue?, node: Node?,
                                       fail: (Node?, String) -> CatalogError) throws -> [FontScale]? {
        guard let value else { return nil }
        guard case .list(let items) = value, !items.isEmpty else {
            throw fail(node, "fontScales: expected a list of font scales, such as [1, 1.3, 2]")
        }
        return try items.map { item throws(CatalogError) -> FontScale in
            guard let scale = FontScale(setting: item) else {
                throw fail(node, "fontScales: \(item.written) is not a font scale from "
                    + "\(Points.format(FontScale.limits.lowerBound)) to \(Points.format(FontScale.limits.upperBound))")
            }
            return scale
        }
    }

    /// A spec judges one platform: a rule of another, the other platform's sizes, and (on Android) the iOS-only
    /// reflowing headers and candidate layouts are mistakes.
    private static func platformMistakes(defaultRule: LayoutRule, rules: [LayoutRule], categories: [ContentSizeCategory]?,
                                         fontScales: [FontScale]?, root: Node,
                                         located: (Node?) -> CatalogLocation) -> [CatalogDiagnostic] {
        var diagnostics: [CatalogDiagnostic] = []
        let platform = defaultRule.label.platform
        for (index, rule) in rules.enumerated() where rule.label.platform != platform {
            diagnostics.append(CatalogDiagnostic(.error, rule.location, "rule \(index + 1): platform "
                + "\(rule.label.platform.rawValue) in a spec for \(platform.rawValue): a spec judges one platform"))
        }
        if let refusal = platform.rules.refusalOfOtherSizes(categories: categories != nil, fontScales: fontScales != nil,
                                                            option: false) {
            let key = categories != nil && platform != .ios ? "categories" : "fontScales"
            diagnostics.append(CatalogDiagnostic(.error, located(root[key]), refusal))
        }
        if let refusal = platform.rules.reflowRefusal {
            for (index, rule) in rules.enumerated() where rule.reflow != nil || rule.candidates != nil {
                diagnostics.append(CatalogDiagnostic(.error, rule.location, "rule \(index + 1): reflow and candidates: " + refusal))
            }
        }
        return diagnostics
    }

    /// How deep lists and mappings may nest in a spec, flow (`[`, `{`) or block (indentation, `- `).
    static let maximumNesting = 64

    /// The rule for an entry: the first that matches, else the default.
    public func rule(for entry: CatalogEntry) -> LayoutRule {
        index.firstRule(for: entry, in: rules).map { rules[$0] } ?? defaultRule
    }

    /// Every rule an entry is checked with: the placements' rules of its key (``LayoutRule/site``), one check each,
    /// unless a rule without a site comes first and takes it (a spec's rule overrides the placements); else the
    /// first rule that matches, or the default.
    public func rules(for entry: CatalogEntry) -> [LayoutRule] {
        let first = rule(for: entry)
        guard first.site != nil else { return [first] }
        return index.sitedRules(for: entry).map { rules[$0] }
    }

    /// The index of the rule that takes `entry` (nil: the default rule).
    func ruleIndex(for entry: CatalogEntry) -> Int? { index.firstRule(for: entry, in: rules) }
}
