extension FontStack {
    /// The bundled stack of `weight`, with the fonts named in `specs` (paths or fontconfig families, see
    /// ``Font/init(spec:)``) tried first for every script.
    public static func bundled(weight: BundledWeight = .regular, pointSize: Double? = nil,
                               preferring specs: [String]) throws(OversetError) -> FontStack {
        let bundled = try FontStack.bundled(weight: weight, pointSize: pointSize)
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
        var languages: [String: [String: [Font]]] = [:]
        for (language, lists) in bundled.languageFallbacks { languages[language] = lists.mapValues { user + $0 } }
        return try FontStack(user + bundled.fonts, scriptFallbacks: fallbacks, languageFallbacks: languages)
    }
}
