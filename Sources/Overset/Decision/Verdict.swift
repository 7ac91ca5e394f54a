/// What a label does with a text at one category: the one judgement behind every door.
///
/// `Label.verdict(for:)`, the test helpers, `overset preview`, `measure`, `matrix` and `check` all build this value
/// and report from it; the picture of a failure is drawn from its ``layout``, the very layout that was judged.
///
/// ```swift
/// let label = Label(style: .body, category: .accessibility3, width: 160, maxLines: 2)
/// let verdict = try label.verdict(for: "Nach Updates suchen", language: "de")
/// verdict.linesNeeded     // 3
/// verdict.status          // .fail
/// verdict.problems        // [truncated: "needs 3 lines, 2 allowed (53 pt in 160 pt)"]
/// ```
public struct Verdict: Sendable {
    /// The label, at the category judged.
    public let label: Label
    /// How marks crossing the line box count.
    public let policy: VerdictPolicy
    /// The layout judged: at ``Label/maxLines``, truncated when the text needs more.
    public let layout: TextLayout
    /// Lines the text needs with no limit.
    public let linesNeeded: Int
    /// The clipping analysis of ``layout``, with overflows within ``VerdictPolicy/clippingTolerance`` removed.
    public let clipping: ClippingReport
    /// The clipping analysis with every overflow, for judging again under another policy.
    private let unfilteredClipping: ClippingReport

    /// Lays out `prepared` for `label` and judges it.
    /// - Complexity: two passes of arithmetic over the text (count, then lay out the visible lines) and the clipping
    ///   analysis of the visible glyphs.
    public init(_ prepared: PreparedText, label: Label, policy: VerdictPolicy = VerdictPolicy()) throws(OversetError) {
        try label.validate()
        let options = label.layoutOptions
        var unlimited = options
        unlimited.maxLines = 0
        self.label = label
        self.policy = policy
        linesNeeded = try prepared.lineCount(unlimited)
        layout = try prepared.layout(options)
        unfilteredClipping = layout.clipping()
        clipping = Verdict.filter(unfilteredClipping, policy)
    }

    private init(_ other: Verdict, policy: VerdictPolicy) {
        label = other.label
        self.policy = policy
        layout = other.layout
        linesNeeded = other.linesNeeded
        unfilteredClipping = other.unfilteredClipping
        clipping = Verdict.filter(unfilteredClipping, policy)
    }

    /// The same layout judged under another policy (no new layout).
    public func judged(by policy: VerdictPolicy) -> Verdict { Verdict(self, policy: policy) }

    private static func filter(_ report: ClippingReport, _ policy: VerdictPolicy) -> ClippingReport {
        var filtered = report
        filtered.clippedClusters = report.clippedClusters.filter { $0.overflow > policy.clippingTolerance }
        return filtered
    }

    /// Whether the text needs more lines than the label shows.
    public var isTruncated: Bool { label.maxLines > 0 && linesNeeded > label.maxLines }
    /// Characters no font has: the widths around them are estimates, so the verdict is unknown, never a pass.
    public var missingCharacters: [MissingCharacter] { layout.missingCharacters }
    /// Whether marks cross a line box by more than the tolerance.
    public var isClipped: Bool { clipping.hasClipping }

    /// Fits: not truncated, no clipping that the policy fails on, and nothing unmeasurable.
    public var fits: Bool { status == .pass || status == .warn }

    /// The judgement: `fail` for truncation (or clipping under `.fail`), `unknown` when a character has no glyph,
    /// `warn` for clipping under `.warn`, else `pass`.
    public var status: VerdictStatus {
        if isTruncated || (isClipped && policy.clipping == .fail) { return .fail }
        if !missingCharacters.isEmpty { return .unknown }
        if isClipped && policy.clipping == .warn { return .warn }
        return .pass
    }

    /// Each problem, in a sentence (and the overflow for clipping); empty when the text fits cleanly.
    public var problems: [VerdictProblem] {
        var out: [VerdictProblem] = []
        let options = layout.options
        if isTruncated {
            out.append(VerdictProblem(kind: .truncated, message: "needs \(linesNeeded) lines, \(label.maxLines) allowed "
                + "(\(Points.format(options.pointSize, decimals: 2)) pt in \(Points.format(options.width, decimals: 2)) pt)"))
        }
        if isClipped, policy.clipping != .ignore, let worst = clipping.clippedClusters.max(by: { $0.overflow < $1.overflow }) {
            var clusters: [String] = []
            for clip in clipping.clippedClusters where !clusters.contains(clip.cluster) && clusters.count < 5 {
                clusters.append(clip.cluster)
            }
            out.append(VerdictProblem(kind: .clipped, message: "marks cross the line box (\(clusters.joined(separator: " ")))"
                + " by up to \(Points.format(worst.overflow, decimals: 2)) pt; a line height of "
                + "\(Points.format(clipping.suggestedLineHeight, decimals: 2)) pt avoids the top",
                overflow: worst.overflow))
        }
        if !missingCharacters.isEmpty {
            out.append(VerdictProblem(kind: .missingGlyphs, message: "no font has "
                + missingCharacters.map(\.description).joined(separator: ", ") + ": cannot tell"))
        }
        return out
    }
}

/// How a verdict counts marks that cross the line box.
public struct VerdictPolicy: Sendable, Hashable {
    /// Fail, warn (the default: reported, not a failure) or ignore.
    public var clipping: ClippingPolicy
    /// Overflows up to this many points are invisible and not reported: half a device pixel at @3x (1/6 pt) by
    /// default, since ink that stays within half a pixel of the box is not cut on an iPhone.
    public var clippingTolerance: Double

    /// The default tolerance: half a pixel at @3x.
    public static let halfPixelAt3x = 1.0 / 6.0

    /// - Parameters are the properties of the same names.
    public init(clipping: ClippingPolicy = .warn, clippingTolerance: Double = VerdictPolicy.halfPixelAt3x) {
        self.clipping = clipping
        self.clippingTolerance = clippingTolerance.isFinite ? max(0, clippingTolerance) : VerdictPolicy.halfPixelAt3x
    }
}

/// What marks crossing the line box mean for a verdict.
public enum ClippingPolicy: String, Sendable, Hashable, CaseIterable, Codable {
    /// A failure.
    case fail
    /// Reported, not a failure (the default).
    case warn
    /// Not reported.
    case ignore
}

/// How a judgement ended, worst last.
public enum VerdictStatus: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    /// Fits.
    case pass
    /// Fits, with a warning (clipping under `.warn`).
    case warn
    /// Cannot tell: a character has no glyph. Never counted as a pass.
    case unknown
    /// Does not fit.
    case fail

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One problem of a verdict.
public struct VerdictProblem: Sendable, Hashable, Codable {
    /// The kind of problem.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The text needs more lines than the label allows.
        case truncated
        /// Marks cross the line box.
        case clipped
        /// A character has no glyph in any font: the check cannot tell.
        case missingGlyphs
        /// A reflowing header goes vertical at a category where it must stay horizontal.
        case earlyFlip
    }

    /// The kind.
    public var kind: Kind
    /// A sentence for people.
    public var message: String
    /// For clipping: the worst overflow in points.
    public var overflow: Double?

    /// - Parameters are the properties of the same names.
    public init(kind: Kind, message: String, overflow: Double? = nil) {
        self.kind = kind
        self.message = message
        self.overflow = overflow
    }
}

extension Label {
    /// The engine for this label's fonts and weight (cached: one per distinct fonts and weight in a process).
    public func engine() throws(OversetError) -> TextEngine {
        try EngineCache.shared.engine(fonts: fonts.custom, weight: bundledWeight)
    }

    /// Prepares `text` with this label's fonts, weight and features.
    public func prepare(_ text: String, language: String? = nil) throws(OversetError) -> PreparedText {
        try engine().prepare(text, language: language, options: PrepareOptions(features: fonts.features))
    }

    /// The verdict for a prepared text (prepared with ``prepare(_:language:)``) at the label's category.
    public func verdict(for prepared: PreparedText, policy: VerdictPolicy = VerdictPolicy()) throws(OversetError) -> Verdict {
        try Verdict(prepared, label: self, policy: policy)
    }

    /// Prepares `text` and judges it at the label's category.
    public func verdict(for text: String, language: String? = nil,
                        policy: VerdictPolicy = VerdictPolicy()) throws(OversetError) -> Verdict {
        try Verdict(prepare(text, language: language), label: self, policy: policy)
    }

    /// Whether `text` needs more than ``maxLines`` lines (`titleWillTruncate()`), with the label's strategy.
    public func willTruncate(_ text: String, language: String? = nil) throws(OversetError) -> Bool {
        try validate()
        return try prepare(text, language: language).willTruncate(layoutOptions)
    }

    /// Lays out `text` as the label would show it.
    public func layout(_ text: String, language: String? = nil) throws(OversetError) -> TextLayout {
        try validate()
        return try prepare(text, language: language).layout(layoutOptions)
    }
}
