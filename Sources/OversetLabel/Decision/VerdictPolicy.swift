import Foundation

/// How a verdict counts marks that cross the line box.
public struct VerdictPolicy: Sendable, Hashable {
    /// Fail, warn (the default: reported, not a failure) or ignore.
    public var clipping: ClippingPolicy
    /// Overflows up to this many points are invisible and not reported: half a device pixel at @3x (1/6 pt) by
    /// default, since ink that stays within half a pixel of the box is not cut on an iPhone.
    public var clippingTolerance: Double

    /// The room a text that fits must have left before its label truncates it (a label with a line limit), or
    /// nil for none: a text with less fits with a warning (``VerdictProblem/Kind/tight``). Measurements stand in
    /// Inter for SF Pro, whose widths cannot be measured off Apple's systems: a margin of a few percent keeps a
    /// string that fits by a hair from passing on a font it was not measured with (docs/checking.md, "Headroom").
    public var headroom: HeadroomRequirement?

    /// The default tolerance: half a pixel at @3x.
    public static let halfPixelAt3x = 1.0 / 6.0

    /// - Parameters are the properties of the same names.
    public init(clipping: ClippingPolicy = .warn, clippingTolerance: Double = VerdictPolicy.halfPixelAt3x,
                headroom: HeadroomRequirement? = nil) {
        self.clipping = clipping
        self.clippingTolerance = clippingTolerance.isFinite ? max(0, clippingTolerance) : VerdictPolicy.halfPixelAt3x
        self.headroom = headroom
    }
}

/// How much room a fitting text must have left: points of line space, or a percentage of the text's own width.
public enum HeadroomRequirement: Sendable, Hashable, CustomStringConvertible {
    /// Points of line space (``Headroom/points``).
    case points(Double)
    /// A percentage of the text's width (``Headroom/fraction`` × 100).
    case percent(Double)

    /// The largest number of points a requirement takes: 1,000.
    public static let maximumPoints = 1_000.0
    /// The largest percentage a requirement takes: 100.
    public static let maximumPercent = 100.0

    /// Whether `headroom` is less than asked.
    public func isShort(of headroom: Headroom) -> Bool {
        switch self {
        case .points(let points): headroom.points < points
        case .percent(let percent): headroom.fraction * 100 < percent
        }
    }

    /// `2 pt` or `5 %`, as a spec writes it back.
    public var description: String {
        switch self {
        case .points(let points): Points.format(points, decimals: 2) + " pt"
        case .percent(let percent): Points.format(percent, decimals: 2) + " %"
        }
    }

    /// A spec's or a request's value: a number of points (`2`, `"2pt"`) or a percentage (`"5%"`).
    public init(parsing value: SettingValue) throws(OversetError) {
        let expected = "points (0 to 1000, e.g. 2) or a percentage of the text's width (0 to 100, e.g. \"5%\")"
        var number: Double?
        var percent = false
        switch value {
        case .number(let value): number = value
        case .string(let text):
            var body = text.trimmingCharacters(in: .whitespaces)
            if body.hasSuffix("%") {
                percent = true
                body.removeLast()
            } else if body.hasSuffix("pt") {
                body.removeLast(2)
            }
            number = Double(body.trimmingCharacters(in: .whitespaces))
        default: break
        }
        guard let number, number.isFinite, number >= 0,
              number <= (percent ? Self.maximumPercent : Self.maximumPoints) else {
            throw .invalidArgument(name: "headroom", value: value.written, expected: expected)
        }
        self = percent ? .percent(number) : .points(number)
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

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    /// The order of the cases, as declared (a switch: `allCases.firstIndex(of:)` made an array per comparison).
    private var rank: Int {
        switch self {
        case .pass: 0
        case .warn: 1
        case .unknown: 2
        case .fail: 3
        }
    }

    /// Whether it fails a check: a failure, or a verdict that could not be measured (never a pass). The one place
    /// that says "fail or unknown".
    public var fails: Bool { self == .fail || self == .unknown }
}

/// One problem of a verdict.
public struct VerdictProblem: Sendable, Hashable, Decodable {
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
        /// The text's colour on its background has less contrast than the HIG asks for at its size and weight.
        case lowContrast
        /// A line is wider than the label: a grapheme cluster that cannot break (a letter of a word wider than the
        /// line, an emoji or a CJK character at a large size, or a narrow label) runs past the label's edge and is cut.
        case tooWide
        /// The text fits with less room left than the policy's ``VerdictPolicy/headroom`` asks for.
        case tight
    }

    /// The kind.
    public var kind: Kind
    /// What was found, as facts (numbers, edges, texts, categories); `OversetReports` words them (`message`).
    public var facts: Facts
    /// For clipping: the worst overflow in points.
    public var overflow: Double?
    /// How this problem counts under the label's policy: `fail`, `unknown` or `warn` (never `pass`). The verdict's
    /// status is the worst of its problems' statuses; a report's severity (error or warning) is this problem's
    /// own, never its string's.
    public var status: VerdictStatus
    /// The system the label was judged as: its sentence names sizes in its unit (`pt` or `dp`) and gives its
    /// settings as advice.
    public var platform: Platform = .ios

    /// - Parameters are the properties of the same names; `status` defaults to the kind's
    ///   (``Kind/defaultStatus``).
    public init(kind: Kind, facts: Facts, overflow: Double? = nil, status: VerdictStatus? = nil) {
        self.kind = kind
        self.facts = facts
        self.overflow = overflow
        self.status = status ?? kind.defaultStatus
    }

    /// A problem given as a sentence already written: one read back from a report, or a caller's own.
    public init(kind: Kind, message: String, overflow: Double? = nil, status: VerdictStatus? = nil) {
        self.init(kind: kind, facts: .recorded(message), overflow: overflow, status: status)
    }

    private enum CodingKeys: String, CodingKey { case kind, message, overflow, status }

    /// Reads a problem as a report wrote it (its sentence kept as ``Facts/recorded(_:)``); one written before
    /// problems had a status gets its kind's default. (The writer is `OversetReports`', which words the facts.)
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(Kind.self, forKey: .kind)
        facts = .recorded(try container.decode(String.self, forKey: .message))
        overflow = try container.decodeIfPresent(Double.self, forKey: .overflow)
        status = try container.decodeIfPresent(VerdictStatus.self, forKey: .status) ?? kind.defaultStatus
    }
}

extension VerdictProblem {
    /// What a problem found, as facts: every number, edge and text its sentence names, and nothing worded.
    public indirect enum Facts: Sendable, Hashable {
        /// The text needs `linesNeeded` lines where `maxLines` are allowed (also at `minimumScaleFactor` when the
        /// label may shrink), at `pointSize` in `width`; `cutOff` when the lines past the limit are cut off with no
        /// ellipsis (`ellipsize="none"`, `.byClipping`), so nothing shows that text is missing; `singleLine` when
        /// the limit is Android's `singleLine` (its advice names it).
        case truncated(linesNeeded: Int, maxLines: Int, minimumScaleFactor: Double?, pointSize: Double, width: Double,
                       cutOff: Bool = false, singleLine: Bool = false)
        /// Line `line` (0-based), `text`, is `lineWidth` wide in a label `width` wide, and `otherLines` more lines
        /// are wider than the label too.
        case tooWide(line: Int, text: String, lineWidth: Double, width: Double, otherLines: Int)
        /// Marks cross the label's or a line's edges.
        case clipped(ClippedMarks)
        /// The colours have less contrast than needed.
        case lowContrast(LowContrast)
        /// The text fits with `headroom` to spare, less than `required`.
        case tight(headroom: Headroom, required: HeadroomRequirement)
        /// No font has these characters: the verdict cannot tell.
        case missingGlyphs([MissingCharacter])
        /// The text could not be prepared (shaped and analysed), for `reason`.
        case notPrepared(reason: String)
        /// The text could not be laid out, for `reason`.
        case notLaidOut(reason: String)
        /// A component that chooses its layout found none that fits (its chosen one's reasons).
        case noLayoutFits(reasons: [LayoutAttempt.Reason])
        /// A reflowing header goes vertical at `category`, where its title needs `titleLinesNeeded` lines beside
        /// the image, though it must stay horizontal up to `upTo`.
        case wentVertical(at: ContentSizeCategory, titleLinesNeeded: Int, upTo: ContentSizeCategory)
        /// A component chose `chosen` at `category` (at `width`, when given), though it must choose `expected` up
        /// to `upTo`; `reasons` say why `expected` did not fit there.
        case choseTooEarly(chosen: String, at: ContentSizeCategory, expected: String, reasons: [LayoutAttempt.Reason],
                           upTo: ContentSizeCategory, width: Double?)
        /// A sentence already written: read back from a report, or a caller's own.
        case recorded(String)
        /// `problem` happens only with the long default samples for the text's placeholders (`long`): the same text
        /// with the short ones (`short`) fits. A check makes such a failure a warning unless its spec chose the
        /// samples.
        case onlyWithSample(long: [String], short: [String], problem: FactsOfAProblem)
    }

    /// The facts of the problem a ``Facts/onlyWithSample(long:short:problem:)`` softens, in a reference: `Facts`
    /// holding `Facts` directly made Swift 6.3.1's debug builds copy and destroy reports holding them wrongly (a
    /// crash in the tests' `#expect` of a `CheckReport` or `KeyFailure`, which ASan's build did not show).
    public final class FactsOfAProblem: Sendable, Hashable {
        public let facts: Facts
        public init(_ facts: Facts) { self.facts = facts }
        public static func == (lhs: FactsOfAProblem, rhs: FactsOfAProblem) -> Bool { lhs.facts == rhs.facts }
        public func hash(into hasher: inout Hasher) { hasher.combine(facts) }
    }

    /// Clipped marks: which edges they cross, which clusters (the first five distinct ones, as written), by how
    /// much, and what would avoid it.
    public struct ClippedMarks: Sendable, Hashable {
        /// The edges crossed, in the order top, line above, line below, bottom.
        public var edges: [ClipEdge]
        /// The first five distinct clusters clipped, as written in the text.
        public var clusters: [String]
        /// The worst overflow, in points.
        public var worst: Double
        /// A line height that avoids the top or the line above; nil when none taller than the lines would.
        public var lineHeightAdvice: Double?
        /// A baseline offset that avoids the bottom or the line below; nil when none is needed.
        public var baselineAdvice: Double?

        public init(edges: [ClipEdge], clusters: [String], worst: Double, lineHeightAdvice: Double?,
                    baselineAdvice: Double?) {
            self.edges = edges
            self.clusters = clusters
            self.worst = worst
            self.lineHeightAdvice = lineHeightAdvice
            self.baselineAdvice = baselineAdvice
        }
    }

    /// Too little contrast: the appearances that fall short, with their ratios and colours.
    public struct LowContrast: Sendable, Hashable {
        /// One appearance's colours and their ratio.
        public struct Pair: Sendable, Hashable {
            public var ratio: Double
            public var foreground: RGBAColor
            public var background: RGBAColor
        }
        /// The light appearance, when it falls short.
        public var light: Pair?
        /// The dark appearance, when it falls short.
        public var dark: Pair?
        /// The HIG's minimum at the text's size and weight.
        public var required: Double
        /// The text's size, in points.
        public var pointSize: Double
        /// The text's weight.
        public var weight: FontWeight
    }
}

extension VerdictProblem.Kind {
    /// How a problem of this kind counts when the policy says nothing else: clipping warns (``ClippingPolicy/warn``,
    /// the default), a missing glyph makes the verdict unknown, the others fail.
    public var defaultStatus: VerdictStatus {
        switch self {
        case .clipped, .tight: return .warn
        case .missingGlyphs: return .unknown
        case .truncated, .earlyFlip, .lowContrast, .tooWide: return .fail
        }
    }
}

extension VerdictPolicy {
    /// The policy's settings, in the form of the label's table (``Label/settings``): a spec rule's and a `measure`
    /// request's key, `preview`'s and `matrix`'s flag, values, default and help; the decoder below reads these keys,
    /// and the command line's options, their help and `docs/settings.md` are made from this table.
    public static let settings: [LabelSetting] = [
        LabelSetting("clipping", .choice(ClippingPolicy.allCases.map(\.rawValue)), default: .value(.string(ClippingPolicy.warn.rawValue)),
                     help: "How clipped marks count: warn (reported, exit 0), fail (exit 1, like truncation) or ignore."),
        LabelSetting("clippingTolerance", .number(toleranceRange, unit: "points"),
                     default: .value(.number(0.167), note: "half a pixel at @3x"),
                     help: "Overflows up to this many points are invisible."),
        LabelSetting("headroom", .text("points (2) or a percentage of the text's width (\"5%\")"), default: .none(nil),
                     help: "Warn when the text fits with less room to spare than this."),
    ]
    /// The keys of a policy, as a spec rule, a `measure` request and `preview`'s options name them.
    public static let settingKeys = settings.map(\.key)
    /// Tolerances in points: 0 to 100.
    public static let toleranceRange: ClosedRange<Double> = 0...100

    /// The policy's settings as a Markdown table, in ``Label/settingsMarkdown``'s columns.
    public static var settingsMarkdown: String { Label.markdown(settings) }

    /// The policy `settings` give over `base`: `clipping` (warn, fail, ignore), `clippingTolerance` (points, 0 to
    /// 100) and `headroom` (points, or a percentage as `"5%"`). The one decoder every door uses, so a tolerance out of range is an error wherever it is given.
    public init(settings: inout Settings, base: VerdictPolicy = VerdictPolicy()) throws(OversetError) {
        let clipping = try settings.choice("clipping", ClippingPolicy.allCases.map { ($0.rawValue, $0) })
        let tolerance = try settings.number("clippingTolerance")
        if let tolerance {
            guard tolerance.isFinite, VerdictPolicy.toleranceRange.contains(tolerance) else {
                throw .invalidArgument(name: "clippingTolerance", value: Points.format(tolerance),
                                       expected: "a number of points from 0 to 100")
            }
        }
        let headroom = try settings.take("headroom").map { value throws(OversetError) in
            try HeadroomRequirement(parsing: value)
        }
        self.init(clipping: clipping ?? base.clipping, clippingTolerance: tolerance ?? base.clippingTolerance,
                  headroom: headroom ?? base.headroom)
    }
}
