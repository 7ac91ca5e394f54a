internal import OversetText

/// Lookups in the prepared storage that the breaker, the truncator and the lines share.
extension PreparedText {
    /// The index of the segment that contains `offset` (the last one for the end of the text).
    func segmentIndex(containing offset: Int) -> Int {
        var low = 0, high = segments.count
        while low < high {
            let mid = (low + high) / 2
            if Int(segments[mid].end) <= offset { low = mid + 1 } else { high = mid }
        }
        return min(low, max(0, segments.count - 1))
    }

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
        Remeasurer(units: shapingUTF16 ?? utf16, runs: runs, sums: advanceSums, engine: engine, faces: faceTable,
                   styles: styles, language: shapingLanguage, memo: edgeDeltas)
    }

    /// The width in ems of `range` standing at a line edge: re-measured at an end that is unsafe to break.
    func measure(_ range: Range<Int>, tracking: Double, leadingContext: Bool) -> Double {
        guard !range.isEmpty else { return 0 }
        var width = advanceSums[range.upperBound] - advanceSums[range.lowerBound]
            + tracking * Double(clusterCount(range))
        let unsafeEnd = range.upperBound < utf16.count && unsafeToBreak[range.upperBound]
        let unsafeStart = !leadingContext && range.lowerBound > 0 && unsafeToBreak[range.lowerBound]
        if unsafeEnd || unsafeStart {
            width += remeasurer.delta(of: range, measured: range, keepsLeadingContext: leadingContext || !unsafeStart,
                                      keepsTrailingContext: !unsafeEnd)
        }
        return width
    }
}
