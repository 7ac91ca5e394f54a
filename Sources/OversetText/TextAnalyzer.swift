internal import COversetICU

/// A place where a line may end (UAX #14), as ICU's line break iterator reports it.
package struct BreakOpportunity: Sendable, Equatable {
    /// UTF-16 offset of the first code unit of the next line.
    package var offset: Int32
    /// A mandatory break (after a newline or paragraph separator, UAX #14 classes BK, CR, LF, NL).
    package var isMandatory: Bool
    package init(offset: Int32, isMandatory: Bool) {
        self.offset = offset
        self.isMandatory = isMandatory
    }
}

/// The paragraph direction asked of the bidi algorithm.
package enum BaseDirection: Sendable {
    /// From the first strong character of each paragraph (UAX #9 P2, P3), left to right when there is none.
    case auto
    case leftToRight
    case rightToLeft
}

/// Bidi embedding levels of a text (UAX #9 up to rule L1 for the whole paragraph).
package struct BidiLevels: Sendable {
    /// One level per UTF-16 code unit; odd levels are right to left.
    package var levels: [UInt8]
    /// Each paragraph's UTF-16 range and base level.
    package var paragraphs: [(range: Range<Int>, level: UInt8)]

    package init(levels: [UInt8], paragraphs: [(range: Range<Int>, level: UInt8)]) {
        self.levels = levels
        self.paragraphs = paragraphs
    }
}

/// ICU's text analysis: line break opportunities, grapheme clusters and bidi levels.
///
/// ICU iterators are expensive to open, so each kind is pooled and reused; the analyzer can be shared by any number
/// of threads.
package final class TextAnalyzer: Sendable {
    /// Line iterators by the language tag as the caller gave it (nil as ""): its ICU locale is made only when its
    /// pool is, never on every call. Owned by this analyzer (one per engine's shared machinery); at most
    /// ``maximumLanguagePools`` tags, emptied when full (a `measure` session may name any tag), a pool in use
    /// staying alive with its user.
    private let lineIterators = Lock<[String: ResourcePool<OpaquePointer>]>([:])

    /// The most languages whose line iterators an analyzer keeps pooled.
    static let maximumLanguagePools = 64
    private let characterIterators = ResourcePool<OpaquePointer>(
        make: {
            var status: Int32 = 0
            let iterator = ov_brk_open_character(&status)
            return ov_icu_failure(status) != 0 ? nil : iterator
        },
        destroy: { ov_brk_close($0) }
    )
    private let bidiObjects = ResourcePool<OpaquePointer>(
        make: { ov_bidi_open() },
        destroy: { ov_bidi_close($0) }
    )

    package init() {}

    /// Whether ICU knows the language of a BCP 47 tag; an unknown one gets the root line breaking rules.
    /// Asked once per tag in a process (ICU's lookup costs more than preparing a short string's line breaks).
    package static func isKnownLanguage(_ tag: String) -> Bool {
        knownLanguages.cached(tag, limit: 1_024) { ov_language_is_known(tag) != 0 }
    }

    /// Whether ICU knows a tag, by tag: a process-wide cache of at most 1,024 tags, emptied when full.
    private static let knownLanguages = Lock<[String: Bool]>([:])

    /// ICU's locale ID for a BCP 47 tag (`zh-CN` becomes `zh_CN`).
    private static func icuLocale(_ language: String?) -> String {
        guard let language, !language.isEmpty else { return "" }
        // Japanese typesetting never starts a line with a small kana or the prolonged sound mark (JIS X 4051
        // kinsoku); ICU does that under its "strict" line breaking, which it does not pick for ja by default.
        if language == "ja" || language.hasPrefix("ja-") || language.hasPrefix("ja_") {
            return language.replacingHyphens() + "@lb=strict"
        }
        return language.replacingHyphens()
    }

    private func linePool(for language: String?) -> ResourcePool<OpaquePointer> {
        let tag = language ?? ""
        return lineIterators.withLock { pools in
            if let pool = pools[tag] { return pool }
            if pools.count >= TextAnalyzer.maximumLanguagePools { pools.removeAll(keepingCapacity: true) }
            let locale = TextAnalyzer.icuLocale(language)
            let pool = ResourcePool<OpaquePointer>(
                make: {
                    var status: Int32 = 0
                    let iterator = ov_brk_open_line(locale, &status)
                    return ov_icu_failure(status) != 0 ? nil : iterator
                },
                destroy: { ov_brk_close($0) }
            )
            pools[tag] = pool
            return pool
        }
    }

    /// Every line break opportunity after the start of `text`, in order; the last is always the end of the text.
    /// Uses ICU's rules for `language` (dictionary breaking for Thai, Lao, Khmer and Burmese; CJK rules).
    /// Returns nil if ICU could not open an iterator.
    package func lineBreaks(_ text: UnsafeBufferPointer<UInt16>, language: String?) -> [BreakOpportunity]? {
        let count = text.count
        if count == 0 { return [] }
        return linePool(for: language).withHandle { iterator -> [BreakOpportunity] in
            var status: Int32 = 0
            ov_brk_set_text(iterator, text.baseAddress, Int32(count), &status)
            defer { var reset: Int32 = 0; ov_brk_set_text(iterator, nil, 0, &reset) }
            var result: [BreakOpportunity] = []
            result.reserveCapacity(count / 4 + 1)
            _ = ov_brk_first(iterator)
            var position = ov_brk_next(iterator)
            while position >= 0 {
                // ICU gives a break its dictionary found the rule status of the range's end, so the breaks of a
                // Thai (Lao, Khmer, Burmese) stretch before a newline all read as hard: a break is mandatory only
                // after a mandatory-break character itself (UAX #14 LB4, LB5).
                let hard = ov_brk_is_hard_break(iterator) != 0 && position > 0
                    && Self.isMandatoryBreakCharacter(text[Int(position) - 1])
                result.append(BreakOpportunity(offset: position, isMandatory: hard))
                position = ov_brk_next(iterator)
            }
            return result
        }
    }

    /// Whether a UTF-16 code unit is a character of UAX #14 class BK, CR, LF or NL (each in the BMP): the
    /// characters a mandatory break follows.
    static func isMandatoryBreakCharacter(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Extended grapheme cluster boundaries (UAX #29), starting with 0 and ending with the text's length.
    package func graphemeBoundaries(_ text: UnsafeBufferPointer<UInt16>) -> [Int32]? {
        let count = text.count
        if count == 0 { return [0] }
        return characterIterators.withHandle { iterator -> [Int32] in
            var status: Int32 = 0
            ov_brk_set_text(iterator, text.baseAddress, Int32(count), &status)
            defer { var reset: Int32 = 0; ov_brk_set_text(iterator, nil, 0, &reset) }
            var result: [Int32] = [0]
            result.reserveCapacity(count + 1)
            _ = ov_brk_first(iterator)
            var position = ov_brk_next(iterator)
            while position >= 0 {
                result.append(position)
                position = ov_brk_next(iterator)
            }
            return result
        }
    }

    /// Resolved bidi levels of `text` (UAX #9), paragraph by paragraph. Returns nil if ICU failed.
    package func bidiLevels(_ text: UnsafeBufferPointer<UInt16>, base: BaseDirection) -> BidiLevels? {
        let count = text.count
        let baseCode: Int32 = switch base {
        case .auto: 2
        case .leftToRight: 0
        case .rightToLeft: 1
        }
        if count == 0 {
            let level: UInt8 = base == .rightToLeft ? 1 : 0
            return BidiLevels(levels: [], paragraphs: [(0..<0, level)])
        }
        let result: BidiLevels?? = bidiObjects.withHandle { bidi -> BidiLevels? in
            var status: Int32 = 0
            ov_bidi_set_para(bidi, text.baseAddress, Int32(count), baseCode, &status)
            guard ov_icu_failure(status) == 0 else { return nil }
            var levels = [UInt8](repeating: 0, count: count)
            levels.withUnsafeMutableBufferPointer { buffer in
                ov_bidi_get_levels(bidi, buffer.baseAddress, Int32(count), &status)
            }
            guard ov_icu_failure(status) == 0 else { return nil }
            var paragraphs: [(range: Range<Int>, level: UInt8)] = []
            let paragraphCount = ov_bidi_count_paragraphs(bidi)
            for index in 0..<paragraphCount {
                var start: Int32 = 0, limit: Int32 = 0, level: UInt8 = 0
                ov_bidi_get_paragraph(bidi, index, &start, &limit, &level, &status)
                guard ov_icu_failure(status) == 0 else { return nil }
                paragraphs.append((Int(start)..<Int(limit), level))
            }
            return BidiLevels(levels: levels, paragraphs: paragraphs)
        }
        return result ?? nil
    }
}

/// What preparation needs to know about a character (UAX #14 and UAX #9 classes), from one ICU lookup.
package struct CharacterFlags: OptionSet, Sendable {
    package let rawValue: UInt16
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Hangs past the end of a line (UAX #14 SP, BK, CR, LF, NL).
    package static let hangs = CharacterFlags(rawValue: UInt16(OV_HANGS))
    /// A mandatory break (BK, CR, LF, NL).
    package static let mandatoryBreak = CharacterFlags(rawValue: UInt16(OV_MANDATORY_BREAK))
    /// A line should not start with it (CL, CP, EX, IS, NS, CJ).
    package static let noBreakBefore = CharacterFlags(rawValue: UInt16(OV_NO_BREAK_BEFORE))
    /// Right-to-left, an Arabic number or an explicit bidi control: the text needs the bidi algorithm.
    package static let needsBidi = CharacterFlags(rawValue: UInt16(OV_NEEDS_BIDI))
    /// A paragraph separator (Bidi_Class B).
    package static let paragraphSeparator = CharacterFlags(rawValue: UInt16(OV_PARAGRAPH_SEPARATOR))
    /// Default_Ignorable_Code_Point.
    package static let defaultIgnorable = CharacterFlags(rawValue: UInt16(OV_DEFAULT_IGNORABLE))
    /// A grapheme cluster on its own whatever surrounds it (UAX #29 GCB Other, CR, LF, Control; not emoji).
    package static let simpleGrapheme = CharacterFlags(rawValue: UInt16(OV_SIMPLE_GRAPHEME))

    /// The character's UAX #14 class when it is one the pair table of ``TextAnalyzer/simpleLineBreaks(_:language:)``
    /// decides alone (``SimpleLineClass``), else nil.
    @inline(__always) package var simpleLineClass: SimpleLineClass? {
        SimpleLineClass(rawValue: UInt8(truncatingIfNeeded: rawValue >> UInt16(OV_LINE_CLASS_SHIFT)) & 7)
    }

    /// Bit tests that stay fast across modules (no generic `SetAlgebra` call).
    @inline(__always) package func has(_ flag: CharacterFlags) -> Bool { rawValue & flag.rawValue != 0 }

    /// The flags of `scalar`. Printable ASCII takes a table instead of ICU.
    @inline(__always)
    package static func of(_ scalar: UInt32) -> CharacterFlags {
        if scalar >= 0x21 && scalar < 0x7F { return asciiTable[Int(scalar)] }
        return CharacterFlags(rawValue: UInt16(truncatingIfNeeded: ov_char_flags(scalar)))
    }

    /// ``of(_:)`` from ICU's data every time, not from the table the C layer keeps (for tests of that table).
    package static func uncached(_ scalar: UInt32) -> CharacterFlags {
        CharacterFlags(rawValue: UInt16(truncatingIfNeeded: ov_char_flags_uncached(scalar)))
    }

    private static let asciiTable: [CharacterFlags] = (0..<128).map {
        CharacterFlags(rawValue: UInt16(truncatingIfNeeded: ov_char_flags(UInt32($0))))
    }
}

/// Unicode properties the layout needs, from ICU's data.
package enum UnicodeProperties {
    /// Default_Ignorable_Code_Point: characters a font need not have a glyph for (ZWJ, variation selectors, bidi
    /// controls, soft hyphen).
    @inline(__always)
    package static func isDefaultIgnorable(_ scalar: UInt32) -> Bool { CharacterFlags.of(scalar).has(.defaultIgnorable) }
}

extension String {
    fileprivate func replacingHyphens() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "-" ? "_" : $0 }))
    }
}

/// The UAX #14 line-breaking classes whose pairs decide every break opportunity between them with no rule that looks
/// further (the letters of Latin, Greek, Cyrillic, Arabic and most alphabets, digits, spaces, and `.,:;!?'"-`): a
/// text of these alone is broken by a table instead of ICU's rule machine (checked against ICU in `FastPathTests`).
/// Raw values are the C layer's `OV_LINE_*`.
package enum SimpleLineClass: UInt8, Sendable {
    case alphabetic = 1, numeric, space, infixNumeric, exclamation, quotation, hyphen
}

extension TextAnalyzer {
    /// The break opportunities of a text each of whose code units is a character with a ``SimpleLineClass`` (its
    /// `flags`, one per code unit; nil when one has none), as ICU's line rules give them: after a space (LB18)
    /// except before a space, `!?` or `,.:;` (LB7, LB13; ICU breaks before `,.:;` followed by a digit, as Unicode
    /// 15.1's LB15c does); after `!?` before a letter or digit; after a hyphen before a letter, unless the hyphen
    /// starts a word (LB21 forbids a break before it, LB25 before a digit, ICU's LB20.1 after a word-initial one,
    /// "-namen"); and at the end, where ICU reports the text's end. Nowhere else: letters, digits, quotes and `,.:;`
    /// hold together (LB19, LB23, LB25, LB28, LB29). Checked against ICU over the corpus and random strings of these
    /// classes in the languages it is used for (FastPathTests).
    ///
    /// Not for the languages whose ICU line rules differ for these classes (``takesRootLineRules(_:)``): nil, ICU
    /// breaks them.
    package static func simpleLineBreaks(_ flags: [CharacterFlags], language: String?) -> [BreakOpportunity]? {
        if let language, !takesRootLineRules(language) { return nil }
        return flags.withUnsafeBufferPointer { flags -> [BreakOpportunity]? in
            guard var previous = flags.first?.simpleLineClass else { return nil }
            var beforePrevious: SimpleLineClass? = nil  // nil at the start of the text
            var result: [BreakOpportunity] = []
            result.reserveCapacity(flags.count / 4 + 1)
            for index in flags.indices.dropFirst() {
                guard let current = flags[index].simpleLineClass else { return nil }
                let breaks: Bool = switch previous {
                case .space:
                    switch current {
                    case .space, .exclamation: false
                    // ICU breaks before `,.:;` after a space only where a digit follows (" .5"; Unicode 15.1's LB15c).
                    case .infixNumeric: index + 1 < flags.count && flags[index + 1].simpleLineClass == .numeric
                    default: true
                    }
                case .exclamation: current == .alphabetic || current == .numeric
                case .hyphen: current == .alphabetic && beforePrevious != nil && beforePrevious != .space
                case .alphabetic, .numeric, .infixNumeric, .quotation: false
                }
                if breaks { result.append(BreakOpportunity(offset: Int32(index), isMandatory: false)) }
                beforePrevious = previous
                previous = current
            }
            result.append(BreakOpportunity(offset: Int32(flags.count), isMandatory: false))
            return result
        }
    }

    /// Whether ICU breaks lines of `tag` with its root rules as far as the pair table's classes go (beside
    /// ``icuLocale(_:)``, which picks the rules): not Chinese, Japanese or Cantonese (`ja…`, `zh…`, `yue…`: ICU's
    /// `line_cj` rules make the curly quotes opening and closing punctuation), and no `@` keyword or `-u-`
    /// extension asking for other rules (`lb-loose`). Read from the tag's bytes, without making strings (which would
    /// cost more than the table saves); any doubt answers false.
    package static func takesRootLineRules(_ tag: String) -> Bool {
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
