package import OversetText

/// A font face loaded from a file or found by family name through fontconfig.
///
/// Fonts are immutable and can be shared between threads and engines.
///
/// ```swift
/// let noto = try Font(path: "Fonts/NotoSans-Regular.ttf")
/// let dejaVu = try Font(family: "DejaVu Sans")
/// print(noto.metrics.ascender, noto.lineHeight(pointSize: 17))
/// ```
public final class Font: Sendable, Hashable, CustomStringConvertible {
    /// The face, loaded (a font the user names, an instance), or loaded when first used (an installed font).
    private enum Source: Sendable {
        case loaded(FontFace)
        case deferred(DeferredFace)
    }

    private let source: Source
    /// The font this instance was made from by ``instance(_:)``; nil for a font as loaded.
    private let defaultInstance: Font?
    /// Instances made from this font, held weakly (an instance holds its default instance strongly): the same cache
    /// as its face's, keyed by the face's clamped axis values.
    private let instances = InstanceCache<Font>()

    private init(face: FontFace, defaultInstance: Font?) {
        source = .loaded(face)
        self.defaultInstance = defaultInstance
    }

    /// The face; an installed font's is loaded here the first time (see ``isLoaded``).
    package var face: FontFace {
        switch source {
        case .loaded(let face): face
        case .deferred(let deferred): deferred.face
        }
    }

    /// Whether the face has been loaded: always for a font loaded by path, data or family; for an installed font,
    /// once a text needed it (or a property that needs its tables was read).
    package var isLoaded: Bool {
        switch source {
        case .loaded: true
        case .deferred(let deferred): deferred.isLoaded
        }
    }

    /// Why an installed font that a text needed could not be loaded (its characters are then reported missing);
    /// nil when it loaded or was never needed.
    package var loadFailure: OversetError? {
        guard case .deferred(let deferred) = source, let failure = deferred.loadFailure else { return nil }
        return OversetError(failure)
    }

    /// The family name an installed font's `name` table gives, read without loading the face; the loaded
    /// ``familyName`` otherwise.
    package var nameTableFamily: String? {
        switch source {
        case .loaded(let face): face.familyName
        case .deferred(let deferred): deferred.nameTableFamily
        }
    }

    /// The axes, read without loading an installed font's face.
    private var faceAxes: [FaceAxis] {
        switch source {
        case .loaded(let face): face.axes
        case .deferred(let deferred): deferred.axes
        }
    }

    /// Loads face `index` of the font file at `path` (TrueType, OpenType, or a collection such as `.ttc`).
    /// - Throws: ``OversetError/fontFileNotFound(path:)``, ``OversetError/notAFont(path:reason:)``,
    ///   ``OversetError/fontIndexOutOfRange(path:index:faceCount:)`` and the like, never a crash.
    public init(path: String, index: Int = 0) throws(OversetError) {
        do {
            source = .loaded(try FontFace(path: path, index: index))
        } catch {
            throw OversetError(error)
        }
        defaultInstance = nil
    }

    /// An installed font (bundled in `Fonts/`, or a system package's), over a read-only mapping of its file: its
    /// pages are read when used, and its face is loaded the first time a text needs it (``DeferredFace``). A file
    /// that is missing, cut short or has no face `index` is refused here.
    package init(installedPath path: String, index: Int = 0) throws(OversetError) {
        do {
            source = .deferred(try DeferredFace(installedPath: path, index: index))
        } catch {
            throw OversetError(error)
        }
        defaultInstance = nil
    }

    /// Loads face `index` of a font from its bytes (a font downloaded or embedded; `name` names it in errors).
    public init(data: [UInt8], name: String = "(font data)", index: Int = 0) throws(OversetError) {
        do {
            source = .loaded(try FontFace(data: data, name: name, index: index))
        } catch {
            throw OversetError(error)
        }
        defaultInstance = nil
    }

    /// Finds an installed font with fontconfig, by family name and optional style (`"Noto Sans"`,
    /// `"DejaVu Sans:bold"`, any fontconfig pattern).
    /// - Throws: ``OversetError/fontFamilyNotFound(family:closest:)`` when fontconfig would only substitute
    ///   another family: a checker must not measure with a font the user did not ask for.
    public convenience init(family pattern: String) throws(OversetError) {
        let requested = String(pattern.prefix { $0 != ":" }).trimmingSpaces()
        guard let match = FontconfigMatcher.match(pattern) else {
            throw .fontFamilyNotFound(family: requested, closest: nil)
        }
        guard match.family.lowercased() == requested.lowercased() else {
            throw .fontFamilyNotFound(family: requested, closest: match.family)
        }
        try self.init(path: match.path, index: match.index)
    }

    /// The file the font was loaded from.
    public var path: String {
        switch source {
        case .loaded(let face): face.path
        case .deferred(let deferred): deferred.path
        }
    }
    /// The face index within the file (non-zero only in collections).
    public var index: Int {
        switch source {
        case .loaded(let face): face.faceIndex
        case .deferred(let deferred): deferred.faceIndex
        }
    }
    /// The family name from the font's name table, e.g. `Noto Sans Thai`.
    public var familyName: String { face.familyName }
    /// The style name, e.g. `Regular` or `Bold`.
    public var styleName: String { face.styleName }
    /// Whether the font says it is bold.
    public var isBold: Bool { face.isBold }
    /// Its weight class (OS/2 `usWeightClass`: 400 regular, 600 semibold, 700 bold); an instance's `wght`.
    public var weightClass: Int { face.weightClass }
    /// Whether the font says it is italic or oblique.
    public var isItalic: Bool { face.isItalic }
    /// Whether the font draws italic or slanted: it says it is italic, or an instance sets `ital` or `slnt`.
    public var drawsItalic: Bool { face.isItalic || (variations["ital"] ?? 0) != 0 || (variations["slnt"] ?? 0) != 0 }
    /// The font's vertical metrics in font units.
    public var metrics: FontMetrics { FontMetrics(face.metrics) }

    /// The variation axes of a variable font (`fvar`): weight (`wght`), optical size (`opsz`), width (`wdth`), …;
    /// empty for a static font.
    public var axes: [FontAxis] {
        faceAxes.map { FontAxis(tag: $0.tag, minimum: $0.minimum, defaultValue: $0.defaultValue, maximum: $0.maximum) }
    }

    /// The axis values of this instance (tag → value); empty for the font's default instance.
    public var variations: [String: Double] {
        switch source {
        case .loaded(let face): face.variations
        case .deferred: [:]  // an installed font as loaded; its instances are loaded fonts
        }
    }

    /// Whether the font has a `wght` axis, so that a label's weight (semibold, Bold Text) sets it exactly.
    public var hasWeightAxis: Bool { faceAxes.contains { $0.tag == "wght" } }

    /// Whether the font has an `opsz` axis, set from the point size as Apple's platforms do.
    public var hasOpticalSizeAxis: Bool { faceAxes.contains { $0.tag == "opsz" } }

    /// This font at other axis values, like `hb-shape --variations=wght=600,opsz=17`: each value is clamped to its
    /// axis (as CoreText and CSS do), axes the font does not have are ignored, and the axes not named keep their
    /// defaults. A static font returns itself. The same values give the same instance (made once, shared).
    ///
    /// ```swift
    /// let inter = try Font(path: "Fonts/Inter-roman.var.ttf")
    /// let semibold = inter.instance(["wght": 600])
    /// ```
    public func instance(_ variations: [String: Double]) -> Font {
        let base = defaultInstance ?? self
        // A static font has no instances (and an installed one is not loaded to learn that).
        guard !base.faceAxes.isEmpty else { return base }
        let face = base.face.instance(variations)
        if face === base.face { return base }
        return base.instances.instance(face.variations) { Font(face: face, defaultInstance: base) }
    }

    /// Whether the font has a glyph for `scalar` in its cmap.
    public func covers(_ scalar: Unicode.Scalar) -> Bool { face.hasGlyph(for: scalar.value) }

    /// The natural line height at `pointSize`: ascender + descender + line gap, in points.
    public func lineHeight(pointSize: Double) -> Double {
        Double(metrics.lineHeight) * pointSize / Double(metrics.unitsPerEm)
    }

    /// The name reports show: family and style (`Noto Sans Thai Bold`), or for an instance of a variable font the
    /// family and its axis values (`Inter wght 600`).
    public var name: String {
        let axes = variations.sorted { $0.key < $1.key }.map { "\($0.key) \(Points.format($0.value))" }
        return familyName + " " + (axes.isEmpty ? styleName : axes.joined(separator: " ") + (isItalic ? " Italic" : ""))
    }

    public var description: String { "\(name) (\(path)\(index == 0 ? "" : "#\(index)"))" }

    public static func == (lhs: Font, rhs: Font) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One variation axis of a variable font, in the axis's own units (`wght` 100–900, `opsz` in points, …).
public struct FontAxis: Sendable, Hashable {
    /// The four-letter tag: `wght`, `opsz`, `wdth`, `slnt`, `ital` or a font's own.
    public var tag: String
    /// The smallest value the font allows.
    public var minimum: Double
    /// The value of the font's default instance.
    public var defaultValue: Double
    /// The largest value the font allows.
    public var maximum: Double
}


/// Vertical metrics of a font in font units, as a layout engine uses them.
///
/// Ascender, descender and line gap come from OS/2 `sTypo*` when the font sets `USE_TYPO_METRICS` (fsSelection
/// bit 7), otherwise from `hhea`, the rule CoreText, DirectWrite and browsers follow.
public struct FontMetrics: Sendable, Equatable {
    /// Font units per em (1000, 2048, 256, …).
    public var unitsPerEm: Int
    /// Height above the baseline of the line box (positive).
    public var ascender: Int
    /// Depth below the baseline of the line box (positive).
    public var descender: Int
    /// Extra space between lines the font asks for.
    public var lineGap: Int
    /// Whether the values came from OS/2 `sTypo*` because of `USE_TYPO_METRICS`.
    public var usesTypoMetrics: Bool
    /// Height of capital letters (OS/2 `sCapHeight`), when the font says.
    public var capHeight: Int?
    /// Height of lower-case letters (OS/2 `sxHeight`), when the font says.
    public var xHeight: Int?

    /// The top of the font's bounding box (`head.yMax`), above the baseline.
    public var boundsTop: Int
    /// The bottom of the font's bounding box (`-head.yMin`), below the baseline.
    public var boundsBottom: Int

    /// `ascender + descender + lineGap`.
    public var lineHeight: Int { ascender + descender + lineGap }

    init(_ metrics: FaceMetrics) {
        boundsTop = metrics.boundsTop
        boundsBottom = metrics.boundsBottom
        unitsPerEm = metrics.unitsPerEm
        ascender = metrics.ascender
        descender = metrics.descender
        lineGap = metrics.lineGap
        usesTypoMetrics = metrics.usesTypoMetrics
        capHeight = metrics.capHeight
        xHeight = metrics.xHeight
    }
}

extension OversetError {
    init(_ failure: FontLoadFailure) {
        switch failure {
        case .fileNotFound(let path): self = .fontFileNotFound(path: path)
        case .unreadable(let path, let reason): self = .fontUnreadable(path: path, reason: reason)
        case .tooLarge(let path, let bytes): self = .fontTooLarge(path: path, bytes: bytes, limit: FontFace.maximumFileSize)
        case .notAFont(let path, let reason): self = .notAFont(path: path, reason: reason)
        case .faceIndexOutOfRange(let path, let index, let count):
            self = .fontIndexOutOfRange(path: path, index: index, faceCount: count)
        }
    }
}

extension String {
    func replacingUnderscores() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "_" ? "-" : $0 }))
    }

    package func trimmingSpaces() -> String {
        let scalars = unicodeScalars.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
        return String(String.UnicodeScalarView(scalars))
    }
}
