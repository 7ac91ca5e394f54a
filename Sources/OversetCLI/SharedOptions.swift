import ArgumentParser
import Foundation
import Overset

/// The options every layout command shares: box, size, lines, language, fonts.
struct LayoutArguments: ParsableArguments {
    @Option(help: "The width available to each line, in points.")
    var width: Double

    @Option(help: "The font size in points (default 17, or the --style's size at --category).")
    var size: Double?

    @Option(help: "A Dynamic Type text style instead of --size: largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2.")
    var style: TextStyle?

    @Option(help: "The content size category for --style: xSmall … xxxLarge, AX1 … AX5 (UIKit and SwiftUI names work too). Default: Large.")
    var category: ContentSizeCategory?

    @Flag(help: "Use the style's emphasized (bold) weight.")
    var emphasized = false

    @Option(help: "Line breaking: greedy, pushOut (what a UILabel does) or balanced.")
    var strategy: LineBreakStrategy = .greedy

    @Option(help: "The most lines to show (0 = unlimited), like UILabel.numberOfLines.")
    var lines: Int = 0

    @Option(help: "The BCP 47 language of the text (th, ja, zh-CN, ar, de…): selects line breaking rules and shaping.")
    var lang: String?

    @Option(help: "What the last line does when the text needs more lines: tail, head, middle or clip.")
    var truncation: TruncationMode = .tail

    @Option(help: "Where lines break: word (UILabel's byWordWrapping) or character (byCharWrapping).")
    var wrap: WrapMode = .word

    @Option(name: .customLong("line-height"),
            help: "Line height: a number of points, 'natural' (the fonts', line by line) or 'leading' (the style's HIG leading). Default: leading with --style, natural otherwise.")
    var lineHeight: LineHeightArgument?

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
        if let size, !(size.isFinite && size > 0) {
            throw ValidationError("--size must be a number above 0 (got \(size))")
        }
        if size != nil && style != nil { throw ValidationError("give either --size or --style, not both") }
        if category != nil && style == nil {
            throw ValidationError("--category needs --style (the category picks the style's size)")
        }
        if case .leading? = lineHeight, style == nil {
            throw ValidationError("--line-height leading needs --style")
        }
        guard lines >= 0 else { throw ValidationError("--lines must be 0 (unlimited) or more (got \(lines))") }
        guard tracking.isFinite else { throw ValidationError("--tracking must be a finite number") }
    }

    /// The style at its category, when --style is given.
    var styledFont: StyledFont? {
        style.map { StyledFont(style: $0, category: category ?? .large, emphasized: emphasized) }
    }

    /// The bundled weight the style needs.
    var bundledWeight: FontStack.BundledWeight { styledFont?.bundledWeight ?? .regular }

    var layoutOptions: LayoutOptions {
        var options: LayoutOptions
        if let font = styledFont {
            let height: StyleLineHeight = switch lineHeight {
            case nil, .leading?: .leading
            case .natural?: .natural
            case .points(let value)?: .fixed(value)
            }
            options = LayoutOptions(font: font, width: width, maxLines: lines, lineHeight: height,
                                    truncation: truncation, strategy: strategy)
        } else {
            let height: LineHeight = switch lineHeight {
            case .points(let value)?: .fixed(value)
            default: .natural
            }
            options = LayoutOptions(width: width, pointSize: size ?? 17, maxLines: lines, truncation: truncation,
                                    lineHeight: height, strategy: strategy)
        }
        options.wrapping = wrap
        options.tracking = .points(tracking)
        return options
    }
}

/// `--line-height`: points, `natural` or `leading`.
enum LineHeightArgument: ExpressibleByArgument, Equatable {
    case points(Double)
    case natural
    case leading

    init?(argument: String) {
        switch argument.lowercased() {
        case "natural": self = .natural
        case "leading": self = .leading
        default:
            guard let value = Double(argument), value.isFinite, value > 0 else { return nil }
            self = .points(value)
        }
    }
}

extension TextStyle: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension ContentSizeCategory: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension LineBreakStrategy: ExpressibleByArgument {}
extension ReflowPolicy: ExpressibleByArgument {}

extension TruncationMode: ExpressibleByArgument {}
extension WrapMode: ExpressibleByArgument {}

/// Builds engines for lists of `--font` values, once per distinct list.
final class EngineCache {
    private var engines: [String: TextEngine] = [:]

    func engine(fonts: [String], weight: FontStack.BundledWeight = .regular) throws -> TextEngine {
        let key = "\(weight)|" + fonts.joined(separator: "\u{1}")
        if let engine = engines[key] { return engine }
        let engine = try TextEngine(fonts: EngineCache.stack(fonts, weight: weight))
        engines[key] = engine
        return engine
    }

    /// The bundled stack, with the user's fonts tried first for every script.
    static func stack(_ specs: [String], weight: FontStack.BundledWeight = .regular) throws -> FontStack {
        let bundled = try FontStack.bundled(weight: weight)
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

/// The picture options `preview` and `matrix` share.
struct PictureArguments: ParsableArguments {
    @Option(help: "Write an SVG picture of the layout (real glyph outlines, line boxes, clipped marks) to this file.")
    var svg: String?

    @Option(help: "Write a PNG picture (cairo) to this file.")
    var png: String?

    @Option(help: "Pixels per point for --png: 1, 2 or 3 (@1x, @2x, @3x).")
    var scale: Int = 2

    @Flag(help: "Dark mode colours.")
    var dark = false

    @Flag(help: "A transparent background instead of white (or black with --dark).")
    var transparent = false

    @Option(help: "Line alignment in the picture: natural (right for right-to-left text), left, right or center.")
    var align: PictureAlignment = .natural

    func validate() throws {
        guard (1...3).contains(scale) else { throw ValidationError("--scale must be 1, 2 or 3") }
    }

    func options(font: StyledFont?, language: String?) -> PictureOptions {
        PictureOptions(palette: dark ? .dark : .light, transparentBackground: transparent, alignment: align,
                       styledFont: font, language: language)
    }

    /// Writes the requested files and says where.
    func write(_ picture: () throws -> Picture) throws {
        guard svg != nil || png != nil else { return }
        let picture = try picture()
        if let svg {
            do {
                try picture.svg().write(toFile: svg, atomically: true, encoding: .utf8)
            } catch {
                throw RuntimeFailure(message: "cannot write '\(svg)': \(error.localizedDescription)")
            }
            FileHandle.standardError.write(line: "wrote \(svg)")
        }
        if let png {
            try picture.writePNG(to: png, scale: scale)
            FileHandle.standardError.write(line: "wrote \(png) (@\(scale)x)")
        }
    }
}

extension PictureAlignment: ExpressibleByArgument {}
