#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

extension FontStack {
    /// The bundled stack of `weight`, with the fonts named in `specs` (paths or fontconfig families, see
    /// ``Font/init(spec:)``) tried first for every script.
    public static func bundled(weight: BundledWeight = .regular, pointSize: Double? = nil,
                               preferring specs: [String]) throws(OversetError) -> FontStack {
        try FontStack.bundled(weight: weight, pointSize: pointSize).preferring(specs)
    }

    /// This stack with the fonts named in `specs` (paths or fontconfig families) tried first for every script; a font
    /// named in several stacks or requests is loaded once per process (``Font/shared(spec:)``).
    public func preferring(_ specs: [String]) throws(OversetError) -> FontStack {
        guard !specs.isEmpty else { return self }
        var user: [Font] = []
        for spec in specs { user.append(try Font.shared(spec: spec)) }
        return try preferring(fonts: user)
    }

    /// This stack with `user` tried first for every script.
    func preferring(fonts user: [Font]) throws(OversetError) -> FontStack {
        guard !user.isEmpty else { return self }
        var fallbacks: [String: [Font]] = [:]
        for (script, list) in scriptFallbacks { fallbacks[script] = user + list }
        var languages: [String: [String: [Font]]] = [:]
        for (language, lists) in languageFallbacks { languages[language] = lists.mapValues { user + $0 } }
        return try FontStack(user + fonts, scriptFallbacks: fallbacks, languageFallbacks: languages)
    }
}


extension FontStack {
    /// The stack an Android label measures with: Roboto of the weight (Debian's `fonts-roboto-unhinted`, the static
    /// faces of Android's `sans-serif`: Medium for 500, Bold for 600–700, Black above) for Latin, Greek and
    /// Cyrillic, then the bundled Noto per script and Noto Sans CJK per locale, as Android's `fonts.xml` falls back
    /// (Android 15 ships Roboto as one variable font; these are its static cuts).
    /// - Throws: ``OversetError/systemFontNotFound(name:package:searched:)`` when Roboto is not installed: an
    ///   Android label is never measured with a stand-in silently.
    static func android(weight: FontWeight, italic: Bool, monospaced: Bool) throws(OversetError) -> FontStack {
        let bundled = try FontStack.bundled(weight: weight.bundledWeight, pointSize: nil, italic: italic,
                                            monospaced: monospaced)
        let cut = robotoCut(for: weight)
        let name = "Roboto-" + (cut == "Regular" && italic ? "Italic" : cut + (italic ? "Italic" : "")) + ".ttf"
        let candidates = SystemFonts.robotoCandidates(name)
        guard let path = candidates.first(where: { access($0, R_OK) == 0 }) else {
            throw .systemFontNotFound(name: name, package: "fonts-roboto-unhinted", searched: candidates)
        }
        let roboto = try BundledFontCache.shared.font(path: path)
        guard monospaced else { return try bundled.preferring(fonts: [roboto]) }
        // A monospaced run keeps its monospaced face first (Android's `monospace` family is Droid Sans Mono).
        var general = bundled.fonts
        general.insert(roboto, at: 1)
        return try FontStack(general, scriptFallbacks: bundled.scriptFallbacks, languageFallbacks: bundled.languageFallbacks)
    }
}

extension FontStack {
    /// The static Roboto cut an Android label of `weight` measures with: Regular to 449, Medium to 549, Bold to
    /// 749, Black above.
    package static func robotoCut(for weight: FontWeight) -> String {
        switch weight.value {
        case ..<250: "Thin"
        case ..<350: "Light"
        case ..<450: "Regular"
        case ..<550: "Medium"
        case ..<750: "Bold"
        default: "Black"
        }
    }
}

extension SystemFonts {
    /// Where Debian's `fonts-roboto-unhinted` puts Roboto, after `OVERSET_SYSTEM_FONTS_DIR`.
    static func robotoCandidates(_ name: String) -> [String] {
        var folders = ["/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF", "/usr/share/fonts/truetype/roboto/unhinted",
                       "/usr/share/fonts/truetype/roboto", "/usr/share/fonts/roboto"]
        if let override = getenv("OVERSET_SYSTEM_FONTS_DIR") { folders.insert(String(cString: override), at: 0) }
        return folders.map { $0 + "/" + name }
    }
}
