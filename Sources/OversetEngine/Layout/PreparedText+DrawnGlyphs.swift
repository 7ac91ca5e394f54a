internal import OversetText

/// A glyph placed on a line, for drawing.
package struct DrawnGlyph {
    /// Index of the face in the stack.
    package var face: Int
    package var glyph: UInt32
    /// Left edge of the glyph's origin, in points from the line's left edge.
    package var x: Double
    /// Vertical offset from the baseline, in points, up.
    package var dy: Double
    /// UTF-16 offset of the glyph's cluster, or nil for the ellipsis.
    package var cluster: Int?
    /// Its run's size relative to the line's point size (1 but in a styled run).
    package var scale: Double = 1
    /// The horizontal shear of a synthetic oblique (x moves by `slant` × height), 0 for an upright or italic face.
    package var slant: Double = 0
}

/// The shear CoreText gives a face with no italic when italic is asked for, as a tangent: about 12°. It only
/// changes the drawing; advances stay the upright face's.
package let syntheticObliqueSlant = 0.2126

extension PreparedText {
    /// The glyphs of a line in visual order with their positions, each piece shaped against the visible text around
    /// it (so a line cut inside an Arabic word draws the final and initial forms, as on screen).
    ///
    /// - Returns: the glyphs and the drawn width of the line in points.
    package func drawnGlyphs(of line: Line) -> (glyphs: [DrawnGlyph], width: Double) {
        let size = line.pointSize
        var x = 0.0
        var result: [DrawnGlyph] = []
        for piece in visualPieces(of: line) {
            let font = faceTable[piece.face]
            let face = font.face
            let style = styles[piece.style]
            let scale = size * style.scale / Double(face.metrics.unitsPerEm)
            let slant = style.isSyntheticOblique(in: font) ? syntheticObliqueSlant : 0
            if piece.isEllipsis {
                for glyph in ellipsis(piece.face)?.glyphs ?? [] {
                    result.append(DrawnGlyph(face: piece.face, glyph: glyph.glyph, x: x + Double(glyph.xOffset) * scale,
                                             dy: Double(glyph.yOffset) * scale, cluster: nil, scale: style.scale,
                                             slant: slant))
                    x += Double(glyph.advance) * scale
                }
                continue
            }
            guard let runIndex = piece.run else { continue }
            let run = runs[runIndex]
            let shaped = engine.shared.shaper.glyphs(utf16, range: piece.range, context: piece.context, face: face,
                                                     rightToLeft: run.isRightToLeft, script: run.script,
                                                     language: shapingLanguage, features: style.features)
            for glyph in shaped {
                result.append(DrawnGlyph(face: piece.face, glyph: glyph.glyph, x: x + Double(glyph.xOffset) * scale,
                                         dy: Double(glyph.yOffset) * scale, cluster: Int(glyph.cluster),
                                         scale: style.scale, slant: slant))
                x += Double(glyph.advance) * scale
            }
        }
        return (result, x)
    }
}
