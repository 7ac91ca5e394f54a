internal import OversetText

/// Builds the arrays of a ``PreparedText``: the analysis and shaping pipeline, stage by stage.
///
/// 1. ICU: grapheme clusters, line break opportunities, bidi levels.
/// 2. Character properties: script (UAX #24), hanging white space (UAX #14 SP and newlines), L1 classes (UAX #9).
/// 3. Itemize: a script for every cluster (Common and Inherited take their neighbours'), a face for every cluster
///    (``FontStack`` order), then runs of equal face, script and bidi level.
/// 4. Shape each run with HarfBuzz, in the context of the whole text, and spread the advances over code units.
/// 5. Segments between break opportunities, with the width corrections where a break is unsafe for shaping.
struct PreparedTextBuilder {
    let units: [UInt16]
    let language: String?
    let options: PrepareOptions
    let engine: TextEngine
    let features: [FontFeatureSetting]
    let shapingLanguage: ShapingLanguage

    struct Output {
        var graphemes: [Int32] = []
        var segments: [Segment] = []
        var advanceSums: [Double] = []
        var unsafeToBreak: [Bool] = []
        var hangs: [Bool] = []
        var noBreakBefore: [Bool] = []
        var levels: [UInt8] = []
        var trailingBidi: [UInt8] = []
        var paragraphs: [Paragraph] = []
        var runs: [ShapedRun] = []
        var glyphs: [ShapedGlyph] = []
        var ink: [VerticalInk] = []
        var missing: [MissingCharacter] = []
    }

    init(units: [UInt16], language: String?, options: PrepareOptions, engine: TextEngine,
         features: [FontFeatureSetting], shapingLanguage: ShapingLanguage) {
        self.units = units
        self.language = language
        self.options = options
        self.engine = engine
        self.features = features
        self.shapingLanguage = shapingLanguage
    }

    mutating func build() throws(OversetError) -> Output {
        var out = Output()
        let count = units.count
        let analyzer = engine.shared.analyzer

        // 1. Per code unit properties, one pass over the UTF-16, one ICU lookup per character.
        var scripts = [ScriptTag](repeating: .common, count: count)
        var flags = [CharacterFlags](repeating: [], count: count)
        var isScalarStart = [Bool](repeating: false, count: count)
        var needsBidi = options.direction == .rightToLeft
        var simpleGraphemes = true
        units.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < count {
                let (scalar, length) = Self.scalar(buffer, at: index, limit: count)
                let characterFlags = CharacterFlags.of(scalar)
                flags[index] = characterFlags
                scripts[index] = ScriptTag.of(scalar)
                isScalarStart[index] = true
                if characterFlags.has(.needsBidi) { needsBidi = true }
                if !characterFlags.has(.simpleGrapheme) || length == 2 { simpleGraphemes = false }
                index += length
            }
        }
        out.hangs = flags.map { $0.has(.hangs) }
        var noBreakBefore = flags.map { $0.has(.noBreakBefore) }
        noBreakBefore.append(false)
        out.noBreakBefore = noBreakBefore
        out.trailingBidi = flags.map {
            $0.has(.trailingSeparator) ? UnicodeProperties.TrailingBidiKind.separator.rawValue
                : $0.has(.trailingWhitespace) ? UnicodeProperties.TrailingBidiKind.whitespace.rawValue : 0
        }

        // 2. ICU: grapheme clusters, line break opportunities; bidi only for text that has right-to-left
        //    characters or controls (otherwise every level is 0, UAX #9 P2-P3 with no strong R).
        let base: BaseDirection = switch options.direction {
        case .natural: .auto
        case .leftToRight: .leftToRight
        case .rightToLeft: .rightToLeft
        }
        let analysis = units.withUnsafeBufferPointer { buffer in
            (simpleGraphemes ? Self.simpleGraphemeBoundaries(units) : analyzer.graphemeBoundaries(buffer),
             analyzer.lineBreaks(buffer, language: language),
             needsBidi ? analyzer.bidiLevels(buffer, base: base) : Self.leftToRightLevels(units, flags: flags))
        }
        guard let graphemes = analysis.0 else { throw .analysisFailed(stage: "grapheme segmentation (ICU)") }
        guard let breaks = analysis.1 else { throw .analysisFailed(stage: "line breaking (ICU)") }
        guard let bidi = analysis.2 else { throw .analysisFailed(stage: "bidi analysis (ICU)") }
        out.graphemes = graphemes
        out.levels = bidi.levels

        // 3. Itemize: script and face per grapheme cluster.
        let clusterCount = graphemes.count - 1
        var clusterScripts = [ScriptTag](repeating: .common, count: clusterCount)
        var lastStrong: ScriptTag? = nil
        var pendingWeak: [Int] = []
        for cluster in 0..<clusterCount {
            let start = Int(graphemes[cluster]), end = Int(graphemes[cluster + 1])
            var strong: ScriptTag? = nil
            for unit in start..<end where isScalarStart[unit] && !scripts[unit].isWeak {
                strong = scripts[unit]
                break
            }
            if let strong {
                clusterScripts[cluster] = strong
                if lastStrong == nil { for weak in pendingWeak { clusterScripts[weak] = strong } }
                pendingWeak.removeAll()
                lastStrong = strong
            } else if let lastStrong {
                clusterScripts[cluster] = lastStrong
            } else {
                pendingWeak.append(cluster)
            }
        }
        let fonts = engine.fonts
        let faces = fonts.allFonts.map(\.face)
        var clusterFaces = [Int](repeating: 0, count: clusterCount)
        var lastScript: ScriptTag? = nil
        var order: [Int] = []
        var previousFace: Int? = nil
        try units.withUnsafeBufferPointer { buffer throws(OversetError) in
            /// Whether `face` has a glyph for every character of the cluster that needs one.
            func covers(_ face: FontFace, _ start: Int, _ end: Int) -> Bool {
                var index = start
                while index < end {
                    let (scalar, length) = Self.scalar(buffer, at: index, limit: end)
                    if !Self.isControl(scalar) && !flags[index].has(.defaultIgnorable) && !face.hasGlyph(for: scalar) {
                        return false
                    }
                    index += length
                }
                return true
            }
            for cluster in 0..<clusterCount {
                let start = Int(graphemes[cluster]), end = Int(graphemes[cluster + 1])
                var ownScriptIsWeak = true
                for unit in start..<end where isScalarStart[unit] && !scripts[unit].isWeak {
                    ownScriptIsWeak = false
                    break
                }
                var chosen: Int? = nil
                if ownScriptIsWeak, let previousFace, covers(faces[previousFace], start, end) { chosen = previousFace }
                if chosen == nil {
                    let script = clusterScripts[cluster]
                    if script != lastScript {
                        order = fonts.candidateOrder(script: script)
                        lastScript = script
                    }
                    chosen = order.first { covers(faces[$0], start, end) }
                }
                if let chosen {
                    clusterFaces[cluster] = chosen
                    previousFace = chosen
                } else {
                    clusterFaces[cluster] = previousFace ?? 0
                    out.missing.append(missingCharacter(start..<end, flags: flags, faces: faces))
                }
            }
        }

        // Runs: maximal cluster sequences of equal face, script and level.
        var runStart = 0
        for cluster in 0..<clusterCount {
            let next = cluster + 1
            let boundary = next == clusterCount
                || clusterFaces[next] != clusterFaces[runStart]
                || clusterScripts[next] != clusterScripts[runStart]
                || bidi.levels[Int(graphemes[next])] != bidi.levels[Int(graphemes[runStart])]
            if boundary {
                let range = Int(graphemes[runStart])..<Int(graphemes[next])
                out.runs.append(ShapedRun(range: range, face: clusterFaces[runStart],
                                          level: bidi.levels[range.lowerBound], script: clusterScripts[runStart],
                                          glyphRange: 0..<0))
                runStart = next
            }
        }

        // 4. Shape each run; spread each HarfBuzz cluster's advance over its code units (a ligature's over the
        //    grapheme clusters it covers, which become unsafe to break).
        var advances = [Double](repeating: 0, count: count)
        var unsafe = [Bool](repeating: false, count: count + 1)
        var isGraphemeStart = [Bool](repeating: false, count: count + 1)
        for boundary in graphemes { isGraphemeStart[Int(boundary)] = true }
        let shaper = engine.shared.shaper
        out.glyphs.reserveCapacity(count + count / 4)
        out.ink.reserveCapacity(count + count / 4)
        for runIndex in out.runs.indices {
            let run = out.runs[runIndex]
            let face = faces[run.face]
            let first = out.glyphs.count
            let ok = units.withUnsafeBufferPointer { buffer in
                shaper.shape(buffer, range: run.range, context: 0..<count, face: face,
                             rightToLeft: run.isRightToLeft, script: run.script, language: shapingLanguage,
                             features: features, into: &out.glyphs)
            }
            guard ok else { throw .analysisFailed(stage: "shaping (HarfBuzz)") }
            let last = out.glyphs.count
            out.runs[runIndex].glyphRange = first..<last
            let perEm = 1.0 / Double(face.metrics.unitsPerEm)
            for index in first..<last {
                let glyph = out.glyphs[index]
                if let ink = face.verticalInk(of: glyph.glyph) {
                    out.ink.append(VerticalInk(top: ink.top + glyph.yOffset, bottom: ink.bottom + glyph.yOffset))
                } else {
                    out.ink.append(.none)
                }
                if glyph.unsafeToBreak && Int(glyph.cluster) > run.range.lowerBound { unsafe[Int(glyph.cluster)] = true }
            }
            // Glyphs in logical order: HarfBuzz gives right-to-left runs reversed.
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
                    unsafe[unit] = true  // breaking inside a ligature re-shapes it
                }
            }
            for step in 0..<(last - first) {
                let glyph = out.glyphs[run.isRightToLeft ? last - 1 - step : first + step]
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
        // Newlines and other control characters take no room (UIKit draws nothing for them).
        for unit in 0..<count where flags[unit].has(.mandatoryBreak)
            || (isScalarStart[unit] && units[unit] != 0x09 && Self.isControl(UInt32(units[unit]))) {
            advances[unit] = 0
        }
        // A cluster no font can draw is measured wide, never narrow: an answer about it is never optimistic.
        for missing in out.missing {
            let range = missing.range.range
            let total = range.reduce(0.0) { $0 + advances[$1] }
            if total < PreparedText.missingClusterWidth { advances[range.lowerBound] += PreparedText.missingClusterWidth - total }
        }
        var sums = [Double](repeating: 0, count: count + 1)
        for unit in 0..<count { sums[unit + 1] = sums[unit] + advances[unit] }
        out.advanceSums = sums
        out.unsafeToBreak = unsafe

        // Paragraphs.
        out.paragraphs = bidi.paragraphs.map { Paragraph(range: $0.range, level: $0.level) }
        if out.paragraphs.isEmpty {
            out.paragraphs.append(Paragraph(range: 0..<0, level: options.direction == .rightToLeft ? 1 : 0))
        }

        // 5. Segments.
        let hangs = out.hangs
        let measure = Remeasurer(units: units, runs: out.runs, sums: sums, engine: engine, features: features,
                                 language: shapingLanguage)
        var segmentStart: Int32 = 0
        var graphemeCursor = 0
        func clusters(upTo offset: Int32) -> Int32 {
            while graphemeCursor < graphemes.count && graphemes[graphemeCursor] < offset { graphemeCursor += 1 }
            return Int32(graphemeCursor)
        }
        out.segments.reserveCapacity(breaks.count)
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
            if start > 0 && unsafe[start] {
                segment.startDelta = measure.delta(of: start..<Int(end), measured: start..<Int(end),
                                                   keepsLeadingContext: false, keepsTrailingContext: true)
            }
            if Int(end) < count && unsafe[Int(end)] {
                segment.endDelta = measure.delta(of: start..<Int(end), measured: start..<Int(contentEnd),
                                                 keepsLeadingContext: true, keepsTrailingContext: false)
            }
            out.segments.append(segment)
            segmentStart = end
        }
        return out
    }

    /// The scalar at `index` and its length in code units (an unpaired surrogate stands for itself).
    @inline(__always)
    static func scalar(_ buffer: UnsafeBufferPointer<UInt16>, at index: Int, limit: Int) -> (UInt32, Int) {
        let unit = buffer[index]
        if UTF16.isLeadSurrogate(unit), index + 1 < limit, UTF16.isTrailSurrogate(buffer[index + 1]) {
            return (0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(buffer[index + 1]) - 0xDC00), 2)
        }
        return (UInt32(unit), 1)
    }

    /// Grapheme boundaries of text whose every character is a cluster on its own: between every two code units
    /// but inside CR LF (UAX #29 GB3).
    static func simpleGraphemeBoundaries(_ units: [UInt16]) -> [Int32] {
        var result: [Int32] = [0]
        result.reserveCapacity(units.count + 1)
        for index in units.indices where !(units[index] == 0x0D && index + 1 < units.count && units[index + 1] == 0x0A) {
            result.append(Int32(index + 1))
        }
        return result
    }

    /// Levels for text with no right-to-left characters or controls: all 0, paragraphs split after each paragraph
    /// separator (CR LF counting as one), as ICU would give.
    static func leftToRightLevels(_ units: [UInt16], flags: [CharacterFlags]) -> BidiLevels {
        var paragraphs: [(range: Range<Int>, level: UInt8)] = []
        var start = 0
        for index in units.indices where flags[index].has(.paragraphSeparator) {
            if units[index] == 0x0D, index + 1 < units.count, units[index + 1] == 0x0A { continue }
            paragraphs.append((start..<(index + 1), 0))
            start = index + 1
        }
        if start < units.count || paragraphs.isEmpty { paragraphs.append((start..<units.count, 0)) }
        return BidiLevels(levels: [UInt8](repeating: 0, count: units.count), paragraphs: paragraphs)
    }

    /// The report of a cluster no face covers.
    func missingCharacter(_ range: Range<Int>, flags: [CharacterFlags], faces: [FontFace]) -> MissingCharacter {
        let scalars = Self.scalars(units, range)
        let missing = scalars.filter { scalar in
            !Self.isControl(scalar) && !UnicodeProperties.isDefaultIgnorable(scalar) && !faces.contains { $0.hasGlyph(for: scalar) }
        }
        return MissingCharacter(cluster: String(decoding: units[range], as: UTF16.self), range: TextRange(range),
                                codePoints: missing.map(Self.codePointName))
    }

    static func scalars(_ units: [UInt16], _ range: Range<Int>) -> [UInt32] {
        var result: [UInt32] = []
        var i = range.lowerBound
        while i < range.upperBound {
            let unit = units[i]
            if UTF16.isLeadSurrogate(unit), i + 1 < range.upperBound, UTF16.isTrailSurrogate(units[i + 1]) {
                result.append(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[i + 1]) - 0xDC00))
                i += 2
            } else {
                result.append(UInt32(unit))
                i += 1
            }
        }
        return result
    }

    /// C0 and C1 controls (tab, newline, …) need no glyph: they are white space or breaks.
    static func isControl(_ scalar: UInt32) -> Bool { scalar < 0x20 || (0x7F...0x9F).contains(scalar) }

    static func codePointName(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// Re-shapes a piece of a prepared text to measure it exactly where a break is unsafe for shaping.
///
/// A line that ends (or starts) where HarfBuzz flagged `UNSAFE_TO_BREAK` would shape differently on its own: an
/// Arabic letter takes its final form, a kerning pair is split, a ligature comes apart. Like Chrome's
/// `ShapingLineBreaker`, Overset shapes such an edge again without the context across the break and uses the
/// difference. Regular break opportunities get this at preparation; mid-word breaks (a word wider than the line,
/// truncation) at layout, only where the flag is set.
extension Array where Element == ShapedRun {
    /// The index of the first run that ends after `offset` (the run containing it), or `count`.
    func firstIndex(reaching offset: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

struct Remeasurer {
    let units: [UInt16]
    let runs: [ShapedRun]
    let sums: [Double]
    let engine: TextEngine
    let features: [FontFeatureSetting]
    let language: ShapingLanguage

    /// The advance in ems of the code units `measured` when `range` is shaped without the text before it
    /// (unless `keepsLeadingContext`) and without the text after it (unless `keepsTrailingContext`), minus their
    /// advance in the context of the whole text.
    func delta(of range: Range<Int>, measured: Range<Int>, keepsLeadingContext: Bool,
               keepsTrailingContext: Bool) -> Double {
        guard !range.isEmpty else { return 0 }
        var isolated = 0.0
        var glyphs: [ShapedGlyph] = []
        var runIndex = firstRun(containing: range.lowerBound)
        while runIndex < runs.count, runs[runIndex].range.lowerBound < range.upperBound {
            let run = runs[runIndex]
            let piece = max(run.range.lowerBound, range.lowerBound)..<min(run.range.upperBound, range.upperBound)
            runIndex += 1
            guard !piece.isEmpty else { continue }
            let lower = piece.lowerBound == range.lowerBound && !keepsLeadingContext ? piece.lowerBound : 0
            let upper = piece.upperBound == range.upperBound && !keepsTrailingContext ? piece.upperBound : units.count
            let face = engine.fonts.allFonts[run.face].face
            glyphs.removeAll(keepingCapacity: true)
            let ok = units.withUnsafeBufferPointer { buffer in
                engine.shared.shaper.shape(buffer, range: piece, context: lower..<upper, face: face,
                                           rightToLeft: run.isRightToLeft, script: run.script, language: language,
                                           features: features, into: &glyphs)
            }
            guard ok else { return 0 }
            let perEm = 1.0 / Double(face.metrics.unitsPerEm)
            for glyph in glyphs where measured.contains(Int(glyph.cluster)) {
                isolated += Double(glyph.advance) * perEm
            }
        }
        let contextual = sums[measured.upperBound] - sums[measured.lowerBound]
        return isolated - contextual
    }

    func firstRun(containing offset: Int) -> Int { runs.firstIndex(reaching: offset) }
}
