internal import OversetText
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fonts of Debian's Noto packages that the bundled stack uses when they are installed (too large to ship in
/// `Fonts/`: Noto Sans CJK is 19.5 MB a weight, Noto Color Emoji 11 MB).
enum SystemFonts {
    /// The faces of Noto Sans CJK (one `.ttc` per weight, a face per locale).
    struct NotoCJK {
        var japanese: Font
        var korean: Font
        var simplified: Font
        var traditional: Font
        var hongKong: Font
    }

    /// Where Debian and Ubuntu install them (`fonts-noto-cjk`, `fonts-noto-color-emoji`); `OVERSET_SYSTEM_FONTS_DIR`
    /// adds a folder searched first (a CI image that keeps them elsewhere).
    static func candidates(_ name: String) -> [String] {
        var folders = ["/usr/share/fonts/opentype/noto", "/usr/share/fonts/truetype/noto", "/usr/share/fonts/noto",
                       "/usr/share/fonts/google-noto-cjk", "/usr/share/fonts/google-noto-color-emoji-fonts"]
        if let override = getenv("OVERSET_SYSTEM_FONTS_DIR") { folders.insert(String(cString: override), at: 0) }
        return folders.map { $0 + "/" + name }
    }

    /// Noto Sans CJK of the weight, or nil when `fonts-noto-cjk` is not installed (or its faces are not the
    /// expected locales).
    static func notoCJK(bold: Bool) -> NotoCJK? {
        let name = bold ? "NotoSansCJK-Bold.ttc" : "NotoSansCJK-Regular.ttc"
        guard let path = candidates(name).first(where: { access($0, R_OK) == 0 }) else { return nil }
        var byFamily: [String: Font] = [:]
        for index in 0..<5 {
            guard let font = try? BundledFontCache.shared.font(path: path, index: index) else { return nil }
            // The name table's family, read without loading the face (FreeType's parse of a CJK face is the costly
            // part of loading it, and a text without Han, kana or Hangul never needs one).
            guard let family = font.nameTableFamily else { return nil }
            byFamily[family] = font
        }
        guard let japanese = byFamily["Noto Sans CJK JP"], let korean = byFamily["Noto Sans CJK KR"],
              let simplified = byFamily["Noto Sans CJK SC"], let traditional = byFamily["Noto Sans CJK TC"],
              let hongKong = byFamily["Noto Sans CJK HK"] else { return nil }
        return NotoCJK(japanese: japanese, korean: korean, simplified: simplified, traditional: traditional,
                       hongKong: hongKong)
    }

    /// Noto Color Emoji, or nil when `fonts-noto-color-emoji` is not installed.
    static func notoColorEmoji() -> Font? {
        guard let path = candidates("NotoColorEmoji.ttf").first(where: { access($0, R_OK) == 0 }) else { return nil }
        return try? BundledFontCache.shared.font(path: path)
    }
}

/// Bundled fonts are loaded once per process: every `TextEngine()` shares them. A process-wide cache by file and
/// face index, bounded by the files of `Fonts/` and the system's Noto CJK and emoji; never emptied.
final class BundledFontCache: Sendable {
    static let shared = BundledFontCache()
    private let fonts = Lock<[String: Font]>([:])

    func font(path: String, index: Int = 0) throws(OversetError) -> Font {
        try fonts.cached("\(path)#\(index)") { () throws(OversetError) in try Font(installedPath: path, index: index) }
    }
}

/// Characters two font stacks give different faces (``FontStack/itemizationDifference(from:)``), found in a text
/// with a bit per BMP code point.
struct CoverageDifference: Sendable {
    /// A bit per code point below U+10000 (empty when none differ there).
    private let basic: [UInt64]
    /// The supplementary ones, ascending.
    private let supplementary: [UInt32]

    init(_ points: [UInt32]) {
        var basic = [UInt64]()
        var supplementary: [UInt32] = []
        for point in points {
            if point < 0x10000 {
                if basic.isEmpty { basic = [UInt64](repeating: 0, count: 0x10000 / 64) }
                basic[Int(point >> 6)] |= 1 << UInt64(point & 63)
            } else {
                supplementary.append(point)
            }
        }
        self.basic = basic
        self.supplementary = supplementary.sorted()
    }

    /// Whether the UTF-16 text has any of the characters (each code unit is looked at alone too, a superset).
    func touches(_ units: [UInt16]) -> Bool {
        if basic.isEmpty && supplementary.isEmpty { return false }
        var index = 0
        while index < units.count {
            let unit = units[index]
            if !basic.isEmpty && basic[Int(unit >> 6)] & (1 << UInt64(unit & 63)) != 0 { return true }
            if !supplementary.isEmpty, UTF16.isLeadSurrogate(unit), index + 1 < units.count,
               UTF16.isTrailSurrogate(units[index + 1]) {
                let scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(units[index + 1]) - 0xDC00)
                if supplementary.contains(scalar) { return true }
            }
            index += 1
        }
        return false
    }
}
