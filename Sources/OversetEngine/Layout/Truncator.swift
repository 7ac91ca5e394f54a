internal import OversetText

/// Cuts the last visible line of a layout for `NSLineBreakMode`'s truncation: tail, head, middle or clip. It reads the
/// prepared storage and the shaped ellipses; like the breaker, it shapes only to re-measure unsafe cuts.
struct Truncator {
    /// The text being truncated.
    let text: PreparedText

    /// A truncator over `text`.
    init(_ text: PreparedText) { self.text = text }

    /// Rebuilds the last visible line, which starts at `start`, for the truncation mode: like `UILabel`, the text
    /// left for the last line is cut between grapheme clusters (never inside one), trailing white space before the
    /// ellipsis is dropped, and the ellipsis ("…", or "..." in a font without it) is shaped in a font of the stack.
    ///
    /// The three modes share the fitting loop (the ellipsis face can change with the text next to it, so the pieces
    /// are fitted twice) and the final trim (``trim(_:_:widths:lead:ellipsis:maxWidth:tracking:)``) that keeps the
    /// line within the width.
    func truncate(lineStartingAt start: Int, options: LayoutOptions,
                  fallback: LineSpan) -> (span: LineSpan, visible: TruncatedLine, hidden: TextRange) {
        let count = text.utf16.count
        let maxWidth = options.width / options.pointSize + Tolerance.width
        let tracking = options.trackingEm
        if options.truncation == .clip { return clipped(lineStartingAt: start, fallback: fallback) }
        let lead = start > 0 && text.unsafeToBreak[start]
            ? LineBreaker(text).leadingDelta(from: start, to: min(count, start + 64))
            : 0
        // Paragraphs here are what UAX #14's mandatory breaks separate (a vertical tab is one, but not a bidi
        // paragraph separator): the prefix ends at the first, the suffix starts after the last.
        let firstParagraphEnd = hardParagraphContentEnd(from: start)
        let suffixRegion = lastHardParagraph(from: start)

        func ellipsisWidth(_ face: (face: Int, style: Int)?) -> Double {
            guard let face, let shaped = text.ellipsis(face.face) else { return 0 }
            return shaped.advance * text.styles[face.style].scale + tracking
        }
        var prefix = start..<start
        var suffix = count..<count
        var prefixWidth = 0.0
        var suffixWidth = 0.0
        var face = ellipsisFace(adjacentTo: start)
        for _ in 0..<2 {
            let available = maxWidth - lead - ellipsisWidth(face)
            switch options.truncation {
            case .tail, .clip:
                (prefix, prefixWidth) = fitPrefix(start, limit: firstParagraphEnd, available: available, tracking: tracking)
            case .head:
                (suffix, suffixWidth) = fitSuffix(suffixRegion.upperBound, limit: suffixRegion.lowerBound,
                                                  available: available, tracking: tracking)
            case .middle:
                (prefix, prefixWidth) = fitPrefix(start, limit: firstParagraphEnd, available: available / 2,
                                                  tracking: tracking)
                (suffix, suffixWidth) = fitSuffix(suffixRegion.upperBound,
                                                  limit: max(prefix.upperBound, suffixRegion.lowerBound),
                                                  available: available - prefixWidth, tracking: tracking)
            }
            let adjacent = options.truncation == .head ? suffix.lowerBound : max(start, prefix.upperBound - 1)
            let better = ellipsisFace(adjacentTo: min(adjacent, max(0, count - 1)))
            if better?.face == face?.face && better?.style == face?.style { break }
            face = better
        }
        if suffix.isEmpty { suffix = prefix.upperBound..<prefix.upperBound }
        let ellipsis = face.flatMap { face in
            text.ellipsis(face.face).map { (text: $0.text, face: face.face, style: face.style) }
        }
        let ellipsisAdvance = ellipsisWidth(face)
        var widths = (prefix: prefixWidth, suffix: suffixWidth)
        let width = trim(&prefix, &suffix, widths: &widths, lead: lead, ellipsis: ellipsisAdvance, maxWidth: maxWidth,
                         tracking: tracking)
        if suffix.isEmpty { suffix = prefix.upperBound..<prefix.upperBound }
        let visible = TruncatedLine(prefix: prefix, suffix: suffix, ellipsis: ellipsis)
        let span = LineSpan(start: start, contentEnd: max(prefix.upperBound, suffix.upperBound),
                            end: max(prefix.upperBound, suffix.upperBound), width: width, kind: .truncated)
        let hidden: Range<Int> = switch options.truncation {
        case .tail, .clip: prefix.upperBound..<count
        case .head: start..<suffix.lowerBound
        case .middle: prefix.upperBound..<suffix.lowerBound
        }
        return (span, visible, TextRange(hidden))
    }

    /// The last line clipped, not truncated: the fallback line as the breaker made it, its content visible and
    /// the rest of the text hidden.
    private func clipped(lineStartingAt start: Int,
                         fallback: LineSpan) -> (span: LineSpan, visible: TruncatedLine, hidden: TextRange) {
        let visible = TruncatedLine(prefix: start..<fallback.contentEnd, suffix: fallback.contentEnd..<fallback.contentEnd,
                                    ellipsis: nil)
        var span = fallback
        span.kind = .truncated
        return (span, visible, TextRange(fallback.end..<text.utf16.count))
    }

    /// Gives up a cluster at a time, from the wider of the fitted `prefix` and `suffix`, until the line (the pieces'
    /// `widths`, `lead` before a prefix and the `ellipsis` between them) is within `maxWidth`; returns its width.
    ///
    /// The pieces were fitted one by one; re-measuring an edge after trimming white space can make it wider where
    /// the shaping is unsafe to break. Whatever happened, the line never ends up wider than the limit.
    @inline(__always)
    private func trim(_ prefix: inout Range<Int>, _ suffix: inout Range<Int>, widths: inout (prefix: Double, suffix: Double),
                      lead: Double, ellipsis: Double, maxWidth: Double, tracking: Double) -> Double {
        func total() -> Double {
            (prefix.isEmpty ? 0 : lead) + widths.prefix + ellipsis + widths.suffix
        }
        while total() > maxWidth && (!prefix.isEmpty || !suffix.isEmpty) {
            if !suffix.isEmpty && (widths.suffix >= widths.prefix || prefix.isEmpty) {
                let next = min(suffix.upperBound, text.clusterEnd(startingAt: suffix.lowerBound))
                suffix = next..<suffix.upperBound
                while !suffix.isEmpty && text.hangs[suffix.lowerBound] { suffix = (suffix.lowerBound + 1)..<suffix.upperBound }
                widths.suffix = text.measure(suffix, tracking: tracking, leadingContext: false)
            } else {
                let cut = text.clusterStart(containing: prefix.upperBound - 1)
                prefix = prefix.lowerBound..<max(prefix.lowerBound, cut)
                while !prefix.isEmpty && text.hangs[prefix.upperBound - 1] { prefix = prefix.lowerBound..<(prefix.upperBound - 1) }
                widths.prefix = text.measure(prefix, tracking: tracking, leadingContext: true)
            }
        }
        return total()
    }

    /// The end of the visible text of the paragraph (up to a mandatory break) that `offset` is in.
    func hardParagraphContentEnd(from offset: Int) -> Int {
        var index = text.segmentIndex(containing: offset)
        while index < text.segments.count {
            if text.segments[index].isMandatoryBreak { return max(offset, Int(text.segments[index].contentEnd)) }
            index += 1
        }
        return max(offset, text.utf16.count)
    }

    /// The visible text of the last paragraph at or after `offset`, without trailing white space and newlines.
    func lastHardParagraph(from offset: Int) -> Range<Int> {
        var end = text.utf16.count
        while end > offset && text.hangs[end - 1] { end -= 1 }
        var start = offset
        for segment in text.segments.reversed() where segment.isMandatoryBreak && Int(segment.end) <= end {
            start = max(offset, Int(segment.end))
            break
        }
        return start..<max(start, end)
    }

    /// The longest prefix of whole clusters from `start` (up to `limit`) that fits, without trailing white space.
    private func fitPrefix(_ start: Int, limit: Int, available: Double,
                           tracking: Double) -> (Range<Int>, Double) {
        let fit = LineBreaker(text).fittingPrefix(from: start, limit: limit, available: available, tracking: tracking, atLeastOne: false)
        var end = fit.end
        while end > start && text.hangs[end - 1] { end -= 1 }
        if end == fit.end { return (start..<end, fit.width) }
        return (start..<end, text.measure(start..<end, tracking: tracking, leadingContext: true))
    }

    /// The longest suffix of whole clusters ending at `end` (starting at `limit` or later) that fits, without
    /// leading white space.
    private func fitSuffix(_ end: Int, limit: Int, available: Double, tracking: Double) -> (Range<Int>, Double) {
        guard end > limit else { return (end..<end, 0) }
        var cluster = text.clusterIndex(atOrAfter: end)
        var start = end
        while cluster > 0, Int(text.graphemes[cluster - 1]) >= limit {
            let candidateStart = Int(text.graphemes[cluster - 1])
            if text.measure(candidateStart..<end, tracking: tracking, leadingContext: false) > available { break }
            start = candidateStart
            cluster -= 1
        }
        while start < end && text.hangs[start] { start += 1 }
        return (start..<end, start == end ? 0 : text.measure(start..<end, tracking: tracking, leadingContext: false))
    }

    /// The face to draw an ellipsis next to `offset`: that text's face if it has "…"; else the first font of the
    /// stack that has "…"; else "..." in that text's face or the first font that has it.
    ///
    /// In a styled text, the ellipsis takes the style of the text it follows (its size and, where they have one,
    /// its fonts): an ellipsis after a bold word is bold.
    func ellipsisFace(adjacentTo offset: Int) -> (face: Int, style: Int)? {
        let adjacentRun = text.runs.isEmpty ? nil : text.runs[min(text.runs.firstIndex(reaching: offset), text.runs.count - 1)]
        let adjacent = adjacentRun?.face
        let style = adjacentRun?.style ?? 0
        let order = text.faceOrder(style: style)
        let isTrueEllipsis: (Int) -> Bool = { text.ellipsis($0)?.text == "\u{2026}" }
        if let adjacent, isTrueEllipsis(adjacent) { return (adjacent, style) }
        if let face = order.first(where: isTrueEllipsis) { return (face, style) }
        if let adjacent, text.ellipsis(adjacent) != nil { return (adjacent, style) }
        return order.first { text.ellipsis($0) != nil }.map { ($0, style) }
    }
}
