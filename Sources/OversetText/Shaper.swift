internal import CHarfBuzz
internal import COversetICU

/// One glyph as HarfBuzz placed it, in font units of its face.
package struct ShapedGlyph: Sendable, Equatable {
    package var glyph: UInt32
    /// UTF-16 offset, into the whole text, of the first code unit of the cluster this glyph belongs to.
    package var cluster: Int32
    package var advance: Int32
    package var xOffset: Int32
    package var yOffset: Int32
    /// HarfBuzz's `HB_GLYPH_FLAG_UNSAFE_TO_BREAK`: breaking the text at the start of this glyph's cluster would
    /// change the shaping on one side or the other, so the two sides must be re-shaped to be measured exactly.
    package var unsafeToBreak: Bool
}

/// An ISO 15924 script as HarfBuzz names it (an OpenType-style tag such as `Thai`, `Arab`, `Zyyy`).
package struct ScriptTag: Hashable, Sendable, CustomStringConvertible {
    package let rawValue: UInt32
    @inlinable package init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The Unicode Script property of `scalar` (UAX #24), from HarfBuzz's built-in Unicode data.
    @inline(__always)
    package static func of(_ scalar: UInt32) -> ScriptTag {
        ScriptTag(rawValue: hb_unicode_script(hb_unicode_funcs_get_default(), scalar).rawValue)
    }

    /// Parses a four-letter ISO 15924 code such as `"Thai"`, or returns nil.
    package init?(code: String) {
        guard code.unicodeScalars.count == 4, ov_script_is_known(code) != 0 else { return nil }
        let script = hb_script_from_string(code, -1)
        guard script != HB_SCRIPT_INVALID, script != HB_SCRIPT_UNKNOWN else { return nil }
        self.rawValue = script.rawValue
    }

    // The tags as literals (`HB_TAG` of the ISO 15924 code; FastPathTests compares them with HarfBuzz's): a
    // `static let` cost a `swift_once` per read in the engine's per-cluster loops, and the synthesized `==` a
    // generic call per comparison (RESEARCH.md, "check at engine speed, round 6").
    @inlinable package static var common: ScriptTag { ScriptTag(rawValue: 0x5A79_7979) }  // Zyyy
    @inlinable package static var inherited: ScriptTag { ScriptTag(rawValue: 0x5A69_6E68) }  // Zinh
    @inlinable package static var unknown: ScriptTag { ScriptTag(rawValue: 0x5A7A_7A7A) }  // Zzzz
    @inlinable package static var han: ScriptTag { ScriptTag(rawValue: 0x4861_6E69) }  // Hani
    @inlinable package static var hiragana: ScriptTag { ScriptTag(rawValue: 0x4869_7261) }  // Hira
    @inlinable package static var katakana: ScriptTag { ScriptTag(rawValue: 0x4B61_6E61) }  // Kana
    @inlinable package static var bopomofo: ScriptTag { ScriptTag(rawValue: 0x426F_706F) }  // Bopo

    @inlinable package static func == (lhs: ScriptTag, rhs: ScriptTag) -> Bool { lhs.rawValue == rhs.rawValue }
    /// ISO 15924 `Zsye` (emoji): no character has it as its Script property; a font stack's list for it is tried
    /// first for clusters shown as emoji.
    package static let emoji = ScriptTag(code: "Zsye")!

    /// True for Common and Inherited, which take the script of the text around them.
    @inlinable package var isWeak: Bool { self == .common || self == .inherited || self == .unknown }

    /// The four-letter code, e.g. `Thai`.
    package var description: String {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: rawValue >> $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A BCP 47 language for shaping (HarfBuzz interns these; the pointer lives as long as the process).
package struct ShapingLanguage: @unchecked Sendable, Equatable {
    // @unchecked Sendable: hb_language_t values are interned, immutable and never freed.
    fileprivate let raw: OpaquePointer?
    package init(_ tag: String?) {
        raw = tag.flatMap { $0.isEmpty ? nil : hb_language_from_string($0, -1) }
    }
}

/// An OpenType feature setting such as `kern=0`, `+liga` or `ss01`, as HarfBuzz parses them.
package struct FontFeatureSetting: Sendable, Hashable {
    package var tag: UInt32
    package var value: UInt32
    package var start: UInt32
    package var end: UInt32

    /// Parses HarfBuzz's feature syntax (`hb_feature_from_string`), or returns nil.
    package init?(parsing string: String) {
        var feature = hb_feature_t()
        guard hb_feature_from_string(string, -1, &feature) != 0 else { return nil }
        tag = feature.tag
        value = feature.value
        start = feature.start
        end = feature.end
    }

    fileprivate var hb: hb_feature_t { hb_feature_t(tag: tag, value: value, start: start, end: end) }
}

/// Shapes runs of text with HarfBuzz, reusing buffers across calls and threads.
package final class Shaper: Sendable {
    private let buffers = ResourcePool<OpaquePointer>(
        make: { hb_buffer_create() },
        destroy: { hb_buffer_destroy($0) }
    )

    package init() {}

    /// Shapes `range` of `text` with `face` and appends the glyphs to `glyphs`, in HarfBuzz's output order (visual
    /// order: right to left runs come out reversed).
    ///
    /// - Parameters:
    ///   - context: the part of `text` HarfBuzz may look at around `range` (Arabic joining, Indic reordering look
    ///     a few characters outside). Pass `range` itself to shape the piece as if it stood alone.
    /// - Returns: ``ShapeOutcome/outOfMemory`` if HarfBuzz could not allocate, ``ShapeOutcome/tooManyGlyphs(_:)``
    ///   when the font made more than ``maximumGlyphsPerUnit`` glyphs per UTF-16 unit (nothing is appended then).
    @discardableResult
    package func shape(_ text: UnsafeBufferPointer<UInt16>, range: Range<Int>, context: Range<Int>, face: FontFace,
                       rightToLeft: Bool, script: ScriptTag, language: ShapingLanguage,
                       features: [FontFeatureSetting], into glyphs: inout [ShapedGlyph]) -> ShapeOutcome {
        precondition(context.lowerBound <= range.lowerBound && range.upperBound <= context.upperBound)
        guard !range.isEmpty, let base = text.baseAddress else { return .shaped }
        let shaped: ShapeOutcome? = buffers.withHandle { buffer in
            hb_buffer_clear_contents(buffer)
            hb_buffer_add_utf16(buffer, base + context.lowerBound, Int32(context.count),
                                UInt32(range.lowerBound - context.lowerBound), Int32(range.count))
            hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
            hb_buffer_set_script(buffer, hb_script_t(script.rawValue))
            hb_buffer_set_language(buffer, language.raw)
            if features.isEmpty {
                hb_shape(face.hbFont, buffer, nil, 0)
            } else {
                let hbFeatures = features.map(\.hb)
                hb_shape(face.hbFont, buffer, hbFeatures, UInt32(hbFeatures.count))
            }
            guard hb_buffer_allocation_successful(buffer) != 0 else { return .outOfMemory }
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return count == 0 ? .shaped : .outOfMemory }
            guard Int(count) <= Shaper.maximumGlyphsPerUnit * range.count + Shaper.maximumGlyphsPerUnit else {
                return .tooManyGlyphs(Int(count))
            }
            glyphs.reserveCapacity(glyphs.count + Int(count))
            let offset = Int32(context.lowerBound)
            for i in 0..<Int(count) {
                var info = infos[i]
                let flags = hb_glyph_info_get_glyph_flags(&info).rawValue
                glyphs.append(ShapedGlyph(
                    glyph: info.codepoint,
                    cluster: Int32(bitPattern: info.cluster) + offset,
                    advance: positions[i].x_advance,
                    xOffset: positions[i].x_offset,
                    yOffset: positions[i].y_offset,
                    unsafeToBreak: (flags & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue) != 0
                ))
            }
            return .shaped
        }
        return shaped ?? .outOfMemory
    }

    /// The most glyphs a font may make per UTF-16 unit: real fonts make at most a few (Indic conjuncts, emoji
    /// sequences make fewer); a hostile GSUB that turns one character into 60 glyphs made a 1 M-character text hold
    /// 4.5 GB. (HarfBuzz itself stops at 64 per character, `HB_BUFFER_MAX_LEN_FACTOR`.)
    package static let maximumGlyphsPerUnit = 16
}

/// How a call to ``Shaper/shape(_:range:context:face:rightToLeft:script:language:features:into:)`` ended.
package enum ShapeOutcome: Equatable, Sendable {
    case shaped
    /// HarfBuzz could not allocate.
    case outOfMemory
    /// The font made this many glyphs, more than ``Shaper/maximumGlyphsPerUnit`` per unit.
    case tooManyGlyphs(Int)
}
