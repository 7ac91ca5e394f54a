import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Engines by (fonts, weight), built once per process: every label, test helper and CLI command that asks for the
/// same fonts shares one engine (and so its loaded faces and shaped ellipses).
final class EngineCache: Sendable {
    static let shared = EngineCache()
    private let engines = Mutex<[String: TextEngine]>([:])

    /// The engine over the bundled fonts of `weight`, with `fonts` (paths or families) tried first.
    func engine(fonts: [String], weight: FontStack.BundledWeight) throws(OversetError) -> TextEngine {
        let key = "\(weight)|" + fonts.joined(separator: "\u{1}")
        if let engine = engines.withLock({ $0[key] }) { return engine }
        let engine = TextEngine(fonts: try FontStack.bundled(weight: weight, preferring: fonts))
        return engines.withLock { cache in
            if let existing = cache[key] { return existing }
            cache[key] = engine
            return engine
        }
    }
}

extension FontStack {
    /// The bundled stack of `weight`, with the fonts named in `specs` (paths or fontconfig families, see
    /// ``Font/init(spec:)``) tried first for every script.
    public static func bundled(weight: BundledWeight = .regular, preferring specs: [String]) throws(OversetError) -> FontStack {
        let bundled = try FontStack.bundled(weight: weight)
        guard !specs.isEmpty else { return bundled }
        var user: [Font] = []
        var seen: [String: Font] = [:]
        for spec in specs {
            // The same font named twice is loaded once.
            if let font = seen[spec] { user.append(font); continue }
            let font = try Font(spec: spec)
            seen[spec] = font
            user.append(font)
        }
        var fallbacks: [String: [Font]] = [:]
        for (script, list) in bundled.scriptFallbacks { fallbacks[script] = user + list }
        return try FontStack(user + bundled.fonts, scriptFallbacks: fallbacks)
    }
}

extension Font {
    /// A font named the way the command line, `measure` and specs name one: a file path (`path#2` for the third
    /// face of a collection) when the value has a slash or a font extension or names an existing file, else an
    /// installed fontconfig family (`"DejaVu Sans"`, `"DejaVu Sans:bold"`).
    public convenience init(spec: String) throws(OversetError) {
        let lower = spec.lowercased()
        var path = spec
        var index = 0
        if let hash = spec.lastIndex(of: "#"), let parsed = Int(spec[spec.index(after: hash)...]), parsed >= 0 {
            path = String(spec[..<hash])
            index = parsed
        }
        let looksLikePath = path.contains("/") || [".ttf", ".otf", ".ttc", ".otc", ".woff"].contains {
            lower.hasSuffix($0) || path.lowercased().hasSuffix($0)
        }
        if looksLikePath || access(path, F_OK) == 0 {
            try self.init(path: path, index: index)
        } else {
            try self.init(family: spec)
        }
    }

    /// A font from the bundled `Fonts/` folder by file name, wherever the package is checked out
    /// (`try Font.bundled("NotoSansThai-Regular.ttf")`); loaded once per process.
    public static func bundled(_ fileName: String) throws(OversetError) -> Font {
        try BundledFontCache.shared.font(path: FontStack.bundledFontsDirectory() + "/" + fileName)
    }
}
