internal import OversetText

extension PreparedText {
    /// Lays the text out in a box.
    ///
    /// ```swift
    /// let layout = try prepared.layout(width: 220, pointSize: 17, maxLines: 2)
    /// layout.lines.map(\.text)      // ["Zum Abschließen des", "Updates Firefox neu…"]
    /// ```
    /// - Parameters:
    ///   - width: the line width limit in points.
    ///   - pointSize: the font size in points.
    ///   - maxLines: the most lines to show; 0 for unlimited.
    ///   - truncation: what the last line does when the text needs more lines.
    /// - Throws: ``OversetError/invalidArgument(name:value:expected:)`` for a negative, NaN or infinite width or size.
    /// - Complexity: O(n) arithmetic on cached advances in the length of the visible text; no shaping, except to
    ///   re-measure a mid-word break where HarfBuzz flagged the glyphs unsafe to break.
    public func layout(width: Double, pointSize: Double, maxLines: Int = 0,
                       truncation: TruncationMode = .tail) throws(OversetError) -> TextLayout {
        try layout(LayoutOptions(width: width, pointSize: pointSize, maxLines: maxLines, truncation: truncation))
    }

    /// Lays the text out with every option explicit.
    public func layout(_ options: LayoutOptions) throws(OversetError) -> TextLayout {
        try options.validate()
        let limit = options.maxLines > 0 ? options.maxLines : nil
        let broken = breakLines(options, lineLimit: limit)
        var spans = broken.lines
        var truncatedRange: TextRange? = nil
        var truncation: TruncatedLine? = nil
        if !broken.isComplete, let last = spans.last {
            let result = truncate(lineStartingAt: last.start, options: options, fallback: last)
            spans[spans.count - 1] = result.span
            truncation = result.visible
            truncatedRange = result.hidden
        }
        let lines = makeLines(spans, truncation: truncation, options: options)
        return TextLayout(prepared: self, options: options, lines: lines, isTruncated: !broken.isComplete,
                          truncatedRange: truncatedRange)
    }

    /// Whether the text needs more than `maxLines` lines at this width and size (always false for 0, unlimited).
    /// Cheaper than `layout`: it stops after `maxLines + 1` lines and builds no result.
    public func willTruncate(width: Double, pointSize: Double, maxLines: Int,
                             wrapping: WrapMode = .word, tracking: Tracking = .none) throws(OversetError) -> Bool {
        let options = LayoutOptions(width: width, pointSize: pointSize, maxLines: maxLines, wrapping: wrapping,
                                    tracking: tracking)
        try options.validate()
        guard maxLines > 0 else { return false }
        return !breakLines(options, lineLimit: maxLines).isComplete
    }

    /// How many lines the text needs at this width and size, with no line limit.
    public func lineCount(width: Double, pointSize: Double, wrapping: WrapMode = .word,
                          tracking: Tracking = .none) throws(OversetError) -> Int {
        let options = LayoutOptions(width: width, pointSize: pointSize, wrapping: wrapping, tracking: tracking)
        try options.validate()
        return breakLines(options, lineLimit: nil).lines.count
    }
}

/// A line as the breaker found it, before truncation and vertical metrics.
struct LineSpan: Sendable {
    var start: Int
    var contentEnd: Int
    var end: Int
    /// Width in ems, tracking included.
    var width: Double
    var kind: LineBreakKind
}

extension PreparedText {
    /// Greedy first-fit line breaking (what `UILabel` and TextKit do): each line takes as many segments as fit;
    /// trailing white space hangs and does not count; a segment wider than an empty line is broken between grapheme
    /// clusters. With `lineLimit`, stops once that many lines are made and reports whether text was left over.
    func breakLines(_ options: LayoutOptions, lineLimit: Int?) -> (lines: [LineSpan], isComplete: Bool) {
        let count = utf16.count
        let maxWidth = options.width / options.pointSize
        // Widths are sums of the same doubles in the same order, so a layout's own width fed back in fits; the slack
        // only absorbs the division above.
        let slack = 1e-9
        let tracking = options.trackingEm
        var lines: [LineSpan] = []
        var position = 0
        var segmentIndex = 0
        while position < count {
            if let lineLimit, lines.count == lineLimit { return (lines, false) }
            var committed = 0.0
            var line = LineSpan(start: position, contentEnd: position, end: position, width: 0, kind: .endOfText)
            var isFirst = true
            while segmentIndex < segments.count {
                let segment = segments[segmentIndex]
                let pieceStart = isFirst ? position : Int(segment.start)
                let isPartial = pieceStart != Int(segment.start)
                var lead = 0.0
                if isFirst && pieceStart > 0 && unsafeToBreak[pieceStart] {
                    lead = isPartial
                        ? remeasurer.delta(of: pieceStart..<Int(segment.end), measured: pieceStart..<Int(segment.end),
                                           keepsLeadingContext: false, keepsTrailingContext: true)
                        : segment.startDelta
                }
                let content: Double
                let full: Double
                if isPartial {
                    let clusters = Double(clusterCount(pieceStart..<Int(segment.contentEnd)))
                    let allClusters = Double(clusterCount(pieceStart..<Int(segment.end)))
                    content = advanceSums[Int(segment.contentEnd)] - advanceSums[pieceStart] + tracking * clusters
                    full = advanceSums[Int(segment.end)] - advanceSums[pieceStart] + tracking * allClusters
                } else {
                    content = segment.contentWidth + tracking * Double(segment.contentClusters)
                    full = segment.fullWidth + tracking * Double(segment.fullClusters)
                }
                let candidate = committed + lead + content + segment.endDelta
                if candidate <= maxWidth + slack {
                    committed += lead + full
                    line.contentEnd = Int(segment.contentEnd)
                    line.end = Int(segment.end)
                    line.width = candidate
                    isFirst = false
                    segmentIndex += 1
                    if segment.isMandatoryBreak {
                        line.kind = .mandatory
                        break
                    }
                    line.kind = line.end == count ? .endOfText : .opportunity
                    continue
                }
                // The segment does not fit.
                if isFirst || options.wrapping == .character {
                    // A piece starting the line is measured with its start re-shaped by fittingPrefix itself, so
                    // an edge that is unsafe on both sides (one Arabic letter) is shaped once, in isolation.
                    let available = maxWidth + slack - committed - (isFirst ? 0 : lead)
                    let split = fittingPrefix(from: pieceStart, limit: Int(segment.contentEnd), available: available,
                                              tracking: tracking, atLeastOne: isFirst, isolatedStart: isFirst)
                    if split.end > pieceStart {
                        line.width = committed + (isFirst ? 0 : lead) + split.width
                        line.contentEnd = split.end
                        line.end = split.end
                        line.kind = .cluster
                        if split.end == Int(segment.contentEnd) {
                            // Everything but hanging space fit after all (an unsafe break re-measured narrower).
                            line.end = Int(segment.end)
                            line.kind = segment.isMandatoryBreak ? .mandatory : .opportunity
                            segmentIndex += 1
                        }
                    }
                }
                break
            }
            if line.end == line.start {
                // Only possible for a zero-width tail of hanging space; never loop forever.
                line.end = segmentIndex < segments.count ? Int(segments[segmentIndex].end) : count
                line.contentEnd = line.start
                segmentIndex += 1
            }
            lines.append(line)
            position = line.end
        }
        return (lines, true)
    }

    /// The longest run of whole grapheme clusters from `start` that fits in `available` ems (one at least when
    /// `atLeastOne`), measured exactly where an end is unsafe to break. With `isolatedStart`, `start` begins a line
    /// and is measured without the text before it.
    ///
    /// The end never falls before a character a line should not start with (UAX #14 CL, CP, EX, IS, NS, CJ: "、",
    /// "。", "」", small kana); the cut moves back a cluster instead, as Japanese kinsoku pushes a character out.
    func fittingPrefix(from start: Int, limit: Int, available: Double, tracking: Double, atLeastOne: Bool,
                       isolatedStart: Bool = false) -> (end: Int, width: Double) {
        let unsafeStart = isolatedStart && start > 0 && unsafeToBreak[start]
        var cluster = clusterIndex(atOrAfter: start)
        var fits: [(end: Int, width: Double)] = []
        var clusters = 0
        var overflowing = 0
        while cluster + 1 < graphemes.count, Int(graphemes[cluster + 1]) <= limit {
            let next = Int(graphemes[cluster + 1])
            var candidate = advanceSums[next] - advanceSums[start] + tracking * Double(clusters + 1)
            let unsafeEnd = next < utf16.count && unsafeToBreak[next]
            if unsafeEnd || unsafeStart {
                candidate += remeasurer.delta(of: start..<next, measured: start..<next,
                                              keepsLeadingContext: !unsafeStart, keepsTrailingContext: !unsafeEnd)
            }
            clusters += 1
            cluster += 1
            if candidate <= available || (atLeastOne && fits.isEmpty) {
                fits.append((next, candidate))
                overflowing = 0
                continue
            }
            // Cut widths are not monotonic where shaping depends on the cut (an Arabic final form is wider than
            // the medial form plus the next letter), so look a little further for a longer piece that fits.
            overflowing += 1
            if overflowing >= Self.fitLookahead || candidate > available + 1 { break }
        }
        // Kinsoku: do not leave a closing mark or small kana to start the next line, if the line keeps a cluster.
        while fits.count > 1, let last = fits.last, last.end < limit, noBreakBefore[last.end] {
            fits.removeLast()
        }
        return fits.last ?? (start, 0)
    }

    /// How many clusters past the first that overflows `fittingPrefix` still tries.
    static let fitLookahead = 4

    /// The number of grapheme clusters that start in `range`.
    func clusterCount(_ range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        return clusterIndex(atOrAfter: range.upperBound) - clusterIndex(atOrAfter: range.lowerBound)
    }

    /// The index in `graphemes` of the first boundary at or after `offset`.
    func clusterIndex(atOrAfter offset: Int) -> Int {
        var low = 0, high = graphemes.count
        while low < high {
            let mid = (low + high) / 2
            if Int(graphemes[mid]) < offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    var remeasurer: Remeasurer {
        Remeasurer(units: utf16, runs: runs, sums: advanceSums, engine: engine, features: features,
                   language: shapingLanguage)
    }
}
