internal import OversetText

/// The entry point: fonts plus the reusable shaping and analysis machinery.
///
/// Prepare once, lay out many: ``prepare(_:language:options:)-(String,_,_)`` analyses and shapes a string once (ICU breaks, bidi,
/// script runs, HarfBuzz); the ``PreparedText`` it returns lays out at any width, point size and line limit with
/// arithmetic on cached advances.
///
/// ```swift
/// let engine = try TextEngine()                                   // the bundled fonts
/// let prepared = try engine.prepare("ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค", language: "th")
/// let layout = try prepared.layout(width: 220, pointSize: 17, maxLines: 2)
/// print(layout.lineCount, layout.isTruncated)
/// try engine.willTruncate("Zum Abschließen des Updates Firefox neu starten", width: 120, pointSize: 17, maxLines: 1)
/// ```
///
/// An engine is immutable and `Sendable`: share one between threads and tasks.
public struct TextEngine: Sendable {
    /// The longest text, in UTF-16 code units, that ``prepare(_:language:options:)-(String,_,_)`` accepts (8 Mi units, 16 MB of
    /// UTF-16). Preparing costs about 80 bytes of memory per code unit at its peak (measured: 1,000,000 units of
    /// English raise `overset preview`'s peak resident memory by 79 MB), so the longest text takes about 670 MB.
    public static let maximumTextLength = 8 * 1024 * 1024

    /// The fonts this engine measures with.
    public let fonts: FontStack
    let shared: EngineShared
    /// What a text prepared by this engine measures with (``FontIdentity``), when the shared engine cache made it;
    /// nil for an engine made from a font stack. A label compares it with its own request to tell whether a
    /// prepared text measures as it would, and keys its preparations on it (``PreparationKey``).
    public let identity: FontIdentity?
    /// The request the shared engine cache made this engine for: styled runs build their stacks from it.
    package let request: FontRequest?

    /// An engine over the fonts bundled in `Fonts/` (see ``FontStack/bundled(weight:pointSize:italic:monospaced:)``)
    /// at regular weight, in Inter's Text design: the engine of a regular label below 20 pt, one per process.
    ///
    /// A label judges a text prepared with it as its own only when the label is that too (`Label.uses(_:)`): a
    /// headline (semibold) or a label from 20 pt (Inter Display) prepares the text again in its own fonts, so a
    /// verdict is the same whichever engine prepared the text.
    public init() throws(OversetError) {
        self = try EngineCache.shared.engine(FontRequest(pointSize: TextEngine.bundledPointSize))
    }

    /// An engine over the given fonts.
    public init(fonts: FontStack) {
        self.init(fonts: fonts, identity: nil, request: nil)
    }

    init(fonts: FontStack, identity: FontIdentity?, request: FontRequest?) {
        self.fonts = fonts
        self.shared = EngineShared(fonts: fonts)
        self.identity = identity
        self.request = request
    }

    /// Analyses and shapes `text` once, for layout at any width and size.
    ///
    /// - Parameters:
    ///   - text: the string, with `\n` (or U+2028, U+2029) for mandatory line breaks.
    ///   - language: a BCP 47 tag (`th`, `ja`, `zh-CN`, `ar`); it selects ICU's line breaking rules and HarfBuzz's
    ///     language-specific shaping. `nil` uses the root rules.
    ///   - options: OpenType features and the paragraph direction.
    /// - Returns: an immutable, `Sendable` prepared text.
    /// - Throws: ``OversetError/textTooLong(length:limit:)`` past ``maximumTextLength``,
    ///   ``OversetError/invalidArgument(name:value:expected:)`` for a malformed feature string.
    /// - Complexity: O(n) in the length of the text.
    public func prepare(_ text: String, language: String? = nil,
                        options: PrepareOptions = PrepareOptions()) throws(OversetError) -> PreparedText {
        var analysis: SharedAnalysis? = nil
        return try PreparedText(text: text, language: language, options: options, engine: self, sharing: &analysis)
    }

    /// ``prepare(_:language:options:)-(StyledText,_,_)``, taking ICU's analysis from `analysis` when it is of the
    /// same text, language and direction (a preparation of the same string with other fonts), and leaving this
    /// text's analysis in it for the next.
    package func prepare(_ text: StyledText, language: String?, options: PrepareOptions,
                         sharing analysis: inout SharedAnalysis?) throws(OversetError) -> PreparedText {
        try text.validate()
        if text.isPlain {
            return try PreparedText(text: text.string, language: language, options: options, engine: self,
                                    sharing: &analysis)
        }
        return try PreparedText(styled: text, language: language, options: options, engine: self, sharing: &analysis)
    }

    /// Analyses and shapes a text with styled runs once (``StyledText``): each run in the fonts its attributes
    /// choose (``fontStack(for:)``), at its relative size and with its features, broken and laid out as one text.
    ///
    /// - Throws: as ``prepare(_:language:options:)-(String,_,_)``, and ``OversetError/invalidArgument(name:value:expected:)`` for
    ///   runs out of the text, out of order or overlapping, a scale out of ``TextAttributes/scaleLimits``, a run's
    ///   font that cannot be loaded or a malformed feature.
    public func prepare(_ text: StyledText, language: String? = nil,
                        options: PrepareOptions = PrepareOptions()) throws(OversetError) -> PreparedText {
        var analysis: SharedAnalysis? = nil
        return try prepare(text, language: language, options: options, sharing: &analysis)
    }

    /// The fonts a styled run with `attributes` is set in. For a label's engine (`Label.engine()`), the
    /// label's fonts at the run's weight, Inter's italic and Noto Sans Mono first where asked (and, from a platform
    /// folder, its italic faces and SF Mono); for an engine made from a stack, that stack with its variable fonts set
    /// to the weight, an `ital` or `slnt` axis set for italic, Noto Sans Mono first for monospaced. A run's own
    /// ``TextAttributes/fonts`` come first in both.
    public func fontStack(for attributes: TextAttributes) throws(OversetError) -> FontStack {
        try fontStack(for: attributes, boldText: false)
    }

    func fontStack(for given: TextAttributes, boldText: Bool) throws(OversetError) -> FontStack {
        var attributes = given
        if boldText { attributes.weight = attributes.weight?.withBoldText }
        if var request {
            request.named = attributes.fonts + request.named
            request.weight = attributes.weight ?? request.weight
            request.italic = attributes.italic
            request.monospaced = attributes.monospaced
            return try EngineCache.shared.engine(request).fonts
        }
        var stack = fonts
        if attributes.monospaced {
            let mono = try FontStack.bundledMonospaced(weight: (attributes.weight ?? .regular).bundledWeight)
            stack = try FontStack([mono] + stack.fonts, scriptFallbacks: stack.scriptFallbacks,
                                  languageFallbacks: stack.languageFallbacks)
        }
        if let weight = attributes.weight { stack = try stack.instanced(weight: weight.value, opticalSize: nil) }
        if attributes.italic { stack = try stack.italicized() }
        return try stack.preferring(attributes.fonts)
    }

    /// Lays out `text` once: `prepare` then `layout`, for one-off questions.
    public func layout(_ text: String, width: Double, pointSize: Double, maxLines: Int = 0,
                       truncation: TruncationMode = .tail, strategy: LineBreakStrategy = .pushOut,
                       language: String? = nil) throws(OversetError) -> TextLayout {
        try prepare(text, language: language)
            .layout(LayoutOptions(width: width, pointSize: pointSize, maxLines: maxLines, truncation: truncation,
                                  strategy: strategy))
    }

    /// Whether `text` needs more than `maxLines` lines at `width` (the definition of UIKit header code's
    /// `titleWillTruncate()`: the unconstrained text is taller than the text limited to `maxLines`).
    /// `maxLines` of 0 means unlimited, which never truncates.
    ///
    /// The strategy is push-out (a `UILabel`, the default) or `.greedy` (TextKit); both need the same number of
    /// lines (push-out moves a word only onto a last line it fits on), so the answer is the same for either.
    public func willTruncate(_ text: String, width: Double, pointSize: Double, maxLines: Int,
                             strategy: LineBreakStrategy = .pushOut,
                             language: String? = nil) throws(OversetError) -> Bool {
        try prepare(text, language: language)
            .willTruncate(LayoutOptions(width: width, pointSize: pointSize, maxLines: maxLines, strategy: strategy))
    }
}

extension TextEngine {
    /// The point size the bundled engines are made for: body's at Large, below
    /// ``FontStack/displayDesignPointSize``.
    private static let bundledPointSize = 17.0

    /// An engine over the bundled fonts of one weight, in Inter's Text design: the engine of a regular or bold
    /// label below 20 pt (see ``init()``).
    public init(bundledWeight: FontStack.BundledWeight) throws(OversetError) {
        self = try EngineCache.shared.engine(FontRequest(weight: bundledWeight == .bold ? .bold : .regular,
                                                         pointSize: TextEngine.bundledPointSize))
    }
}

/// Options fixed at preparation time (they change the shaping, so changing them means preparing again).
public struct PrepareOptions: Sendable, Hashable {
    /// OpenType features in HarfBuzz syntax: `"kern=0"`, `"+liga"`, `"-calt"`, `"ss01"`, `"tnum"`.
    public var features: [String]
    /// The paragraph direction. `.natural` takes it from the first strong character, like UIKit's natural
    /// writing direction.
    public var direction: TextDirection
    /// The Bold Text accessibility setting for styled runs: a run's weight one step heavier
    /// (``FontWeight/withBoldText``: bold becomes heavy), as the label's own weight is.
    public var boldText: Bool

    /// - Parameters:
    ///   - features: OpenType feature settings in HarfBuzz syntax.
    ///   - direction: the paragraph direction.
    ///   - boldText: styled runs' weights one step heavier (the Bold Text setting).
    public init(features: [String] = [], direction: TextDirection = .natural, boldText: Bool = false) {
        self.features = features
        self.direction = direction
        self.boldText = boldText
    }
}

/// A paragraph's base direction.
public enum TextDirection: String, Sendable, Hashable, CaseIterable {
    /// From the first strong character (UAX #9 rules P2 and P3); left to right when there is none.
    case natural
    /// Left to right.
    case leftToRight
    /// Right to left.
    case rightToLeft
}

/// What every prepared text of one engine shares: the shaper, the analyzer and the shaped ellipsis of each face.
final class EngineShared: Sendable {
    let shaper = Shaper()
    let analyzer = TextAnalyzer()
    private let fonts: FontStack
    /// For each face of the stack, the ellipsis it draws, shaped the first time a line is truncated in that face,
    /// not for every face of the stack when the engine is made.
    private let shapedEllipses: Lock<[ShapedEllipsis??]>
    /// For each face, its space glyph, shaped when first needed (``spaceGlyph(_:)``).
    private let shapedSpaces: Lock<[ShapedGlyph??]>

    /// The ellipses of faces outside the stack (those only styled runs use), by face; the font is kept so that its
    /// face outlives the key.
    private let otherEllipses = Lock<[ObjectIdentifier: (font: Font, ellipsis: ShapedEllipsis?)]>([:])

    /// Other engines, and where a text's itemization in them does not hold in this one (``itemizationDifference(from:)``).
    private let itemizationTwins = Lock<[(engine: WeakEngine, difference: CoverageDifference?)]>([])

    /// A weak reference, so that remembering an engine does not keep it alive.
    private struct WeakEngine: @unchecked Sendable {
        // @unchecked Sendable: only read and written under `itemizationTwins`'s lock.
        weak var value: EngineShared?
    }

    init(fonts: FontStack) {
        self.fonts = fonts
        shapedEllipses = Lock(Array(repeating: nil, count: fonts.allFonts.count))
        shapedSpaces = Lock(Array(repeating: nil, count: fonts.allFonts.count))
    }

    /// Where a plain text's itemization (its clusters' faces, scripts and runs) made by `other` may not hold in this
    /// engine: nil when it never holds (``FontStack/itemizationDifference(from:)``). Decided once per pair of
    /// engines, as a label's Text and Display designs are prepared for every string of a check.
    func itemizationDifference(from other: EngineShared) -> CoverageDifference? {
        if other === self { return CoverageDifference([]) }
        if let known = itemizationTwins.withLock({ $0.first { $0.engine.value === other } }) { return known.difference }
        let difference = fonts.itemizationDifference(from: other.fonts)
        itemizationTwins.withLock { twins in
            twins.removeAll { $0.engine.value == nil }
            twins.append((WeakEngine(value: other), difference))
        }
        return difference
    }

    /// The ellipsis of a font outside the engine's stack, shaped once.
    func ellipsis(of font: Font) -> ShapedEllipsis? {
        let key = ObjectIdentifier(font.face)
        if let known = otherEllipses.withLock({ $0[key] }) { return known.ellipsis }
        let made = Self.shapeEllipsis(font, shaper: shaper)
        otherEllipses.withLock { $0[key] = (font, made) }
        return made
    }

    /// The glyph of a lone space (U+0020) in face `face`, shaped once with no features, or nil when the face has
    /// no space or shapes it into more than one glyph.
    func spaceGlyph(_ face: Int) -> ShapedGlyph? {
        if let known = shapedSpaces.withLock({ $0[face] }) { return known }
        let font = fonts.allFonts[face]
        var made: ShapedGlyph? = nil
        if font.face.hasGlyph(for: 0x20) {
            let units: [UInt16] = [0x20]
            var glyphs: [ShapedGlyph] = []
            let outcome = units.withUnsafeBufferPointer { buffer in
                shaper.shape(buffer, range: 0..<1, context: 0..<1, face: font.face, rightToLeft: false,
                             script: .common, language: ShapingLanguage(nil), features: [], into: &glyphs)
            }
            if outcome == .shaped, glyphs.count == 1, !glyphs[0].unsafeToBreak { made = glyphs[0] }
        }
        shapedSpaces.withLock { $0[face] = .some(made) }
        return made
    }

    /// The ellipsis face `face` draws ("…", or "..." when it has no U+2026), or nil when it has neither.
    func ellipsis(_ face: Int) -> ShapedEllipsis? {
        if let known = shapedEllipses.withLock({ $0[face] }) { return known }
        let made = Self.shapeEllipsis(fonts.allFonts[face], shaper: shaper)
        shapedEllipses.withLock { $0[face] = .some(made) }
        return made
    }

    private static func shapeEllipsis(_ font: Font, shaper: Shaper) -> ShapedEllipsis? {
        for candidate in ["\u{2026}", "..."] {
            let scalars = candidate.unicodeScalars
            guard scalars.allSatisfy({ font.face.hasGlyph(for: $0.value) }) else { continue }
            let units = Array(candidate.utf16)
            var glyphs: [ShapedGlyph] = []
            let ok = units.withUnsafeBufferPointer { buffer in
                shaper.shape(buffer, range: 0..<units.count, context: 0..<units.count, face: font.face,
                             rightToLeft: false, script: .common, language: ShapingLanguage(nil), features: [],
                             into: &glyphs)
            }
            guard ok == .shaped else { return nil }
            let advance = glyphs.reduce(0) { $0 + Double($1.advance) } / Double(font.face.metrics.unitsPerEm)
            return ShapedEllipsis(text: candidate, glyphs: glyphs, advance: advance)
        }
        return nil
    }
}

/// The ellipsis as one face shapes it; `advance` is in ems.
struct ShapedEllipsis: Sendable {
    var text: String
    var glyphs: [ShapedGlyph]
    var advance: Double
}
