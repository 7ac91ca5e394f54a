import OversetEngine

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
    public var label: Label { storage.label }
    /// How marks crossing the line box count.
    public var policy: VerdictPolicy { storage.policy }
    /// The layout judged: at ``Label/maxLines``, truncated when the text needs more.
    public var layout: TextLayout { storage.layout }
    /// Lines the text needs with no limit.
    public var linesNeeded: Int { storage.linesNeeded }
    /// The clipping analysis of ``layout``, with overflows within ``VerdictPolicy/clippingTolerance`` removed.
    public var clipping: ClippingReport { storage.clipping }
    /// The clipping analysis with every overflow, for judging again under another policy.
    private var unfilteredClipping: ClippingReport { storage.unfilteredClipping }
    /// The font scale the label shows the text at: 1, or less when ``Label/minimumScaleFactor`` lets it shrink
    /// to fit (`adjustsFontSizeToFitWidth`). The layout, lines needed and clipping are at this scale.
    public var scale: Double { storage.scale }
    /// Whether ``Label/allowsTightening`` squeezed the spacing to avoid truncation: the text needs more lines than
    /// allowed at the label's width but not at 5 % more (`NSParagraphStyle.tighteningFactorForTruncation`). The
    /// layout is then at the wider width, its lines up to 5 % wider than the label (exact for one line; for several
    /// lines every line may take the extra room, where UIKit squeezes only the last).
    public var tightened: Bool { storage.tightened }

    /// The members, in one immutable object: a verdict is copied and dropped several times on its way to a report,
    /// and as a struct of a label, a layout and two clipping reports each copy retained (and each drop released)
    /// about a dozen references through generic witnesses.
    private final class Storage: Sendable {
        let label: Label
        let policy: VerdictPolicy
        let layout: TextLayout
        let linesNeeded: Int
        let clipping: ClippingReport
        let unfilteredClipping: ClippingReport
        let scale: Double
        let tightened: Bool
        /// The worst of the problems' statuses, judged once here: every door asks for it (a report's `fits`, its
        /// `status`, a check's tallies), and judging it again copied the label for each kind of problem.
        let status: VerdictStatus

        init(label: Label, policy: VerdictPolicy, layout: TextLayout, linesNeeded: Int,
             unfilteredClipping: ClippingReport, scale: Double, tightened: Bool) {
            // Judged before the members are stored: afterwards, reading the arguments again copied the label.
            let clipping = Verdict.filter(label.platform.rules.padsToFontBounds ? Verdict.fontPadded(unfilteredClipping, layout)
                                                                    : unfilteredClipping, policy)
            var worst = VerdictStatus.pass
            // `tight` only when the policy asks for headroom: the other verdicts skip its judging (and the label's
            // copy that comes with it).
            for kind in VerdictProblem.Kind.allCases where kind != .tight || policy.headroom != nil {
                if let status = Storage.problemStatus(kind, label: label, policy: policy, layout: layout,
                                                      linesNeeded: linesNeeded, clipping: clipping), status > worst {
                    worst = status
                }
            }
            status = worst
            self.label = label
            self.policy = policy
            self.layout = layout
            self.linesNeeded = linesNeeded
            self.unfilteredClipping = unfilteredClipping
            self.clipping = clipping
            self.scale = scale
            self.tightened = tightened
        }

        /// Whether a verdict of these members has a problem of `kind`, and how it counts under the policy: the one
        /// place that decides, for ``Verdict/status`` and ``Verdict/problems`` alike. (`earlyFlip` is a header's,
        /// judged by the check.)
        static func problemStatus(_ kind: VerdictProblem.Kind, label: Label, policy: VerdictPolicy,
                                  layout: TextLayout, linesNeeded: Int, clipping: ClippingReport) -> VerdictStatus? {
            switch kind {
            case .truncated: return Verdict.truncates(label, linesNeeded: linesNeeded) ? .fail : nil
            case .clipped:
                guard clipping.hasClipping, policy.clipping != .ignore else { return nil }
                return policy.clipping == .fail ? .fail : .warn
            case .lowContrast:
                return Verdict.contrast(of: label, pointSize: layout.options.pointSize)?.passes == false ? .fail : nil
            case .missingGlyphs: return layout.missingCharacters.isEmpty ? nil : .unknown
            case .earlyFlip: return nil
            case .tooWide:
                return layout.lines.indices.contains { Verdict.isWiderThanLabel(line: $0, of: layout) } ? .fail : nil
            case .tight:
                guard let required = policy.headroom, label.maxLines > 0,
                      !Verdict.truncates(label, linesNeeded: linesNeeded),
                      let headroom = Verdict.headroom(of: layout, maxLines: label.maxLines, truncated: false) else { return nil }
                return required.isShort(of: headroom) ? .warn : nil
            }
        }
    }

    private let storage: Storage

    /// Lays out `prepared` for `label` and judges it.
    /// - Complexity: a pass of arithmetic over the text (the layout at the label's limit; when that truncates, a
    ///   count of the lines needed too) and the clipping analysis of the visible glyphs.
    public init(_ prepared: PreparedText, label: Label, policy: VerdictPolicy = VerdictPolicy()) throws(OversetError) {
        var options = try label.validatedLayoutOptions()
        let prepared = try label.reprepared(prepared)
        // Most labels fit: then the layout at the label's limit is complete, and its lines are the lines needed
        // (every strategy has greedy's line count: `LineBreaker.countLines`), with no count of its own.
        let first = try prepared.layout(options)
        guard first.isTruncated else {
            storage = Storage(label: label, policy: policy, layout: first, linesNeeded: first.lines.count,
                              unfilteredClipping: first.clipping(), scale: 1, tightened: false)
            return
        }
        var unlimited = options
        unlimited.maxLines = 0
        var needed = try prepared.lineCount(unlimited)
        var tightened = false
        if label.allowsTightening, label.maxLines > 0, needed > label.maxLines {
            var squeezed = unlimited
            squeezed.width = unlimited.width * (1 + Label.tighteningFactor)
            let squeezedNeeded = try prepared.lineCount(squeezed)
            if squeezedNeeded <= label.maxLines {
                tightened = true
                needed = squeezedNeeded
                unlimited.width = squeezed.width
                options.width = squeezed.width
            }
        }
        var scale = 1.0
        if let minimum = label.shrinkLimit, minimum < 1, label.maxLines > 0, needed > label.maxLines {
            // The largest scale that fits, to 1/10,000 (lines needed only grow with the size): arithmetic on
            // the prepared text, no shaping.
            func lines(at scale: Double) throws(OversetError) -> Int {
                var scaled = unlimited
                scaled.pointSize = unlimited.pointSize * scale
                return try prepared.lineCount(scaled)
            }
            if try lines(at: minimum) > label.maxLines {
                scale = minimum
            } else {
                var low = minimum, high = 1.0
                while high - low > 1e-4 {
                    let middle = (low + high) / 2
                    if try lines(at: middle) <= label.maxLines { low = middle } else { high = middle }
                }
                scale = low
            }
            options.pointSize *= scale
            unlimited.pointSize *= scale
            needed = try prepared.lineCount(unlimited)
        }
        // Tightened or scaled, the text is laid out again at the width and size found.
        let layout = tightened || scale != 1 ? try prepared.layout(options) : first
        storage = Storage(label: label, policy: policy, layout: layout, linesNeeded: needed,
                          unfilteredClipping: layout.clipping(), scale: scale, tightened: tightened)
    }

    private init(_ other: Verdict, policy: VerdictPolicy) {
        storage = Storage(label: other.label, policy: policy, layout: other.layout, linesNeeded: other.linesNeeded,
                          unfilteredClipping: other.unfilteredClipping, scale: other.scale,
                          tightened: other.tightened)
    }

    /// The same layout judged under another policy (no new layout).
    public func judged(by policy: VerdictPolicy) -> Verdict { Verdict(self, policy: policy) }

    /// An Android `TextView`'s clipping: `includeFontPadding` (on by default) gives the first line the primary
    /// font's `top` (its bounding box) instead of its ascent, and the last line its `bottom`
    /// (`StaticLayout`: `if (includePad) above = top`), so ink that crosses the label's top or bottom by less
    /// than that padding is inside the view, and the rest crosses by that much less.
    fileprivate static func fontPadded(_ report: ClippingReport, _ layout: TextLayout) -> ClippingReport {
        guard report.hasClipping else { return report }
        let metrics = layout.prepared.engine.fonts.primary.metrics
        let scale = layout.options.pointSize / Double(max(1, metrics.unitsPerEm))
        let top = max(0, Double(metrics.boundsTop - metrics.ascender) * scale)
        let bottom = max(0, Double(metrics.boundsBottom - metrics.descender) * scale)
        var padded = report
        padded.clippedClusters = report.clippedClusters.compactMap { cluster in
            var cluster = cluster
            switch cluster.edge {
            case .top: cluster.overflow -= top
            case .bottom: cluster.overflow -= bottom
            case .previousLine, .nextLine: break
            }
            return cluster.overflow > 0 ? cluster : nil
        }
        return padded
    }

    fileprivate static func filter(_ report: ClippingReport, _ policy: VerdictPolicy) -> ClippingReport {
        var filtered = report
        filtered.clippedClusters = report.clippedClusters.filter { $0.overflow > policy.clippingTolerance }
        return filtered
    }

    /// Whether the text needs more lines than the label shows.
    public var isTruncated: Bool { Verdict.truncates(storage.label, linesNeeded: storage.linesNeeded) }

    /// Whether a text that needs `linesNeeded` lines is truncated in `label`: the one place that says so, for
    /// ``isTruncated`` and the status alike.
    fileprivate static func truncates(_ label: Label, linesNeeded: Int) -> Bool {
        label.maxLines > 0 && linesNeeded > label.maxLines
    }
    /// The lines of ``layout`` wider than the label (by more than `Tolerance.width`, a billionth of a point): each
    /// holds a grapheme cluster that cannot break and runs past the label's edge (a ``VerdictProblem/Kind/tooWide``
    /// problem). The width is the layout's: with ``tightened`` the up to 5 % wider one the text was laid out at. A
    /// truncated line is the truncation's problem and is not listed.
    public var linesWiderThanLabel: [Int] {
        let layout = layout
        return layout.lines.indices.filter { Verdict.isWiderThanLabel(line: $0, of: layout) }
    }

    /// Whether line `line` of `layout` is wider than the layout's width: the one place that says a line is too
    /// wide, for the status and ``linesWiderThanLabel`` alike. A truncated line is not counted: it keeps a cluster
    /// before its ellipsis however narrow the label, and the truncation is its problem.
    fileprivate static func isWiderThanLabel(line: Int, of layout: TextLayout) -> Bool {
        layout.lines[line].breakKind != .truncated && layout.lines[line].width > layout.options.width + Tolerance.width
    }

    /// Characters no font has: the widths around them are estimates, so the verdict is unknown, never a pass.
    public var missingCharacters: [MissingCharacter] { layout.missingCharacters }
    /// Whether marks cross a line box by more than the tolerance.
    public var isClipped: Bool { clipping.hasClipping }

    /// The contrast of the label's colours (light, and dark when given) against the HIG's minimum at the label's
    /// point size and weight; nil when the label has no colours.
    public var contrast: ContrastCheck? { Verdict.contrast(of: label, pointSize: layout.options.pointSize) }

    fileprivate static func contrast(of label: Label, pointSize: Double) -> ContrastCheck? {
        guard let colors = label.colors else { return nil }
        let required = Contrast.minimumRatio(pointSize: pointSize, bold: label.weight.value >= 700)
        let light = Contrast.ratio(colors.foreground, on: colors.background, canvas: .white)
        let dark = colors.darkForeground.flatMap { foreground in
            colors.darkBackground.map { Contrast.ratio(foreground, on: $0, canvas: .black) }
        }
        return ContrastCheck(ratio: light, darkRatio: dark, required: required)
    }

    /// Fits: not truncated, no clipping that the policy fails on, and nothing unmeasurable.
    public var fits: Bool { !status.fails }

    /// The judgement: `fail` for truncation (or clipping under `.fail`), `unknown` when a character has no glyph,
    /// `warn` for clipping under `.warn`, else `pass`.
    /// The worst of its problems' statuses (without making their sentences), judged when the verdict was made.
    public var status: VerdictStatus { storage.status }

    /// Whether the verdict has a problem of `kind`, and how it counts under the policy.
    func problemStatus(_ kind: VerdictProblem.Kind) -> VerdictStatus? {
        Storage.problemStatus(kind, label: storage.label, policy: storage.policy, layout: storage.layout,
                              linesNeeded: storage.linesNeeded, clipping: storage.clipping)
    }

    /// Each problem, as facts (``VerdictProblem/Facts``; `OversetReports` words them), with the overflow for
    /// clipping; empty when the text fits cleanly, that is exactly when ``status`` is `pass` (every kind of problem
    /// counts as `warn`, `unknown` or `fail`).
    public var problems: [VerdictProblem] {
        guard storage.status != .pass else { return [] }
        var out: [VerdictProblem] = []
        let options = layout.options
        if problemStatus(.truncated) != nil {
            out.append(VerdictProblem(kind: .truncated, facts: .truncated(
                linesNeeded: linesNeeded, maxLines: label.maxLines, minimumScaleFactor: label.shrinkLimit,
                pointSize: options.pointSize, width: options.width, cutOff: label.truncation == .clip,
                singleLine: label.singleLine)))
        }
        if problemStatus(.tooWide) != nil {
            let lines = linesWiderThanLabel
            let widest = lines.max { layout.lines[$0].width < layout.lines[$1].width } ?? 0
            let line = layout.lines[widest]
            out.append(VerdictProblem(kind: .tooWide, facts: .tooWide(
                line: widest, text: line.text, lineWidth: line.width, width: options.width, otherLines: lines.count - 1)))
        }
        if let status = problemStatus(.clipped), let worst = clipping.clippedClusters.max(by: { $0.overflow < $1.overflow }) {
            out.append(VerdictProblem(kind: .clipped, facts: .clipped(clippedMarks(worst: worst.overflow)),
                                      overflow: worst.overflow, status: status))
        }
        if problemStatus(.lowContrast) != nil, let contrast, let colors = label.colors {
            typealias Pair = VerdictProblem.LowContrast.Pair
            var light: Pair? = nil, dark: Pair? = nil
            if contrast.ratio < contrast.required {
                light = Pair(ratio: contrast.ratio, foreground: colors.foreground, background: colors.background)
            }
            if let ratio = contrast.darkRatio, ratio < contrast.required,
               let foreground = colors.darkForeground, let background = colors.darkBackground {
                dark = Pair(ratio: ratio, foreground: foreground, background: background)
            }
            out.append(VerdictProblem(kind: .lowContrast, facts: .lowContrast(VerdictProblem.LowContrast(
                light: light, dark: dark, required: contrast.required, pointSize: options.pointSize,
                weight: label.weight))))
        }
        if problemStatus(.tight) != nil, let required = policy.headroom, let headroom {
            out.append(VerdictProblem(kind: .tight, facts: .tight(headroom: headroom, required: required)))
        }
        if problemStatus(.missingGlyphs) != nil {
            out.append(VerdictProblem(kind: .missingGlyphs, facts: .missingGlyphs(missingCharacters)))
        }
        if label.platform != .ios {
            for index in out.indices { out[index].platform = label.platform }
        }
        return out
    }
}

/// How much longer a text may get before a label with a line limit truncates it.
public struct Headroom: Sendable, Hashable, Codable {
    /// Points of line space left: the free end of the last line plus the lines not used; negative when the text
    /// already needs more, by the width of what does not fit.
    public var points: Double
    /// ``points`` as a share of the text's own width (0.25: it may grow by a quarter; -0.1: a tenth too long).
    public var fraction: Double
    /// ``points`` in characters of the text's own average width (a count of grapheme clusters, rounded toward 0).
    public var characters: Int

    /// - Parameters are the properties of the same names.
    public init(points: Double, fraction: Double, characters: Int) {
        self.points = points
        self.fraction = fraction
        self.characters = characters
    }
}

extension Verdict {
    /// How much longer the text may get at this category before it is truncated; nil for a label with no line
    /// limit. Text added at the end fills the free end of the last line first, then the unused lines, so this is
    /// an upper bound when the added words do not fit the last line's gap.
    public var headroom: Headroom? { Verdict.headroom(of: layout, maxLines: label.maxLines, truncated: isTruncated) }

    /// ``headroom`` of a layout at a line limit, `truncated` when the text needs more lines than the limit.
    fileprivate static func headroom(of layout: TextLayout, maxLines: Int, truncated: Bool) -> Headroom? {
        guard maxLines > 0 else { return nil }
        let width = layout.options.width
        let lines: [Double]
        if truncated {
            // The shown layout stops at the limit; what does not fit needs every line (their widths only).
            guard let all = try? layout.prepared.lineWidths(layout.options) else { return nil }
            lines = all
        } else {
            lines = layout.lines.map(\.width)
        }
        let used = lines.reduce(0, +)
        let clusters = max(1, layout.prepared.graphemes.count - 1)  // boundaries from 0 to the end
        guard used > 0 else { return nil }
        let points: Double
        if lines.count <= maxLines {
            points = (width - (lines.last ?? 0)) + Double(maxLines - lines.count) * width
        } else {
            points = -lines[maxLines...].reduce(0, +)
        }
        let average = used / Double(clusters)
        return Headroom(points: points, fraction: points / used, characters: Int(points / average))
    }
}

extension Verdict {
    /// The facts of the clipped marks: the edges crossed, the first five distinct clusters (told apart by their
    /// bytes: `==` compares canonical equivalents, normalizing non-ASCII text, at more than the verdict's cost; a
    /// cluster spelled two ways in one text is listed twice, as written), and advice only where it changes
    /// something: a line height taller than the lines already are for marks above (iOS adds the extra height above
    /// the glyphs), a raised baseline for marks below (a taller line does not move them).
    func clippedMarks(worst: Double) -> VerdictProblem.ClippedMarks {
        var clusters: [String] = []
        // The edges crossed, a bit each (a `Set` hashed each edge's raw value string).
        func bit(_ edge: ClipEdge) -> UInt8 {
            switch edge {
            case .top: 1
            case .bottom: 2
            case .previousLine: 4
            case .nextLine: 8
            }
        }
        var crossed: UInt8 = 0
        for clip in clipping.clippedClusters {
            crossed |= bit(clip.edge)
            if clusters.count < 5, !clusters.contains(where: { $0.utf8.elementsEqual(clip.cluster.utf8) }) {
                clusters.append(clip.cluster)
            }
        }
        let edges = [ClipEdge.top, .previousLine, .nextLine, .bottom].filter { crossed & bit($0) != 0 }
        let tallest = layout.lines.map(\.height).max() ?? 0
        let above = crossed & (bit(.top) | bit(.previousLine)) != 0
        return VerdictProblem.ClippedMarks(
            edges: edges, clusters: clusters, worst: worst,
            lineHeightAdvice: above && clipping.suggestedLineHeight > tallest + Tolerance.width
                ? clipping.suggestedLineHeight : nil,
            baselineAdvice: clipping.suggestedBaselineOffset > Tolerance.width ? clipping.suggestedBaselineOffset : nil)
    }
}
