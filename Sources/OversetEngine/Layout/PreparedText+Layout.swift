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
            // A line holds one cluster at least, so the clusters bound the estimate.
            let byWidth = (naturalWidth(pointSize: options.pointSize) / max(options.width, 1)).rounded(.up)
            let estimate = Int(min(byWidth, Double(graphemes.count))) + paragraphs.count + 1
            lines.reserveCapacity(min(limit ?? estimate, estimate))
            isComplete = LineBreaker(self).forEachLine(options, lineLimit: limit) { span in
                lines.append(makeLine(span, truncation: nil, coversToEnd: false, top: &top, options: options))
            }
        } else {
            let chosen = LineBreaker(self).chooseLines(options, lineLimit: limit)
            lines = makeLines(chosen.lines, truncation: nil, options: options)
            isComplete = chosen.isComplete
        }
        var truncatedRange: TextRange? = nil
        if !isComplete, let last = lines.last {
            // Rebuild the last line for the truncation mode.
            let span = LineSpan(start: last.contentRange.lowerBound, contentEnd: last.contentRange.upperBound,
                                end: last.range.upperBound, width: last.width / options.pointSize, kind: last.breakKind)
            let result = Truncator(self).truncate(lineStartingAt: span.start, options: options, fallback: span)
            var lastTop = last.top
            lines[lines.count - 1] = makeLine(result.span, truncation: result.visible, coversToEnd: true, top: &lastTop,
                                              options: options)
            truncatedRange = result.hidden
        }
        return TextLayout(prepared: self, options: options, lines: lines, isTruncated: !isComplete,
                          truncatedRange: truncatedRange)
    }

    /// The width in points of each line of the text laid out with `options` and no line limit, as ``layout(_:)``
    /// gives them (`lines.map(\.width)`), without making the lines: a verdict's headroom needs only these.
    package func lineWidths(_ options: LayoutOptions) throws(OversetError) -> [Double] {
        var unlimited = options
        unlimited.maxLines = 0
        try unlimited.validate()
        return LineBreaker(self).chooseLines(unlimited, lineLimit: nil).lines.map {
            $0.points(atSize: unlimited.pointSize)
        }
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
        return !LineBreaker(self).countLines(options, lineLimit: options.maxLines).isComplete
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
        return LineBreaker(self).countLines(options, lineLimit: nil).count
    }
}
