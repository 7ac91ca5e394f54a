internal import OversetText

extension PreparedText {
    /// Turns broken spans into lines: vertical metrics from the fonts each line uses, and positions.
    func makeLines(_ spans: [LineSpan], truncation: TruncatedLine?, options: LayoutOptions) -> [Line] {
        var lines: [Line] = []
        lines.reserveCapacity(spans.count)
        var top = 0.0
        for (index, span) in spans.enumerated() {
            let isLastTruncated = span.kind == .truncated && index == spans.count - 1
            lines.append(makeLine(span, truncation: span.kind == .truncated ? truncation : nil,
                                  coversToEnd: isLastTruncated, top: &top, options: options))
        }
        return lines
    }

    /// One line: its vertical metrics from the fonts it uses, placed at `top` (which moves to the next line).
    func makeLine(_ span: LineSpan, truncation: TruncatedLine?, coversToEnd: Bool, top: inout Double,
                  options: LayoutOptions) -> Line {
        let size = options.pointSize
        var ascender = 0.0, descender = 0.0, gap = 0.0
        forEachFace(of: span, truncation: truncation) { metrics, runScale in
            let scale = size * runScale / Double(metrics.unitsPerEm)
            ascender = max(ascender, Double(metrics.ascender) * scale)
            descender = max(descender, Double(metrics.descender) * scale)
            gap = max(gap, Double(metrics.lineGap) * scale)
        }
        let natural = ascender + descender + gap
        let height: Double
        let baseline: Double
        switch options.lineHeight {
        case .natural:
            height = natural
            baseline = top + ascender
        case .fixed(let value):
            // A fixed line height places the baseline by the label's font (the primary one), as a UILabel does.
            let primary = engine.fonts.primary.face.metrics
            height = value
            baseline = top + value - Double(primary.descender) * size / Double(primary.unitsPerEm)
        case .multiple(let factor):
            height = natural * factor
            baseline = top + height - descender - gap
        case .spaced(let value):
            let primary = engine.fonts.primary.face.metrics
            let primaryHeight = Double(primary.ascender + primary.descender + primary.lineGap) * size / Double(primary.unitsPerEm)
            height = max(0, natural + value - primaryHeight)
            baseline = top + ascender
        }
        let coveredEnd = coversToEnd && options.truncation != .clip
            ? max(span.end, truncation.map { $0.suffix.upperBound } ?? span.end)
            : span.end
        let line = Line(prepared: self, contentRange: span.start..<span.contentEnd,
                        range: TextRange(span.start..<coveredEnd), width: span.points(atSize: size), ascent: ascender,
                        descent: descender, height: height, top: top, baseline: baseline, breakKind: span.kind,
                        pointSize: size, truncation: truncation)
        top += height
        return line
    }

    /// Calls `body` with the metrics of each face the line draws with and its run's relative size (the primary
    /// font's for an empty line), from ``lineFaces``.
    private func forEachFace(of span: LineSpan, truncation: TruncatedLine?, _ body: (FaceMetrics, Double) -> Void) {
        let faces = faceTable
        let lineFaces = lineFaces, lineFaceOfRun = lineFaceOfRun
        var any = false
        func visit(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            var index = runs.firstIndex(reaching: range.lowerBound)
            while index < runs.count, runs[index].range.lowerBound < range.upperBound {
                let face = lineFaces[Int(lineFaceOfRun[index])]
                body(face.metrics, face.scale)
                any = true
                index += 1
            }
        }
        if let truncation {
            visit(truncation.prefix)
            visit(truncation.suffix)
            if let ellipsis = truncation.ellipsis {
                body(faces[ellipsis.face].face.metrics, styles[ellipsis.style].scale)
                any = true
            }
        } else {
            visit(span.start..<span.contentEnd)
        }
        if !any {
            if span.start < utf16.count, !runs.isEmpty {
                let run = runs[min(runs.firstIndex(reaching: span.start), runs.count - 1)]
                body(faces[run.face].face.metrics, styles[run.style].scale)
            } else {
                body(engine.fonts.primary.face.metrics, 1)
            }
        }
    }

    /// The ellipsis face `face` (a ``faceTable`` index) draws, shaped once per face.
    func ellipsis(_ face: Int) -> ShapedEllipsis? {
        face < engine.fonts.allFonts.count ? engine.shared.ellipsis(face) : engine.shared.ellipsis(of: faceTable[face])
    }

    /// The faces (``faceTable`` indices) to try for an ellipsis or a character of no script in `style`'s fonts.
    func faceOrder(style: Int) -> [Int] {
        let order = engine.fonts.candidateOrder(script: .common)
        guard style != 0 else { return order }
        let fonts = styles[style].fonts
        return fonts.stack.candidateOrder(script: .common).map { fonts.faceMap[$0] }
    }

    /// A piece of a line: one shaped run's part of the visible text, or the ellipsis.
    struct LinePiece {
        var range: Range<Int>
        var level: UInt8
        var face: Int
        var style: Int
        var isEllipsis: Bool
        /// The visible stretch of text the piece belongs to (what it is shaped against when drawn).
        var context: Range<Int>
        var run: Int?
    }

    /// The pieces of a line in visual order (UAX #9 rule L2).
    func visualPieces(of line: Line) -> [LinePiece] {
        let paragraphLevel = paragraph(containing: line.range.location).level
        var pieces: [LinePiece] = []
        func addText(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            var index = runs.firstIndex(reaching: range.lowerBound)
            while index < runs.count, runs[index].range.lowerBound < range.upperBound {
                let run = runs[index]
                let piece = max(run.range.lowerBound, range.lowerBound)..<min(run.range.upperBound, range.upperBound)
                pieces.append(LinePiece(range: piece, level: run.level, face: run.face, style: run.style, isEllipsis: false,
                                        context: range, run: index))
                index += 1
            }
        }
        if let truncation = line.truncation {
            addText(truncation.prefix)
            if let ellipsis = truncation.ellipsis {
                // The ellipsis is a neutral (ON): between two runs of one direction it takes theirs (UAX #9 N1),
                // elsewhere the paragraph's (N2); at a line edge that is the paragraph's.
                var level = paragraphLevel
                if let before = pieces.last, !truncation.suffix.isEmpty {
                    let after = levels[truncation.suffix.lowerBound]
                    if before.level & 1 == after & 1 && before.level & 1 != paragraphLevel & 1 {
                        level = min(before.level, after)
                    }
                }
                let at = truncation.prefix.upperBound
                pieces.append(LinePiece(range: at..<at, level: level, face: ellipsis.face, style: ellipsis.style,
                                        isEllipsis: true,
                                        context: at..<at, run: nil))
            }
            addText(truncation.suffix)
        } else {
            addText(line.contentRange)
        }
        return BidiReordering.visualOrder(levels: pieces.map(\.level)).map { pieces[$0] }
    }

    /// The runs of a line in visual order (UAX #9 rule L2), with their x positions.
    func visualRuns(of line: Line) -> [LineRun] {
        let size = line.pointSize
        var x = 0.0
        var result: [LineRun] = []
        for piece in visualPieces(of: line) {
            let font = faceTable[piece.face]
            let width: Double
            let text: String
            if piece.isEllipsis, let shaped = ellipsis(piece.face) {
                width = shaped.advance * size * styles[piece.style].scale
                text = shaped.text
            } else {
                width = (advanceSums[piece.range.upperBound] - advanceSums[piece.range.lowerBound]) * size
                text = substring(piece.range)
            }
            result.append(LineRun(range: TextRange(piece.range), text: text, isRightToLeft: piece.level & 1 == 1,
                                  isEllipsis: piece.isEllipsis, x: x, width: width,
                                  fontName: font.name))
            x += width
        }
        return result
    }
}

/// UAX #9 rule L2: the visual order of runs from their embedding levels.
enum BidiReordering {
    /// Indices of `levels` in visual (left-to-right) order: from the highest level down to the lowest odd level,
    /// reverse every maximal sequence at that level or higher.
    static func visualOrder(levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowestOdd = levels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                if levels[order[i]] >= level {
                    var j = i
                    while j < order.count && levels[order[j]] >= level { j += 1 }
                    order[i..<j].reverse()
                    i = j
                } else {
                    i += 1
                }
            }
            if level == 0 { break }
            level -= 1
        }
        return order
    }
}
