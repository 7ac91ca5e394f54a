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
    /// What HarfBuzz shapes: ``units``, with the characters of a grapheme cluster past its first
    /// ``PreparedText/maximumClusterScalars`` replaced by U+200B (HarfBuzz hides it at zero width), so that no
    /// cluster costs quadratic time to shape.
    var shapingUnits: [UInt16]
    let language: String?
    let options: PrepareOptions
    let engine: TextEngine
    let shapingLanguage: ShapingLanguage
    /// The run styles (one, the text's own, for plain text); each carries its OpenType features.
    let styling: RunStyling

    struct Output {
        var graphemes: [Int32] = []
        var segments: [Segment] = []
        var advanceSums: [Double] = []
        var unsafeToBreak: [Bool] = []
        var hangs: [Bool] = []
        var noBreakBefore: [Bool] = []
        var levels: [UInt8] = []
        var paragraphs: [Paragraph] = []
        var runs: [ShapedRun] = []
        var glyphs: [ShapedGlyph] = []
        var ink: [VerticalInk] = []
        var missing: [MissingCharacter] = []
        /// The shaping copy when it differs from the text, and the clusters it capped.
        var shapingUnits: [UInt16]? = nil
        var cappedClusters: [Range<Int>] = []
        /// Faces (table indices) that italic runs draw as a synthetic oblique.
        var syntheticOblique: [Int] = []
    }

    init(units: [UInt16], language: String?, options: PrepareOptions, engine: TextEngine,
         shapingLanguage: ShapingLanguage, styling: RunStyling) {
        self.styling = styling
        self.units = units
        self.shapingUnits = units
        self.language = language
        self.options = options
        self.engine = engine
        self.shapingLanguage = shapingLanguage
    }

    /// Runs the stages in order; each is a method in `PreparedTextBuilder+<Stage>.swift`. Stages 1 and 2 are taken
    /// from `shared` when it is the analysis of the same text, language and direction (the other design's
    /// preparation of a label's string), and `shared` is set to this text's analysis.
    mutating func build(sharing shared: inout SharedAnalysis?) throws(OversetError) -> Output {
        var out = Output()
        let properties: CharacterProperties
        let analysis: Analysis
        var earlier: SharedAnalysis.Shaping? = nil
        var earlierItems: Items? = nil
        // A plain text: one style, the engine's fonts (a styled text's runs take their styles' fonts).
        let isPlain = styling.unitStyles == nil && styling.styles.count == 1
        if let shared, shared.units == units, shared.language == language, shared.direction == options.direction {
            properties = shared.properties
            analysis = shared.analysis
            earlier = shared.shaping
            // The earlier engine's itemization, where every character of the text has the same faces here.
            if isPlain, let items = shared.items, let difference = engine.shared.itemizationDifference(from: shared.engine),
               !difference.touches(units) {
                earlierItems = items
            }
        } else {
            properties = characterProperties()
            analysis = try analyze(properties)
        }
        out.hangs = properties.flags.map { $0.has(.hangs) }
        out.noBreakBefore = properties.flags.map { $0.has(.noBreakBefore) } + [false]
        out.graphemes = analysis.graphemes
        out.cappedClusters = capLongClusters(graphemes: analysis.graphemes)
        if !out.cappedClusters.isEmpty { out.shapingUnits = shapingUnits }
        out.levels = analysis.bidi.levels
        let items = earlierItems ?? itemize(properties, analysis)
        out.runs = items.runs
        out.missing = items.missing
        for run in out.runs where styling.styles[run.style].isSyntheticOblique(in: styling.faceTable[run.face])
            && !out.syntheticOblique.contains(run.face) {
            out.syntheticOblique.append(run.face)
        }
        let shaped = try shape(&out, properties: properties, analysis: analysis, reusing: earlier)
        shared = SharedAnalysis(units: units, language: language, direction: options.direction,
                                properties: properties, analysis: analysis,
                                shaping: SharedAnalysis.Shaping(runs: out.runs, faces: styling.faceTable,
                                                                styles: styling.styles, glyphs: out.glyphs,
                                                                ink: out.ink),
                                items: isPlain ? items : nil, engine: engine.shared)
        out.advanceSums = shaped.sums
        out.unsafeToBreak = shaped.unsafe
        out.paragraphs = analysis.bidi.paragraphs.map { Paragraph(range: $0.range, level: $0.level) }
        if out.paragraphs.isEmpty {
            out.paragraphs.append(Paragraph(range: 0..<0, level: options.direction == .rightToLeft ? 1 : 0))
        }
        out.segments = segments(breaks: analysis.breaks, graphemes: analysis.graphemes, hangs: out.hangs,
                                runs: out.runs, sums: shaped.sums, unsafe: shaped.unsafe,
                                isGraphemeStart: shaped.isGraphemeStart)
        return out
    }

    /// Replaces, in ``shapingUnits``, every code unit of a grapheme cluster after its first
    /// ``PreparedText/maximumClusterScalars`` characters with U+200B; returns the clusters capped.
    mutating func capLongClusters(graphemes: [Int32]) -> [Range<Int>] {
        let limit = PreparedText.maximumClusterScalars
        var capped: [Range<Int>] = []
        for index in 0..<max(0, graphemes.count - 1) {
            let start = Int(graphemes[index]), end = Int(graphemes[index + 1])
            guard end - start > limit else { continue }
            var scalars = 0
            var offset = start
            while offset < end && scalars < limit {
                offset += units.withUnsafeBufferPointer { Self.scalar($0, at: offset, limit: end).1 }
                scalars += 1
            }
            guard offset < end else { continue }
            for unit in offset..<end { shapingUnits[unit] = 0x200B }
            capped.append(start..<end)
        }
        return capped
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
        return BidiLevels(levels: [UInt8](filled: 0, count: units.count), paragraphs: paragraphs)
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
    let faces: [Font]
    let styles: [RunStyle]
    let language: ShapingLanguage
    /// The prepared text's edges measured before (``PreparedText/edgeDeltas``); nil while preparing, whose edges
    /// are each measured once.
    var memo: Lock<[Edge: Double]>? = nil

    /// What a delta depends on besides the prepared text: the range shaped, the range measured and which context
    /// is kept.
    struct Edge: Hashable, Sendable {
        let start, end, measuredStart, measuredEnd: Int32
        let keepsLeadingContext, keepsTrailingContext: Bool

        /// Two words for the hasher instead of six members (the synthesized hash was most of a lookup's cost).
        func hash(into hasher: inout Hasher) {
            hasher.combine(UInt64(UInt32(bitPattern: start)) << 32 | UInt64(UInt32(bitPattern: end)))
            hasher.combine(UInt64(UInt32(bitPattern: measuredStart)) << 32 | UInt64(UInt32(bitPattern: measuredEnd))
                           ^ (keepsLeadingContext ? 1 << 31 : 0) ^ (keepsTrailingContext ? 1 << 63 : 0))
        }
    }

    /// Edges remembered per prepared text: a label's cuts are a few dozen; a long text laid out at many widths
    /// stops remembering new ones here (they are measured, as before, each time).
    static let memoLimit = 512

    /// The advance in ems of the code units `measured` when `range` is shaped without the text before it
    /// (unless `keepsLeadingContext`) and without the text after it (unless `keepsTrailingContext`), minus their
    /// advance in the context of the whole text: found once per prepared text (HarfBuzz's shaping is a function of
    /// the same inputs).
    func delta(of range: Range<Int>, measured: Range<Int>, keepsLeadingContext: Bool,
               keepsTrailingContext: Bool) -> Double {
        guard !range.isEmpty else { return 0 }
        guard let memo else {
            return shapedDelta(of: range, measured: measured, keepsLeadingContext: keepsLeadingContext,
                               keepsTrailingContext: keepsTrailingContext)
        }
        let edge = Edge(start: Int32(range.lowerBound), end: Int32(range.upperBound),
                        measuredStart: Int32(measured.lowerBound), measuredEnd: Int32(measured.upperBound),
                        keepsLeadingContext: keepsLeadingContext, keepsTrailingContext: keepsTrailingContext)
        if let known = memo.withLock({ $0[edge] }) { return known }
        let delta = shapedDelta(of: range, measured: measured, keepsLeadingContext: keepsLeadingContext,
                                keepsTrailingContext: keepsTrailingContext)
        memo.withLock { deltas in
            if deltas.count < Self.memoLimit { deltas[edge] = delta }
        }
        return delta
    }

    /// ``delta(of:measured:keepsLeadingContext:keepsTrailingContext:)``, shaped.
    private func shapedDelta(of range: Range<Int>, measured: Range<Int>, keepsLeadingContext: Bool,
                             keepsTrailingContext: Bool) -> Double {
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
            let face = faces[run.face].face
            let style = styles[run.style]
            glyphs.removeAll(keepingCapacity: true)
            let ok = units.withUnsafeBufferPointer { buffer in
                engine.shared.shaper.shape(buffer, range: piece, context: lower..<upper, face: face,
                                           rightToLeft: run.isRightToLeft, script: run.script, language: language,
                                           features: style.features, into: &glyphs)
            }
            guard ok == .shaped else { return 0 }
            let perEm = style.scale / Double(face.metrics.unitsPerEm)
            for glyph in glyphs where measured.contains(Int(glyph.cluster)) {
                isolated += Double(glyph.advance) * perEm
            }
        }
        let contextual = sums[measured.upperBound] - sums[measured.lowerBound]
        return isolated - contextual
    }

    func firstRun(containing offset: Int) -> Int { runs.firstIndex(reaching: offset) }
}

/// ICU's analysis of a text and its characters' properties (stages 1 and 2: grapheme clusters, line break
/// opportunities, bidi levels, scripts), which depend on the text, its language and its direction, not on the fonts:
/// a label's string prepared for Inter below 20 pt and for Inter Display from 20 pt is analysed once. With it, the
/// runs that preparation shaped: the next preparation takes the glyphs of every run it sets in the same font, with
/// the same script, direction and features (a Thai, Arabic or CJK run is the same in both designs' stacks; only the
/// runs set in Inter are shaped again).
package final class SharedAnalysis: Sendable {
    let units: [UInt16]
    let language: String?
    let direction: TextDirection
    let properties: PreparedTextBuilder.CharacterProperties
    let analysis: PreparedTextBuilder.Analysis
    let shaping: Shaping
    /// A plain text's itemization (nil for a styled one, whose runs' fonts are their styles'), and the engine that
    /// made it: another engine takes it where ``EngineShared/itemizationDifference(from:)`` says it holds there too.
    let items: PreparedTextBuilder.Items?
    let engine: EngineShared

    /// A preparation's shaped runs, and what their shaping depended on besides the text and its language (both
    /// checked with the analysis): the font (by identity), the run's script, bidi level and style's features.
    struct Shaping: Sendable {
        let runs: [ShapedRun]
        let faces: [Font]
        let styles: [RunStyle]
        let glyphs: [ShapedGlyph]
        let ink: [VerticalInk]

        /// The index of the run that this preparation's `run` (set in `face` with `features`) can take its glyphs
        /// from, or nil. `cursor` walks the runs in logical order: the caller asks for its runs in order.
        func match(_ run: ShapedRun, face: Font, features: [FontFeatureSetting], cursor: inout Int) -> Int? {
            while cursor < runs.count, runs[cursor].range.lowerBound < run.range.lowerBound { cursor += 1 }
            guard cursor < runs.count else { return nil }
            let earlier = runs[cursor]
            guard earlier.range == run.range, earlier.level == run.level, earlier.script == run.script,
                  faces[earlier.face] === face, styles[earlier.style].features == features else { return nil }
            return cursor
        }
    }

    init(units: [UInt16], language: String?, direction: TextDirection,
         properties: PreparedTextBuilder.CharacterProperties, analysis: PreparedTextBuilder.Analysis,
         shaping: Shaping, items: PreparedTextBuilder.Items?, engine: EngineShared) {
        self.units = units
        self.language = language
        self.direction = direction
        self.properties = properties
        self.analysis = analysis
        self.shaping = shaping
        self.items = items
        self.engine = engine
    }
}
