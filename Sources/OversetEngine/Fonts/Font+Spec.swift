internal import OversetText

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fonts named by spec, by spec and file version (see ``Font/shared(spec:)``): a process-wide cache of at most
/// ``Font/cachedSpecs`` fonts, emptied when full.
private let specFonts = Lock<[SpecKey: Font]>([:])

/// A font spec and the identity of the file it names (``FontFiles``).
private struct SpecKey: Hashable {
    let spec: String
    let identity: FontFileIdentity
}

extension Font {
    /// The most fonts named by spec a process keeps loaded for reuse (each stack and engine over them is bounded
    /// likewise): past it, the cache starts again, so memory follows the fonts in use, not every font ever named.
    public static let cachedSpecs = 16
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

    /// The font `spec` names, loaded once per process: every engine and request that names the same file (unchanged
    /// since: same size and modification time) or family shares one `Font`, so its faces, instances and ink are
    /// made once.
    public static func shared(spec: String) throws(OversetError) -> Font {
        try specFonts.cached(SpecKey(spec: spec, identity: FontFiles.identity(of: spec)),
                             limit: Font.cachedSpecs) { () throws(OversetError) in
            try Font(spec: spec)
        }
    }

    /// A font from the bundled `Fonts/` folder by file name, wherever the package is checked out
    /// (`try Font.bundled("NotoSansThai-Regular.ttf")`); loaded once per process.
    public static func bundled(_ fileName: String) throws(OversetError) -> Font {
        try BundledFontCache.shared.font(path: FontStack.bundledFontsDirectory() + "/" + fileName)
    }
}
