// The C handles' owner: the FreeType face, its HarfBuzz font and their lifetimes in one place, so no other file
// touches them (the plain values a face is described by are in FontFace+Metrics.swift).
internal import CFreeType
internal import CHarfBuzz

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a font could not be loaded. The Overset module turns these into its public error type.
package enum FontLoadFailure: Error, Equatable, Sendable {
    /// No file at that path.
    case fileNotFound(path: String)
    /// The file exists but could not be read (permissions, a directory, an I/O error).
    case unreadable(path: String, reason: String)
    /// The file is larger than ``FontFace/maximumFileSize``.
    case tooLarge(path: String, bytes: Int)
    /// FreeType does not recognise the data as a font, or the font's tables are broken.
    case notAFont(path: String, reason: String)
    /// The face index is past the number of faces in the file (a collection, or a single font).
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
}

/// The bytes of one font file, shared by every face of a collection and every instance of a variable font loaded
/// from it: a `.ttc` with ten faces is read once, not ten times.
///
/// Ownership: owns the buffer (allocated, or a read-only mapping of the file) and the HarfBuzz blob over it; the
/// blob is destroyed before the buffer is freed or unmapped.
final class FontBytes: @unchecked Sendable {
    // @unchecked Sendable: immutable after init; HarfBuzz blobs are immutable and reference-counted atomically.
    let buffer: UnsafeMutableRawBufferPointer
    let blob: OpaquePointer
    /// Whether `buffer` is a mapping of the file (unmapped, not deallocated).
    private let isMapped: Bool

    /// Takes ownership of `buffer`.
    init(_ buffer: UnsafeMutableRawBufferPointer, isMapped: Bool = false) {
        self.buffer = buffer
        self.isMapped = isMapped
        blob = hb_blob_create(UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self),
                              UInt32(buffer.count), HB_MEMORY_MODE_READONLY, nil, nil)!
    }

    deinit {
        hb_blob_destroy(blob)
        if isMapped {
            munmap(buffer.baseAddress, buffer.count)
        } else {
            buffer.deallocate()
        }
    }

    /// Files read and still in use, by path, size and modification time (a changed file is read again): a
    /// process-wide cache of weak references, pruned as files are added. A file's bytes stay shared while a face
    /// uses them and are freed with the last (the font caches above are bounded, so a long session does not keep
    /// every file it ever read).
    private static let files = Lock<[String: WeakBytes]>([:])

    private struct WeakBytes {
        weak var bytes: FontBytes?
    }

    /// The bytes of the file at `path`: read into memory, or with `mapped` a read-only mapping of it, whose pages
    /// are read from disk only when a table is used (the CJK and emoji fonts are 30 MB, of which a string touches a
    /// few pages). Map only installed files that nothing rewrites (the bundled and the system fonts): a mapped file
    /// cut short while in use would fault, where a file read whole cannot change under the engine.
    static func read(_ path: String, mapped: Bool = false) throws(FontLoadFailure) -> FontBytes {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { throw .fileNotFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable(path: path, reason: "not a regular file")
        }
        let key = "\(path)|\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)|\(info.st_ino)"
        if let alive = files.withLock({ $0[key]?.bytes }) { return alive }
        let made: FontBytes
        if mapped, let mapping = try FontFace.mapFile(path, size: Int(info.st_size)) {
            made = FontBytes(mapping, isMapped: true)
        } else {
            made = FontBytes(try FontFace.readFile(path, size: Int(info.st_size)))
        }
        return files.withLock { files in
            if let alive = files[key]?.bytes { return alive }
            files = files.filter { $0.value.bytes != nil }  // forget the files no face uses any more
            files[key] = WeakBytes(bytes: made)
            return made
        }
    }
}

/// The HarfBuzz face of one face index of a file, shared by the default instance and every named or requested
/// instance of a variable font. (FreeType checks the face and reads its names and metrics while it loads, then is
/// closed: nothing after loading needs it, and a CJK face's FreeType structures hold megabytes.)
///
/// Ownership: owns the HarfBuzz face; keeps the file's bytes alive (nil for an unavailable face, whose HarfBuzz
/// face is HarfBuzz's empty one).
private final class FaceStorage: @unchecked Sendable {
    // @unchecked Sendable: the HarfBuzz face is immutable once made (hb_face_make_immutable) and safe to share.
    let bytes: FontBytes?
    let hbFace: OpaquePointer

    init(bytes: FontBytes?, hbFace: OpaquePointer) {
        self.bytes = bytes
        self.hbFace = hbFace
    }

    deinit {
        hb_face_destroy(hbFace)
    }
}

/// One loaded font face at one point of its design space: the file's bytes (shared) and a HarfBuzz font (shaping,
/// cmap, extents) at the face's variations. FreeType validates the face and reads its names and metrics while it
/// loads, and is closed before the face is returned.
///
/// Ownership: this class owns its HarfBuzz font; the bytes and the HarfBuzz face are shared with the other
/// instances of the same face and freed with the last of them.
package final class FontFace: @unchecked Sendable {
    // @unchecked Sendable: after `init` nothing mutates the HarfBuzz font (built-in OpenType functions, no
    // callbacks), which HarfBuzz documents as safe to use from several threads at once, each with its own buffer.
    // The ink table and the instance cache are behind locks.

    /// Font files larger than this are refused (the largest CJK collections are about 30 MB).
    package static let maximumFileSize = 256 * 1024 * 1024
    /// The most faces a collection (`.ttc`) may hold.
    package static let maximumFaces = 1_000

    package let path: String
    package let faceIndex: Int
    /// How many faces the file has (more than 1 for a collection).
    package let faceCount: Int
    package let familyName: String
    package let styleName: String
    package let metrics: FaceMetrics
    package let isBold: Bool
    /// OS/2 `usWeightClass` (400 regular, 600 semibold, 700 bold), 400 when the font has no OS/2 table.
    package let weightClass: Int
    /// Whether the font says it is italic or oblique.
    package let isItalic: Bool
    /// The variation axes (`fvar`), empty for a static font.
    package let axes: [FaceAxis]
    /// The axis values this instance was made at (tag → value, clamped to the axis), empty for the default.
    package let variations: [String: Double]

    private let storage: FaceStorage
    package let hbFont: OpaquePointer
    /// Top and bottom of the glyphs' ink in font units, read 16 glyphs at a time when first asked for (a CJK font
    /// has 65,535 glyphs whose CFF extents cost about 0.3 s to read all at once, and a text uses a few of them).
    private let ink: Lock<InkTable>
    private let glyphCount: Int
    /// The cmap's glyph for U+0000–U+00FF (`UInt32.max`: none), read once: coverage asks each cluster's candidate
    /// faces, and a HarfBuzz cmap lookup per Latin letter was 3.7 % of preparing a corpus string.
    private let latin1: [UInt32]
    /// The default instance this one was made from; nil for a default instance.
    private let defaultInstance: FontFace?
    /// Instances made from this default instance, held weakly (an instance holds its default strongly).
    private let instances = InstanceCache<FontFace>()

    /// Loads face `index` of the font file at `path`; with `mapped`, over a read-only mapping of the file (for
    /// installed fonts only, see `FontBytes.read`).
    package convenience init(path: String, index: Int = 0, mapped: Bool = false) throws(FontLoadFailure) {
        try self.init(bytes: try FontBytes.read(path, mapped: mapped), path: path, index: index)
    }

    /// Loads face `index` from font bytes in memory (`name` names them in errors).
    package convenience init(data: [UInt8], name: String, index: Int = 0) throws(FontLoadFailure) {
        guard !data.isEmpty else { throw .notAFont(path: name, reason: "no bytes") }
        guard data.count <= FontFace.maximumFileSize else { throw .tooLarge(path: name, bytes: data.count) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        buffer.copyBytes(from: data)
        try self.init(bytes: FontBytes(buffer), path: name, index: index)
    }

    init(bytes: FontBytes, path: String, index: Int) throws(FontLoadFailure) {
        self.path = path
        self.faceIndex = index
        let data = bytes.buffer
        try FontFace.refuseWebFont(UnsafeRawBufferPointer(data), path: path)
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw .unreadable(path: path, reason: "FreeType could not be initialised")
        }
        // Ask for the number of faces first (face index -1), so an out-of-range index gets its own error.
        var probe: FT_Face?
        let probeError = FT_New_Memory_Face(library, data.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                            FT_Long(data.count), -1, &probe)
        guard probeError == 0, let probe else {
            FT_Done_FreeType(library)
            throw .notAFont(path: path, reason: FontFace.describe(freeTypeError: probeError))
        }
        let count = Int(probe.pointee.num_faces)
        faceCount = count
        FT_Done_Face(probe)
        do throws(FontLoadFailure) {
            try FontFace.validate(UnsafeRawBufferPointer(data), path: path, index: index, faceCount: count)
        } catch {
            FT_Done_FreeType(library)
            throw error
        }
        var face: FT_Face?
        let error = FT_New_Memory_Face(library, data.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                       FT_Long(data.count), FT_Long(index), &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            throw .notAFont(path: path, reason: FontFace.describe(freeTypeError: error))
        }
        defer {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
        }
        let hbFace = hb_face_create(bytes.blob, UInt32(index))!
        hb_face_make_immutable(hbFace)
        let storage = FaceStorage(bytes: bytes, hbFace: hbFace)
        let flags = face.pointee.face_flags
        let scalable = (flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0
        // A colour-bitmap font (CBDT, sbix) has no outlines but scalable advances in hmtx, which HarfBuzz reads.
        let colorBitmaps = (flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0 && (flags & FT_Long(FT_FACE_FLAG_FIXED_SIZES)) != 0
            && hb_face_get_upem(hbFace) > 0 && FontFace.hasTable(hbFace, "hmtx")
        guard (scalable && face.pointee.units_per_EM > 0) || colorBitmaps else {
            throw .notAFont(path: path, reason: "not a scalable (outline) font")
        }
        let font = hb_font_create(hbFace)!
        hb_font_make_immutable(font)
        let glyphCount = Int(hb_face_get_glyph_count(hbFace))
        // hmtx advances are unsigned 16-bit (OpenType), but HarfBuzz reads those above 32,767 units as negative:
        // every width with such a glyph would be wrong, and a negative line width "fits" anything. Refused.
        if let bad = FontFace.firstAdvancePastInt16(hbFace) {
            hb_font_destroy(font)
            throw .notAFont(path: path, reason: bad)
        }
        self.storage = storage
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? "(unnamed)"
        self.styleName = face.pointee.style_name.map { String(cString: $0) } ?? "Regular"
        self.isBold = (face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD)) != 0
        self.isItalic = (face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC)) != 0
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self)
        self.weightClass = os2.map { $0.pointee.version != 0xFFFF ? Int($0.pointee.usWeightClass) : 400 } ?? 400
        self.metrics = FontFace.readMetrics(face, unitsPerEm: Int(hb_face_get_upem(hbFace)))
        if let disordered = FontFace.disorderedAxis(hbFace) {
            hb_font_destroy(font)
            throw .notAFont(path: path, reason: disordered)
        }
        self.axes = FontFace.readAxes(hbFace)
        self.variations = [:]
        self.defaultInstance = nil
        self.glyphCount = glyphCount
        self.ink = Lock(InkTable())
        self.hbFont = font
        self.latin1 = FontFace.latin1Glyphs(font)
    }

    /// The glyph `font`'s cmap gives each of U+0000–U+00FF, `UInt32.max` for none.
    private static func latin1Glyphs(_ font: OpaquePointer) -> [UInt32] {
        (0..<256).map { scalar in
            var glyph: hb_codepoint_t = 0
            return hb_font_get_nominal_glyph(font, hb_codepoint_t(scalar), &glyph) != 0 ? glyph : .max
        }
    }

    /// An instance of `base` at `variations` (already clamped and keyed).
    private init(instanceOf base: FontFace, variations: [String: Double]) {
        path = base.path
        faceIndex = base.faceIndex
        faceCount = base.faceCount
        familyName = base.familyName
        styleName = base.styleName
        metrics = base.metrics
        isBold = base.isBold
        weightClass = Int(variations["wght"] ?? Double(base.weightClass))
        isItalic = base.isItalic
        axes = base.axes
        storage = base.storage
        glyphCount = base.glyphCount
        latin1 = base.latin1  // variations change outlines and advances, never the cmap
        ink = Lock(InkTable())
        self.variations = variations
        defaultInstance = base
        let font = hb_font_create(base.storage.hbFace)!
        let settings = variations.sorted { $0.key < $1.key }.map { tag, value in
            hb_variation_t(tag: hb_tag_from_string(tag, -1), value: Float(value))
        }
        hb_font_set_variations(font, settings, UInt32(settings.count))
        hb_font_make_immutable(font)
        hbFont = font
    }

    /// A face that could not be loaded (see `DeferredFace`): HarfBuzz's empty face, which maps no character, so no
    /// text is measured with it; its names are the file's.
    init(unavailable path: String, index: Int) {
        self.path = path
        faceIndex = index
        faceCount = 1
        let file = path.split(separator: "/").last.map(String.init) ?? path
        familyName = file
        styleName = "Regular"
        metrics = FaceMetrics(unitsPerEm: 1000, ascender: 0, descender: 0, lineGap: 0, usesTypoMetrics: false,
                              capHeight: nil, xHeight: nil)
        isBold = false
        weightClass = 400
        isItalic = false
        axes = []
        variations = [:]
        let empty = hb_face_get_empty()!
        storage = FaceStorage(bytes: nil, hbFace: empty)
        glyphCount = 0
        ink = Lock(InkTable())
        defaultInstance = nil
        let font = hb_font_create(empty)!
        hb_font_make_immutable(font)
        hbFont = font
        latin1 = FontFace.latin1Glyphs(font)
    }

    /// This face at `variations` (axis tag → value), each value clamped to its axis; tags the font has no axis for
    /// are left out. Instances are made once per face and values.
    package func instance(_ variations: [String: Double]) -> FontFace {
        var clamped: [String: Double] = [:]
        for axis in axes {
            guard let value = variations[axis.tag], value.isFinite else { continue }
            let inRange = min(max(value, axis.minimum), axis.maximum)
            if inRange != axis.defaultValue { clamped[axis.tag] = inRange }
        }
        let base = defaultInstance ?? self
        guard !clamped.isEmpty else { return base }
        return base.instances.instance(clamped) { FontFace(instanceOf: base, variations: clamped) }
    }

    /// Why the font is refused if HarfBuzz reads any advance as negative, else nil: an `hmtx` advance (uint16) of
    /// 32,768 or more. Read from the table's bytes, not through HarfBuzz glyph by glyph (a CJK face has 65,535).
    private static func firstAdvancePastInt16(_ face: OpaquePointer) -> String? {
        let hhea = hb_face_reference_table(face, hb_tag_from_string("hhea", -1))
        let hmtx = hb_face_reference_table(face, hb_tag_from_string("hmtx", -1))
        defer {
            hb_blob_destroy(hhea)
            hb_blob_destroy(hmtx)
        }
        var hheaLength: UInt32 = 0, hmtxLength: UInt32 = 0
        guard let header = hb_blob_get_data(hhea, &hheaLength), hheaLength >= 36,
              let metrics = hb_blob_get_data(hmtx, &hmtxLength) else { return nil }
        let bytes = UnsafeRawPointer(header).assumingMemoryBound(to: UInt8.self)
        let longMetrics = Int(bytes[34]) << 8 | Int(bytes[35])  // numberOfHMetrics
        let table = UnsafeRawPointer(metrics).assumingMemoryBound(to: UInt8.self)
        for glyph in 0..<min(longMetrics, Int(hmtxLength) / 4) where table[4 * glyph] >= 0x80 {
            let advance = Int(table[4 * glyph]) << 8 | Int(table[4 * glyph + 1])
            return "glyph \(glyph) has an advance of \(advance) units, more than the 32,767 HarfBuzz reads correctly "
                + "(it would measure as negative)"
        }
        return nil
    }

    /// Calls `body` with the position and the vertical ink (top and bottom in font units, y up; nil for a glyph with
    /// no ink) of each glyph of `glyphs`, taking the lock once.
    package func verticalInk(of glyphs: ArraySlice<ShapedGlyph>,
                             _ body: (Int, (top: Int32, bottom: Int32)?) -> Void) {
        ink.withLock { table in
            if table.values.isEmpty {
                table.values = [Int32](repeating: 0, count: 2 * glyphCount)
                table.isRead = [Bool](repeating: false, count: glyphCount)
            }
            var position = 0
            for shaped in glyphs {
                defer { position += 1 }
                let index = Int(shaped.glyph)
                guard index < glyphCount else { body(position, nil); continue }
                if !table.isRead[index] { readInk(glyph: index, into: &table) }
                let top = table.values[2 * index], bottom = table.values[2 * index + 1]
                body(position, top < bottom ? nil : (top, bottom))
            }
        }
    }

    /// Reads the ink of `glyph` into `table`: its top and bottom; top < bottom marks no ink. One glyph at a time: a
    /// CJK face's glyph ids are scattered, and reading blocks of 16 read about 16 unused glyphs' outlines per
    /// glyph used (CFF outlines are interpreted to find their extents).
    private func readInk(glyph: Int, into table: inout InkTable) {
        var extents = hb_glyph_extents_t()
        if hb_font_get_glyph_extents(hbFont, UInt32(glyph), &extents) != 0, extents.width != 0 || extents.height != 0 {
            table.values[2 * glyph] = extents.y_bearing
            table.values[2 * glyph + 1] = extents.y_bearing + extents.height
        } else {
            table.values[2 * glyph] = -1
            table.values[2 * glyph + 1] = 0
        }
        table.isRead[glyph] = true
    }

    deinit {
        hb_font_destroy(hbFont)
    }

    /// The glyph the font's cmap gives `scalar`, or nil when the font has none.
    @inline(__always)
    package func glyph(for scalar: UInt32) -> UInt32? {
        if scalar < 256 {
            let glyph = latin1[Int(scalar)]
            return glyph == .max ? nil : glyph
        }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 ? glyph : nil
    }

    /// Whether the font maps `scalar` to a glyph.
    @inline(__always)
    package func hasGlyph(for scalar: UInt32) -> Bool { glyph(for: scalar) != nil }

    /// The characters one face has a glyph for and the other has not, ascending: of every character either
    /// face's cmap lists (`hb_face_collect_unicodes`, both into one set), those where ``hasGlyph(for:)`` differs.
    /// Inter and Inter Display differ in 53 (U+0E3F THAI CURRENCY SYMBOL BAHT among them).
    package func coverageDifference(from other: FontFace) -> [UInt32] {
        if other === self { return [] }
        let set = hb_set_create()!
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(storage.hbFace, set)
        hb_face_collect_unicodes(other.storage.hbFace, set)
        var differ: [UInt32] = []
        var codepoint = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
        while hb_set_next(set, &codepoint) != 0 {
            if hasGlyph(for: codepoint) != other.hasGlyph(for: codepoint) { differ.append(codepoint) }
        }
        return differ
    }
}

/// The vertical ink of a face's glyphs, read as each is first used (``FontFace/verticalInk(of:_:)``).
private struct InkTable {
    /// Top and bottom of each glyph (2 per glyph, allocated at the first lookup); meaningful where it is read.
    var values: [Int32] = []
    var isRead: [Bool] = []
}
