/// A component that chooses between layouts, as SwiftUI's `ViewThatFits` and UIKit's `effectiveOrientation(for:)`
/// do: candidates (``Arrangement``s) tried in order at a width and category, the first whose texts all fit taken,
/// and the last taken when none fits. Every text is prepared once; choosing at any width and category is
/// arithmetic on the prepared texts.
///
/// ```swift
/// // Obvious: a row of buttons that becomes a column when a title would not fit its half.
/// let buttons = try LayoutChoice.buttonRow(["Später erinnern", "Jetzt installieren"], language: "de")
/// try buttons.choose(width: 320, category: .large).arrangement.name          // "horizontal"
/// try buttons.lastCategory(choosing: "horizontal", width: 320)             // the last category before it stacks
///
/// // Easy: candidates of texts and fixed items, nested.
/// let title = Label(style: .headline, width: 0, maxLines: 2)
/// let cell = try LayoutChoice([
///     .horizontal([.fixed(width: 44), .text("Speicherplatz", label: title), .text("12,4 GB von 64 GB", label: title)]),
///     .vertical([.text("Speicherplatz", label: title), .text("12,4 GB von 64 GB", label: title)]),
/// ], language: "de")
/// let decision = try cell.choose(width: 320, category: .accessibility2)
/// decision.attempts.map(\.reason)   // why each candidate tried before the chosen one did not fit
/// ```
public struct LayoutChoice: Sendable {
    /// The candidates, in the order they are tried.
    public let candidates: [Arrangement]
    /// The texts' language.
    public let language: String?
    /// How clipped marks count when a text is judged (a warning by default: clipping alone does not flip a layout).
    public let policy: VerdictPolicy
    /// Each distinct (text, label) prepared once.
    private let preparations: [TextAndLabel: LabelPreparations]

    /// A text and the label it is prepared for, at any width (a label's preparations serve every category).
    struct TextAndLabel: Hashable, Sendable {
        var text: String
        var label: Label
        init(_ text: String, _ label: Label) {
            self.text = text
            self.label = label.withWidth(0)
        }
    }

    /// Prepares every text of the candidates once (with its label's fonts, for every category).
    /// - Throws: ``/OversetEngine/OversetError`` when there are no candidates, or a text cannot be prepared.
    public init(_ candidates: [Arrangement], language: String? = nil,
                policy: VerdictPolicy = VerdictPolicy()) throws(OversetError) {
        guard !candidates.isEmpty else {
            throw .invalidArgument(name: "candidates", value: "[]", expected: "at least one arrangement")
        }
        var preparations: [TextAndLabel: LabelPreparations] = [:]
        for candidate in candidates {
            for (text, label) in candidate.texts where preparations[TextAndLabel(text, label)] == nil {
                preparations[TextAndLabel(text, label)] = try LabelPreparations(text, language: language, label: label)
            }
        }
        self.init(candidates, language: language, policy: policy, preparations: preparations)
    }

    /// Over texts already prepared (a ``ReflowHeader`` made from ``/OversetEngine/PreparedText``s).
    init(_ candidates: [Arrangement], language: String?, policy: VerdictPolicy,
         preparations: [TextAndLabel: LabelPreparations]) {
        self.candidates = candidates
        self.language = language
        self.policy = policy
        self.preparations = preparations
    }

    /// A row of buttons that stacks into a column: `horizontal` (each title in an equal share of the width less
    /// the spacing, on one line) then `vertical` (each at the whole width). `padding` is each button's horizontal
    /// content inset on either side (its background's margin around the title).
    public static func buttonRow(_ titles: [String], language: String? = nil,
                                 label: Label = Label(style: .body, width: 0, maxLines: 1), spacing: Double = 8,
                                 padding: Double = 0) throws(OversetError) -> LayoutChoice {
        let buttons = titles.map { title -> Arrangement.Item in
            padding > 0 ? .stack(.horizontal(named: "button", spacing: 0, [.fixed(width: padding), .text(title, label: label),
                                                                     .fixed(width: padding)]))
                : .text(title, label: label)
        }
        return try LayoutChoice([.horizontal(spacing: spacing, buttons), .vertical(spacing: spacing, buttons)],
                                language: language)
    }

    /// The first candidate whose texts all fit at `width` and `category` (the last one when none does), with the
    /// attempts that came before it and why each did not fit.
    public func choose(width: Double, category: ContentSizeCategory) throws(OversetError) -> LayoutDecision {
        try LayoutLimits.check("width", width, LayoutLimits.width)
        var attempts: [LayoutAttempt] = []
        for index in candidates.indices {
            let attempt = try self.attempt(index, width: width, category: category)
            attempts.append(attempt)
            if attempt.fits { break }
        }
        return LayoutDecision(width: width, category: category, attempts: attempts)
    }

    /// The largest category up to which (from xSmall) the candidate named `name` is chosen at every category, or
    /// nil when it is not chosen even at xSmall: "stays horizontal up to xxxLarge".
    public func lastCategory(choosing name: String, width: Double) throws(OversetError) -> ContentSizeCategory? {
        var last: ContentSizeCategory? = nil
        for category in ContentSizeCategory.allCases {
            guard try choose(width: width, category: category).arrangement.name == name else { break }
            last = category
        }
        return last
    }

    /// One candidate judged at `width` and `category`, whether or not an earlier one fits.
    public func attempt(_ index: Int, width: Double, category: ContentSizeCategory) throws(OversetError) -> LayoutAttempt {
        guard candidates.indices.contains(index) else {
            throw .invalidArgument(name: "candidate", value: "\(index)", expected: "0 to \(candidates.count - 1)")
        }
        let candidate = candidates[index]
        var texts: [Verdict] = []
        var reasons: [LayoutAttempt.Reason] = []
        let placed = try place(candidate, width: width, category: category, texts: &texts, reasons: &reasons)
        return LayoutAttempt(arrangement: candidate, fits: placed.fits, texts: texts,
                             requiredWidth: candidate.distribution == .ideal && candidate.axis == .horizontal ? placed.ideal : nil,
                             reasons: reasons)
    }

    /// Places an arrangement's items at `width`: judges each text at the width it gets, appending its verdict, and
    /// returns whether everything fits and the arrangement's ideal width (texts unwrapped).
    private func place(_ arrangement: Arrangement, width: Double, category: ContentSizeCategory,
                       texts: inout [Verdict], reasons: inout [LayoutAttempt.Reason]) throws(OversetError) -> (fits: Bool, ideal: Double) {
        let spacing = arrangement.spacingScalesWith.map { $0.scaledValue(arrangement.spacing, for: category) }
            ?? arrangement.spacing
        var fits = true
        // The ideal widths of the flexible items, to know whether side by side they fit (`.ideal`).
        var ideals: [Double] = []
        var fixedTotal = 0.0
        for item in arrangement.items {
            if case .fixed(let itemWidth, let style) = item {
                let scaled = style.map { $0.scaledValue(itemWidth, for: category) } ?? itemWidth
                fixedTotal = arrangement.axis == .horizontal ? fixedTotal + scaled : max(fixedTotal, scaled)
            }
        }
        let flexible = arrangement.items.count { if case .fixed = $0 { false } else { true } }
        let gaps = arrangement.axis == .horizontal ? spacing * Double(max(0, arrangement.items.count - 1)) : 0
        let share: Double
        switch arrangement.axis {
        case .horizontal: share = flexible > 0 ? max(0, (width - fixedTotal - gaps) / Double(flexible)) : 0
        case .vertical: share = width
        }
        if fixedTotal + gaps > width + Tolerance.width {
            fits = false
            reasons.append(.fixedItemsTooWide(needed: fixedTotal + gaps, width: width))
        }
        // `.ideal`: every flexible item at its ideal width when they fit side by side, at equal shares otherwise.
        var widths = Array(repeating: share, count: arrangement.items.count)
        if arrangement.distribution == .ideal && arrangement.axis == .horizontal {
            for item in arrangement.items where !item.isFixed { ideals.append(try idealWidth(of: item, category: category)) }
            let needed = fixedTotal + gaps + ideals.reduce(0, +)
            if needed > width + Tolerance.width {
                fits = false
                reasons.append(.sideBySideTooWide(needed: needed, width: width))
            } else {
                var next = ideals.makeIterator()
                for index in arrangement.items.indices where !arrangement.items[index].isFixed { widths[index] = next.next()! }
            }
        }
        var ideal = fixedTotal + gaps
        for (index, item) in arrangement.items.enumerated() {
            switch item {
            case .fixed: continue
            case .text(let text, let label):
                let shown = label.at(category).withWidth(widths[index])
                let prepared = try preparation(text, label).prepared(for: shown)
                let verdict = try shown.verdict(for: prepared, policy: policy)
                texts.append(verdict)
                if !verdict.fits {
                    fits = false
                    reasons.append(.textDoesNotFit(text: text, width: widths[index],
                                                   problems: verdict.problems.filter { $0.status.fails }))
                }
            case .stack(let inner):
                let placed = try place(inner, width: widths[index], category: category, texts: &texts, reasons: &reasons)
                fits = fits && placed.fits
            }
        }
        if arrangement.axis == .horizontal {
            ideal += ideals.reduce(0, +)
        }
        return (fits, ideal)
    }

    /// An item's ideal width: a text's widest line unwrapped, an arrangement's ideal width.
    private func idealWidth(of item: Arrangement.Item, category: ContentSizeCategory) throws(OversetError) -> Double {
        switch item {
        case .fixed(let width, let style): return style.map { $0.scaledValue(width, for: category) } ?? width
        case .text(let text, let label):
            let shown = label.at(category).withWidth(LayoutLimits.width.upperBound)
            var options = shown.layoutOptions
            options.maxLines = 0
            return try preparation(text, label).prepared(for: shown).layout(options).width
        case .stack(let inner):
            let spacing = inner.spacingScalesWith.map { $0.scaledValue(inner.spacing, for: category) } ?? inner.spacing
            var widths: [Double] = []
            for item in inner.items { widths.append(try idealWidth(of: item, category: category)) }
            return inner.axis == .horizontal
                ? widths.reduce(0, +) + spacing * Double(max(0, widths.count - 1)) : (widths.max() ?? 0)
        }
    }

    private func preparation(_ text: String, _ label: Label) throws(OversetError) -> LabelPreparations {
        if let prepared = preparations[TextAndLabel(text, label)] { return prepared }
        return try LabelPreparations(text, language: language, label: label)
    }
}

extension Arrangement.Item {
    var isFixed: Bool { if case .fixed = self { true } else { false } }
}

/// A ``LayoutChoice``'s answer at one width and category.
public struct LayoutDecision: Sendable {
    /// The width decided for.
    public var width: Double
    /// The category decided for.
    public var category: ContentSizeCategory
    /// The candidates tried, in order: every one before the chosen one did not fit; the last is the chosen one.
    public var attempts: [LayoutAttempt]

    /// The chosen candidate's attempt: the first that fits, or the last candidate when none does.
    public var chosen: LayoutAttempt { attempts[attempts.count - 1] }
    /// The chosen arrangement.
    public var arrangement: Arrangement { chosen.arrangement }
    /// Whether the chosen candidate fits (false when none does and the last is used anyway, as `ViewThatFits` does).
    public var fits: Bool { chosen.fits }
    /// The decision's own problem: no candidate fits though the chosen one's texts do (its fixed items and spacing,
    /// or `.ideal` widths side by side, are wider than the width); nil otherwise (a text that does not fit says so
    /// in its own verdict).
    public var layoutProblem: VerdictProblem? {
        guard !fits, chosen.texts.allSatisfy(\.fits) else { return nil }
        return VerdictProblem(kind: .truncated, facts: .noLayoutFits(reasons: chosen.reasons))
    }

    /// Every problem of the decision: the chosen candidate's texts', then ``layoutProblem``. What every door shows.
    public var problems: [VerdictProblem] { chosen.texts.flatMap(\.problems) + (layoutProblem.map { [$0] } ?? []) }

    /// The decision as a verdict's status: the worst of its ``problems`` (a warning for clipped marks, unknown when
    /// a text could not be measured, a failure when no candidate fits).
    public var status: VerdictStatus { problems.map(\.status).max() ?? .pass }

}

/// One candidate judged at a width and category.
public struct LayoutAttempt: Sendable {
    /// The candidate.
    public var arrangement: Arrangement
    /// Whether every text fits in the width it gets (and, for `.ideal`, the ideal widths fit side by side).
    public var fits: Bool
    /// The verdict of each text, in the arrangement's order (``Arrangement/texts``), at the width it gets.
    public var texts: [Verdict]
    /// For `.ideal` horizontal arrangements: the width side by side needs.
    public var requiredWidth: Double?
    /// Why it does not fit, one reason per text or constraint (empty when it fits).
    public var reasons: [Reason]

    /// Why a candidate does not fit, as facts (`OversetReports` words them).
    public enum Reason: Sendable, Hashable {
        /// Its fixed items and spacing need `needed` points of `width`.
        case fixedItemsTooWide(needed: Double, width: Double)
        /// Side by side (`.ideal`), its items need `needed` points of `width`.
        case sideBySideTooWide(needed: Double, width: Double)
        /// `text`, at the `width` it gets, has these failing problems.
        case textDoesNotFit(text: String, width: Double, problems: [VerdictProblem])
    }
}
