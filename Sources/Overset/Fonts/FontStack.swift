internal import OversetText

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An ordered list of fonts with a fallback list per script: how Overset picks a face for each character.
///
/// For each grapheme cluster, the first font that has glyphs for all of it wins, tried in this order:
/// 1. for characters of no script of their own (spaces, digits, punctuation, marks), the font of the cluster before,
///    so punctuation stays in the font of the word it follows;
/// 2. the fallback list for the cluster's script (``scriptFallbacks``, keyed by ISO 15924 code such as `Thai`);
/// 3. ``fonts``, in order;
/// 4. every other font of the stack.
/// A cluster no font covers is reported in ``PreparedText/missingCharacters`` and measured with the first font's
/// `.notdef` glyph: never silently.
///
/// ```swift
/// let stack = try FontStack.bundled()                       // Noto + Droid Sans Fallback from Fonts/
/// let custom = try FontStack([Font(family: "DejaVu Sans")], scriptFallbacks: ["Thai": [Font(path: "Thai.ttf")]])
/// ```
public struct FontStack: Sendable {
    /// The general fonts, in order. The first is the *primary* font: its metrics set the line box.
    public let fonts: [Font]
    /// Fonts to try first for a script, keyed by ISO 15924 code (`Thai`, `Arab`, `Deva`, `Hebr`, `Hani`, …).
    public let scriptFallbacks: [String: [Font]]

    /// Every distinct font of the stack, primary first; indices into this array identify faces in prepared text.
    package let allFonts: [Font]
    let fallbackIndices: [ScriptTag: [Int]]
    let generalIndices: [Int]

    /// Makes a stack from general fonts and per-script fallbacks.
    /// - Throws: ``OversetError/emptyFontStack`` when `fonts` is empty, or
    ///   ``OversetError/invalidArgument(name:value:expected:)`` for a script code that is not ISO 15924.
    public init(_ fonts: [Font], scriptFallbacks: [String: [Font]] = [:]) throws(OversetError) {
        guard !fonts.isEmpty else { throw .emptyFontStack }
        self.fonts = fonts
        self.scriptFallbacks = scriptFallbacks
        var all: [Font] = []
        func index(of font: Font) -> Int {
            if let existing = all.firstIndex(of: font) { return existing }
            all.append(font)
            return all.count - 1
        }
        generalIndices = fonts.map(index(of:))
        var fallbacks: [ScriptTag: [Int]] = [:]
        for (code, list) in scriptFallbacks.sorted(by: { $0.key < $1.key }) {
            guard let tag = ScriptTag(code: code) else {
                throw .invalidArgument(name: "script", value: code, expected: "an ISO 15924 code such as Thai or Arab")
            }
            fallbacks[tag] = list.map(index(of:))
        }
        for tag in FontStack.scriptAliases.keys where fallbacks[tag] == nil {
            if let alias = FontStack.scriptAliases[tag], let list = fallbacks[alias] { fallbacks[tag] = list }
        }
        fallbackIndices = fallbacks
        allFonts = all
    }

    /// The primary font: the first of ``fonts``.
    public var primary: Font { fonts[0] }

    /// Japanese and Chinese text mixes scripts that want the same fonts: a list given for `Hani` serves Hiragana,
    /// Katakana and Bopomofo unless they have their own.
    private static let scriptAliases: [ScriptTag: ScriptTag] = {
        let han = ScriptTag(code: "Hani")!
        return [ScriptTag(code: "Hira")!: han, ScriptTag(code: "Kana")!: han, ScriptTag(code: "Bopo")!: han]
    }()

    /// The font `FontStack` would use for a lone `scalar` of its own script, or nil when no font covers it.
    public func font(for scalar: Unicode.Scalar) -> Font? {
        let script = ScriptTag.of(scalar.value)
        for index in candidateOrder(script: script) where allFonts[index].face.hasGlyph(for: scalar.value) {
            return allFonts[index]
        }
        return nil
    }

    /// The face indices to try for a cluster of `script`, in order, without the "font of the cluster before" step.
    func candidateOrder(script: ScriptTag) -> [Int] {
        var order = fallbackIndices[script] ?? []
        for index in generalIndices where !order.contains(index) { order.append(index) }
        for index in allFonts.indices where !order.contains(index) { order.append(index) }
        return order
    }
}

// MARK: - Bundled fonts

extension FontStack {
    /// The weight of the bundled faces to use.
    public enum BundledWeight: Sendable {
        /// Noto Sans Regular and the regular script faces.
        case regular
        /// Noto Sans Bold and the bold script faces; CJK falls back to the regular Droid Sans Fallback, which has no
        /// bold (``PreparedText/usedFonts`` says so).
        case bold
    }

    /// The fonts shipped in `Fonts/`: Noto Sans for Latin, Greek and Cyrillic, with Noto Sans Thai, Arabic,
    /// Devanagari and Hebrew and Droid Sans Fallback (Japanese and Chinese) as per-script fallbacks.
    ///
    /// The folder is found from `OVERSET_FONTS_DIR`, else next to the package's sources (a checkout or a SwiftPM
    /// dependency), else `../share/overset/Fonts` beside the running executable.
    public static func bundled(weight: BundledWeight = .regular) throws(OversetError) -> FontStack {
        let directory = try bundledFontsDirectory()
        let suffix = weight == .bold ? "Bold" : "Regular"
        func load(_ name: String) throws(OversetError) -> Font {
            try BundledFontCache.shared.font(path: directory + "/" + name)
        }
        let cjk = try load("DroidSansFallbackFull.ttf")
        return try FontStack(
            [load("NotoSans-\(suffix).ttf")],
            scriptFallbacks: [
                "Thai": [load("NotoSansThai-\(suffix).ttf")],
                "Arab": [load("NotoSansArabic-\(suffix).ttf")],
                "Deva": [load("NotoSansDevanagari-\(suffix).ttf")],
                "Hebr": [load("NotoSansHebrew-\(suffix).ttf")],
                "Hani": [cjk],
            ]
        )
    }

    /// Where the bundled fonts are, or an error listing the places searched.
    public static func bundledFontsDirectory() throws(OversetError) -> String {
        var candidates: [String] = []
        if let override = getenv("OVERSET_FONTS_DIR") {
            candidates.append(String(cString: override))
        }
        // Sources/Overset/Fonts/FontStack.swift → the package root.
        let source = #filePath
        var parts = source.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 4 {
            parts.removeLast(4)
            candidates.append(parts.joined(separator: "/") + "/Fonts")
        }
        if let executable = executableDirectory() {
            candidates.append(executable + "/../share/overset/Fonts")
            candidates.append(executable + "/Fonts")
        }
        for candidate in candidates where access(candidate + "/NotoSans-Regular.ttf", R_OK) == 0 {
            return candidate
        }
        throw .bundledFontsNotFound(searched: candidates)
    }

    private static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }
}


/// Bundled fonts are loaded once per process: every `TextEngine()` shares them.
final class BundledFontCache: Sendable {
    static let shared = BundledFontCache()
    private let fonts = Lock<[String: Font]>([:])

    func font(path: String) throws(OversetError) -> Font {
        if let font = fonts.withLock({ $0[path] }) { return font }
        let font = try Font(path: path)
        return fonts.withLock { cache in
            if let existing = cache[path] { return existing }
            cache[path] = font
            return font
        }
    }
}
