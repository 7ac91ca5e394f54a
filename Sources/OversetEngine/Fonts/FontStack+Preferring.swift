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
        var fallbacks: [String: [Font]] = [:]
        for (script, list) in scriptFallbacks { fallbacks[script] = user + list }
        var languages: [String: [String: [Font]]] = [:]
        for (language, lists) in languageFallbacks { languages[language] = lists.mapValues { user + $0 } }
        return try FontStack(user + fonts, scriptFallbacks: fallbacks, languageFallbacks: languages)
    }
}
