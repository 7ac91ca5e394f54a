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
    ///
    /// With the greedy strategy the only allocation is the result's array of lines.
    public func layout(_ options: LayoutOptions) throws(OversetError) -> TextLayout {
        try options.validate()
        let limit = options.maxLines > 0 ? options.maxLines : nil
        var lines: [Line] = []
        var top = 0.0
        let isComplete: Bool
        if options.strategy == .greedy {
            let estimate = Int(naturalWidth(pointSize: options.pointSize) / max(options.width, 1)) + paragraphs.count + 1
            lines.reserveCapacity(min(limit ?? estimate, estimate))
            isComplete = forEachLine(options, lineLimit: limit) { span in
                lines.append(makeLine(span, truncation: nil, coversToEnd: false, top: &top, options: options))
            }
        } else {
            let chosen = chooseLines(options, lineLimit: limit)
            lines = makeLines(chosen.lines, truncation: nil, options: options)
            isComplete = chosen.isComplete
        }
        var truncatedRange: TextRange? = nil
        if !isComplete, let last = lines.last {
            // Rebuild the last line for the truncation mode.
            let span = LineSpan(start: last.contentRange.lowerBound, contentEnd: last.contentRange.upperBound,
                                end: last.range.upperBound, width: last.width / options.pointSize, kind: last.breakKind)
            let result = truncate(lineStartingAt: span.start, options: options, fallback: span)
            var lastTop = last.top
            lines[lines.count - 1] = makeLine(result.span, truncation: result.visible, coversToEnd: true, top: &lastTop,
                                              options: options)
            truncatedRange = result.hidden
        }
        return TextLayout(prepared: self, options: options, lines: lines, isTruncated: !isComplete,
                          truncatedRange: truncatedRange)
    }

    /// Whether the text needs more than `maxLines` lines at this width and size (always false for 0, unlimited).
    /// Cheaper than `layout`: it stops after `maxLines + 1` lines and builds no result.
    public func willTruncate(width: Double, pointSize: Double, maxLines: Int, wrapping: WrapMode = .word,
                             tracking: Tracking = .none, strategy: LineBreakStrategy = .pushOut) throws(OversetError) -> Bool {
        try willTruncate(LayoutOptions(width: width, pointSize: pointSize, maxLines: maxLines, wrapping: wrapping,
                                       tracking: tracking, strategy: strategy))
    }

    /// Whether the text needs more than `options.maxLines` lines (false when it is 0), with every option explicit.
    public func willTruncate(_ options: LayoutOptions) throws(OversetError) -> Bool {
        try options.validate()
        guard options.maxLines > 0 else { return false }
        return !countLines(options, lineLimit: options.maxLines).isComplete
    }

    /// How many lines the text needs at this width and size, with no line limit.
    public func lineCount(width: Double, pointSize: Double, wrapping: WrapMode = .word,
                          tracking: Tracking = .none, strategy: LineBreakStrategy = .pushOut) throws(OversetError) -> Int {
        try lineCount(LayoutOptions(width: width, pointSize: pointSize, wrapping: wrapping, tracking: tracking,
                                    strategy: strategy))
    }

    /// How many lines the text needs with these options, ignoring `maxLines`.
    public func lineCount(_ options: LayoutOptions) throws(OversetError) -> Int {
        try options.validate()
        return countLines(options, lineLimit: nil).count
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
    func breakLines(_ options: LayoutOptions, lineLimit: Int?, from start: Int = 0,
                    stopAtParagraphEnd: Bool = false) -> (lines: [LineSpan], isComplete: Bool) {
        var lines: [LineSpan] = []
        let complete = forEachLine(options, lineLimit: lineLimit, from: start, stopAtParagraphEnd: stopAtParagraphEnd) {
            lines.append($0)
        }
        return (lines, complete)
    }

    /// The greedy breaker itself: calls `body` with each line and allocates nothing. Returns false when it stopped
    /// at `lineLimit` with text left over.
    func forEachLine(_ options: LayoutOptions, lineLimit: Int?, from start: Int = 0, stopAtParagraphEnd: Bool = false,
                     _ body: (LineSpan) -> Void) -> Bool {
        let count = utf16.count
        let maxWidth = options.width / options.pointSize
        // Widths are sums of the same doubles in the same order, so a layout's own width fed back in fits; the slack
        // only absorbs the division above.
        let slack = 1e-9
        let tracking = options.trackingEm
        var made = 0
        var position = start
        var segmentIndex = start == 0 ? 0 : segmentIndex(containing: start)
        while position < count {
            if let lineLimit, made == lineLimit { return false }
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
            body(line)
            made += 1
            position = line.end
            if stopAtParagraphEnd && line.kind == .mandatory { break }
        }
        return true
    }

    /// The index of the segment that contains `offset` (the last one for the end of the text).
    func segmentIndex(containing offset: Int) -> Int {
        var low = 0, high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if Int(segments[mid].end) <= offset { low = mid + 1 } else { high = mid }
        }
        return min(low, max(0, segments.count - 1))
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

    // MARK: - Strategies

    /// Lines by the options' strategy; with `lineLimit`, at most that many and whether text was left over.
    /// The number of lines by the options' strategy (at most `lineLimit`) and whether that was all the text;
    /// allocation-free for the greedy strategy.
    func countLines(_ options: LayoutOptions, lineLimit: Int?) -> (count: Int, isComplete: Bool) {
        guard options.strategy == .greedy else {
            let chosen = chooseLines(options, lineLimit: lineLimit)
            return (chosen.lines.count, chosen.isComplete)
        }
        var count = 0
        let complete = forEachLine(options, lineLimit: lineLimit) { _ in count += 1 }
        return (count, complete)
    }

    func chooseLines(_ options: LayoutOptions, lineLimit: Int?) -> (lines: [LineSpan], isComplete: Bool) {
        switch options.strategy {
        case .greedy:
            return breakLines(options, lineLimit: lineLimit)
        case .pushOut:
            let lines = pushOut(breakLines(options, lineLimit: nil).lines, options: options)
            if let lineLimit, lines.count > lineLimit { return (Array(lines.prefix(lineLimit)), false) }
            return (lines, true)
        case .balanced:
            let greedy = breakLines(options, lineLimit: lineLimit)
            guard greedy.isComplete, greedy.lines.count > 1 else { return greedy }
            return (balance(greedy.lines, options: options), true)
        }
    }

    /// UIKit's push-out: a paragraph's last line that holds one word, after a line of several, takes the last word
    /// of that line with it, when the two fit on one line. Apple: "the text system pushes out individual lines to
    /// avoid an orphan word on the last line of the paragraph … typically … by one word"
    /// (`NSParagraphStyle.LineBreakStrategy.pushOut`); when the pair does not fit, moving the word would leave an
    /// orphan anyway and add a line, so the lines stay as they are.
    private func pushOut(_ lines: [LineSpan], options: LayoutOptions) -> [LineSpan] {
        var result: [LineSpan] = []
        result.reserveCapacity(lines.count + 1)
        var index = 0
        while index < lines.count {
            var end = index
            while end < lines.count - 1 && lines[end].kind != .mandatory && lines[end].kind != .endOfText { end += 1 }
            var paragraph = Array(lines[index...end])
            if paragraph.count >= 2 {
                let last = paragraph[paragraph.count - 1], previous = paragraph[paragraph.count - 2]
                let lastWords = segmentCount(last), previousWords = segmentCount(previous)
                if previous.kind == .opportunity, lastWords == 1, previousWords >= 2 {
                    let moved = Int(segments[segmentIndex(containing: previous.start) + previousWords - 1].start)
                    var shortened = previous
                    shortened.end = moved
                    shortened.contentEnd = moved
                    while shortened.contentEnd > shortened.start && hangs[shortened.contentEnd - 1] {
                        shortened.contentEnd -= 1
                    }
                    shortened.width = measure(shortened.start..<shortened.contentEnd, tracking: options.trackingEm,
                                              leadingContext: false)
                    let rest = breakLines(options, lineLimit: nil, from: moved, stopAtParagraphEnd: true).lines
                    if rest.count == 1 {
                        paragraph.removeLast(2)
                        paragraph.append(shortened)
                        paragraph.append(contentsOf: rest)
                    }
                }
            }
            result.append(contentsOf: paragraph)
            index = end + 1
        }
        return result
    }

    /// The number of whole segments (words) a line holds, or 0 when it was cut inside one.
    private func segmentCount(_ line: LineSpan) -> Int {
        guard line.kind != .cluster, line.contentEnd > line.start else { return 0 }
        let first = segmentIndex(containing: line.start)
        guard Int(segments[first].start) == line.start else { return 0 }
        let last = segmentIndex(containing: max(line.start, line.contentEnd - 1))
        return last - first + 1
    }

    /// The greedy lines at the narrowest width that keeps their number (CSS `text-wrap: balance`): a bisection
    /// over the width, each step one greedy pass.
    private func balance(_ lines: [LineSpan], options: LayoutOptions) -> [LineSpan] {
        let target = lines.count
        var high = options.width
        var low = 0.0
        var best = lines
        var probe = options
        let clusterBreaks = lines.filter { $0.kind == .cluster }.count
        for _ in 0..<24 {
            let mid = (low + high) / 2
            probe.width = mid
            let attempt = breakLines(probe, lineLimit: target)
            // Same line count, and no word cut that the full width did not need.
            if attempt.isComplete && attempt.lines.count == target
                && attempt.lines.filter({ $0.kind == .cluster }).count <= clusterBreaks {
                high = mid
                best = attempt.lines
            } else {
                low = mid
            }
            if high - low < 0.01 { break }
        }
        return best
    }

    var remeasurer: Remeasurer {
        Remeasurer(units: utf16, runs: runs, sums: advanceSums, engine: engine, features: features,
                   language: shapingLanguage)
    }
}
