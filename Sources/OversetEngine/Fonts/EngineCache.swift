internal import OversetText

/// Engines by (fonts, weight, design size), built once per process: every label, test helper and CLI command that
/// asks for the same fonts shares one engine (and so its loaded faces and shaped ellipses). A process-wide cache
/// (``shared``): engines and stacks over the bundled fonts are kept (a few dozen: weights × designs × styles); those
/// over fonts that requests name, at most ``Font/cachedSpecs`` / 2 of each, emptied when full.
package final class EngineCache: Sendable {
    package static let shared = EngineCache()
    private let engines = Lock<[EngineKey: TextEngine]>([:])
    private let namedEngines = Lock<[EngineKey: TextEngine]>([:])

    /// What a font stack depends on (before its variable fonts are instanced). Static platform faces are chosen by
    /// weight class, so the exact weight is part of the key then.
    private struct StackKey: Hashable {
        var bundledWeight: FontStack.BundledWeight
        var display: Bool
        var platform: String?
        var platformWeight: FontWeight?
        var fonts: [String]
        /// Each of `fonts`' file identity (``Font/fileVersion(spec:)``): a replaced file is a new stack.
        var versions: [String] = []
        var italic = false
        var monospaced = false
        var android = false
    }

    /// What an engine depends on: its stack, and the axis values its variable fonts are set to.
    private struct EngineKey: Hashable {
        var stack: StackKey
        var weight: Double
        var opticalSize: Double?
    }

    /// The engine over the bundled fonts for `weight` at `pointSize`, with `fonts` (paths or families) tried first:
    /// static fonts of the nearest weight (regular, or bold for anything heavier), variable fonts set to the exact
    /// weight, and to the point size where they have an optical-size axis; Inter Display from 20 pt.
    /// `italic` and `monospaced` give the stacks of a styled run (``StyledText``): Inter's italic, Noto Sans Mono
    /// first (and the platform folder's italic faces and SF Mono).
    /// With `android`, the stack is Android's (``FontStack/android(weight:italic:monospaced:)``: Roboto first).
    package func engine(fonts: [String], platform: String? = nil, android: Bool = false, weight: FontWeight,
                pointSize: Double, italic: Bool = false, monospaced: Bool = false) throws(OversetError) -> TextEngine {
        guard fonts.isEmpty, platform == nil else {
            return try lookUp(fonts: fonts, platform: platform, android: android, weight: weight, pointSize: pointSize,
                              italic: italic, monospaced: monospaced)
        }
        let request = BundledRequest(weight: weight, pointSize: pointSize, italic: italic, monospaced: monospaced,
                                     android: android)
        if let engine = bundledByRequest.withLock({ $0[request] }) { return engine }
        let engine = try lookUp(fonts: fonts, platform: platform, android: android, weight: weight,
                                pointSize: pointSize, italic: italic, monospaced: monospaced)
        bundledByRequest.withLock { recent in
            if recent.count >= Self.bundledRequests { recent.removeAll() }
            recent[request] = engine
        }
        return engine
    }

    /// A request for an engine over the bundled fonts alone.
    private struct BundledRequest: Hashable {
        let weight: FontWeight
        let pointSize: Double
        let italic: Bool
        let monospaced: Bool
        let android: Bool

        /// One word for the hasher (the synthesized hash combined four members, the weight through its name).
        func hash(into hasher: inout Hasher) {
            hasher.combine(pointSize.bitPattern ^ UInt64(weight.value) ^ (italic ? 1 << 62 : 0) ^ (monospaced ? 1 << 61 : 0)
                           ^ (android ? 1 << 60 : 0))
        }
    }

    /// How many bundled-font requests ``bundledByRequest`` keeps before it starts again (a check asks for a dozen
    /// sizes in a few weights).
    private static let bundledRequests = 256

    /// Engines over the bundled fonts alone by the request that made them: the common request, made for every
    /// string of a check, found with one small key rather than by hashing the stack's key (its fonts and platform)
    /// and then the engine's. A process-wide cache of at most ``bundledRequests`` entries, emptied when full.
    private let bundledByRequest = Lock<[BundledRequest: TextEngine]>([:])

    private func lookUp(fonts: [String], platform: String?, android: Bool = false, weight: FontWeight, pointSize: Double,
                        italic: Bool, monospaced: Bool) throws(OversetError) -> TextEngine {
        let bundledWeight = weight.bundledWeight
        // Android has no display design: Roboto is one design at every size.
        let display = !android && FontStack.usesDisplayDesign(pointSize: pointSize)
        let baseKey = StackKey(bundledWeight: bundledWeight, display: display, platform: platform,
                               platformWeight: platform == nil && !android ? nil : weight, fonts: fonts,
                               versions: fonts.map(Font.fileVersion(spec:)), italic: italic, monospaced: monospaced,
                               android: android)
        // Looked up with `withLock` first: `cached` is not specialized across modules, and its generic dictionary
        // access cost more than the rest of a short string's verdict.
        // Stacks and engines over fonts that requests name are kept apart from the bundled ones (and a platform
        // folder's, one per run) and bounded: a session naming a new font per request keeps the last few, not all.
        let named = !fonts.isEmpty
        let stacks = named ? namedStacks : self.stacks
        let engines = named ? namedEngines : self.engines
        let limit = named ? Font.cachedSpecs / 2 : Int.max
        let entry: StackEntry
        if let found = stacks.withLock({ $0[baseKey] }) {
            entry = found
        } else {
            entry = try stacks.cached(baseKey, limit: limit) { () throws(OversetError) in
                var stack = android
                    ? try FontStack.android(weight: weight, italic: italic, monospaced: monospaced)
                    : try FontStack.bundled(weight: bundledWeight, pointSize: pointSize, italic: italic,
                                            monospaced: monospaced)
                if let platform {
                    stack = try PlatformFonts.load(directory: platform).stack(weight: weight, pointSize: pointSize,
                                                                              over: stack, italic: italic,
                                                                              monospaced: monospaced)
                }
                stack = try stack.preferring(fonts)
                return StackEntry(stack: stack, hasOpticalSize: stack.allFonts.contains { $0.hasOpticalSizeAxis })
            }
        }
        let opticalSize = entry.hasOpticalSize ? pointSize : nil
        let key = EngineKey(stack: baseKey, weight: weight.value, opticalSize: opticalSize)
        if let engine = engines.withLock({ $0[key] }) { return engine }
        return try engines.cached(key, limit: limit) { () throws(OversetError) in
            TextEngine(fonts: try entry.stack.instanced(weight: weight.value, opticalSize: opticalSize),
                       origin: EngineOrigin(fonts: fonts, platform: platform, weight: weight, display: display,
                                                opticalSize: opticalSize, pointSize: pointSize, android: android))
        }
    }

    /// A font stack before its variable fonts are instanced, and whether any of them has an optical-size axis.
    private struct StackEntry {
        let stack: FontStack
        let hasOpticalSize: Bool
    }

    /// Font stacks before their variable fonts are instanced, by weight, design, platform folder and fonts.
    private let stacks = Lock<[StackKey: StackEntry]>([:])
    private let namedStacks = Lock<[StackKey: StackEntry]>([:])
}
