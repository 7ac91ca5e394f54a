internal import OversetText

/// Engines by (fonts, weight), built once per process: every label, test helper and CLI command that asks for the
/// same fonts shares one engine (and so its loaded faces and shaped ellipses).
final class EngineCache: Sendable {
    static let shared = EngineCache()
    private let engines = Lock<[String: TextEngine]>([:])

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
