internal import OversetText

extension LineBreaker {
    /// Android's high-quality breaking (`breakStrategy="high_quality"`), minikin's `OptimalLineBreaker`: per
    /// paragraph, the breaks among the UAX #14 opportunities that minimise, over the lines, the squared slack
    /// (width left) of every line but the last, plus `linePenalty` for each line; a line wider than the width scores
    /// `SCORE_OVERFULL`. With hyphenation off (a `TextView`'s default since API 29) every word break's own penalty
    /// is 0 and `linePenalty` is `2 × hyphenPenalty = 2 × 0.5 × textSize × width`, in the same units as the slack
    /// (points here, pixels there: both sides scale with the density squared, so the choice is the same).
    ///
    /// Widths are the text's advances in context, as minikin sums the advances of its measured paragraph. A
    /// paragraph with a word wider than the line keeps greedy's lines (minikin scores its grapheme breaks as
    /// desperate, `SCORE_DESPERATE`; greedy makes the same cuts where every line but the cut ones is full); so does
    /// a paragraph of more than ``optimalSegmentLimit`` segments, to bound the work.
    func optimal(_ options: LayoutOptions) -> [LineSpan] {
        let greedy = breakLines(options, lineLimit: nil).lines
        guard greedy.count > 1 else { return greedy }
        var result: [LineSpan] = []
        result.reserveCapacity(greedy.count + 2)
        var first = 0
        while first < greedy.count {
            var last = first
            while last < greedy.count - 1 && greedy[last].kind != .mandatory && greedy[last].kind != .endOfText {
                last += 1
            }
            let paragraph = greedy[first...last]
            if paragraph.count < 2 || paragraph.contains(where: { $0.kind == .cluster })
                || !appendOptimal(from: paragraph.first!.start, to: paragraph.last!.end, options: options, into: &result) {
                result.append(contentsOf: paragraph)
            }
            first = last + 1
        }
        return result
    }

    /// The most segments a paragraph is broken optimally over; longer ones keep greedy's lines.
    static let optimalSegmentLimit = 5_000

    /// Appends the optimal lines of the paragraph `start..<end` (whole segments, the last one ending it) to
    /// `lines`; false (appending nothing) when its segments are not whole or there are too many of them.
    private func appendOptimal(from start: Int, to end: Int, options: LayoutOptions, into lines: inout [LineSpan]) -> Bool {
        let firstSegment = text.segmentIndex(containing: start)
        guard Int(segments[firstSegment].start) == start else { return false }
        var lastSegment = firstSegment
        while lastSegment < segments.count - 1 && Int(segments[lastSegment].end) < end { lastSegment += 1 }
        guard Int(segments[lastSegment].end) == end, lastSegment - firstSegment < Self.optimalSegmentLimit else {
            return false
        }
        let count = lastSegment - firstSegment + 1
        let size = options.pointSize
        let tracking = options.trackingEm
        let maxWidth = options.width / size + Tolerance.width
        let widthPoints = options.width
        let linePenalty = 2 * (0.5 * size * widthPoints)
        let overfull = 1e12
        // before[k]: the full width (with hanging space) of the paragraph's segments before segment k, in ems.
        var before = [Double](repeating: 0, count: count + 1)
        for k in 0..<count {
            let segment = segments[firstSegment + k]
            before[k + 1] = before[k] + segment.fullWidth + tracking * Double(segment.fullClusters)
        }
        func width(from a: Int, through b: Int) -> Double {
            let segment = segments[firstSegment + b]
            return before[b] - before[a] + segment.contentWidth + tracking * Double(segment.contentClusters)
                + segment.endDelta
        }
        // score[i]: the best score of lines ending after segment i - 1 (score[0] = 0, the paragraph's start).
        var score = [Double](repeating: .infinity, count: count + 1)
        var from = [Int](repeating: 0, count: count + 1)
        score[0] = 0
        for i in 1...count {
            let isLast = i == count
            var a = i - 1
            while a >= 0 {
                let lineWidth = width(from: a, through: i - 1)
                if lineWidth > maxWidth && a < i - 1 { break }
                let widthScore: Double
                if lineWidth > maxWidth {
                    widthScore = overfull
                } else if isLast {
                    widthScore = 0
                } else {
                    let slack = (maxWidth - Tolerance.width - lineWidth) * size
                    widthScore = slack * slack
                }
                let total = score[a] + widthScore + linePenalty
                if total < score[i] {
                    score[i] = total
                    from[i] = a
                }
                a -= 1
            }
        }
        var breaks: [Int] = []
        var i = count
        while i > 0 {
            breaks.append(i)
            i = from[i]
        }
        var lineStart = 0
        for end in breaks.reversed() {
            let lastOfLine = segments[firstSegment + end - 1]
            let span = LineSpan(start: Int(segments[firstSegment + lineStart].start),
                                contentEnd: Int(lastOfLine.contentEnd), end: Int(lastOfLine.end),
                                width: width(from: lineStart, through: end - 1),
                                kind: end == count ? (lastOfLine.isMandatoryBreak ? .mandatory
                                                      : (Int(lastOfLine.end) == self.count ? .endOfText : .opportunity))
                                    : .opportunity)
            lines.append(span)
            lineStart = end
        }
        return true
    }
}
