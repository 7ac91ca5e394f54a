/// A text with runs of styles: what an `NSAttributedString`, SwiftUI's `Text` of a Markdown string or an Android
/// styled string carries that changes where lines break (weight, italic, a monospaced face, a relative size, fonts
/// and OpenType features).
///
/// Text outside every run, and every attribute a run leaves unset, takes the label's (or the engine's) own font.
/// Colours, underlines, strikethrough and links change no width and are not modelled.
///
/// ```swift
/// let styled = StyledText("Tap ") + StyledText("Allow", .bold) + StyledText(" to continue")
/// let prepared = try TextEngine().prepare(styled, language: "en")
/// let fromMarkdown = StyledText(markdown: "Tap **Allow** to continue")   // the same runs
/// ```
public struct StyledText: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The text as shown (Markdown and tags already read).
    public var string: String
    /// The styled runs: UTF-16 ranges of ``string``, in order, not overlapping.
    public var runs: [Run]

    /// A run of the text and its attributes.
    public struct Run: Sendable, Hashable, Codable {
        /// The UTF-16 range of the run in ``StyledText/string``.
        public var range: TextRange
        /// How the run differs from the text's own style.
        public var attributes: TextAttributes

        /// - Parameters are the properties of the same names.
        public init(range: TextRange, attributes: TextAttributes) {
            self.range = range
            self.attributes = attributes
        }
    }

    /// A text with styled runs (none by default: plain text).
    public init(_ string: String, runs: [Run] = []) {
        self.string = string
        self.runs = runs
    }

    /// A text in one style.
    public init(_ string: String, _ attributes: TextAttributes) {
        self.string = string
        self.runs = attributes == .plain || string.isEmpty
            ? [] : [Run(range: TextRange(location: 0, length: string.utf16.count), attributes: attributes)]
    }

    /// A plain text from a literal: `let greeting: StyledText = "Hello"`.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Appends `rhs` with its runs.
    public static func += (lhs: inout StyledText, rhs: StyledText) {
        lhs = lhs + rhs
    }

    /// The two texts one after the other, each with its runs.
    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        let offset = lhs.string.utf16.count
        var result = lhs
        result.string += rhs.string
        for run in rhs.runs {
            result.runs.append(Run(range: TextRange(location: run.range.location + offset, length: run.range.length),
                                   attributes: run.attributes))
        }
        return result
    }

    /// Whether no run changes anything: the text prepares as plain text.
    public var isPlain: Bool { runs.allSatisfy { $0.attributes == .plain || $0.range.length == 0 } }

    /// The text with its runs in brackets, for messages and tests: `Tap [Allow](bold) to continue`.
    public var description: String {
        let units = Array(string.utf16)
        var out = ""
        var last = 0
        for run in runs where run.range.upperBound <= units.count && run.range.location >= last {
            out += String(decoding: units[last..<run.range.location], as: UTF16.self)
            out += "[" + String(decoding: units[run.range.range], as: UTF16.self) + "](\(run.attributes))"
            last = run.range.upperBound
        }
        return out + String(decoding: units[min(last, units.count)...], as: UTF16.self)
    }

    /// Checks that every run lies in the text, in order and without overlap, and that its attributes are in range.
    /// - Throws: ``OversetError/invalidArgument(name:value:expected:)`` naming the run.
    public func validate() throws(OversetError) {
        let count = string.utf16.count
        var end = 0
        for (index, run) in runs.enumerated() {
            guard run.range.location >= end, run.range.length >= 0, run.range.upperBound <= count else {
                throw .invalidArgument(name: "runs[\(index)]", value: "\(run.range)",
                                       expected: "UTF-16 ranges within the text's \(count) units, in order, not overlapping")
            }
            try run.attributes.validate(name: "runs[\(index)]")
            end = run.range.upperBound
        }
    }

    /// The text with the UTF-16 range `range` replaced by `replacement`, which takes the attributes of the run it
    /// falls in (a format argument inside `**%@**` is bold); runs after it move.
    public func replacing(_ range: Range<Int>, with replacement: String) -> StyledText {
        var units = Array(string.utf16)
        let added = Array(replacement.utf16)
        units.replaceSubrange(range, with: added)
        let change = added.count - range.count
        var result = StyledText(String(decoding: units, as: UTF16.self))
        for run in runs {
            var lower = run.range.location, upper = run.range.upperBound
            if lower >= range.upperBound { lower += change } else if lower > range.lowerBound { lower = range.lowerBound }
            if upper >= range.upperBound { upper += change } else if upper > range.lowerBound {
                upper = range.lowerBound + added.count
            }
            if upper > lower { result.runs.append(Run(range: TextRange(location: lower, length: upper - lower),
                                                      attributes: run.attributes)) }
        }
        return result
    }
}

/// How a run differs from the text's own style. Every attribute unset (``plain``) is the label's font.
public struct TextAttributes: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The weight (`**bold**` and `<b>` are ``FontWeight/bold``); nil keeps the text's.
    public var weight: FontWeight?
    /// Italic: the italic face where the fonts have one (the bundled Inter has), else an italic or slant axis, else
    /// a synthetic oblique, which changes no advance (``PreparedText/warnings`` names the faces drawn so).
    public var italic: Bool
    /// A monospaced face for the Latin script (SwiftUI's `code`, SF Mono on a device; Noto Sans Mono here).
    public var monospaced: Bool
    /// The size relative to the text's point size (Android's `<big>` is 1.25, `<small>` 0.8).
    public var scale: Double
    /// Font files or installed families tried first for this run (paths, `path#index`, fontconfig families).
    public var fonts: [String]
    /// OpenType features added to the text's, in HarfBuzz syntax (`+smcp`, `tnum`).
    public var features: [String]

    /// - Parameters are the properties of the same names.
    public init(weight: FontWeight? = nil, italic: Bool = false, monospaced: Bool = false, scale: Double = 1,
                fonts: [String] = [], features: [String] = []) {
        self.weight = weight
        self.italic = italic
        self.monospaced = monospaced
        self.scale = scale
        self.fonts = fonts
        self.features = features
    }

    /// The text's own style.
    public static let plain = TextAttributes()
    /// Bold (`**bold**`, `<b>`, `<strong>`).
    public static let bold = TextAttributes(weight: .bold)
    /// Italic (`*italic*`, `<i>`, `<em>`).
    public static let italic = TextAttributes(italic: true)
    /// Monospaced (a Markdown code span, `<tt>`).
    public static let monospaced = TextAttributes(monospaced: true)

    /// The smallest and largest ``scale``.
    public static let scaleLimits = 0.1...10.0

    /// These attributes with `other`'s set ones on top (a bold run inside an italic one is bold italic).
    public func merging(_ other: TextAttributes) -> TextAttributes {
        TextAttributes(weight: other.weight ?? weight, italic: italic || other.italic,
                       monospaced: monospaced || other.monospaced, scale: scale * other.scale,
                       fonts: other.fonts + fonts, features: features + other.features)
    }

    func validate(name: String) throws(OversetError) {
        guard scale.isFinite, Self.scaleLimits.contains(scale) else {
            throw .invalidArgument(name: name + ".scale", value: "\(scale)",
                                   expected: "a relative size from \(Self.scaleLimits.lowerBound) to \(Self.scaleLimits.upperBound)")
        }
    }

    public var description: String {
        var parts: [String] = []
        if let weight { parts.append(weight.rawValue) }
        if italic { parts.append("italic") }
        if monospaced { parts.append("monospaced") }
        if scale != 1 { parts.append("×\(scale)") }
        if !fonts.isEmpty { parts.append(fonts.joined(separator: ",")) }
        if !features.isEmpty { parts.append(features.joined(separator: ",")) }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }
}
