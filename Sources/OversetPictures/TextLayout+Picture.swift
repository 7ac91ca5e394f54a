import Overset
import OversetReports

extension Verdict {
    /// Draws the layout that was judged, with the clipped marks the verdict reports (beyond its tolerance) and a
    /// legend naming the label's style and category, the language and the verdict.
    public func picture(options: PictureOptions = PictureOptions()) -> Picture {
        var options = options
        if options.styledFont == nil { options.styledFont = label.styledFont }
        options.platform = label.platform
        if label.platform.rules.scalesByFontScale { options.fontScale = label.fontScale }
        return layout.picture(options: options, clipping: clipping)
    }
}

extension TextLayout {
    /// Draws the layout: the label's box (width limit × height), each line's box and baseline, the glyphs from the
    /// fonts' outlines, the ellipsis, every glyph whose ink crosses its box in the warning colour with its
    /// overflow in points, and a legend naming the fonts, size, style and category, language and the verdict.
    public func picture(options: PictureOptions = PictureOptions()) -> Picture {
        picture(options: options, clipping: clipping())
    }

    func picture(options: PictureOptions, clipping: ClippingReport) -> Picture {
        let palette = options.palette
        var scene = SceneBuilder(palette: palette)
        let engine = prepared.engine
        let padding = 16.0
        let topOverflow = clipping.clippedClusters.filter { $0.line == 0 && $0.edge == .top }.map(\.overflow).max() ?? 0
        let bottomOverflow = clipping.clippedClusters.filter { $0.edge == .bottom }.map(\.overflow).max() ?? 0
        let hasLabels = clipping.hasClipping
        let top = padding + topOverflow + (hasLabels ? 12 : 0)
        let widest = lines.map(\.width).max() ?? 0
        // Legend.
        var legend: [(String, PictureColor)] = []
        if options.showsLegend {
            let fonts = prepared.usedFonts.map (\.name).joined(separator: ", ")
            let unit = options.platform.unit
            var sizeText = "\(Points.fixed(self.options.pointSize)) \(unit)"
            if let font = options.styledFont, !options.platform.rules.scalesByFontScale {
                sizeText = "\(font.style) at \(font.category.higName), " + sizeText
            }
            if let scale = options.fontScale { sizeText = "at \(scale.name), " + sizeText }
            legend.append(((fonts.isEmpty ? prepared.engine.fonts.primary.familyName : fonts) + " · " + sizeText, palette.secondary))
            let linesText = self.options.maxLines == 0 ? "unlimited lines" : "max " + Plural.count(self.options.maxLines, "line")
            legend.append(("width \(Points.fixed(self.options.width)) \(unit) · \(linesText) · language \(options.language ?? prepared.language ?? "none")",
                           palette.secondary))
            let verdict = legendVerdict(clipping: clipping, platform: options.platform)
            legend.append((verdict.text, verdict.fits ? palette.baseline : palette.warning))
        }
        let legendSize = 10.0
        let legendWidth = legend.map { SceneBuilder.labelWidth($0.0, engine: engine, size: legendSize) }.max() ?? 0
        let contentWidth = max(self.options.width, widest, legendWidth)
        let frames = scene.layout(self, clipping: clipping, origin: (padding, top), alignment: options.alignment)
        var y = top + height + bottomOverflow + (hasLabels ? 14 : 0) + 8
        for (text, color) in legend {
            y += legendSize * 1.4
            scene.label(text, engine: engine, x: padding, baseline: y, size: legendSize, color: color, role: "legend")
        }
        let totalHeight = y + padding
        var picture = Picture(width: contentWidth + 2 * padding, height: totalHeight,
                              boxFrame: PictureRect(x: padding, y: top, width: self.options.width, height: height),
                              lineFrames: frames, palette: palette, shapes: scene.shapes,
                              background: options.transparentBackground ? nil : palette.background,
                              title: lines.map(\.text).joined(separator: "\n"))
        picture.legendText = legend.map(\.0)
        return picture
    }
}

extension ReflowHeader {
    /// The header at all 12 content size categories in one picture, three cells a row: each cell shows the image
    /// (a placeholder box) and the title in the orientation the header chooses, so a designer sees where it flips.
    public func matrixPicture(availableWidth: Double, options: PictureOptions = PictureOptions()) throws(OversetError) -> Picture {
        let palette = options.palette
        var scene = SceneBuilder(palette: palette)
        let engine = title.engine
        let padding = 16.0, gap = 16.0, captionSize = 10.0
        let columns = 3
        var cells: [(decision: OrientationDecision, layout: TextLayout, height: Double)] = []
        for category in ContentSizeCategory.allCases {
            let decision = try effectiveOrientation(for: availableWidth, category: category)
            let layout = decision.title.layout
            let (image, spacing) = imageAndSpacing(at: category)
            let body = decision.orientation == .vertical ? image + spacing + layout.height : max(image, layout.height)
            cells.append((decision, layout, captionSize * 1.6 + body))
        }
        let cellWidth = availableWidth + 2 * 12
        var firstBox: PictureRect? = nil
        let rowTop = padding
        var rowHeights: [Double] = []
        for row in 0..<(cells.count + columns - 1) / columns {
            let rowCells = cells[(row * columns)..<min(cells.count, (row + 1) * columns)]
            rowHeights.append((rowCells.map(\.height).max() ?? 0) + 24)
        }
        for (index, cell) in cells.enumerated() {
            let row = index / columns, column = index % columns
            let x = padding + Double(column) * (cellWidth + gap)
            let y = rowTop + rowHeights[..<row].reduce(0, +) + Double(row) * gap
            let frame = PictureRect(x: x, y: y, width: cellWidth, height: rowHeights[row])
            scene.rect(frame, stroke: palette.lineBox, lineWidth: 1, role: "cell", radius: 6)
            let decision = cell.decision
            let caption = "\(decision.category.higName) · \(Points.fixed(decision.pointSize)) pt · \(decision.orientation.rawValue)"
            scene.label(caption, engine: engine, x: x + 12, baseline: y + 16, size: captionSize,
                        color: decision.orientation == .vertical ? palette.warning : palette.secondary, role: "caption")
            let contentTop = y + 24
            let (image, spacing) = imageAndSpacing(at: decision.category)
            scene.rect(PictureRect(x: x + 12, y: contentTop, width: image, height: image), fill: palette.image,
                       role: "image", radius: 8)
            let origin = decision.orientation == .vertical
                ? (x + 12, contentTop + image + spacing)
                : (x + 12 + image + spacing, contentTop)
            scene.layout(cell.layout, clipping: cell.decision.title.clipping, origin: origin,
                         alignment: options.alignment, labels: false)
            if firstBox == nil {
                firstBox = PictureRect(x: origin.0, y: origin.1, width: cell.layout.options.width, height: cell.layout.height)
            }
        }
        let width = padding * 2 + Double(columns) * cellWidth + Double(columns - 1) * gap
        let height = padding * 2 + rowHeights.reduce(0, +) + Double(rowHeights.count - 1) * gap
        return Picture(width: width, height: height, boxFrame: firstBox ?? PictureRect(x: 0, y: 0, width: 0, height: 0),
                       lineFrames: [], palette: palette, shapes: scene.shapes,
                       background: options.transparentBackground ? nil : palette.background, title: title.text)
    }

    /// The image's width and the spacing at `category` (scaled with the title's style when the component says so).
    private func imageAndSpacing(at category: ContentSizeCategory) -> (Double, Double) {
        let width = component.horizontalTitleWidth(availableWidth: 1_000, category: category)
        let total = 1_000 - width
        let image = component.scalesImageWithCategory
            ? (component.title.style ?? .body).scaledValue(component.imageWidth, for: category) : component.imageWidth
        return (image, total - image)
    }
}
