import Overset
internal import OversetText

/// Builds the shapes of a picture: boxes, glyph outlines, labels.
struct SceneBuilder {
    var shapes: [PictureShape] = []
    let palette: PicturePalette
    /// Outlines by face (the face itself, not its index in a stack: one picture draws cells in several stacks, and
    /// index 0 is Inter in one and Inter Display in the other, whose glyphs were drawn from the wrong face) and glyph.
    private var outlines: [ObjectIdentifier: [UInt32: [PathElement]]] = [:]

    init(palette: PicturePalette) {
        self.palette = palette
    }

    mutating func rect(_ frame: PictureRect, fill: PictureColor? = nil, stroke: PictureColor? = nil, lineWidth: Double = 1,
                       dash: [Double] = [], role: String, radius: Double = 0) {
        let (x, y, w, h) = (frame.x, frame.y, frame.width, frame.height)
        var steps: [PathStep]
        if radius > 0 {
            let r = min(radius, w / 2, h / 2), k = 0.5523 * r
            steps = [.move(x + r, y), .line(x + w - r, y), .cubic(x + w - r + k, y, x + w, y + r - k, x + w, y + r),
                     .line(x + w, y + h - r), .cubic(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
                     .line(x + r, y + h), .cubic(x + r - k, y + h, x, y + h - r + k, x, y + h - r),
                     .line(x, y + r), .cubic(x, y + r - k, x + r - k, y, x + r, y), .close]
        } else {
            steps = [.move(x, y), .line(x + w, y), .line(x + w, y + h), .line(x, y + h), .close]
        }
        shapes.append(PictureShape(steps: steps, fill: fill, stroke: stroke, lineWidth: lineWidth, dash: dash, role: role))
    }

    mutating func segment(from start: (Double, Double), to end: (Double, Double), stroke: PictureColor,
                          lineWidth: Double, dash: [Double] = [], role: String) {
        shapes.append(PictureShape(steps: [.move(start.0, start.1), .line(end.0, end.1)], fill: nil, stroke: stroke,
                                   lineWidth: lineWidth, dash: dash, role: role))
    }

    /// A glyph's outline with its origin at (`x`, `baseline`), filled.
    /// `slant` shears it (a synthetic oblique): x moves right by `slant` times the height above the baseline.
    mutating func glyph(_ glyph: UInt32, font: Font, x: Double, baseline: Double, size: Double, slant: Double = 0,
                        color: PictureColor, role: String) {
        let fontFace = font.face
        let outline: [PathElement]
        let key = ObjectIdentifier(fontFace)
        if let cached = outlines[key]?[glyph] {
            outline = cached
        } else {
            outline = fontFace.outline(of: glyph)
            outlines[key, default: [:]][glyph] = outline
        }
        guard !outline.isEmpty else { return }
        let scale = size / Double(fontFace.metrics.unitsPerEm)
        func point(_ px: Float, _ py: Float) -> (Double, Double) {
            ((Double(px) + slant * Double(py)) * scale, -Double(py) * scale)
        }
        // The outline at the origin (for the SVG's <defs>), and placed at (x, baseline) (for the PNG).
        var local: [PathStep] = []
        local.reserveCapacity(outline.count)
        for element in outline {
            switch element {
            case .move(let px, let py): let p = point(px, py); local.append(.move(p.0, p.1))
            case .line(let px, let py): let p = point(px, py); local.append(.line(p.0, p.1))
            case .quad(let cx, let cy, let px, let py):
                let c = point(cx, cy), p = point(px, py)
                local.append(.quad(c.0, c.1, p.0, p.1))
            case .cubic(let ax, let ay, let bx, let by, let px, let py):
                let a = point(ax, ay), b = point(bx, by), p = point(px, py)
                local.append(.cubic(a.0, a.1, b.0, b.1, p.0, p.1))
            case .close: local.append(.close)
            }
        }
        let steps = local.map { $0.moved(x: x, y: baseline) }
        var shape = PictureShape(steps: steps, fill: color, stroke: nil, role: role)
        shape.glyph = GlyphUse(key: .init(face: key, glyph: glyph, size: size, slant: slant), local: local, x: x, y: baseline)
        shapes.append(shape)
    }

    /// A one-line label drawn with `engine`'s fonts; returns its width.
    @discardableResult
    mutating func label(_ text: String, engine: TextEngine, x: Double, baseline: Double, size: Double,
                        color: PictureColor, role: String = "label") -> Double {
        guard !text.isEmpty, let prepared = try? engine.prepare(text),
              let layout = try? prepared.layout(width: 100_000, pointSize: size), let line = layout.lines.first else { return 0 }
        let drawn = prepared.drawnGlyphs(of: line)
        for glyph in drawn.glyphs {
            self.glyph(glyph.glyph, font: prepared.faceTable[glyph.face], x: x + glyph.x, baseline: baseline - glyph.dy,
                       size: size * glyph.scale, slant: glyph.slant, color: color, role: role)
        }
        return drawn.width
    }

    /// The width a label would take.
    static func labelWidth(_ text: String, engine: TextEngine, size: Double) -> Double {
        guard let prepared = try? engine.prepare(text) else { return 0 }
        return prepared.naturalWidth(pointSize: size)
    }

    /// Draws a layout with its top-left at `origin`: the width-limit box, line boxes, baselines, glyphs (clipped ones
    /// in the warning colour with their overflow labelled) and the ellipsis. Returns the line frames.
    @discardableResult
    mutating func layout(_ layout: TextLayout, clipping: ClippingReport, origin: (x: Double, y: Double),
                         alignment: PictureAlignment, labels: Bool = true) -> [PictureRect] {
        let options = layout.options
        let prepared = layout.prepared
        rect(PictureRect(x: origin.x, y: origin.y, width: options.width, height: max(layout.height, 0.5)),
             fill: palette.widthLimit.withAlpha(0.06), stroke: palette.widthLimit, lineWidth: 1, role: "box")
        var frames: [PictureRect] = []
        var labelEnds: [String: Double] = [:]
        for (index, line) in layout.lines.enumerated() {
            let frame = PictureRect(x: origin.x, y: origin.y + line.top, width: options.width, height: line.height)
            frames.append(frame)
            if index > 0 {
                segment(from: (frame.x, frame.y), to: (frame.maxX, frame.y), stroke: palette.lineBox, lineWidth: 0.5,
                        role: "line-box")
            }
            let baseline = origin.y + line.baseline
            segment(from: (frame.x, baseline), to: (frame.maxX, baseline), stroke: palette.baseline, lineWidth: 0.75,
                    dash: [2, 2], role: "baseline")
            let drawn = prepared.drawnGlyphs(of: line)
            let slack = options.width - drawn.width
            let offset: Double = switch alignment {
            case .left: 0
            case .right: slack
            case .center: slack / 2
            case .natural: line.isRightToLeft ? slack : 0
            }
            let clipped = clipping.clippedClusters.filter { $0.line == index }
            for glyph in drawn.glyphs {
                let x = origin.x + offset + glyph.x
                let hit = glyph.cluster.flatMap { cluster in clipped.first { $0.range.range.contains(cluster) } }
                let color = glyph.cluster == nil ? palette.ellipsis : hit != nil ? palette.warning : palette.text
                let role = glyph.cluster == nil ? "ellipsis" : hit != nil ? "clipped" : "glyph"
                self.glyph(glyph.glyph, font: prepared.faceTable[glyph.face], x: x, baseline: baseline - glyph.dy,
                           size: line.pointSize * glyph.scale, slant: glyph.slant, color: color, role: role)
            }
            guard labels else { continue }
            // Label each clipped cluster's overflow next to the edge it crosses (skipping labels that would overlap).
            for clip in clipped {
                guard let first = drawn.glyphs.first(where: { g in g.cluster.map { clip.range.range.contains($0) } ?? false })
                else { continue }
                let x = origin.x + offset + first.x
                let above = clip.edge == .top || clip.edge == .previousLine
                let key = "\(index)\(above)"
                guard x >= (labelEnds[key] ?? -.infinity) else { continue }
                let text = "+" + Points.fixed(clip.overflow) + " pt"
                let y = above ? frame.y - clip.overflow - 3 : frame.maxY + clip.overflow + 10
                let width = label(text, engine: prepared.engine, x: x, baseline: y, size: 8, color: palette.warning,
                                  role: "overflow-label")
                labelEnds[key] = x + width + 4
            }
        }
        return frames
    }
}

extension PictureColor {
    func withAlpha(_ alpha: Double) -> PictureColor {
        var copy = self
        copy.alpha = alpha
        return copy
    }
}
