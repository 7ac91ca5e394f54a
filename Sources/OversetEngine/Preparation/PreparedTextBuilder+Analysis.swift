internal import OversetText

/// Stages 1 and 2: character properties, then ICU's grapheme clusters (UAX #29), line break opportunities
/// (UAX #14) and bidi levels (UAX #9).
extension PreparedTextBuilder {
    /// Per code unit properties, from one pass over the UTF-16 with one ICU property lookup per character.
    struct CharacterProperties: Sendable {
        /// The script of each character (UAX #24), at its first code unit.
        var scripts: [ScriptTag]
        /// The packed properties of each character, at its first code unit.
        var flags: [CharacterFlags]
        /// Whether a code unit starts a scalar (not the second half of a surrogate pair).
        var isScalarStart: [Bool]
        /// Whether the text needs the bidi algorithm (a right-to-left character, an Arabic number, a control).
        var needsBidi: Bool
        /// Whether every scalar is a grapheme cluster on its own, so ICU's segmentation can be skipped.
        var simpleGraphemes: Bool
    }

    /// ICU's answers for the text.
    struct Analysis: Sendable {
        /// Grapheme cluster boundaries, from 0 to the length.
        var graphemes: [Int32]
        /// Line break opportunities.
        var breaks: [BreakOpportunity]
        /// Bidi levels and paragraphs.
        var bidi: BidiLevels
    }

    /// Stage 1: the properties of every character.
    func characterProperties() -> CharacterProperties {
        let count = units.count
        var properties = CharacterProperties(
            scripts: [ScriptTag](filled: .common, count: count),
            flags: [CharacterFlags](filled: [], count: count),
            isScalarStart: [Bool](filled: false, count: count),
            needsBidi: options.direction == .rightToLeft, simpleGraphemes: true)
        units.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < count {
                let (scalar, length) = Self.scalar(buffer, at: index, limit: count)
                let characterFlags = CharacterFlags.of(scalar)
                properties.flags[index] = characterFlags
                properties.scripts[index] = ScriptTag.of(scalar)
                properties.isScalarStart[index] = true
                if characterFlags.has(.needsBidi) { properties.needsBidi = true }
                if !characterFlags.has(.simpleGrapheme) || length == 2 { properties.simpleGraphemes = false }
                index += length
            }
        }
        return properties
    }

    /// Stage 2: grapheme clusters, line break opportunities, and bidi only for text that has right-to-left
    /// characters or controls (otherwise every level is 0: UAX #9 P2–P3 with no strong R or AL).
    func analyze(_ properties: CharacterProperties) throws(OversetError) -> Analysis {
        let analyzer = engine.shared.analyzer
        let base: BaseDirection = switch options.direction {
        case .natural: .auto
        case .leftToRight: .leftToRight
        case .rightToLeft: .rightToLeft
        }
        let result = units.withUnsafeBufferPointer { buffer in
            (properties.simpleGraphemes ? Self.simpleGraphemeBoundaries(units) : analyzer.graphemeBoundaries(buffer),
             TextAnalyzer.simpleLineBreaks(properties.flags, language: language)
                ?? analyzer.lineBreaks(buffer, language: language),
             properties.needsBidi ? analyzer.bidiLevels(buffer, base: base)
                : Self.leftToRightLevels(units, flags: properties.flags))
        }
        guard let graphemes = result.0 else { throw .analysisFailed(stage: "grapheme segmentation (ICU)") }
        guard let breaks = result.1 else { throw .analysisFailed(stage: "line breaking (ICU)") }
        guard let bidi = result.2 else { throw .analysisFailed(stage: "bidi analysis (ICU)") }
        return Analysis(graphemes: graphemes, breaks: breaks, bidi: bidi)
    }
}
