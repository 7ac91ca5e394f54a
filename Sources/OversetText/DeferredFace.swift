internal import CHarfBuzz
import Synchronization

/// A face of an installed font file (the bundled fonts, the system's Noto CJK and emoji) that is loaded the first
/// time a text needs it, not when its stack is made: a stack has about 45 faces, of which a string uses one or two,
/// and loading a Noto Sans CJK face makes FreeType parse 65,535 CFF glyphs' charset.
///
/// What a stack needs before any text is read without loading: the file is mapped and its face count, the face's
/// table directory (inside the file), variation axes and family name are read through HarfBuzz, which reads only the
/// tables asked for. So a missing, cut or out-of-range file is still refused when the stack is made.
///
/// When loading fails anyway (FreeType refuses the face), ``face`` is an unavailable face that maps no character:
/// the characters it would have drawn are reported missing, and ``loadFailure`` says why, never measured with
/// another font silently.
package final class DeferredFace: Sendable {
    package let path: String
    package let faceIndex: Int
    /// The variation axes (`fvar`), read without loading: stacks set a label's weight on the fonts that have them.
    package let axes: [FaceAxis]
    /// The family name in the `name` table (typographic family, else family), read without loading.
    package let nameTableFamily: String?
    private let bytes: FontBytes
    /// The loaded face's object address (retained once, released in `deinit`), 0 until loaded. Not
    /// `AtomicLazyReference`: its `load()` is not specialized outside the standard library, and would look up
    /// `Unmanaged<FontFace>`'s metadata on every call, on every glyph's path.
    private let loaded = Atomic<UInt>(0)
    private let failure = Lock<FontLoadFailure?>(nil)

    /// Maps face `index` of the installed file at `path` and reads what a stack needs without loading it.
    package init(installedPath path: String, index: Int) throws(FontLoadFailure) {
        let bytes = try FontBytes.read(path, mapped: true)
        let count = Int(hb_face_count(bytes.blob))
        guard count > 0 else { throw .notAFont(path: path, reason: "not an OpenType or TrueType font (no sfnt header)") }
        try FontFace.validate(UnsafeRawBufferPointer(bytes.buffer), path: path, index: index, faceCount: count)
        let face = hb_face_create(bytes.blob, UInt32(index))!
        defer { hb_face_destroy(face) }
        self.path = path
        faceIndex = index
        self.bytes = bytes
        axes = FontFace.readAxes(face)
        nameTableFamily = Self.name(face, id: hb_ot_name_id_t(HB_OT_NAME_ID_TYPOGRAPHIC_FAMILY))
            ?? Self.name(face, id: hb_ot_name_id_t(HB_OT_NAME_ID_FONT_FAMILY))
    }

    /// The loaded face, loading it on first use (once; threads that race keep the first one made).
    package var face: FontFace {
        let address = loaded.load(ordering: .acquiring)
        if address != 0 { return Self.object(address) }
        let made: FontFace
        do {
            made = try FontFace(bytes: bytes, path: path, index: faceIndex)
        } catch {
            failure.withLock { $0 = error }
            made = FontFace(unavailable: path, index: faceIndex)
        }
        let retained = Unmanaged.passRetained(made)
        let (stored, original) = loaded.compareExchange(
            expected: 0, desired: UInt(bitPattern: retained.toOpaque()), ordering: .acquiringAndReleasing)
        if stored { return made }
        retained.release()
        return Self.object(original)
    }

    deinit {
        let address = loaded.load(ordering: .acquiring)
        if address != 0 { Unmanaged<FontFace>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).release() }
    }

    private static func object(_ address: UInt) -> FontFace {
        Unmanaged<FontFace>.fromOpaque(UnsafeRawPointer(bitPattern: address)!).takeUnretainedValue()
    }

    /// Why the face could not be loaded, once ``face`` was asked for and failed; nil otherwise.
    package var loadFailure: FontLoadFailure? { failure.withLock { $0 } }

    /// Whether ``face`` has been loaded (or tried).
    package var isLoaded: Bool { loaded.load(ordering: .acquiring) != 0 }

    private static func name(_ face: OpaquePointer, id: hb_ot_name_id_t) -> String? {
        let language = hb_language_from_string("en", -1)
        var length: UInt32 = 0
        let total = hb_ot_name_get_utf8(face, id, language, &length, nil)
        guard total > 0, total < 1024 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(total) + 1)
        length = total + 1
        hb_ot_name_get_utf8(face, id, language, &length, &buffer)
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
