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
}

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
            let face = engine.fonts.allFonts[piece.face].face
            let scale = size / Double(face.metrics.unitsPerEm)
            if piece.isEllipsis {
                for glyph in engine.shared.ellipsis(piece.face)?.glyphs ?? [] {
                    result.append(DrawnGlyph(face: piece.face, glyph: glyph.glyph, x: x + Double(glyph.xOffset) * scale,
                                             dy: Double(glyph.yOffset) * scale, cluster: nil))
                    x += Double(glyph.advance) * scale
                }
                continue
            }
            guard let runIndex = piece.run else { continue }
            let run = runs[runIndex]
            let shaped = engine.shared.shaper.glyphs(utf16, range: piece.range, context: piece.context, face: face,
                                                     rightToLeft: run.isRightToLeft, script: run.script,
                                                     language: shapingLanguage, features: features)
            for glyph in shaped {
                result.append(DrawnGlyph(face: piece.face, glyph: glyph.glyph, x: x + Double(glyph.xOffset) * scale,
                                         dy: Double(glyph.yOffset) * scale, cluster: Int(glyph.cluster)))
                x += Double(glyph.advance) * scale
            }
        }
        return (result, x)
    }
}
