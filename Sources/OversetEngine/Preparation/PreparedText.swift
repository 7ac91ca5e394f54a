internal import OversetText

/// A text analysed and shaped once, ready to be laid out at any width, point size and line limit.
///
/// Preparation does everything that depends on the text and the fonts but not on the box: ICU line break
/// opportunities and grapheme clusters, bidi levels (UAX #9), script runs, font fallback, HarfBuzz shaping. It keeps
/// the advances in ems, so layout at any point size is arithmetic: no shaping, no string operations.
///
/// Prepared texts are immutable and `Sendable`.
///
/// ```swift
/// let prepared = try engine.prepare("Zum Abschließen des Updates Firefox neu starten", language: "de")
/// for width in stride(from: 120.0, through: 320, by: 40) {
///     print(width, try prepared.layout(width: width, pointSize: 17).lineCount)
/// }
/// ```
public final class PreparedText: Sendable {
    /// The text as given.
    public let text: String
    /// The BCP 47 language it was prepared for, if any.
    public let language: String?
    /// The options it was prepared with.
    public let options: PrepareOptions
    /// Characters no font of the stack has a glyph for. So that no answer is optimistic, each such cluster is
    /// measured at least ``PreparedText/missingClusterWidth`` ems wide (wider than the `.notdef` box and than
    /// emoji in the common emoji fonts); a result for this text is an upper bound, not an exact width.
    public let missingCharacters: [MissingCharacter]
    /// The width in ems a cluster no font can draw is measured at, at least.
    public static let missingClusterWidth = 1.3
    /// Problems with the input that do not stop preparation, for people: a language ICU does not know (its root
    /// line breaking rules are used), characters no font has.
    public let warnings: [String]

    /// The styled text it was prepared from; nil for plain text. ``text`` is its string.
    public let styledText: StyledText?

    package let engine: TextEngine
    /// Fonts by face index: the engine's stack (``FontStack/allFonts``), then the faces only styled runs use.
    package let faceTable: [Font]
    /// The styles of the runs: index 0 is the text's own (scale 1, the options' features).
    let styles: [RunStyle]
    let utf16: [UInt16]
    /// What HarfBuzz shapes when it differs from ``utf16`` (a cluster past ``maximumClusterScalars``), else nil.
    let shapingUTF16: [UInt16]?
    /// Grapheme cluster boundaries (UAX #29), from 0 to `utf16.count`.
    package let graphemes: [Int32]
    /// Greedy-breaking units: text between two consecutive line break opportunities.
    let segments: [Segment]
    /// `advanceSums[i]` is the advance in ems of code units `0..<i`; `utf16.count + 1` entries.
    let advanceSums: [Double]
    /// `unsafeToBreak[i]`: breaking before code unit `i` changes the shaping (HarfBuzz's flag, or inside a
    /// ligature), so the width of a line that ends or starts there is re-measured.
    let unsafeToBreak: [Bool]
    /// Whether each code unit is white space that hangs at a line end (UAX #14 SP and newlines).
    let hangs: [Bool]
    /// Whether a line should not start at each code unit (UAX #14 CL, CP, EX, IS, NS, CJ), honoured when a word
    /// is broken between clusters.
    let noBreakBefore: [Bool]
    /// Bidi embedding level of each code unit.
    let levels: [UInt8]
    /// Paragraphs with their base level.
    let paragraphs: [Paragraph]
    /// Shaped runs (same face, script and bidi level), in logical order.
    let runs: [ShapedRun]
    /// All glyphs, run after run; each run's glyphs in HarfBuzz's (visual) order.
    let glyphs: [ShapedGlyph]
    /// The vertical ink extent of each glyph (parallel to `glyphs`), for clipping analysis.
    let ink: [VerticalInk]
    let shapingLanguage: ShapingLanguage
    /// The vertical metrics and relative size of each (face, style) the runs draw with, once each: a line's height
    /// comes from these (``lineFaceOfRun``), with no face object touched.
    let lineFaces: [(metrics: FaceMetrics, scale: Double)]
    /// Each run's entry in ``lineFaces``.
    let lineFaceOfRun: [Int32]
    /// The line edges shaped again so far (``Remeasurer``), their width changes in ems: every size shares them, and
    /// a label laid out at each size category cuts at many of the same places (on a `check` of 1,000 corpus lines,
    /// 22,514 re-shapings were of 6,438 distinct edges, each a HarfBuzz call). At most ``Remeasurer/memoLimit``.
    let edgeDeltas = Lock<[Remeasurer.Edge: Double]>([:])

    /// The fonts the text uses, in the order they were first used.
    public var usedFonts: [Font] {
        var seen: [Int] = []
        for run in runs where !seen.contains(run.face) { seen.append(run.face) }
        return seen.map { faceTable[$0] }
    }

    /// The length of the text in UTF-16 code units (the unit of every range Overset reports, like `NSRange`).
    public var utf16Count: Int { utf16.count }

    /// The width of the text on one line at `pointSize`, without any wrapping (the widest paragraph).
    public func naturalWidth(pointSize: Double) -> Double {
        // Lines that only mandatory breaks end (newlines, vertical tabs, U+2028, U+2029).
        var widest = 0.0
        var lineStart = 0
        for segment in segments where segment.isMandatoryBreak || Int(segment.end) == utf16.count {
            widest = max(widest, (advanceSums[Int(segment.contentEnd)] - advanceSums[lineStart]) * pointSize)
            lineStart = Int(segment.end)
        }
        return widest
    }

    /// The most characters of one grapheme cluster that are shaped: a base and 30 non-starters, the limit of UAX #15's
    /// Stream-Safe Text Format. No real text comes near it (the longest emoji ZWJ sequences have 10); a cluster of
    /// 'a' and 100,000 combining marks, which HarfBuzz shapes in quadratic time (20 s for a Thai tone mark), is
    /// measured as its first 31 characters, the rest at zero width, with a warning.
    public static let maximumClusterScalars = 31

    /// The most distinct run styles a styled text may have (each may need its own font stack).
    public static let maximumRunStyles = 64

    convenience init(text: String, language: String?, options: PrepareOptions, engine: TextEngine,
                     sharing analysis: inout SharedAnalysis?) throws(OversetError) {
        try self.init(text: text, styled: nil, language: language, options: options, engine: engine,
                      sharing: &analysis)
    }

    convenience init(styled: StyledText, language: String?, options: PrepareOptions,
                     engine: TextEngine, sharing analysis: inout SharedAnalysis?) throws(OversetError) {
        try self.init(text: styled.string, styled: styled, language: language, options: options, engine: engine,
                      sharing: &analysis)
    }

    /// ``lineFaces`` and ``lineFaceOfRun``.
    private static func lineFaces(of runs: [ShapedRun], table: [Font], styles: [RunStyle])
        -> ([(metrics: FaceMetrics, scale: Double)], [Int32]) {
        var pairs: [(face: Int, style: Int)] = []
        let ofRun = runs.map { run in
            if let known = pairs.firstIndex(where: { $0.face == run.face && $0.style == run.style }) { return Int32(known) }
            pairs.append((run.face, run.style))
            return Int32(pairs.count - 1)
        }
        return (pairs.map { (table[$0.face].face.metrics, styles[$0.style].scale) }, ofRun)
    }

    static func parseFeatures(_ strings: [String]) throws(OversetError) -> [FontFeatureSetting] {
        var features: [FontFeatureSetting] = []
        for string in strings {
            guard let feature = FontFeatureSetting(parsing: string) else {
                throw .invalidArgument(name: "feature", value: string,
                                       expected: "an OpenType feature such as kern=0, +liga, -calt or ss01")
            }
            features.append(feature)
        }
        return features
    }

    private init(text: String, styled: StyledText?, language: String?, options: PrepareOptions,
                 engine: TextEngine, sharing analysis: inout SharedAnalysis?) throws(OversetError) {
        self.text = text
        self.styledText = styled
        self.language = language
        self.options = options
        self.engine = engine
        let features = try Self.parseFeatures(options.features)
        self.shapingLanguage = ShapingLanguage(language)
        let units = Array(text.utf16)
        guard units.count <= TextEngine.maximumTextLength else {
            throw .textTooLong(length: units.count, limit: TextEngine.maximumTextLength)
        }
        self.utf16 = units
        let styling = try styled.map { styled throws(OversetError) in
            try RunStyling(styled, engine: engine, baseFeatures: features, count: units.count,
                           boldText: options.boldText)
        }
        var builder = PreparedTextBuilder(units: units, language: language, options: options, engine: engine,
                                          shapingLanguage: shapingLanguage,
                                          styling: styling ?? RunStyling(engine: engine, baseFeatures: features))
        let built = try builder.build(sharing: &analysis)
        faceTable = builder.styling.faceTable
        styles = builder.styling.styles
        graphemes = built.graphemes
        segments = built.segments
        advanceSums = built.advanceSums
        unsafeToBreak = built.unsafeToBreak
        hangs = built.hangs
        noBreakBefore = built.noBreakBefore
        levels = built.levels
        paragraphs = built.paragraphs
        runs = built.runs
        glyphs = built.glyphs
        ink = built.ink
        missingCharacters = built.missing
        shapingUTF16 = built.shapingUnits
        (lineFaces, lineFaceOfRun) = Self.lineFaces(of: built.runs, table: builder.styling.faceTable,
                                                    styles: builder.styling.styles)
        var warnings: [String] = []
        if let first = built.cappedClusters.first {
            warnings.append(Plural.count(built.cappedClusters.count, "grapheme cluster") + " "
                + "(the first at UTF-16 offset \(first.lowerBound), \(first.count) code units) "
                + "\(Plural.noun("has", for: built.cappedClusters.count, "have")) more than \(PreparedText.maximumClusterScalars) "
                + "characters: those after the first \(PreparedText.maximumClusterScalars) are not shaped and take no width "
                + "(UAX #15's Stream-Safe Text Format allows a base and 30 non-starters; HarfBuzz takes time quadratic "
                + "in a cluster's length)")
        }
        if let language, !language.isEmpty, !TextAnalyzer.isKnownLanguage(language) {
            warnings.append("language '\(language)' is unknown to ICU: its root line breaking rules were used")
        }
        let table = builder.styling.faceTable
        let oblique = built.syntheticOblique.map { table[$0].name }
        if !oblique.isEmpty {
            warnings.append("italic text in " + oblique.joined(separator: ", ") + " is drawn as a synthetic oblique "
                + "(no italic face): its advances are the upright face's, as CoreText's slanted drawing keeps them")
        }
        if !built.missing.isEmpty {
            warnings.append("no font has " + built.missing.map(\.description).joined(separator: ", ")
                + ": measured as \(PreparedText.missingClusterWidth) em each, so widths are an upper bound")
            // An installed font that failed to load when a text first needed it maps no character: say why, since
            // its characters are among the missing ones.
            for failure in table.compactMap(\.loadFailure) { warnings.append("a font could not be loaded: \(failure)") }
        }
        self.warnings = warnings
    }
}

/// A character no font in the stack can draw.
public struct MissingCharacter: Sendable, Hashable, CustomStringConvertible {
    /// The grapheme cluster, e.g. `"🍵"`.
    public var cluster: String
    /// Its UTF-16 range in the text.
    public var range: TextRange
    /// The code points of the cluster that no font has, as `U+1F375`.
    public var codePoints: [String]

    public var description: String { "\(cluster) (\(codePoints.joined(separator: " ")) at \(range.location))" }
}

/// A UTF-16 range in the text, like `NSRange`.
public struct TextRange: Sendable, Hashable, Codable, CustomStringConvertible {
    /// UTF-16 offset of the first code unit.
    public var location: Int
    /// Number of UTF-16 code units.
    public var length: Int
    /// `location + length`.
    public var upperBound: Int { location + length }

    /// A range from its location and length.
    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }

    init(_ range: Range<Int>) {
        self.init(location: range.lowerBound, length: range.count)
    }

    /// The same range as a Swift `Range`.
    public var range: Range<Int> { location..<upperBound }
    public var description: String { "[\(location), \(upperBound))" }
}

/// A greedy-breaking unit: the text from one line break opportunity to the next.
struct Segment: Sendable {
    var start: Int32
    /// End of the visible content; from here to `end` is white space that hangs past the line end.
    var contentEnd: Int32
    var end: Int32
    /// A line must end after this segment (it ends with a newline).
    var isMandatoryBreak: Bool
    /// The break after this segment falls inside a Korean word: between two letters or digits, one of them Hangul
    /// ("URL을", "8글자", "다운로드"). Hangul word priority suppresses it
    /// (`NSParagraphStyle.LineBreakStrategy.hangulWordPriority`; CSS `word-break: keep-all`).
    var isInKoreanWord = false
    /// Advances in ems, in the context of the whole text.
    var contentWidth: Double
    var fullWidth: Double
    /// Grapheme clusters in the content and in the whole segment (tracking adds per cluster).
    var contentClusters: Int32
    var fullClusters: Int32
    /// Change in ems when a line starts at `start` (the shaping there is not safe to break), else 0.
    var startDelta: Double
    /// Change in ems of the content when a line ends at `end`, else 0.
    var endDelta: Double
}

/// A paragraph: the text up to and including a mandatory break.
struct Paragraph: Sendable {
    var range: Range<Int>
    var level: UInt8
    var isRightToLeft: Bool { level & 1 == 1 }
}

/// A run of text shaped in one call: one face, one script, one bidi level.
struct ShapedRun: Sendable {
    var range: Range<Int>
    var face: Int
    var level: UInt8
    var script: ScriptTag
    var glyphRange: Range<Int>
    /// Its style, an index into ``PreparedText/styles`` (0: the text's own).
    var style = 0
    /// The highest top and lowest bottom of its glyphs' ink (``VerticalInk/none`` when none has ink): a line whose
    /// box holds these needs no look at the run's glyphs for clipping.
    var inkExtent = VerticalInk.none
    var isRightToLeft: Bool { level & 1 == 1 }
}

/// How far a glyph's ink reaches above and below the baseline, in its font's units (y up), its offset included.
struct VerticalInk: Sendable {
    var top: Int32
    var bottom: Int32
    var hasInk: Bool { top > bottom }
    static let none = VerticalInk(top: 0, bottom: 0)
}

/// How a styled run is drawn, resolved at preparation: its size relative to the text's, its OpenType features (the
/// text's and its own) and whether it is italic.
struct RunStyle: Sendable {
    var scale: Double
    var features: [FontFeatureSetting]
    var italic: Bool
    /// Its fonts (a reference: a style is read per run in hot loops, and a `FontStack` is a dozen references to
    /// retain when copied).
    var fonts: StyleFonts

    /// Whether a run of this style in `font` is drawn as a synthetic oblique: italic asked, no italic in the face.
    func isSyntheticOblique(in font: Font) -> Bool { italic && !font.drawsItalic }
}

/// A style's font stack and the ``PreparedText/faceTable`` index of each of its faces.
final class StyleFonts: Sendable {
    let stack: FontStack
    let faceMap: [Int]

    init(stack: FontStack, faceMap: [Int]) {
        self.stack = stack
        self.faceMap = faceMap
    }
}

/// The run styles of a text being prepared: each style's font stack, its faces' indices in one table shared by
/// every style (the engine's faces first, so a plain text's face indices are the stack's), and each code unit's
/// style.
struct RunStyling {
    var styles: [RunStyle]
    var faceTable: [Font]
    /// The style of each code unit; nil when the whole text has the text's own style.
    var unitStyles: [UInt8]?

    /// The text's own style only.
    init(engine: TextEngine, baseFeatures: [FontFeatureSetting]) {
        styles = [RunStyle(scale: 1, features: baseFeatures, italic: false,
                           fonts: StyleFonts(stack: engine.fonts, faceMap: Array(engine.fonts.allFonts.indices)))]
        faceTable = engine.fonts.allFonts
        unitStyles = nil
    }

    init(_ styled: StyledText, engine: TextEngine, baseFeatures: [FontFeatureSetting],
         count: Int, boldText: Bool) throws(OversetError) {
        self.init(engine: engine, baseFeatures: baseFeatures)
        var unitStyles = [UInt8](filled: 0, count: count)
        var indexByAttributes: [TextAttributes: Int] = [.plain: 0]
        for run in styled.runs where run.range.length > 0 {
            let style: Int
            if let known = indexByAttributes[run.attributes] {
                style = known
            } else {
                guard styles.count < PreparedText.maximumRunStyles else {
                    throw .invalidArgument(name: "runs", value: "\(styled.runs.count) runs",
                                           expected: "at most \(PreparedText.maximumRunStyles) distinct run styles")
                }
                style = styles.count
                indexByAttributes[run.attributes] = style
                let stack = try engine.fontStack(for: run.attributes, boldText: boldText)
                var map: [Int] = []
                for font in stack.allFonts {
                    if let index = faceTable.firstIndex(where: { $0 === font }) {
                        map.append(index)
                    } else {
                        faceTable.append(font)
                        map.append(faceTable.count - 1)
                    }
                }
                styles.append(RunStyle(scale: run.attributes.scale,
                                       features: baseFeatures + (try PreparedText.parseFeatures(run.attributes.features)),
                                       italic: run.attributes.italic, fonts: StyleFonts(stack: stack, faceMap: map)))
            }
            for unit in run.range.range { unitStyles[unit] = UInt8(style) }
        }
        self.unitStyles = unitStyles
    }
}
