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
             Self.simpleLineBreaks(properties.flags, language: language) ?? analyzer.lineBreaks(buffer, language: language),
             properties.needsBidi ? analyzer.bidiLevels(buffer, base: base)
                : Self.leftToRightLevels(units, flags: properties.flags))
        }
        guard let graphemes = result.0 else { throw .analysisFailed(stage: "grapheme segmentation (ICU)") }
        guard let breaks = result.1 else { throw .analysisFailed(stage: "line breaking (ICU)") }
        guard let bidi = result.2 else { throw .analysisFailed(stage: "bidi analysis (ICU)") }
        return Analysis(graphemes: graphemes, breaks: breaks, bidi: bidi)
    }

    /// The line breaks of a text of letters, digits, spaces and common punctuation from the pair table
    /// (``TextAnalyzer/simpleLineBreaks(_:)``), in the languages whose ICU line rules are the root's for these
    /// classes; nil otherwise (ICU breaks it). Not for Chinese, Japanese and Cantonese, whose ICU rules (`line_cj`)
    /// treat the curly quotes as opening and closing punctuation, nor a tag that asks ICU for other rules (a `-u-`
    /// extension such as `lb-loose`, or an ICU `@` keyword).
    static func simpleLineBreaks(_ flags: [CharacterFlags], language: String?) -> [BreakOpportunity]? {
        if let language, !takesRootLineRules(language) { return nil }
        return flags.withUnsafeBufferPointer { TextAnalyzer.simpleLineBreaks($0) }
    }

    /// Whether ICU breaks lines of `tag` with its root rules as far as the pair table's classes go: not `ja…`,
    /// `zh…` or `yue…`, and no `@` keyword or `-u-` extension. Read from the tag's bytes (`lowercased()` and
    /// `contains` cost 3,000 instructions a text, more than the table saves); any doubt answers false.
    static func takesRootLineRules(_ tag: String) -> Bool {
        tag.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            func lower(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] | 0x20 : 0 }
            let (first, second, third) = (lower(0), lower(1), lower(2))
            if (first == UInt8(ascii: "j") && second == UInt8(ascii: "a"))
                || (first == UInt8(ascii: "z") && second == UInt8(ascii: "h"))
                || (first == UInt8(ascii: "y") && second == UInt8(ascii: "u") && third == UInt8(ascii: "e")) {
                return false
            }
            for index in bytes.indices {
                let byte = bytes[index]
                if byte == UInt8(ascii: "@") { return false }
                if byte | 0x20 == UInt8(ascii: "u"), index > 0, index + 1 < bytes.count,
                   bytes[index - 1] == UInt8(ascii: "-") || bytes[index - 1] == UInt8(ascii: "_"),
                   bytes[index + 1] == UInt8(ascii: "-") || bytes[index + 1] == UInt8(ascii: "_") {
                    return false
                }
            }
            return true
        } ?? false
    }
}
