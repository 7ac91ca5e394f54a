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
        // Longer than 80 lines on purpose: font fallback cluster by cluster with the run's running face and the style's stack, on the
        // preparation's hot path.
        let clusterCount = graphemes.count - 1
        // Faces are loaded as the candidate order reaches them (an installed font is loaded when a text first needs
        // it): a Latin text never loads the Thai, CJK or emoji faces.
        let table = styling.faceTable
        var loaded = [FontFace?](filled: nil, count: table.count)
        func face(_ index: Int) -> FontFace {
            if let face = loaded[index] { return face }
            let face = table[index].face
            loaded[index] = face
            return face
        }
        let flags = properties.flags
        var clusterFaces = [Int](filled: 0, count: clusterCount)
        var lastScript: ScriptTag? = nil
        var lastStyle = -1
        var order: [Int] = []
        var previousFace: Int? = nil
        // Per style (a styled run's fonts; index 0 the engine's): its faces' table indices in candidate order.
        var languageLists = engine.fonts.languageLists(for: language)
        var fonts = engine.fonts
        var faceMap = styling.styles[0].fonts.faceMap
        var primary = faceMap[0]
        func emojiCandidates(_ fonts: FontStack, _ map: [Int]) -> [Int]? {
            fonts.fallbackIndices[ScriptTag.emoji].map { _ in fonts.candidateOrder(script: .emoji).map { map[$0] } }
        }
        var emojiOrder = emojiCandidates(fonts, faceMap)
        units.withUnsafeBufferPointer { buffer in
            /// Whether `face` has a glyph for every character of the cluster that needs one.
            func covers(_ face: FontFace, _ start: Int, _ end: Int) -> Bool {
                var index = start
                while index < end {
                    let (scalar, length) = Self.scalar(buffer, at: index, limit: end)
                    if !Self.isControl(scalar) && !flags[index].has(.defaultIgnorable) && !face.hasGlyph(for: scalar) {
                        return false
                    }
                    index += length
                }
                return true
            }
            for cluster in 0..<clusterCount {
                let start = Int(graphemes[cluster]), end = Int(graphemes[cluster + 1])
                let style = styling.unitStyles.map { Int($0[start]) } ?? 0
                if style != lastStyle {
                    if style != 0 || lastStyle > 0 {
                        fonts = styling.styles[style].fonts.stack
                        faceMap = styling.styles[style].fonts.faceMap
                        primary = faceMap[0]
                        languageLists = fonts.languageLists(for: language)
                        emojiOrder = emojiCandidates(fonts, faceMap)
                        lastScript = nil
                        // The face of the cluster before counts only within one style's fonts.
                        if let face = previousFace, !faceMap.contains(face) { previousFace = nil }
                    }
                    lastStyle = style
                }
                var ownScriptIsWeak = true
                for unit in start..<end where properties.isScalarStart[unit] && !properties.scripts[unit].isWeak {
                    ownScriptIsWeak = false
                    break
                }
                var chosen: Int? = nil
                // A lone code unit below U+20E3 (the keycap, the lowest that makes an emoji) is never one: no call.
                if let emojiOrder, end - start > 1 || buffer[start] >= 0x20E3, Self.isEmojiPresentation(buffer, start, end) {
                    // An emoji shows as one (UTS #51: Emoji_Presentation, or a text character with U+FE0F or a
                    // keycap): the emoji fonts first, even where a text font has a glyph.
                    chosen = emojiOrder.first { covers(face($0), start, end) }
                }
                if chosen == nil, ownScriptIsWeak {
                    if covers(face(primary), start, end) {
                        chosen = primary
                    } else if let previousFace, covers(face(previousFace), start, end) {
                        chosen = previousFace
                    }
                }
                if chosen == nil {
                    let script = clusterScripts[cluster]
                    // By value: the synthesized `==` of an optional tag went through `Equatable`'s witness.
                    if script.rawValue != lastScript?.rawValue {
                        order = fonts.candidateOrder(script: script, languageLists: languageLists)
                        if style != 0 { order = order.map { faceMap[$0] } }
                        lastScript = script
                    }
                    chosen = order.first { covers(face($0), start, end) }
                }
                if let chosen {
                    clusterFaces[cluster] = chosen
                    previousFace = chosen
                } else {
                    clusterFaces[cluster] = previousFace ?? primary
                    missing.append(missingCharacter(start..<end, flags: flags, faces: table.indices.map(face)))
                }
            }
        }
        return clusterFaces
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
