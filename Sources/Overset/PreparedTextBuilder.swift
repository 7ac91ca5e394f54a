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
        let base: BaseDirection = switch options.direction {
        case .natural: .auto
        case .leftToRight: .leftToRight
        case .rightToLeft: .rightToLeft
        }
        // 1. ICU analysis.
        let analysis = units.withUnsafeBufferPointer { buffer in
            (analyzer.graphemeBoundaries(buffer), analyzer.lineBreaks(buffer, language: language),
             analyzer.bidiLevels(buffer, base: base))
        }
        guard let graphemes = analysis.0 else { throw .analysisFailed(stage: "grapheme segmentation (ICU)") }
        guard let breaks = analysis.1 else { throw .analysisFailed(stage: "line breaking (ICU)") }
        guard let bidi = analysis.2 else { throw .analysisFailed(stage: "bidi analysis (ICU)") }
        out.graphemes = graphemes
        out.levels = bidi.levels

        // 2. Per code unit properties.
        var scripts = [ScriptTag](repeating: .common, count: count)
        var hangs = [Bool](repeating: false, count: count)
        var mandatory = [Bool](repeating: false, count: count)
        var noBreakBefore = [Bool](repeating: false, count: count + 1)
        out.trailingBidi = [UInt8](repeating: 0, count: count)
        var scalarStarts = [Bool](repeating: false, count: count)
        var index = 0
        for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
            let value = scalar.value
            scripts[index] = ScriptTag.of(value)
            hangs[index] = UnicodeProperties.hangs(value)
            mandatory[index] = UnicodeProperties.isMandatoryBreak(value)
            noBreakBefore[index] = UnicodeProperties.prohibitsBreakBefore(value)
            out.trailingBidi[index] = UnicodeProperties.trailingBidiKind(value).rawValue
            scalarStarts[index] = true
            index += scalar.utf16.count
        }

        // 3. Itemize: script and face per grapheme cluster.
        let clusterCount = graphemes.count - 1
        var clusterScripts = [ScriptTag](repeating: .common, count: clusterCount)
        var lastStrong: ScriptTag? = nil
        var pendingWeak: [Int] = []
        for cluster in 0..<clusterCount {
            let start = Int(graphemes[cluster]), end = Int(graphemes[cluster + 1])
            var strong: ScriptTag? = nil
            for unit in start..<end where scalarStarts[unit] && !scripts[unit].isWeak {
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
        var clusterFaces = [Int](repeating: 0, count: clusterCount)
        var orderCache: [ScriptTag: [Int]] = [:]
        var previousFace: Int? = nil
        let text = String(decoding: units, as: UTF16.self)
        for cluster in 0..<clusterCount {
            let start = Int(graphemes[cluster]), end = Int(graphemes[cluster + 1])
            let scalars = Self.scalars(units, start..<end)
            let needed = scalars.filter { !UnicodeProperties.isDefaultIgnorable($0) && !Self.isControl($0) }
            func covers(_ face: Int) -> Bool {
                let f = fonts.allFonts[face].face
                return needed.allSatisfy { f.hasGlyph(for: $0) }
            }
            let ownScriptIsWeak = !scalars.contains { !ScriptTag.of($0).isWeak }
            var chosen: Int? = nil
            if ownScriptIsWeak, let previousFace, covers(previousFace) { chosen = previousFace }
            if chosen == nil {
                let script = clusterScripts[cluster]
                let order = orderCache[script] ?? fonts.candidateOrder(script: script)
                orderCache[script] = order
                chosen = order.first(where: covers)
            }
            if let chosen {
                clusterFaces[cluster] = chosen
                previousFace = chosen
            } else {
                clusterFaces[cluster] = previousFace ?? 0
                let missingScalars = needed.filter { scalar in
                    !fonts.allFonts.contains { $0.face.hasGlyph(for: scalar) }
                }
                let lower = String.Index(utf16Offset: start, in: text)
                let upper = String.Index(utf16Offset: end, in: text)
                out.missing.append(MissingCharacter(
                    cluster: String(text[lower..<upper]), range: TextRange(start..<end),
                    codePoints: missingScalars.map(Self.codePointName)))
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

        // 4. Shape each run; spread advances over code units (a ligature's over the clusters it covers).
        var advances = [Double](repeating: 0, count: count)
        var unsafe = [Bool](repeating: false, count: count + 1)
        var isGraphemeStart = [Bool](repeating: false, count: count + 1)
        for boundary in graphemes { isGraphemeStart[Int(boundary)] = true }
        let shaper = engine.shared.shaper
        for runIndex in out.runs.indices {
            let run = out.runs[runIndex]
            let face = fonts.allFonts[run.face].face
            let first = out.glyphs.count
            let ok = units.withUnsafeBufferPointer { buffer in
                shaper.shape(buffer, range: run.range, context: 0..<count, face: face,
                             rightToLeft: run.isRightToLeft, script: run.script, language: shapingLanguage,
                             features: features, into: &out.glyphs)
            }
            guard ok else { throw .analysisFailed(stage: "shaping (HarfBuzz)") }
            out.runs[runIndex].glyphRange = first..<out.glyphs.count
            for glyph in out.glyphs[first...] {
                if let box = face.ink(of: glyph.glyph) {
                    out.ink.append(VerticalInk(top: box.top + glyph.yOffset, bottom: box.bottom + glyph.yOffset))
                } else {
                    out.ink.append(.none)
                }
            }
            let perEm = 1.0 / Double(face.metrics.unitsPerEm)
            var clusterAdvance: [Int32: Double] = [:]
            for glyph in out.glyphs[first...] {
                clusterAdvance[glyph.cluster, default: 0] += Double(glyph.advance) * perEm
                if glyph.unsafeToBreak && Int(glyph.cluster) > run.range.lowerBound { unsafe[Int(glyph.cluster)] = true }
            }
            let starts = clusterAdvance.keys.sorted()
            for (i, start) in starts.enumerated() {
                let clusterEnd = i + 1 < starts.count ? Int(starts[i + 1]) : run.range.upperBound
                let lower = Int(start)
                let inner = (lower..<clusterEnd).filter { isGraphemeStart[$0] }
                let share = clusterAdvance[start]! / Double(max(inner.count, 1))
                if inner.isEmpty {
                    advances[lower] += share
                } else {
                    for unit in inner { advances[unit] += share }
                    // Breaking inside a ligature re-shapes it.
                    for unit in inner.dropFirst() { unsafe[unit] = true }
                }
            }
        }
        // Newlines take no room.
        for unit in 0..<count where mandatory[unit] { advances[unit] = 0 }
        var sums = [Double](repeating: 0, count: count + 1)
        for unit in 0..<count { sums[unit + 1] = sums[unit] + advances[unit] }
        out.advanceSums = sums
        out.unsafeToBreak = unsafe
        out.hangs = hangs
        out.noBreakBefore = noBreakBefore

        // Paragraphs.
        for paragraph in bidi.paragraphs {
            var contentEnd = paragraph.range.upperBound
            while contentEnd > paragraph.range.lowerBound && mandatory[contentEnd - 1] { contentEnd -= 1 }
            out.paragraphs.append(Paragraph(range: paragraph.range, contentEnd: contentEnd, level: paragraph.level))
        }
        if out.paragraphs.isEmpty {
            out.paragraphs.append(Paragraph(range: 0..<0, contentEnd: 0, level: options.direction == .rightToLeft ? 1 : 0))
        }

        // 5. Segments.
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

    func firstRun(containing offset: Int) -> Int {
        var low = 0, high = runs.count
        while low < high {
            let mid = (low + high) / 2
            if runs[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
