import Overset
internal import OversetText

/// A picture's colour: the one colour type, ``/OversetLabel/RGBAColor``.
public typealias PictureColor = RGBAColor

/// The colours of a picture.
public struct PicturePalette: Sendable, Hashable {
    public var background: PictureColor
    public var text: PictureColor
    public var secondary: PictureColor
    public var lineBox: PictureColor
    public var baseline: PictureColor
    public var widthLimit: PictureColor
    public var ellipsis: PictureColor
    /// Glyphs whose ink crosses their line box, and the overflow labels.
    public var warning: PictureColor
    public var image: PictureColor

    /// Light mode, with iOS's system colours.
    public static let light = PicturePalette(
        background: PictureColor(hex: 0xFFFFFF), text: PictureColor(hex: 0x1C1C1E), secondary: PictureColor(hex: 0x6C6C70),
        lineBox: PictureColor(hex: 0xC7C7CC), baseline: PictureColor(hex: 0x34C759), widthLimit: PictureColor(hex: 0x007AFF),
        ellipsis: PictureColor(hex: 0x007AFF), warning: PictureColor(hex: 0xFF3B30), image: PictureColor(hex: 0xD1D1D6))
    /// Dark mode, with iOS's dark system colours.
    public static let dark = PicturePalette(
        background: PictureColor(hex: 0x000000), text: PictureColor(hex: 0xF2F2F7), secondary: PictureColor(hex: 0xAEAEB2),
        lineBox: PictureColor(hex: 0x48484A), baseline: PictureColor(hex: 0x30D158), widthLimit: PictureColor(hex: 0x0A84FF),
        ellipsis: PictureColor(hex: 0x0A84FF), warning: PictureColor(hex: 0xFF453A), image: PictureColor(hex: 0x3A3A3C))
}

/// How lines sit in the box.
public enum PictureAlignment: String, Sendable, Hashable, CaseIterable {
    /// Left for left-to-right paragraphs, right for right-to-left ones (`NSTextAlignment.natural`).
    case natural
    case left
    case right
    case center
}

/// Options for drawing a layout.
public struct PictureOptions: Sendable, Hashable {
    /// Light or dark colours.
    public var palette: PicturePalette
    /// Whether the background is left transparent (PNG) or filled.
    public var transparentBackground: Bool
    /// Line alignment in the box.
    public var alignment: PictureAlignment
    /// The text style and category, named in the legend when given.
    public var styledFont: StyledFont?
    /// The language, named in the legend.
    public var language: String?
    /// Whether to draw the legend (fonts, size, verdict) under the box.
    public var showsLegend: Bool
    /// The platform whose units the legend names (`pt`, or `dp` and the font scale for Android) and whose word for
    /// lines past the limit it uses; set from the label by `Verdict.picture(options:)`.
    public var platform: Platform = .ios
    /// The Android font scale, named in the legend of an Android label.
    public var fontScale: FontScale? = nil

    /// - Parameters are the properties of the same names.
    public init(palette: PicturePalette = .light, transparentBackground: Bool = false,
                alignment: PictureAlignment = .natural, styledFont: StyledFont? = nil, language: String? = nil,
                showsLegend: Bool = true) {
        self.palette = palette
        self.transparentBackground = transparentBackground
        self.alignment = alignment
        self.styledFont = styledFont
        self.language = language
        self.showsLegend = showsLegend
    }
}

/// A rectangle in picture coordinates (points, y down).
public struct PictureRect: Sendable, Hashable {
    public var x: Double, y: Double, width: Double, height: Double
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

/// A vector picture of a layout: real glyph outlines from the fonts, the box, line boxes, baselines, the ellipsis
/// and clipped marks, as SVG or PNG.
///
/// ```swift
/// let picture = layout.picture(options: PictureOptions(styledFont: font, language: "th"))
/// try picture.svg().write(toFile: "thai.svg")      // any SVG renderer
/// try picture.writePNG(to: "thai@2x.png", scale: 2) // OversetPNG: cairo's rasterizer and PNG encoder
/// ```
public struct Picture: Sendable {
    /// Size in points.
    public let width: Double
    public let height: Double
    /// Where the label's box (the width limit × the layout's height) is drawn; in a matrix, the first cell's.
    public let boxFrame: PictureRect
    /// Each line's box, top to bottom.
    public let lineFrames: [PictureRect]
    /// The colours used.
    public let palette: PicturePalette
    package let shapes: [PictureShape]
    package let background: PictureColor?
    let title: String
    /// The legend's lines as text (the SVG's `<desc>`, for screen readers and for tools that read the picture).
    var legendText: [String] = []

    /// The picture as an SVG document (paths only: it renders the same without the fonts installed).
    public func svg() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"\(n(width))\" height=\"\(n(height))\" "
            + "viewBox=\"0 0 \(n(width)) \(n(height))\">\n"
        out += "<title>\(xmlEscaped(title))</title>\n"
        if !legendText.isEmpty { out += "<desc>\(xmlEscaped(legendText.joined(separator: "\n")))</desc>\n" }
        if let background {
            out += "<rect width=\"100%\" height=\"100%\" fill=\"\(background.hexString)\"/>\n"
        }
        // Each glyph's outline once, in <defs>, and every place it is drawn a <use>: a line of text repeats its
        // letters, and an outline is most of a picture's bytes.
        // The ids start with a hash of the outlines: pictures inlined side by side in one HTML page (the report, the
        // page's strip) share one id space, and a `#g0` of one must never draw another's first glyph.
        var ids: [GlyphUse.Key: Int] = [:]
        var outlines: [String] = []
        for shape in shapes {
            guard let glyph = shape.glyph, ids[glyph.key] == nil else { continue }
            ids[glyph.key] = ids.count
            outlines.append(pathData(glyph.local))
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in outlines.joined(separator: "|").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        let prefix = "g" + String(hash, radix: 36) + "-"
        if !outlines.isEmpty {
            out += "<defs>\n"
            for (index, outline) in outlines.enumerated() { out += "<path id=\"\(prefix)\(index)\" d=\"\(outline)\"/>\n" }
            out += "</defs>\n"
        }
        for shape in shapes {
            if let glyph = shape.glyph, let id = ids[glyph.key] {
                out += "<use class=\"\(shape.role)\" xlink:href=\"#\(prefix)\(id)\" x=\"\(n(glyph.x))\" y=\"\(n(glyph.y))\""
            } else {
                out += "<path class=\"\(shape.role)\" d=\"\(pathData(shape.steps))\""
            }
            if let fill = shape.fill {
                out += " fill=\"\(fill.hexString)\""
                if fill.alpha < 1 { out += " fill-opacity=\"\(n(fill.alpha))\"" }
            } else {
                out += " fill=\"none\""
            }
            if let stroke = shape.stroke {
                out += " stroke=\"\(stroke.hexString)\" stroke-width=\"\(n(shape.lineWidth))\""
                if !shape.dash.isEmpty { out += " stroke-dasharray=\"\(shape.dash.map(n).joined(separator: " "))\"" }
            }
            out += "/>\n"
        }
        return out + "</svg>\n"
    }

    private func n(_ value: Double) -> String { Points.format(value, decimals: 2) }

    private func pathData(_ steps: [PathStep]) -> String {
        var parts: [String] = []
        parts.reserveCapacity(steps.count)
        for step in steps {
            switch step {
            case .move(let x, let y): parts.append("M\(n(x)) \(n(y))")
            case .line(let x, let y): parts.append("L\(n(x)) \(n(y))")
            case .quad(let cx, let cy, let x, let y): parts.append("Q\(n(cx)) \(n(cy)) \(n(x)) \(n(y))")
            case .cubic(let a, let b, let c, let d, let x, let y):
                parts.append("C\(n(a)) \(n(b)) \(n(c)) \(n(d)) \(n(x)) \(n(y))")
            case .close: parts.append("Z")
            }
        }
        return parts.joined()
    }
}

/// One drawing step of a picture, in points, y down.
package enum PathStep: Sendable {
    case move(Double, Double)
    case line(Double, Double)
    case quad(Double, Double, Double, Double)
    case cubic(Double, Double, Double, Double, Double, Double)
    case close

    /// The step moved by (`x`, `y`).
    func moved(x: Double, y: Double) -> PathStep {
        switch self {
        case .move(let a, let b): .move(a + x, b + y)
        case .line(let a, let b): .line(a + x, b + y)
        case .quad(let a, let b, let c, let d): .quad(a + x, b + y, c + x, d + y)
        case .cubic(let a, let b, let c, let d, let e, let f): .cubic(a + x, b + y, c + x, d + y, e + x, f + y)
        case .close: .close
        }
    }
}

/// A filled and/or stroked path with a role (the SVG class: glyph, clipped, ellipsis, box, line-box, baseline, …).
package struct PictureShape: Sendable {
    package var steps: [PathStep]
    package var fill: PictureColor?
    package var stroke: PictureColor?
    package var lineWidth: Double = 1
    package var dash: [Double] = []
    var role: String
    /// For a glyph: its outline at its origin and where it is placed, so that the SVG writes each outline once and
    /// places it again with `<use>` (`steps` stay absolute, for the PNG).
    var glyph: GlyphUse? = nil
}

/// One glyph drawn at a place: its outline at the origin (identified by face, glyph, size and slant) and the origin.
struct GlyphUse: Sendable {
    struct Key: Hashable, Sendable {
        var face: ObjectIdentifier
        var glyph: UInt32
        var size: Double
        var slant: Double
    }

    var key: Key
    var local: [PathStep]
    var x: Double
    var y: Double
}
