/// Candidate layouts as a spec rule (`candidates:`) or `overset matrix --candidates` declares them for a string:
/// each an arrangement of the string (`text`) and fixed items (a number of points), tried in order like
/// ``LayoutChoice``'s.
///
/// ```yaml
/// candidates:
///   firstUpTo: xxxLarge              # the first layout must still be chosen at this category (optional)
///   layouts:
///     - {name: beside, axis: horizontal, spacing: 12, items: [64, text]}
///     - {name: stacked, axis: vertical, spacing: 8, items: [64, text]}
/// ```
///
/// `distribution` (`fillEqually`, the default, or `ideal`) and `spacing` (8 by default) are optional; `text` must
/// appear once in each layout. Every key is checked: an unknown one is an error naming the nearest known key.
public struct CandidateLayouts: Sendable, Hashable {
    /// One declared layout.
    public struct Layout: Sendable, Hashable {
        public var name: String
        public var axis: Arrangement.Axis
        public var spacing: Double
        public var distribution: Arrangement.Distribution
        /// The items: nil for the string, a width in points for a fixed item.
        public var items: [Double?]
    }

    /// The layouts, in the order they are tried.
    public var layouts: [Layout]
    /// The first layout must be chosen at every category up to this one; choosing another there is a failure
    /// ("goes vertical too early").
    public var firstUpTo: ContentSizeCategory?

    /// The keys of `candidates:`.
    public static let keys = ["firstUpTo", "layouts"]
    /// The keys of a layout.
    public static let layoutKeys = ["name", "axis", "spacing", "distribution", "items"]
    /// At most this many layouts, and this many items in each.
    public static let maximumLayouts = 16

    /// Reads `candidates:` (a table with `layouts`, or the list of layouts alone).
    public init(_ value: SettingValue, origin: String) throws(OversetError) {
        let origin = origin.hasSuffix("candidates") ? origin : origin + " candidates"
        var list: [SettingValue]
        switch value {
        case .list(let items):
            list = items
            firstUpTo = nil
        case .table(let table):
            var settings = Settings(table, origin: origin)
            firstUpTo = try settings.choice("firstUpTo", ContentSizeCategory.allCases.map { ($0.higName, $0) })
            guard case .list(let items)? = settings.take("layouts") else {
                throw .invalidArgument(name: "candidates.layouts", value: "(missing)", expected: "a list of layouts")
            }
            list = items
            try settings.rejectUnknownKeys(known: Self.keys)
        default:
            throw .invalidArgument(name: "candidates", value: value.written,
                                   expected: "a mapping {firstUpTo, layouts} or a list of layouts")
        }
        guard (1...Self.maximumLayouts).contains(list.count) else {
            throw .invalidArgument(name: "candidates.layouts", value: "\(list.count) layouts",
                                   expected: "1 to \(Self.maximumLayouts) layouts")
        }
        layouts = []
        for (index, item) in list.enumerated() {
            guard case .table(let table) = item else {
                throw .invalidArgument(name: "candidates.layouts[\(index)]", value: item.written,
                                       expected: "a mapping {name, axis, spacing, distribution, items}")
            }
            var settings = Settings(table, origin: "\(origin) layout \(index + 1)")
            // A typo first (`itmes`), before the missing key it causes.
            var unknown = settings
            for key in Self.layoutKeys { _ = unknown.take(key) }
            try unknown.rejectUnknownKeys(known: Self.layoutKeys)
            let axis = try settings.choice("axis", Arrangement.Axis.allCases.map { ($0.rawValue, $0) }) ?? .horizontal
            let name = try settings.string("name") ?? axis.rawValue
            let spacing = try settings.number("spacing") ?? 8
            try LayoutLimits.check("spacing", spacing, LayoutLimits.width)
            let distribution = try settings.choice("distribution",
                                                   Arrangement.Distribution.allCases.map { ($0.rawValue, $0) }) ?? .fillEqually
            guard case .list(let values)? = settings.take("items"), values.count <= Self.maximumLayouts else {
                throw .invalidArgument(name: "items", value: "(\(name))",
                                       expected: "a list of up to \(Self.maximumLayouts) items: text, or a width in points")
            }
            var items: [Double?] = []
            for value in values {
                switch value {
                case .string(let word) where word.lowercased() == "text": items.append(nil)
                case .number(let width):
                    try LayoutLimits.check("items", width, LayoutLimits.width)
                    items.append(width)
                default:
                    throw .invalidArgument(name: "items", value: value.written, expected: "text, or a width in points")
                }
            }
            guard items.count(where: { $0 == nil }) == 1 else {
                throw .invalidArgument(name: "items", value: "(\(name))", expected: "the string (text) exactly once")
            }
            try settings.rejectUnknownKeys(known: Self.layoutKeys)
            layouts.append(Layout(name: name, axis: axis, spacing: spacing, distribution: distribution, items: items))
        }
    }

    /// The layouts as arrangements of `text` in `label`.
    public func arrangements(text: String, label: Label) -> [Arrangement] {
        layouts.map { layout in
            Arrangement(layout.name, axis: layout.axis, spacing: layout.spacing, distribution: layout.distribution,
                        items: layout.items.map { $0.map { .fixed(width: $0) } ?? .text(text, label: label) })
        }
    }

    /// The layout choice for `text` in `label`, over a preparation already made (a check's).
    public func choice(text prepared: LabelPreparations, label: Label, policy: VerdictPolicy) -> LayoutChoice {
        LayoutChoice(arrangements(text: prepared.text, label: label), language: prepared.language, policy: policy,
                     preparations: [LayoutChoice.TextAndLabel(prepared.text, label): prepared])
    }
}
