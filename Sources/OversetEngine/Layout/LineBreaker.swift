internal import OversetText

/// A line as the breaker found it, before truncation and vertical metrics.
struct LineSpan: Sendable {
    var start: Int
    var contentEnd: Int
    var end: Int
    /// Width in ems, tracking included.
    var width: Double
    var kind: LineBreakKind

    /// The line's width in points at `size`, as its ``Line`` has it (``PreparedText/lineWidths(_:)`` too).
    func points(atSize size: Double) -> Double { max(0, width * size) }
}

/// Chooses the lines of a prepared text: greedy first fit over its segments (the text between two UAX #14 break
/// opportunities), cluster cuts for words wider than a line (with kinsoku), and the push-out and balanced
/// strategies on top. It reads the prepared storage with arithmetic; it shapes only to re-measure a cut that
/// HarfBuzz flagged unsafe to break.
struct LineBreaker {
    /// The text being broken.
    let text: PreparedText
    let segments: [Segment]
    let advanceSums: [Double]
    let unsafeToBreak: [Bool]
    let graphemes: [Int32]
    let noBreakBefore: [Bool]
    let hangs: [Bool]
    /// The length of the text in UTF-16 code units.
    let count: Int

    /// A breaker over `text`'s storage (no copy: the arrays are shared).
    init(_ text: PreparedText) {
        self.text = text
        segments = text.segments
        advanceSums = text.advanceSums
        unsafeToBreak = text.unsafeToBreak
        graphemes = text.graphemes
        noBreakBefore = text.noBreakBefore
        hangs = text.hangs
        count = text.utf16.count
    }

    /// Greedy first-fit line breaking (what `UILabel` and TextKit do): each line takes as many segments as fit;
    /// trailing white space hangs and does not count; a segment wider than an empty line is broken between grapheme
    /// clusters. With `lineLimit`, stops once that many lines are made and reports whether text was left over.
    func breakLines(_ options: LayoutOptions, lineLimit: Int?, from start: Int = 0,
                    stopAtParagraphEnd: Bool = false) -> (lines: [LineSpan], isComplete: Bool) {
        var lines: [LineSpan] = []
        // One allocation in the common case: the lines a text of this natural width needs, plus its paragraphs.
        // A line holds one cluster at least, so the clusters bound it (a 1 pt width would otherwise ask for billions).
        let byWidth = ((advanceSums.last ?? 0) * options.pointSize / max(options.width, 1)).rounded(.up)
        let estimate = Int(min(byWidth, Double(graphemes.count))) + text.paragraphs.count + 1
        lines.reserveCapacity(min(lineLimit ?? estimate, estimate))
        let complete = forEachLine(options, lineLimit: lineLimit, from: start, stopAtParagraphEnd: stopAtParagraphEnd) {
            lines.append($0)
        }
        return (lines, complete)
    }

    /// The greedy breaker: calls `body` with each line, allocates nothing; false when it stopped at `lineLimit`.
    ///
    /// The hot loop of every layout: the segment loop keeps its state (committed width, the open line, the segment
    /// cursor) in locals, and its helpers (a piece's widths, the Hangul rule, the cut) are inlined into it.
    func forEachLine(_ options: LayoutOptions, lineLimit: Int?, from start: Int = 0, stopAtParagraphEnd: Bool = false,
                     _ body: (LineSpan) -> Void) -> Bool {
        let count = count
        let maxWidth = options.width / options.pointSize
        // Widths are sums of the same doubles in the same order, so a layout's own width fed back in fits; the slack
        // only absorbs the division above.
        let slack = Tolerance.width
        let tracking = options.trackingEm
        let keepsHangul = options.keepsHangulWords && options.wrapping == .word
        var made = 0
        var position = start
        var segmentIndex = start == 0 ? 0 : text.segmentIndex(containing: start)
        while position < count {
            if let lineLimit, made == lineLimit { return false }
            var committed = 0.0
            var line = LineSpan(start: position, contentEnd: position, end: position, width: 0, kind: .endOfText)
            var isFirst = true
            while segmentIndex < segments.count {
                let segment = segments[segmentIndex]
                let pieceStart = isFirst ? position : Int(segment.start)
                let isPartial = pieceStart != Int(segment.start)
                let (content, full) = widths(of: segment, from: pieceStart, isPartial: isPartial, tracking: tracking)
                var lead = 0.0
                // The rest of a word cut at an unsafe boundary starts the line re-shaped: only a piece that could
                // fit is shaped again (its start's shaping moves its width by less than `contextBound`); one wider
                // than that goes to `fittingPrefix`, which shapes near the cut only. Shaping the rest of the word for
                // every line of it was quadratic.
                if isFirst && pieceStart > 0 && unsafeToBreak[pieceStart]
                    && (!isPartial || content <= maxWidth + slack + Self.contextBound) {
                    lead = isPartial ? leadingDelta(from: pieceStart, to: Int(segment.end)) : segment.startDelta
                }
                // Hangul word priority: a Korean word (segments joined by breaks between Hangul characters) moves
                // to the next line whole when it does not fit after what the line holds; one that starts a line
                // and is wider than it breaks between syllables (its segments, one by one, below).
                if keepsHangul && !isFirst && segment.isInKoreanWord && !segments[segmentIndex - 1].isInKoreanWord
                    && koreanWordOverflows(from: segmentIndex, after: committed, limit: maxWidth + slack, tracking: tracking) {
                    break
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
                    // A break inside a Korean word kept whole is a cut inside the word, as a cluster cut is.
                    if keepsHangul && segment.isInKoreanWord { line.kind = .cluster }
                    continue
                }
                // The segment does not fit.
                if isFirst || options.wrapping == .character {
                    cut(segment, from: pieceStart, isFirst: isFirst, after: committed, lead: lead, limit: maxWidth + slack,
                        tracking: tracking, line: &line, segmentIndex: &segmentIndex)
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

    /// The widths in ems, tracking included, of `segment` from `pieceStart` (where a line starts inside it when
    /// `isPartial`): its content, without the white space that hangs, and in full.
    @inline(__always)
    private func widths(of segment: Segment, from pieceStart: Int, isPartial: Bool,
                        tracking: Double) -> (content: Double, full: Double) {
        if isPartial {
            let clusters = Double(text.clusterCount(pieceStart..<Int(segment.contentEnd)))
            let allClusters = Double(text.clusterCount(pieceStart..<Int(segment.end)))
            return (advanceSums[Int(segment.contentEnd)] - advanceSums[pieceStart] + tracking * clusters,
                    advanceSums[Int(segment.end)] - advanceSums[pieceStart] + tracking * allClusters)
        }
        return (segment.contentWidth + tracking * Double(segment.contentClusters),
                segment.fullWidth + tracking * Double(segment.fullClusters))
    }

    /// Whether the Korean word that starts at segment `first` (its segments joined by breaks between Hangul
    /// characters) does not fit whole after `committed` ems within `limit`: then it moves to the next line.
    @inline(__always)
    private func koreanWordOverflows(from first: Int, after committed: Double, limit: Double, tracking: Double) -> Bool {
        let segment = segments[first]
        var last = first
        while last + 1 < segments.count && segments[last].isInKoreanWord { last += 1 }
        let wordEnd = Int(segments[last].contentEnd)
        let clusters = Double(text.clusterCount(Int(segment.start)..<wordEnd))
        let word = advanceSums[wordEnd] - advanceSums[Int(segment.start)] + tracking * clusters
        return committed + word + segments[last].endDelta > limit
    }

    /// Ends `line` inside `segment`, which does not fit: at the longest run of whole clusters from `pieceStart` that
    /// fits after `committed` ems (and `lead`, unless the piece starts the line) within `limit`; where all its content
    /// fits after all (an unsafe break re-measured narrower), the line takes the segment and `segmentIndex` moves on.
    @inline(__always)
    private func cut(_ segment: Segment, from pieceStart: Int, isFirst: Bool, after committed: Double, lead: Double,
                     limit: Double, tracking: Double, line: inout LineSpan, segmentIndex: inout Int) {
        // A piece starting the line is measured with its start re-shaped by fittingPrefix itself, so an edge that is
        // unsafe on both sides (one Arabic letter) is shaped once, in isolation.
        let available = limit - committed - (isFirst ? 0 : lead)
        let split = fittingPrefix(from: pieceStart, limit: Int(segment.contentEnd), available: available,
                                  tracking: tracking, atLeastOne: isFirst, isolatedStart: isFirst)
        guard split.end > pieceStart else { return }
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

    /// The longest run of whole grapheme clusters from `start` that fits in `available` ems (one at least when
    /// `atLeastOne`), measured exactly where an end is unsafe to break. With `isolatedStart`, `start` begins a line
    /// and is measured without the text before it.
    ///
    /// The end never falls before a character a line should not start with (UAX #14 CL, CP, EX, IS, NS, CJ: "、",
    /// "。", "」", small kana); the cut moves back a cluster instead, as Japanese kinsoku pushes a character out.
    func fittingPrefix(from start: Int, limit: Int, available: Double, tracking: Double, atLeastOne: Bool,
                       isolatedStart: Bool = false) -> (end: Int, width: Double) {
        let unsafeStart = isolatedStart && start > 0 && unsafeToBreak[start]
        /// The width of `start..<end` shaped on its own where a side is unsafe to break, from its width in context.
        /// Only the stretch between an unsafe end and the nearest cluster boundary HarfBuzz marks safe to break is
        /// shaped again: shaping is the same on either side of a safe boundary, so the rest keeps its width in
        /// context (HarfBuzz's `HB_GLYPH_FLAG_UNSAFE_TO_BREAK` contract).
        func exact(_ end: Int, _ contextual: Double) -> Double {
            let unsafeEnd = end < count && unsafeToBreak[end]
            guard unsafeEnd || unsafeStart else { return contextual }
            let remeasurer = text.remeasurer
            let firstSafe = unsafeStart ? safeBoundary(after: start, before: end, last: false) : nil
            let lastSafe = unsafeEnd ? safeBoundary(after: start, before: end, last: true) : nil
            if (unsafeStart && firstSafe == nil) || (unsafeEnd && lastSafe == nil) {
                return contextual + remeasurer.delta(of: start..<end, measured: start..<end,
                                                     keepsLeadingContext: !unsafeStart, keepsTrailingContext: !unsafeEnd)
            }
            var width = contextual
            if let firstSafe {
                width += remeasurer.delta(of: start..<firstSafe, measured: start..<firstSafe, keepsLeadingContext: false,
                                          keepsTrailingContext: true)
            }
            if let lastSafe {
                width += remeasurer.delta(of: lastSafe..<end, measured: lastSafe..<end, keepsLeadingContext: true,
                                          keepsTrailingContext: false)
            }
            return width
        }
        var cluster = text.clusterIndex(atOrAfter: start)
        var fits: [(end: Int, width: Double, isExact: Bool)] = []
        var clusters = 0
        var overflowing = 0
        while cluster + 1 < graphemes.count, Int(graphemes[cluster + 1]) <= limit {
            let next = Int(graphemes[cluster + 1])
            var candidate = advanceSums[next] - advanceSums[start] + tracking * Double(clusters + 1)
            // Shaping a cut on its own moves its width by less than `contextBound`: only cuts near the limit are
            // shaped again (each costs a HarfBuzz call; shaping every one made truncation quadratic).
            let isExact = abs(candidate - available) <= Self.contextBound
            if isExact { candidate = exact(next, candidate) }
            clusters += 1
            cluster += 1
            if candidate <= available || (atLeastOne && fits.isEmpty) {
                fits.append((next, candidate, isExact))
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
        // The cut chosen, measured exactly (one far below the limit was judged on its width in context).
        if var last = fits.last, !last.isExact {
            last.width = exact(last.end, last.width)
            fits[fits.count - 1] = last
        }
        return fits.last.map { ($0.end, $0.width) } ?? (start, 0)
    }

    /// How much the width of `start..<end` changes when it is shaped without the text before it (a line starting
    /// where breaking is unsafe): only the stretch up to the first boundary safe to break is shaped again.
    func leadingDelta(from start: Int, to end: Int) -> Double {
        let safe = safeBoundary(after: start, before: end, last: false) ?? end
        return text.remeasurer.delta(of: start..<safe, measured: start..<safe, keepsLeadingContext: false,
                                     keepsTrailingContext: true)
    }

    /// The first (or `last`) offset strictly between `start` and `end` where a grapheme cluster starts and
    /// breaking is safe for shaping; nil when there is none.
    func safeBoundary(after start: Int, before end: Int, last: Bool) -> Int? {
        if last {
            var index = text.clusterIndex(atOrAfter: end) - 1
            while index >= 0, Int(graphemes[index]) > start {
                if !unsafeToBreak[Int(graphemes[index])] { return Int(graphemes[index]) }
                index -= 1
            }
        } else {
            var index = text.clusterIndex(atOrAfter: start + 1)
            while index < graphemes.count, Int(graphemes[index]) < end {
                if !unsafeToBreak[Int(graphemes[index])] { return Int(graphemes[index]) }
                index += 1
            }
        }
        return nil
    }

    /// How far (in ems) shaping a piece of text without the text around it can move its width, at most: kerning,
    /// an Arabic final form instead of a medial one, a ligature undone. Cuts further than this from the width
    /// available are judged by their width in context (`fittingPrefix`).
    static let contextBound = 2.0

    /// How many clusters past the first that overflows `fittingPrefix` still tries.
    static let fitLookahead = 4

    // MARK: - Strategies

    /// The number of lines by the options' strategy (at most `lineLimit`) and whether that was all the text;
    /// allocation-free for the greedy strategy.
    ///
    /// Push-out and balanced have greedy's line count (push-out moves a word only onto a last line it fits on;
    /// balanced keeps the count by definition), so their count is the allocation-free greedy pass; high quality
    /// (minikin's optimal breaker) can need more lines, so it is counted from its lines.
    func countLines(_ options: LayoutOptions, lineLimit: Int?) -> (count: Int, isComplete: Bool) {
        if options.strategy == .highQuality {
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
            var lines = breakLines(options, lineLimit: nil).lines
            pushOut(&lines, options: options)
            if let lineLimit, lines.count > lineLimit {
                lines.removeLast(lines.count - lineLimit)
                return (lines, false)
            }
            return (lines, true)
        case .balanced:
            let greedy = breakLines(options, lineLimit: lineLimit)
            guard greedy.isComplete, greedy.lines.count > 1 else { return greedy }
            return (balance(greedy.lines, options: options), true)
        case .highQuality:
            var lines = optimal(options)
            if let lineLimit, lines.count > lineLimit {
                lines.removeLast(lines.count - lineLimit)
                return (lines, false)
            }
            return (lines, true)
        }
    }

    /// UIKit's push-out: a paragraph's last line that holds one word, after a line of several, takes the last word
    /// of that line with it, when the two fit on one line. Apple: "the text system pushes out individual lines to
    /// avoid an orphan word on the last line of the paragraph … typically … by one word"
    /// (`NSParagraphStyle.LineBreakStrategy.pushOut`); when the pair does not fit, moving the word would leave an
    /// orphan anyway and add a line, so the lines stay as they are.
    /// Applies push-out to every paragraph of `lines`, in place (a re-layout allocates nothing for it).
    private func pushOut(_ lines: inout [LineSpan], options: LayoutOptions) {
        var index = 0
        while index < lines.count {
            var end = index
            while end < lines.count - 1 && lines[end].kind != .mandatory && lines[end].kind != .endOfText { end += 1 }
            if end - index + 1 >= 2 {
                let last = lines[end], previous = lines[end - 1]
                let keepsHangul = options.keepsHangulWords && options.wrapping == .word
                let lastWords = wordCount(last, keepsHangul: keepsHangul)
                let previousWords = wordCount(previous, keepsHangul: keepsHangul)
                if previous.kind == .opportunity, lastWords == 1, previousWords >= 2 {
                    let moved = lastWordStart(previous, keepsHangul: keepsHangul)
                    var shortened = previous
                    shortened.end = moved
                    shortened.contentEnd = moved
                    while shortened.contentEnd > shortened.start && hangs[shortened.contentEnd - 1] {
                        shortened.contentEnd -= 1
                    }
                    shortened.width = text.measure(shortened.start..<shortened.contentEnd, tracking: options.trackingEm,
                                              leadingContext: false)
                    // The rest of the paragraph from the moved word: it must fit on one line.
                    var rest: LineSpan? = nil
                    var restCount = 0
                    _ = forEachLine(options, lineLimit: 2, from: moved, stopAtParagraphEnd: true) { line in
                        rest = line
                        restCount += 1
                    }
                    // The shortened line is re-measured at its new edge; where that edge is unsafe to break (or next
                    // to a cluster no font has) it can come out wider, and a push-out never makes a line overflow
                    // (found by FuzzLayout).
                    let fits = shortened.width <= options.width / options.pointSize + Tolerance.width
                    if restCount == 1, let rest, fits {
                        lines[end - 1] = shortened
                        lines[end] = rest
                    }
                }
            }
            index = end + 1
        }
    }

    /// The number of whole words a line holds (segments, or with Hangul word priority Korean words of several),
    /// or 0 when it was cut inside one.
    private func wordCount(_ line: LineSpan, keepsHangul: Bool) -> Int {
        guard line.kind != .cluster, line.contentEnd > line.start else { return 0 }
        let first = text.segmentIndex(containing: line.start)
        guard Int(segments[first].start) == line.start else { return 0 }
        if keepsHangul && first > 0 && segments[first - 1].isInKoreanWord { return 0 }
        let last = text.segmentIndex(containing: max(line.start, line.contentEnd - 1))
        guard keepsHangul else { return last - first + 1 }
        return (first...last).count { $0 == first || !segments[$0 - 1].isInKoreanWord }
    }

    /// The first segment of the last word of a line that holds whole words.
    private func lastWordStart(_ line: LineSpan, keepsHangul: Bool) -> Int {
        var index = text.segmentIndex(containing: max(line.start, line.contentEnd - 1))
        while keepsHangul && index > 0 && Int(segments[index].start) > line.start && segments[index - 1].isInKoreanWord {
            index -= 1
        }
        return Int(segments[index].start)
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
}
