#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
