/// Whose system fonts a label measures with, after the fonts it names.
public enum FontSystem: String, Sendable, Hashable, CaseIterable {
    /// The bundled Inter standing in for SF Pro (Inter Display from 20 pt), then the bundled Noto per script; a
    /// folder of Apple's fonts, when given, first.
    case apple
    /// Roboto (Debian's `fonts-roboto-unhinted`), then the bundled Noto and Noto Sans CJK per locale.
    case android
}

/// What an engine is asked for (the engine cache): the fonts named before the system's, whose system fonts, a folder
/// of Apple's fonts, the weight, the point size (which chooses a design and an optical size), and a styled run's
/// italic and monospaced faces.
public struct FontRequest: Hashable, Sendable {
    /// Font files or installed families tried first (`Font(spec:)`).
    public var named: [String]
    /// Whose system fonts follow them.
    public var system: FontSystem
    /// A folder of Apple's fonts (``PlatformFonts``), tried before the bundled ones; Apple's system only.
    public var platformDirectory: String?
    /// The weight.
    public var weight: FontWeight
    /// The point size: Inter Display from 20 pt on Apple's system, and the optical size of fonts with an `opsz` axis.
    public var pointSize: Double
    /// A styled run's italic faces.
    public var italic: Bool
    /// A styled run's monospaced faces first.
    public var monospaced: Bool

    /// - Parameters are the properties of the same names.
    public init(named: [String] = [], system: FontSystem = .apple, platformDirectory: String? = nil,
                weight: FontWeight = .regular, pointSize: Double = 17, italic: Bool = false, monospaced: Bool = false) {
        self.named = named
        self.system = system
        self.platformDirectory = system == .apple ? platformDirectory : nil
        self.weight = weight
        self.pointSize = pointSize
        self.italic = italic
        self.monospaced = monospaced
    }

    /// Whether the stack's design is Inter Display (Apple's system from 20 pt); Roboto is one design at every size.
    public var display: Bool { system == .apple && FontStack.usesDisplayDesign(pointSize: pointSize) }

    /// Whether only the bundled (or Roboto's) fonts are asked for: no named fonts, no platform folder.
    var isBundledOnly: Bool { named.isEmpty && platformDirectory == nil }

    /// One word for the hasher when only bundled fonts are asked for (the common request, made for every string of
    /// a check: the synthesized hash combined seven members, the weight through its name).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pointSize.bitPattern ^ UInt64(weight.value) ^ (italic ? 1 << 62 : 0) ^ (monospaced ? 1 << 61 : 0)
                       ^ (system == .android ? 1 << 60 : 0))
        if !isBundledOnly {
            FontFiles.hashSummary(of: named, into: &hasher)
            hasher.combine(platformDirectory)
        }
    }
}

/// What a text prepared by an engine from the shared cache measures with: the request it was made for, resolved
/// (the design, the optical size when a font has that axis, each named file's identity). Two labels whose
/// identities are equal measure a prepared text the same; the point size is part of it only through the design and
/// the optical size. The engine knows its own making, not labels: the label module compares it
/// (`Label.uses(_:)`) and keys its preparations on it (``PreparationKey``).
public struct FontIdentity: Hashable, Sendable {
    /// The fonts named before the system's.
    public let named: [String]
    /// Each named file's identity (``FontFileIdentity``), in order.
    public let files: [FontFileIdentity]
    /// Whose system fonts.
    public let system: FontSystem
    /// The folder of Apple's fonts.
    public let platformDirectory: String?
    /// The weight.
    public let weight: FontWeight
    /// Inter Display.
    public let display: Bool
    /// The point size, when a font of the stack has an optical-size axis (the instances differ per size).
    public let opticalSize: Double?

    /// The named fonts by their summary (`FontFiles.hashSummary(of:into:)`) and the files' identities by their
    /// count; the rest in full. Equality compares everything.
    public func hash(into hasher: inout Hasher) {
        FontFiles.hashSummary(of: named, into: &hasher)
        hasher.combine(files.count)
        hasher.combine(system)
        hasher.combine(platformDirectory)
        hasher.combine(weight)
        hasher.combine(display)
        hasher.combine(opticalSize)
    }

    /// Whether an engine of this identity is the one `request` would get: the same fonts, system, weight and
    /// design, and the same optical size where the fonts have one (file identities are the cache's to check).
    public func serves(_ request: FontRequest) -> Bool {
        weight == request.weight && system == request.system && display == request.display
            && (opticalSize == nil || opticalSize == request.pointSize) && named == request.named
            && platformDirectory == request.platformDirectory
    }
}

/// Everything a preparation depends on besides its text, with one owner: what forces a text to be prepared again.
/// `measure`'s cache of preparations, a label's test of whether a prepared text is its own (`Label.uses(_:)`) and
/// the engine cache all key on these parts, so a setting that changes preparation is added here once.
///
/// A label makes it (`Label.preparationKey(language:)`); a test changes every setting of the settings table and
/// checks that a text prepared under an equal key gives the same verdict.
public struct PreparationKey: Hashable, Sendable {
    /// The fonts, resolved.
    public let fonts: FontIdentity
    /// The language (ICU's rules, HarfBuzz's language-specific shaping).
    public let language: String?
    /// Features, direction, Bold Text for styled runs.
    public let options: PrepareOptions
    /// Whether the text is read as Markdown before it is shaped.
    public let markdown: Bool
    /// Whether the text is shown in capitals (in its language's upper case).
    public let upperCased: Bool

    /// - Parameters are the properties of the same names.
    public init(fonts: FontIdentity, language: String?, options: PrepareOptions, markdown: Bool, upperCased: Bool) {
        self.fonts = fonts
        self.language = language
        self.options = options
        self.markdown = markdown
        self.upperCased = upperCased
    }
}
