import ArgumentParser
import Foundation
import Overset

/// The options every layout command shares: box, size, lines, language, fonts.
struct LayoutArguments: ParsableArguments {
    @Option(help: "The width available to each line, in points.")
    var width: Double

    @Option(help: "The font size in points.")
    var size: Double = 17

    @Option(help: "The most lines to show (0 = unlimited), like UILabel.numberOfLines.")
    var lines: Int = 0

    @Option(help: "The BCP 47 language of the text (th, ja, zh-CN, ar, de…): selects line breaking rules and shaping.")
    var lang: String?

    @Option(help: "What the last line does when the text needs more lines: tail, head, middle or clip.")
    var truncation: TruncationMode = .tail

    @Option(help: "Where lines break: word (UILabel's byWordWrapping) or character (byCharWrapping).")
    var wrap: WrapMode = .word

    @Option(name: .customLong("line-height"), help: "A fixed line height in points (default: the fonts' natural one).")
    var lineHeight: Double?

    @Option(help: "Letter spacing in points after each character (like NSAttributedString.Key.kern).")
    var tracking: Double = 0

    @Option(name: .customLong("font"),
            help: "A font file path or an installed fontconfig family, tried before the bundled fonts. Repeatable.")
    var fonts: [String] = []

    @Option(name: .customLong("feature"), help: "An OpenType feature, e.g. kern=0, +liga, ss01. Repeatable.")
    var features: [String] = []

    func validate() throws {
        guard width.isFinite, width >= 0 else {
            throw ValidationError("--width must be a number of points, 0 or more (got \(width))")
        }
        guard size.isFinite, size > 0 else { throw ValidationError("--size must be a number above 0 (got \(size))") }
        guard lines >= 0 else { throw ValidationError("--lines must be 0 (unlimited) or more (got \(lines))") }
        if let lineHeight, !(lineHeight.isFinite && lineHeight > 0) {
            throw ValidationError("--line-height must be a number above 0 (got \(lineHeight))")
        }
        guard tracking.isFinite else { throw ValidationError("--tracking must be a finite number") }
    }

    var layoutOptions: LayoutOptions {
        LayoutOptions(width: width, pointSize: size, maxLines: lines, truncation: truncation, wrapping: wrap,
                      lineHeight: lineHeight.map { .fixed($0) } ?? .natural, tracking: .points(tracking))
    }
}

extension TruncationMode: ExpressibleByArgument {}
extension WrapMode: ExpressibleByArgument {}

/// Builds engines for lists of `--font` values, once per distinct list.
final class EngineCache {
    private var engines: [[String]: TextEngine] = [:]

    func engine(fonts: [String]) throws -> TextEngine {
        if let engine = engines[fonts] { return engine }
        let engine = try TextEngine(fonts: EngineCache.stack(fonts))
        engines[fonts] = engine
        return engine
    }

    /// The bundled stack, with the user's fonts tried first for every script.
    static func stack(_ specs: [String]) throws -> FontStack {
        let bundled = try FontStack.bundled()
        guard !specs.isEmpty else { return bundled }
        let user = try specs.map(loadFont)
        var fallbacks: [String: [Font]] = [:]
        for (script, list) in bundled.scriptFallbacks { fallbacks[script] = user + list }
        return try FontStack(user + bundled.fonts, scriptFallbacks: fallbacks)
    }

    /// A path if the value names a file (or has a slash or a font extension), else a fontconfig family.
    static func loadFont(_ spec: String) throws -> Font {
        let lower = spec.lowercased()
        let looksLikePath = spec.contains("/") || [".ttf", ".otf", ".ttc", ".otc", ".woff"].contains { lower.hasSuffix($0) }
        if looksLikePath || FileManager.default.fileExists(atPath: spec) {
            var path = spec
            var index = 0
            if let hash = spec.lastIndex(of: "#"), let parsed = Int(spec[spec.index(after: hash)...]) {
                path = String(spec[..<hash])
                index = parsed
            }
            return try Font(path: path, index: index)
        }
        return try Font(family: spec)
    }
}
