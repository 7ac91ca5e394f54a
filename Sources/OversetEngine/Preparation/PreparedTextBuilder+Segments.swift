internal import OversetText

/// Stage 5: segments, the text between two line break opportunities (UAX #14), with their widths and the width
/// corrections where a break is unsafe for shaping (after Chrome's `ShapingLineBreaker`).
extension PreparedTextBuilder {
    /// One segment per break opportunity that falls on a grapheme cluster boundary.
    func segments(breaks: [BreakOpportunity], graphemes: [Int32], hangs: [Bool], runs: [ShapedRun], sums: [Double],
                  unsafe: [Bool], isGraphemeStart: [Bool]) -> [Segment] {
        let count = units.count
        let measure = Remeasurer(units: shapingUnits, runs: runs, sums: sums, engine: engine, faces: styling.faceTable,
                                 styles: styling.styles,
                                 language: shapingLanguage)
        var segments: [Segment] = []
        segments.reserveCapacity(breaks.count)
        var segmentStart: Int32 = 0
        var graphemeCursor = 0
        func clusters(upTo offset: Int32) -> Int32 {
            while graphemeCursor < graphemes.count && graphemes[graphemeCursor] < offset { graphemeCursor += 1 }
            return Int32(graphemeCursor)
        }
        for opportunity in breaks {
            let end = opportunity.offset
            // UAX #14 can offer a break inside a grapheme cluster (LB10 makes a mark after a space a letter, while
            // UAX #29 keeps it with the space): a line never starts inside a cluster, so such a break is dropped.
            if !isGraphemeStart[Int(end)] && Int(end) < count { continue }
            var contentEnd = end
            while contentEnd > segmentStart && hangs[Int(contentEnd) - 1] { contentEnd -= 1 }
            let startCluster = clusters(upTo: segmentStart)
            let contentCluster = clusters(upTo: contentEnd)
            let endCluster = clusters(upTo: end)
            let start = Int(segmentStart)
            var segment = Segment(
                start: segmentStart, contentEnd: contentEnd, end: end, isMandatoryBreak: opportunity.isMandatory,
                contentWidth: sums[Int(contentEnd)] - sums[start], fullWidth: sums[Int(end)] - sums[start],
                contentClusters: contentCluster - startCluster, fullClusters: endCluster - startCluster,
                startDelta: 0, endDelta: 0)
            if contentEnd == end && Int(end) < count && end > segmentStart {
                let before = units[Int(end) - 1], after = units[Int(end)]
                // The Hangul test first: the letter-or-digit test reads Unicode's properties (about 500
                // instructions), and most segments have no Hangul beside them.
                segment.isInKoreanWord = (Self.isHangul(before) && Self.isWordCharacter(after))
                    || (Self.isHangul(after) && Self.isWordCharacter(before))
            }
            if start > 0 && unsafe[start] {
                segment.startDelta = measure.delta(of: start..<Int(end), measured: start..<Int(end),
                                                   keepsLeadingContext: false, keepsTrailingContext: true)
            }
            if Int(end) < count && unsafe[Int(end)] {
                segment.endDelta = measure.delta(of: start..<Int(end), measured: start..<Int(contentEnd),
                                                 keepsLeadingContext: true, keepsTrailingContext: false)
            }
            segments.append(segment)
            segmentStart = end
        }
        return segments
    }

    /// A letter or digit of the Basic Multilingual Plane (Hangul included): with a Hangul neighbour, part of a
    /// Korean word (CSS `word-break: keep-all` keeps "typographic letter units" together; Chromium with the same
    /// fonts keeps "URL을" and "30글자" whole, as Korean writes them between spaces).
    static func isWordCharacter(_ unit: UInt16) -> Bool {
        guard let scalar = Unicode.Scalar(unit) else { return false }  // a surrogate half
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Hangul syllables and jamo (all in the Basic Multilingual Plane).
    static func isHangul(_ unit: UInt16) -> Bool {
        switch unit {
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xD7B0...0xD7FF: return true
        default: return false
        }
    }
}
