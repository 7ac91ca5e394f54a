internal import CHarfBuzz

/// One step of a glyph outline, in font units with y up (as HarfBuzz draws it).
package enum PathElement: Sendable, Equatable {
    case move(x: Float, y: Float)
    case line(x: Float, y: Float)
    case quad(cx: Float, cy: Float, x: Float, y: Float)
    case cubic(c1x: Float, c1y: Float, c2x: Float, c2y: Float, x: Float, y: Float)
    case close
}

/// Collects HarfBuzz draw callbacks into Swift values.
private final class OutlineCollector {
    var elements: [PathElement] = []
}

/// HarfBuzz draw functions, made once and immutable (safe to share between threads).
private struct DrawFuncs: @unchecked Sendable {
    // @unchecked Sendable: an immutable hb_draw_funcs_t (hb_draw_funcs_make_immutable) is read-only and
    // reference-counted atomically by HarfBuzz; it lives for the whole process.
    let pointer: OpaquePointer

    static let shared: DrawFuncs = {
        let funcs = hb_draw_funcs_create()!
        hb_draw_funcs_set_move_to_func(funcs, { _, data, _, x, y, _ in
            Unmanaged<OutlineCollector>.fromOpaque(data!).takeUnretainedValue().elements.append(.move(x: x, y: y))
        }, nil, nil)
        hb_draw_funcs_set_line_to_func(funcs, { _, data, _, x, y, _ in
            Unmanaged<OutlineCollector>.fromOpaque(data!).takeUnretainedValue().elements.append(.line(x: x, y: y))
        }, nil, nil)
        hb_draw_funcs_set_quadratic_to_func(funcs, { _, data, _, cx, cy, x, y, _ in
            Unmanaged<OutlineCollector>.fromOpaque(data!).takeUnretainedValue().elements
                .append(.quad(cx: cx, cy: cy, x: x, y: y))
        }, nil, nil)
        hb_draw_funcs_set_cubic_to_func(funcs, { _, data, _, c1x, c1y, c2x, c2y, x, y, _ in
            Unmanaged<OutlineCollector>.fromOpaque(data!).takeUnretainedValue().elements
                .append(.cubic(c1x: c1x, c1y: c1y, c2x: c2x, c2y: c2y, x: x, y: y))
        }, nil, nil)
        hb_draw_funcs_set_close_path_func(funcs, { _, data, _, _ in
            Unmanaged<OutlineCollector>.fromOpaque(data!).takeUnretainedValue().elements.append(.close)
        }, nil, nil)
        hb_draw_funcs_make_immutable(funcs)
        return DrawFuncs(pointer: funcs)
    }()
}

extension FontFace {
    /// The outline of `glyph` from the font's `glyf` or `CFF` table, in font units, y up.
    package func outline(of glyph: UInt32) -> [PathElement] {
        let collector = OutlineCollector()
        let data = Unmanaged.passUnretained(collector).toOpaque()
        withExtendedLifetime(collector) {
            hb_font_get_glyph_shape(hbFont, glyph, DrawFuncs.shared.pointer, data)
        }
        return collector.elements
    }
}

extension Shaper {
    /// Shapes `range` of `text` with `context` and returns the glyphs (visual order), for drawing.
    package func glyphs(_ text: [UInt16], range: Range<Int>, context: Range<Int>, face: FontFace, rightToLeft: Bool,
                        script: ScriptTag, language: ShapingLanguage, features: [FontFeatureSetting]) -> [ShapedGlyph] {
        var glyphs: [ShapedGlyph] = []
        text.withUnsafeBufferPointer { buffer in
            _ = shape(buffer, range: range, context: context, face: face, rightToLeft: rightToLeft, script: script,
                      language: language, features: features, into: &glyphs)
        }
        return glyphs
    }
}
