internal import OversetText

/// Stage 3: itemization. A script for every grapheme cluster (Common and Inherited take their neighbours', UAX #24),
/// a face for every cluster in ``FontStack`` order, then runs of equal face, script and bidi level.
extension PreparedTextBuilder {
    /// The runs to shape, and the clusters no font can draw.
    struct Items: Sendable {
        var runs: [ShapedRun]
        var missing: [MissingCharacter]
    }

    /// Scripts, faces and runs for the clusters.
    func itemize(_ properties: CharacterProperties, _ analysis: Analysis) -> Items {
        let scripts = clusterScripts(properties, graphemes: analysis.graphemes)
        var missing: [MissingCharacter] = []
        let faces = clusterFaces(properties, graphemes: analysis.graphemes, scripts: scripts, missing: &missing)
        return Items(runs: runs(graphemes: analysis.graphemes, scripts: scripts, faces: faces,
                                levels: analysis.bidi.levels),
                     missing: missing)
    }

    /// The script of each cluster: its first strong script; weak clusters take the script before them, or at the
    /// start of the text the first strong script after them.
    func clusterScripts(_ properties: CharacterProperties, graphemes: [Int32]) -> [ScriptTag] {
        let clusterCount = graphemes.count - 1
        var clusterScripts = [ScriptTag](filled: .common, count: clusterCount)
        var lastStrong: ScriptTag? = nil
        var pendingWeak: [Int] = []
        for cluster in 0..<clusterCount {
            let start = Int(graphemes[cluster]), end = Int(graphemes[cluster + 1])
            var strong: ScriptTag? = nil
            for unit in start..<end where properties.isScalarStart[unit] && !properties.scripts[unit].isWeak {
                strong = properties.scripts[unit]
                break
            }
            if let strong {
                clusterScripts[cluster] = strong
                if lastStrong == nil { for weak in pendingWeak { clusterScripts[weak] = strong } }
                pendingWeak.removeAll()
                lastStrong = strong
            } else if let lastStrong {
                clusterScripts[cluster] = lastStrong
            } else {
                pendingWeak.append(cluster)
            }
        }
        return clusterScripts
    }

    /// The face of each cluster. Spaces, punctuation, digits and symbols (clusters of no script of their own) take
    /// the label's first font when it has them, as CoreText does (the font of the attributed string keeps every
    /// character it covers; only the others fall back) and as Chromium's per-character matching does: a space after
    /// an emoji or a Thai word is the label font's, not the emoji or Thai font's. Where the primary font lacks them,
    /// the previous cluster's face; else the first face of the script's candidate order that has every character.
    /// Marks, joiners and variation selectors belong to their base's cluster, so they keep its face. A cluster no
    /// face has is recorded as missing.
    func clusterFaces(_ properties: CharacterProperties, graphemes: [Int32], scripts clusterScripts: [ScriptTag],
                      missing: inout [MissingCharacter]) -> [Int] {
        let clusterCount = graphemes.count - 1
        let flags = properties.flags
        var clusterFaces = [Int](filled: 0, count: clusterCount)
        var lastStyle = -1
        // Per style (a styled run's fonts; index 0 the engine's): its faces' table indices in candidate order.
        var fallback = FaceFallback(table: styling.faceTable, candidates: StyleCandidates(
            fonts: engine.fonts, faceMap: styling.styles[0].fonts.faceMap, language: language))
        units.withUnsafeBufferPointer { buffer in
            for cluster in 0..<clusterCount {
                let start = Int(graphemes[cluster]), end = Int(graphemes[cluster + 1])
                let style = styling.unitStyles.map { Int($0[start]) } ?? 0
                if style != lastStyle {
                    if style != 0 || lastStyle > 0 {
                        fallback.switchFonts(to: StyleCandidates(fonts: styling.styles[style].fonts.stack,
                                                                 faceMap: styling.styles[style].fonts.faceMap,
                                                                 language: language))
                    }
                    lastStyle = style
                }
                let chosen = fallback.choose(buffer, flags, start, end, script: clusterScripts[cluster],
                                             ownScriptIsWeak: Self.hasNoStrongScript(properties, start, end),
                                             mapsOrder: style != 0)
                if let chosen {
                    clusterFaces[cluster] = chosen
                    fallback.previousFace = chosen
                } else {
                    clusterFaces[cluster] = fallback.previousFace ?? fallback.candidates.primary
                    missing.append(missingCharacter(start..<end, flags: flags, faces: fallback.allFaces()))
                }
            }
        }
        return clusterFaces
    }

    /// Whether no character of the cluster `start..<end` has a strong script of its own (spaces, punctuation,
    /// digits, symbols).
    @inline(__always)
    private static func hasNoStrongScript(_ properties: CharacterProperties, _ start: Int, _ end: Int) -> Bool {
        for unit in start..<end where properties.isScalarStart[unit] && !properties.scripts[unit].isWeak {
            return false
        }
        return true
    }

    /// Whether the cluster in `start..<end` is shown as an emoji: its first character has Emoji_Presentation, or it
    /// has the emoji variation selector U+FE0F or the keycap U+20E3 (UTS #51).
    static func isEmojiPresentation(_ buffer: UnsafeBufferPointer<UInt16>, _ start: Int, _ end: Int) -> Bool {
        var index = start
        var first = true
        while index < end {
            let (scalar, length) = Self.scalar(buffer, at: index, limit: end)
            if scalar == 0xFE0F || scalar == 0x20E3 { return true }
            if first {
                // No character below U+231A has Emoji_Presentation; skip the property lookup for them.
                if scalar >= 0x231A, let value = Unicode.Scalar(scalar), value.properties.isEmojiPresentation {
                    return true
                }
                first = false
            }
            index += length
        }
        return false
    }

    /// Maximal cluster sequences of equal face, shaping script and bidi level: one `hb_shape` call each.
    func runs(graphemes: [Int32], scripts: [ScriptTag], faces: [Int], levels: [UInt8]) -> [ShapedRun] {
        var runs: [ShapedRun] = []
        let clusterCount = graphemes.count - 1
        var runStart = 0
        let unitStyles = styling.unitStyles
        func style(_ cluster: Int) -> Int { unitStyles.map { Int($0[Int(graphemes[cluster])]) } ?? 0 }
        for cluster in 0..<clusterCount {
            let next = cluster + 1
            let boundary = next == clusterCount
                || faces[next] != faces[runStart]
                || Self.shapingScript(scripts[next]).rawValue != Self.shapingScript(scripts[runStart]).rawValue
                || levels[Int(graphemes[next])] != levels[Int(graphemes[runStart])]
                || (unitStyles != nil && style(next) != style(runStart))
            if boundary {
                let range = Int(graphemes[runStart])..<Int(graphemes[next])
                runs.append(ShapedRun(range: range, face: faces[runStart], level: levels[range.lowerBound],
                                      script: Self.shapingScript(scripts[runStart]), glyphRange: 0..<0,
                                      style: style(runStart)))
                runStart = next
            }
        }
        return runs
    }

    /// The script a run is shaped as: Han for Hiragana, Katakana and Bopomofo too, so that a Japanese or Chinese
    /// string in one font is one `hb_shape` call, not one per script change (HarfBuzz shapes all four with its
    /// default shaper, and the CJK fonts register the same features for `hani` and `kana`: on 400 Han and kana runs
    /// of the Japanese corpus, `hb-shape --script=Hani`, `Kana` and `Hira` give the same glyphs and advances with
    /// Noto Sans CJK JP). Hangul keeps its own shaper (jamo composition).
    static func shapingScript(_ script: ScriptTag) -> ScriptTag {
        switch script.rawValue {
        case ScriptTag.hiragana.rawValue, ScriptTag.katakana.rawValue, ScriptTag.bopomofo.rawValue: .han
        default: script
        }
    }
}

/// One style's fonts as fallback reads them: its stack, its faces' table indices (the first is its primary face),
/// the stack's lists for the text's language, and its emoji fonts' table indices in candidate order (nil when the
/// stack has none).
private struct StyleCandidates {
    let fonts: FontStack
    let faceMap: [Int]
    let primary: Int
    let languageLists: [ScriptTag: [Int]]?
    let emojiOrder: [Int]?

    init(fonts: consuming FontStack, faceMap: [Int], language: String?) {
        primary = faceMap[0]
        languageLists = fonts.languageLists(for: language)
        emojiOrder = fonts.fallbackIndices[ScriptTag.emoji] == nil ? nil
            : fonts.candidateOrder(script: .emoji).map { faceMap[$0] }
        self.faceMap = faceMap
        self.fonts = fonts
    }
}

/// Font fallback's running state over a text's clusters (``PreparedTextBuilder/clusterFaces(_:graphemes:scripts:missing:)``):
/// the faces loaded so far, the current style's fonts, the candidate order of the last script and the face of the
/// cluster before.
private struct FaceFallback {
    let table: [Font]
    /// Faces are loaded as the candidate order reaches them (an installed font is loaded when a text first needs
    /// it): a Latin text never loads the Thai, CJK or emoji faces.
    private var loaded: [FontFace?]
    private(set) var candidates: StyleCandidates
    private var lastScript: ScriptTag? = nil
    private var order: [Int] = []
    var previousFace: Int? = nil

    init(table: [Font], candidates: StyleCandidates) {
        self.table = table
        loaded = [FontFace?](filled: nil, count: table.count)
        self.candidates = candidates
    }

    /// The face at `index` of the table, loaded on first use.
    @inline(__always)
    private mutating func face(_ index: Int) -> FontFace {
        if let face = loaded[index] { return face }
        let face = table[index].face
        loaded[index] = face
        return face
    }

    /// Every face of the table, each loaded (for a cluster no face has).
    mutating func allFaces() -> [FontFace] { table.indices.map { face($0) } }

    /// Moves to another style's fonts: the script's candidate order is found again, and the face of the cluster
    /// before counts only within one style's fonts.
    mutating func switchFonts(to next: StyleCandidates) {
        candidates = next
        lastScript = nil
        if let face = previousFace, !candidates.faceMap.contains(face) { previousFace = nil }
    }

    /// Whether the face at `index` has a glyph for every character of the cluster `start..<end` that needs one.
    @inline(__always)
    private mutating func covers(_ index: Int, _ buffer: UnsafeBufferPointer<UInt16>, _ flags: [CharacterFlags],
                                 _ start: Int, _ end: Int) -> Bool {
        let face = face(index)
        var position = start
        while position < end {
            let (scalar, length) = PreparedTextBuilder.scalar(buffer, at: position, limit: end)
            if !PreparedTextBuilder.isControl(scalar) && !flags[position].has(.defaultIgnorable)
                && !face.hasGlyph(for: scalar) {
                return false
            }
            position += length
        }
        return true
    }

    /// The face of the cluster `start..<end` of `script`, or nil when no face has it: for an emoji, the emoji fonts
    /// first; for a cluster of no script of its own, the primary face, else the face before; else the first face of
    /// the script's candidate order (mapped to the table's indices when `mapsOrder`) that has every character.
    @inline(__always)
    mutating func choose(_ buffer: UnsafeBufferPointer<UInt16>, _ flags: [CharacterFlags], _ start: Int, _ end: Int,
                         script: ScriptTag, ownScriptIsWeak: Bool, mapsOrder: Bool) -> Int? {
        var chosen: Int? = nil
        // A lone code unit below U+20E3 (the keycap, the lowest that makes an emoji) is never one: no call.
        if let emojiOrder = candidates.emojiOrder, end - start > 1 || buffer[start] >= 0x20E3,
           PreparedTextBuilder.isEmojiPresentation(buffer, start, end) {
            // An emoji shows as one (UTS #51: Emoji_Presentation, or a text character with U+FE0F or a keycap):
            // the emoji fonts first, even where a text font has a glyph.
            chosen = emojiOrder.first { covers($0, buffer, flags, start, end) }
        }
        if chosen == nil, ownScriptIsWeak {
            let primary = candidates.primary
            if covers(primary, buffer, flags, start, end) {
                chosen = primary
            } else if let previousFace, covers(previousFace, buffer, flags, start, end) {
                chosen = previousFace
            }
        }
        if chosen == nil {
            // By value: the synthesized `==` of an optional tag went through `Equatable`'s witness.
            if script.rawValue != lastScript?.rawValue {
                order = candidates.fonts.candidateOrder(script: script, languageLists: candidates.languageLists)
                if mapsOrder { order = order.map { candidates.faceMap[$0] } }
                lastScript = script
            }
            let order = order
            chosen = order.first { covers($0, buffer, flags, start, end) }
        }
        return chosen
    }
}
