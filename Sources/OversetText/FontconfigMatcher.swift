internal import CFontconfig

/// A font file fontconfig chose for a pattern.
package struct FontconfigMatch: Sendable, Equatable {
    package var path: String
    package var index: Int
    package var family: String
    package var style: String
}

/// Finds installed fonts by family name through fontconfig.
///
/// Fontconfig's configuration is process-global and its matching functions are not documented as thread-safe, so
/// every call goes through one lock.
package enum FontconfigMatcher {
    private static let lock = Lock(false)

    /// The best match for a fontconfig pattern such as `"DejaVu Sans"` or `"Noto Sans:weight=bold"`, or nil when
    /// fontconfig has no fonts at all. Fontconfig always answers with *some* font; callers compare `family` with what
    /// they asked for.
    package static func match(_ pattern: String) -> FontconfigMatch? {
        lock.withLock { initialized -> FontconfigMatch? in
            if !initialized {
                guard FcInit() != 0 else { return nil }
                initialized = true
            }
            guard let pat = FcNameParse(pattern) else { return nil }
            defer { FcPatternDestroy(pat) }
            FcConfigSubstitute(nil, pat, FcMatchPattern)
            FcDefaultSubstitute(pat)
            var result = FcResultNoMatch
            guard let found = FcFontMatch(nil, pat, &result) else { return nil }
            defer { FcPatternDestroy(found) }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(found, "file", 0, &file) == FcResultMatch, let file else { return nil }
            var index: Int32 = 0
            _ = FcPatternGetInteger(found, "index", 0, &index)
            var family: UnsafeMutablePointer<FcChar8>?
            _ = FcPatternGetString(found, "family", 0, &family)
            var style: UnsafeMutablePointer<FcChar8>?
            _ = FcPatternGetString(found, "style", 0, &style)
            func string(_ p: UnsafeMutablePointer<FcChar8>?) -> String {
                guard let p else { return "" }
                return p.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
            }
            return FontconfigMatch(path: string(file), index: Int(index), family: string(family), style: string(style))
        }
    }
}
