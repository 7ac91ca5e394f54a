internal import OversetText

/// Where a glyph's ink crosses its line box.
public enum ClipEdge: String, Sendable, Hashable, CaseIterable {
    /// Above the top of the label: cut off when the label clips to its bounds.
    case top
    /// Below the bottom of the label: cut off when the label clips to its bounds.
    case bottom
    /// Up into the line above: the marks collide with that line.
    case previousLine
    /// Down into the line below.
    case nextLine
}

/// A grapheme cluster whose ink crosses its line box.
public struct ClippedCluster: Sendable, Hashable {
    /// The line, counted from 0.
    public var line: Int
    /// The cluster's text, e.g. `"ที่"`.
    public var cluster: String
    /// The cluster's UTF-16 range.
    public var range: TextRange
    /// Which edge it crosses.
    public var edge: ClipEdge
    /// By how many points its ink crosses the edge.
    public var overflow: Double
}

/// The result of checking a layout for ink outside its line boxes.
public struct ClippingReport: Sendable {
    /// Every cluster that crosses an edge, in text order (a cluster that crosses two edges is listed twice).
    public var clippedClusters: [ClippedCluster]
    /// The smallest fixed line height at which no ink crosses the top of its line box, given the layout's baseline
    /// rule (extra space above the glyphs). Equal to the layout's line height when nothing is clipped at the top.
    public var suggestedLineHeight: Double
    /// How far the baseline must move up (`baselineOffset`) for marks below the baseline to stay inside the line:
    /// a taller line does not help there, because iOS adds the extra height above the glyphs. 0 when none cross.
    public var suggestedBaselineOffset: Double
    /// Whether `clipsToBounds` (or a fixed-height container) would cut ink off: a cluster crosses the top of the
    /// first line or the bottom of the last.
    public var clipsAtBounds: Bool { clippedClusters.contains { $0.edge == .top || $0.edge == .bottom } }
    /// Whether any ink crosses any line box.
    public var hasClipping: Bool { !clippedClusters.isEmpty }
}

/// The line boxes clipping is checked against.
public enum ClippingBox: Sendable, Hashable {
    /// The layout's own lines (their height from the layout's line height policy).
    case layoutLines
    /// Every line as tall as the primary font's natural line height, baseline at its ascender: the box of a label
    /// whose height follows its font and ignores the fallback fonts' metrics.
    case primaryFont
}

extension TextLayout {
    /// Finds every glyph whose ink extends above or below its line box, into the neighbouring line or past the
    /// label, and by how much.
    ///
    /// ```swift
    /// let layout = try prepared.layout(LayoutOptions(font: StyledFont(style: .body), width: 200))  // leading 22
    /// let report = layout.clipping()
    /// report.clippedClusters      // [line 1: ที่ crosses the top edge by 1.6 pt, …]
    /// report.suggestedLineHeight  // the fixed line height that avoids it
    /// ```
    /// - Complexity: O(glyphs on the visible lines); ink extents were read during preparation.
    public func clipping(box: ClippingBox = .layoutLines) -> ClippingReport {
        let quick = clipping(box: box, skippingRunsInside: true)
        // The suggestions need the ink of every visible glyph, which the quick pass skips; only a layout with
        // clipping has suggestions to make.
        return quick.clippedClusters.isEmpty ? quick : clipping(box: box, skippingRunsInside: false)
    }

    /// The clipping report; with `skippingRunsInside`, runs whose ink extent fits the line box are not walked (the
    /// clipped clusters are the same; the suggestions are then only right when none is clipped).
    ///
    /// One pass over the visible glyphs (``PreparedText/noteInkAsDrawn(_:in:size:skippingRunsInside:into:)``, into
    /// a ``LineInk``) keeps each cluster's worst overflow per edge and the suggestions together, in the hot path of
    /// every check (split, it walked the glyphs twice).
    private func clipping(box: ClippingBox, skippingRunsInside: Bool) -> ClippingReport {
        let prepared = self.prepared
        let size = options.pointSize
        let primary = prepared.engine.fonts.primary.face.metrics
        let primaryScale = size / Double(primary.unitsPerEm)
        let primaryAscender = Double(primary.ascender) * primaryScale
        let primaryHeight = Double(primary.ascender + primary.descender + primary.lineGap) * primaryScale
        var clipped: [ClippedCluster] = []
        var suggested = 0.0
        var belowBaseline = Double.infinity
        var ink = LineInk()
        // By index, each line's members read in place: `enumerated()` copied each line through an unspecialized
        // iterator, and `lines[index]` copied it (a text reference and a truncation: 160 instructions a line).
        for index in lines.indices {
            let line: LineBox
            switch box {
            case .layoutLines:
                line = LineBox(top: lines[index].top, bottom: lines[index].top + lines[index].height,
                               baseline: lines[index].baseline)
            case .primaryFont:
                let top = Double(index) * primaryHeight
                line = LineBox(top: top, bottom: top + primaryHeight, baseline: top + primaryAscender)
            }
            suggested = max(suggested, line.bottom - line.top)
            belowBaseline = min(belowBaseline, line.bottom - line.baseline)
            ink.worst.removeAll()
            if let truncation = lines[index].truncation {
                prepared.noteInkAsDrawn(truncation.prefix, in: line, size: size, skippingRunsInside: skippingRunsInside,
                                        into: &ink)
                prepared.noteInkAsDrawn(truncation.suffix, in: line, size: size, skippingRunsInside: skippingRunsInside,
                                        into: &ink)
            } else {
                prepared.noteInkAsDrawn(lines[index].contentRange, in: line, size: size,
                                        skippingRunsInside: skippingRunsInside, into: &ink)
            }
            if ink.worst.isEmpty { continue }  // most lines: nothing clipped, nothing to sort
            appendClipped(ink.worst, line: index, to: &clipped)
        }
        if belowBaseline == .infinity { belowBaseline = 0 }
        // Extra line height goes above the glyphs, so the top needs height = ink ascent + what is below the
        // baseline; the bottom only moves with the baseline.
        if clipped.contains(where: { $0.edge == .top || $0.edge == .previousLine }) {
            suggested = max(suggested, ink.maxAscent + belowBaseline)
        }
        let offset = clipped.contains { $0.edge == .bottom || $0.edge == .nextLine }
            ? max(0, ink.maxDescent - belowBaseline) : 0
        return ClippingReport(clippedClusters: clipped, suggestedLineHeight: suggested,
                              suggestedBaselineOffset: offset)
    }

    /// Appends the clusters of line `index` that `worst` has crossing an edge, by cluster: one entry per edge crossed.
    private func appendClipped(_ worst: ClusterOverflows, line index: Int, to clipped: inout [ClippedCluster]) {
        for entry in worst.byCluster() {
            let start = entry.start
            let end = prepared.clusterEnd(startingAt: start)
            let text = prepared.substring(start..<end)
            if entry.up > Tolerance.width {
                clipped.append(ClippedCluster(line: index, cluster: text, range: TextRange(start..<end),
                                              edge: index == 0 ? .top : .previousLine, overflow: entry.up))
            }
            if entry.down > Tolerance.width {
                clipped.append(ClippedCluster(line: index, cluster: text, range: TextRange(start..<end),
                                              edge: index == lines.count - 1 ? .bottom : .nextLine,
                                              overflow: entry.down))
            }
        }
    }
}

/// The box a line's ink is checked against, in points from the top of the layout.
private struct LineBox {
    let top: Double
    let bottom: Double
    let baseline: Double
}

/// The ink a clipping pass has met: its extremes so far and the current line's worst overflow per cluster (emptied
/// by the caller per line).
private struct LineInk {
    /// The highest ink above the baseline and the lowest below it (positive down), in points.
    var maxAscent = 0.0
    var maxDescent = 0.0
    /// Per cluster of the line: the largest overflow at each edge, noted in the order the glyphs are visited and put
    /// in order at the line's end (a dictionary per layout cost its hashing and a growth, ≈ 500 instructions a
    /// clipped line).
    var worst = ClusterOverflows()

    /// Notes a glyph's ink (top and bottom in points above the baseline) against the line box: the ink extremes,
    /// and the overflow of its cluster (which contains `cluster`) when it crosses an edge.
    @inline(__always)
    mutating func note(inkTop: Double, inkBottom: Double, cluster: Int, of prepared: PreparedText, in line: LineBox) {
        maxAscent = max(maxAscent, inkTop)
        maxDescent = max(maxDescent, -inkBottom)
        let up = line.top - (line.baseline - inkTop)
        let down = (line.baseline - inkBottom) - line.bottom
        guard up > Tolerance.width || down > Tolerance.width else { return }
        worst.note(start: prepared.clusterStart(containing: cluster), up: up, down: down)
    }
}

/// One clipping pass's walk over the visible glyphs, their ink noted in a ``LineInk``: methods of the prepared text,
/// which read its storage in place (a walk that held the text or its arrays retained and released them with it).
extension PreparedText {
    /// A visible stretch of the line: where an edge cuts a word where shaping changes (an Arabic word cut in its
    /// middle shows its final and initial forms), the glyphs drawn there, re-shaped as the pictures draw them
    /// (``noteReshapedEdges(of:in:size:into:)``); the prepared ink elsewhere (with `skippingRunsInside`, a run whose
    /// ink extent fits the line box is passed over).
    @inline(__always)
    fileprivate func noteInkAsDrawn(_ range: Range<Int>, in line: LineBox, size: Double, skippingRunsInside: Bool,
                                    into ink: inout LineInk) {
        let middle = isUnsafeCut(range.lowerBound) || isUnsafeCut(range.upperBound)
            ? noteReshapedEdges(of: range, in: line, size: size, into: &ink) : range
        notePreparedInk(middle, in: line, size: size, skippingRunsInside: skippingRunsInside, into: &ink)
    }

    /// The re-shaped ink of the edges of `range` that are unsafe cuts, from the edge to the nearest boundary safe to
    /// break (HarfBuzz's contract: the shaping is the same on either side of one); returns the stretch between them,
    /// whose prepared ink is as drawn. Out of line: most lines have no such edge.
    @inline(never)
    private func noteReshapedEdges(of range: Range<Int>, in line: LineBox, size: Double,
                                   into ink: inout LineInk) -> Range<Int> {
        var middle = range
        if isUnsafeCut(range.lowerBound) {
            let safe = LineBreaker(self).safeBoundary(after: range.lowerBound, before: range.upperBound, last: false)
                ?? range.upperBound
            noteShapedInk(range.lowerBound..<safe, context: range, in: line, size: size, into: &ink)
            middle = safe..<range.upperBound
        }
        if !middle.isEmpty, isUnsafeCut(range.upperBound) {
            let safe = LineBreaker(self).safeBoundary(after: middle.lowerBound, before: range.upperBound, last: true)
                ?? middle.lowerBound
            noteShapedInk(max(safe, middle.lowerBound)..<range.upperBound, context: range, in: line, size: size,
                          into: &ink)
            middle = middle.lowerBound..<max(safe, middle.lowerBound)
        }
        return middle
    }

    /// The prepared ink of the glyphs of `range`, run by run (with `skippingRunsInside`, a run whose ink extent
    /// fits the line box is passed over).
    @inline(__always)
    private func notePreparedInk(_ range: Range<Int>, in line: LineBox, size: Double, skippingRunsInside: Bool,
                                 into ink: inout LineInk) {
        guard !range.isEmpty else { return }
        let runs = self.runs, glyphs = self.glyphs, inks = self.ink
        let lineFaces = self.lineFaces, lineFaceOfRun = self.lineFaceOfRun
        var runIndex = runs.firstIndex(reaching: range.lowerBound)
        while runIndex < runs.count, runs[runIndex].range.lowerBound < range.upperBound {
            let run = runs[runIndex]
            let face = lineFaces[Int(lineFaceOfRun[runIndex])]
            runIndex += 1
            guard run.inkExtent.hasInk else { continue }
            let scale = size * face.scale / Double(face.metrics.unitsPerEm)
            if skippingRunsInside,
               line.top - (line.baseline - Double(run.inkExtent.top) * scale) <= Tolerance.width,
               (line.baseline - Double(run.inkExtent.bottom) * scale) - line.bottom <= Tolerance.width {
                continue
            }
            for glyphIndex in self.glyphs(of: run, inClusters: range) {
                let cluster = Int(glyphs[glyphIndex].cluster)
                guard range.contains(cluster) else { continue }
                let glyphInk = inks[glyphIndex]
                guard glyphInk.hasInk else { continue }
                ink.note(inkTop: Double(glyphInk.top) * scale, inkBottom: Double(glyphInk.bottom) * scale,
                         cluster: cluster, of: self, in: line)
            }
        }
    }

    /// The ink of `range` re-shaped against the visible `context` (split by runs), as the pictures draw it.
    private func noteShapedInk(_ range: Range<Int>, context: Range<Int>, in line: LineBox, size: Double,
                               into ink: inout LineInk) {
        guard !range.isEmpty else { return }
        let runs = self.runs, faces = faceTable, styles = self.styles
        var runIndex = runs.firstIndex(reaching: range.lowerBound)
        while runIndex < runs.count, runs[runIndex].range.lowerBound < range.upperBound {
            let run = runs[runIndex]
            runIndex += 1
            let piece = max(run.range.lowerBound, range.lowerBound)..<min(run.range.upperBound, range.upperBound)
            let face = faces[run.face].face
            let scale = size * styles[run.style].scale / Double(face.metrics.unitsPerEm)
            let shaped = engine.shared.shaper.glyphs(
                utf16, range: piece, context: context, face: face, rightToLeft: run.isRightToLeft,
                script: run.script, language: shapingLanguage, features: styles[run.style].features)
            face.verticalInk(of: shaped[...]) { position, glyphInk in
                guard let glyphInk else { return }
                let glyph = shaped[position]
                ink.note(inkTop: Double(glyphInk.top + glyph.yOffset) * scale,
                         inkBottom: Double(glyphInk.bottom + glyph.yOffset) * scale,
                         cluster: Int(glyph.cluster), of: self, in: line)
            }
        }
    }
}

/// The largest overflow at each edge of each clipped cluster of a line, by the cluster's start.
///
/// Glyphs are visited run by run, and a run's glyphs in cluster order (ascending, or descending right to left), so a
/// cluster's glyphs come one after another: each is noted into the last entry when it is the same cluster, else a new
/// one. A cluster met again later (a run split by the line's edge, re-shaped) adds a second entry, merged when the
/// entries are put in order.
struct ClusterOverflows {
    private var entries: [(start: Int, up: Double, down: Double)] = []

    var isEmpty: Bool { entries.isEmpty }

    mutating func removeAll() {
        if !entries.isEmpty { entries.removeAll(keepingCapacity: true) }
    }

    mutating func note(start: Int, up: Double, down: Double) {
        if let last = entries.indices.last, entries[last].start == start {
            entries[last].up = max(entries[last].up, up)
            entries[last].down = max(entries[last].down, down)
        } else {
            entries.append((start, max(0, up), max(0, down)))
        }
    }

    /// One entry a cluster, by start, each with its largest overflows (as a dictionary of maxima with sorted keys).
    func byCluster() -> [(start: Int, up: Double, down: Double)] {
        // Mostly one run's clusters, left to right: already in order, one entry each.
        if zip(entries, entries.dropFirst()).allSatisfy({ $0.start < $1.start }) { return entries }
        let ordered = entries.sorted { $0.start < $1.start }
        var merged: [(start: Int, up: Double, down: Double)] = []
        merged.reserveCapacity(ordered.count)
        for entry in ordered {
            if let last = merged.indices.last, merged[last].start == entry.start {
                merged[last].up = max(merged[last].up, entry.up)
                merged[last].down = max(merged[last].down, entry.down)
            } else {
                merged.append(entry)
            }
        }
        return merged
    }
}

extension PreparedText {
    /// Whether a line edge at `offset` cuts where breaking changes the shaping, so that the glyphs drawn there are not
    /// those of the whole text (HarfBuzz's unsafe-to-break flag).
    func isUnsafeCut(_ offset: Int) -> Bool { offset > 0 && offset < utf16.count && unsafeToBreak[offset] }

    /// The start of the grapheme cluster that contains `offset`.
    func clusterStart(containing offset: Int) -> Int {
        let index = clusterIndex(atOrAfter: offset + 1)
        return Int(graphemes[max(0, index - 1)])
    }

    /// The end of the grapheme cluster that starts at `start`.
    func clusterEnd(startingAt start: Int) -> Int {
        let index = clusterIndex(atOrAfter: start + 1)
        return index < graphemes.count ? Int(graphemes[index]) : utf16.count
    }
}

extension PreparedText {
    /// The glyphs of `run` whose clusters fall in `clusters`, found by binary search: HarfBuzz's default cluster
    /// level keeps clusters monotone within a run (ascending left to right, descending right to left), so a line's
    /// glyphs are one contiguous stretch of the run. Walking the whole run for every line made clipping
    /// O(lines × glyphs) on a long paragraph.
    func glyphs(of run: ShapedRun, inClusters clusters: Range<Int>) -> Range<Int> {
        let all = run.glyphRange
        guard !all.isEmpty else { return all }
        func cluster(_ index: Int) -> Int { Int(glyphs[index].cluster) }
        let ascending = cluster(all.lowerBound) <= cluster(all.upperBound - 1)
        /// The first index of `all` where `predicate` holds (it holds from some index to the end).
        func partition(_ predicate: (Int) -> Bool) -> Int {
            var low = all.lowerBound, high = all.upperBound
            while low < high {
                let middle = (low + high) / 2
                if predicate(cluster(middle)) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let lower = ascending ? partition { $0 >= clusters.lowerBound } : partition { $0 < clusters.upperBound }
        let upper = ascending ? partition { $0 >= clusters.upperBound } : partition { $0 < clusters.lowerBound }
        return lower..<max(lower, upper)
    }
}
