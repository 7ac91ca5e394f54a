internal import OversetText

/// Engines by font request (``FontRequest``), built once per process: every label, test helper and CLI command
/// that asks for the same fonts shares one engine (and so its loaded faces and shaped ellipses). A process-wide
/// cache (``shared``): engines and stacks over the bundled fonts are kept (a few dozen: weights × designs × styles);
/// those over fonts that requests name, at most ``Font/cachedSpecs`` / 2 of each, emptied when full. A named file's
/// identity is part of its stack's key, read as ``FontFiles`` says (once per batch).
package final class EngineCache: Sendable {
    package static let shared = EngineCache()
    private let engines = Lock<[EngineKey: TextEngine]>([:])
    private let namedEngines = Lock<[EngineKey: TextEngine]>([:])

    /// What a font stack depends on (before its variable fonts are instanced): the request without its exact
    /// weight and size (static faces are chosen by weight class and design), the files' identities. Static
    /// platform faces are chosen by weight class, so the exact weight is part of the key then.
    private struct StackKey: Hashable {
        var bundledWeight: FontStack.BundledWeight
        var display: Bool
        var system: FontSystem
        var platformDirectory: String?
        var exactWeight: FontWeight?
        var named: [String]
        var files: [FontFileIdentity]
        var italic: Bool
        var monospaced: Bool

        init(_ request: FontRequest) {
            bundledWeight = request.weight.bundledWeight
            display = request.display
            system = request.system
            platformDirectory = request.platformDirectory
            exactWeight = request.platformDirectory == nil && request.system == .apple ? nil : request.weight
            named = request.named
            files = FontFiles.identities(of: request.named)
            italic = request.italic
            monospaced = request.monospaced
        }

        /// The named fonts by their summary (``FontFiles/hashSummary(of:into:)``), the rest in full.
        func hash(into hasher: inout Hasher) {
            hasher.combine(bundledWeight)
            hasher.combine(display)
            hasher.combine(system)
            hasher.combine(platformDirectory)
            hasher.combine(exactWeight)
            FontFiles.hashSummary(of: named, into: &hasher)
            hasher.combine(italic)
            hasher.combine(monospaced)
        }
    }

    /// What an engine depends on: its stack, and the axis values its variable fonts are set to.
    private struct EngineKey: Hashable {
        var stack: StackKey
        var weight: Double
        var opticalSize: Double?
    }

    /// The engine for `request`: its named fonts first, then the system's (``FontSystem``): static fonts of the
    /// nearest weight (regular, or bold for anything heavier), variable fonts set to the exact weight, and to the
    /// point size where they have an optical-size axis; Inter Display from 20 pt on Apple's system. `italic` and
    /// `monospaced` give the stacks of a styled run (``StyledText``): Inter's italic, Noto Sans Mono first (and the
    /// platform folder's italic faces and SF Mono).
    package func engine(_ request: FontRequest) throws(OversetError) -> TextEngine {
        guard request.isBundledOnly else { return try lookUp(request) }
        if let engine = bundledByRequest.withLock({ $0[request] }) { return engine }
        let engine = try lookUp(request)
        bundledByRequest.withLock { recent in
            if recent.count >= Self.bundledRequests { recent.removeAll() }
            recent[request] = engine
        }
        return engine
    }

    /// How many bundled-font requests ``bundledByRequest`` keeps before it starts again (a check asks for a dozen
    /// sizes in a few weights).
    private static let bundledRequests = 256

    /// Engines over the bundled fonts alone by the request that made them: the common request, made for every
    /// string of a check, found with one small key rather than by hashing the stack's key and then the engine's.
    /// A process-wide cache of at most ``bundledRequests`` entries, emptied when full.
    private let bundledByRequest = Lock<[FontRequest: TextEngine]>([:])

    private func lookUp(_ request: FontRequest) throws(OversetError) -> TextEngine {
        let baseKey = StackKey(request)
        // Looked up with `withLock` first: `cached` is not specialized across modules, and its generic dictionary
        // access cost more than the rest of a short string's verdict.
        // Stacks and engines over fonts that requests name are kept apart from the bundled ones (and a platform
        // folder's, one per run) and bounded: a session naming a new font per request keeps the last few, not all.
        let named = !request.named.isEmpty
        let stacks = named ? namedStacks : self.stacks
        let engines = named ? namedEngines : self.engines
        let limit = named ? Font.cachedSpecs / 2 : Int.max
        let entry: StackEntry
        if let found = stacks.withLock({ $0[baseKey] }) {
            entry = found
        } else {
            entry = try stacks.cached(baseKey, limit: limit) { () throws(OversetError) in try Self.stack(for: request) }
        }
        let opticalSize = entry.hasOpticalSize ? request.pointSize : nil
        let key = EngineKey(stack: baseKey, weight: request.weight.value, opticalSize: opticalSize)
        if let engine = engines.withLock({ $0[key] }) { return engine }
        return try engines.cached(key, limit: limit) { () throws(OversetError) in
            let identity = FontIdentity(named: request.named, files: baseKey.files, system: request.system,
                                        platformDirectory: request.platformDirectory, weight: request.weight,
                                        display: baseKey.display, opticalSize: opticalSize)
            return TextEngine(fonts: try entry.stack.instanced(weight: request.weight.value, opticalSize: opticalSize),
                              identity: identity, request: request)
        }
    }

    /// The stack a request's engines are instanced from.
    private static func stack(for request: FontRequest) throws(OversetError) -> StackEntry {
        let (weight, pointSize, italic, monospaced) = (request.weight, request.pointSize, request.italic, request.monospaced)
        var stack: FontStack
        switch request.system {
        case .android: stack = try FontStack.android(weight: weight, italic: italic, monospaced: monospaced)
        case .apple:
            stack = try FontStack.bundled(weight: weight.bundledWeight, pointSize: pointSize, italic: italic,
                                          monospaced: monospaced)
        }
        if let platform = request.platformDirectory {
            stack = try PlatformFonts.load(directory: platform).stack(weight: weight, pointSize: pointSize, over: stack,
                                                                      italic: italic, monospaced: monospaced)
        }
        stack = try stack.preferring(request.named)
        return StackEntry(stack: stack, hasOpticalSize: stack.allFonts.contains { $0.hasOpticalSizeAxis })
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
