internal import OversetText

/// Stage 4: shape each run with HarfBuzz in the context of the whole text, read each glyph's ink, and spread each
/// HarfBuzz cluster's advance over its code units (a ligature's over the grapheme clusters it covers, which become
/// unsafe to break).
extension PreparedTextBuilder {
    /// How many UTF-16 units of a long run are shaped first, to refuse a font that multiplies glyphs early.
    static let probeLength = 4096

    /// The advances of the text, as prefix sums in ems, and where a break changes the shaping.
    struct Shaped {
        /// `sums[i]` is the advance of code units `0..<i` in ems.
        var sums: [Double]
        /// Breaking before code unit `i` changes the shaping.
        var unsafe: [Bool]
        /// Whether a grapheme cluster starts at code unit `i` (`count + 1` entries).
        var isGraphemeStart: [Bool]
    }

    /// Shapes `out.runs` into `out.glyphs` and `out.ink`, and measures every code unit. A run that `earlier` (the
    /// same text's preparation with other fonts) shaped in the same font, script, level and features takes its
    /// glyphs and ink from there: HarfBuzz would give the same, since the text around it is the same too.
    func shape(_ out: inout Output, properties: CharacterProperties, analysis: Analysis,
               reusing earlier: SharedAnalysis.Shaping?) throws(OversetError) -> Shaped {
        let count = units.count
        let fonts = styling.faceTable
        var advances = [Double](filled: 0, count: count)
        var unsafe = [Bool](filled: false, count: count + 1)
        var isGraphemeStart = [Bool](filled: false, count: count + 1)
        for boundary in analysis.graphemes { isGraphemeStart[Int(boundary)] = true }
        out.glyphs.reserveCapacity(count + count / 4)
        out.ink.reserveCapacity(count + count / 4)
        var cursor = 0
        for runIndex in out.runs.indices {
            let run = out.runs[runIndex]
            let font = fonts[run.face]
            let face = font.face
            let features = styling.styles[run.style].features
            let scale = styling.styles[run.style].scale
            let first = out.glyphs.count
            if let earlier, let match = earlier.match(run, face: font, features: features, cursor: &cursor) {
                let from = earlier.runs[match].glyphRange
                out.glyphs.append(contentsOf: earlier.glyphs[from])
                out.ink.append(contentsOf: earlier.ink[from])
                out.runs[runIndex].inkExtent = earlier.runs[match].inkExtent
            } else {
                try shapeRun(runIndex, face: face, features: features, out: &out)
            }
            let last = out.glyphs.count
            out.runs[runIndex].glyphRange = first..<last
            for glyph in out.glyphs[first..<last] where glyph.unsafeToBreak && Int(glyph.cluster) > run.range.lowerBound {
                unsafe[Int(glyph.cluster)] = true
            }
            spreadAdvances(of: out.glyphs[first..<last], run: run, perEm: scale / Double(face.metrics.unitsPerEm),
                           isGraphemeStart: isGraphemeStart, advances: &advances, unsafe: &unsafe)
        }
        let flags = properties.flags
        // Newlines and other control characters take no room (UIKit draws nothing for them).
        for unit in 0..<count where flags[unit].has(.mandatoryBreak)
            || (properties.isScalarStart[unit] && units[unit] != 0x09 && Self.isControl(UInt32(units[unit]))) {
            advances[unit] = 0
        }
        // A cluster no font can draw is measured wide, never narrow: an answer about it is never optimistic.
        for missing in out.missing {
            let range = missing.range.range
            let total = range.reduce(0.0) { $0 + advances[$1] }
            if total < PreparedText.missingClusterWidth { advances[range.lowerBound] += PreparedText.missingClusterWidth - total }
        }
        var sums = [Double](filled: 0, count: count + 1)
        for unit in 0..<count { sums[unit + 1] = sums[unit] + advances[unit] }
        return Shaped(sums: sums, unsafe: unsafe, isGraphemeStart: isGraphemeStart)
    }

    /// Shapes run `runIndex` with HarfBuzz in the context of the whole text, appending its glyphs and their ink to
    /// `out` and setting the run's ink extent.
    private func shapeRun(_ runIndex: Int, face: FontFace, features: [FontFeatureSetting],
                          out: inout Output) throws(OversetError) {
        let run = out.runs[runIndex]
        let count = units.count
        let first = out.glyphs.count
        let shaper = engine.shared.shaper
        func shape(_ range: Range<Int>, into glyphs: inout [ShapedGlyph]) throws(OversetError) {
            let outcome = shapingUnits.withUnsafeBufferPointer { buffer in
                shaper.shape(buffer, range: range, context: 0..<count, face: face,
                             rightToLeft: run.isRightToLeft, script: run.script, language: shapingLanguage,
                             features: features, into: &glyphs)
            }
            switch outcome {
            case .shaped: return
            case .outOfMemory: throw .analysisFailed(stage: "shaping (HarfBuzz)")
            case .tooManyGlyphs(let made):
                throw .fontExpandsText(path: face.path, glyphs: made, units: range.count,
                                       limit: Shaper.maximumGlyphsPerUnit)
            }
        }
        // A long run is probed on its first units first: a font that multiplies glyphs is refused before
        // HarfBuzz makes up to 64 glyphs a character for the whole run.
        if run.range.count > 4 * Self.probeLength {
            var probe: [ShapedGlyph] = []
            try shape(run.range.lowerBound..<run.range.lowerBound + Self.probeLength, into: &probe)
        }
        if run.range.count == 1, features.isEmpty, run.face < engine.fonts.allFonts.count,
           shapingUnits[run.range.lowerBound] == 0x20,
           var space = engine.shared.spaceGlyph(run.face) {
            // A space alone in a face, as between two words of another script in the label's font: its glyph
            // and advance do not depend on the text around it (no shaping crosses a face change), so it is
            // taken from the face's own space, shaped once (one hb_shape call per space was 8 % of a check).
            space.cluster = Int32(run.range.lowerBound)
            out.glyphs.append(space)
        } else {
            try shape(run.range, into: &out.glyphs)
        }
        let last = out.glyphs.count
        var extent = VerticalInk.none
        face.verticalInk(of: out.glyphs[first..<last]) { position, ink in
            let glyph = out.glyphs[first + position]
            if let ink {
                let shifted = VerticalInk(top: ink.top + glyph.yOffset, bottom: ink.bottom + glyph.yOffset)
                out.ink.append(shifted)
                extent = extent.hasInk ? VerticalInk(top: max(extent.top, shifted.top),
                                                     bottom: min(extent.bottom, shifted.bottom)) : shifted
            } else {
                out.ink.append(.none)
            }
        }
        out.runs[runIndex].inkExtent = extent
    }

    /// Adds each HarfBuzz cluster's advance to its first code unit, or shares it between the grapheme clusters a
    /// ligature covers (breaking inside a ligature re-shapes it, so those become unsafe to break). Glyphs come in
    /// HarfBuzz's order: reversed for a right-to-left run.
    private func spreadAdvances(of glyphs: ArraySlice<ShapedGlyph>, run: ShapedRun, perEm: Double,
                                isGraphemeStart: [Bool], advances: inout [Double], unsafe: inout [Bool]) {
        var clusterStart = -1
        var clusterAdvance = 0.0
        func flush(upTo end: Int) {
            guard clusterStart >= 0 else { return }
            var inner = 0
            for unit in (clusterStart + 1)..<max(clusterStart + 1, end) where isGraphemeStart[unit] { inner += 1 }
            if inner == 0 {
                advances[clusterStart] += clusterAdvance
                return
            }
            let share = clusterAdvance / Double(inner + 1)
            advances[clusterStart] += share
            for unit in (clusterStart + 1)..<end where isGraphemeStart[unit] {
                advances[unit] += share
                unsafe[unit] = true
            }
        }
        let first = glyphs.startIndex, last = glyphs.endIndex
        for step in 0..<(last - first) {
            let glyph = glyphs[run.isRightToLeft ? last - 1 - step : first + step]
            let cluster = Int(glyph.cluster)
            if cluster != clusterStart {
                flush(upTo: cluster)
                clusterStart = cluster
                clusterAdvance = 0
            }
            clusterAdvance += Double(glyph.advance) * perEm
        }
        flush(upTo: run.range.upperBound)
    }
}
