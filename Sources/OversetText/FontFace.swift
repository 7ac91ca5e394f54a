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

/// Vertical metrics and sizes of a face, in font units (y up, as in the font's tables).
package struct FaceMetrics: Sendable, Equatable {
    package var unitsPerEm: Int
    /// Distance from the baseline to the top of the line box (positive).
    package var ascender: Int
    /// Distance from the baseline to the bottom of the line box (positive, unlike the tables' sign).
    package var descender: Int
    package var lineGap: Int
    /// Whether these came from OS/2 sTypo* because fsSelection bit 7 (USE_TYPO_METRICS) is set.
    package var usesTypoMetrics: Bool
    package var capHeight: Int?
    package var xHeight: Int?
}

/// One loaded font face: the file's bytes, a FreeType face (validation, tables, names) and a HarfBuzz font (shaping,
/// cmap, extents) over the same bytes.
///
/// Ownership: this class owns the byte buffer, the FreeType library and face, and the HarfBuzz blob, face and font,
/// and frees them in `deinit` in reverse order.
package final class FontFace: @unchecked Sendable {
    // @unchecked Sendable: after `init` nothing mutates the HarfBuzz font (built-in OpenType functions, no
    // callbacks), which HarfBuzz documents as safe to use from several threads at once, each with its own buffer.
    // The FreeType face is not thread-safe; it is only touched in `init` and `deinit`.

    /// Font files larger than this are refused (the largest CJK collections are about 30 MB).
    package static let maximumFileSize = 256 * 1024 * 1024

    package let path: String
    package let faceIndex: Int
    package let familyName: String
    package let styleName: String
    package let metrics: FaceMetrics
    package let isBold: Bool

    private let bytes: UnsafeMutableRawBufferPointer
    private let ftLibrary: FT_Library
    private let ftFace: FT_Face
    private let hbBlob: OpaquePointer
    private let hbFace: OpaquePointer
    package let hbFont: OpaquePointer
    /// Top and bottom of every glyph's ink in font units (two entries per glyph; top < bottom marks no ink), read
    /// once at load so that preparation does not call HarfBuzz per glyph.
    private let inkTable: [Int32]

    /// Loads face `index` of the font file at `path`.
    package convenience init(path: String, index: Int = 0) throws(FontLoadFailure) {
        try self.init(bytes: try FontFace.readFile(path), path: path, index: index)
    }

    /// Loads face `index` from font bytes in memory (`name` names them in errors).
    package convenience init(data: [UInt8], name: String, index: Int = 0) throws(FontLoadFailure) {
        guard !data.isEmpty else { throw .notAFont(path: name, reason: "no bytes") }
        guard data.count <= FontFace.maximumFileSize else { throw .tooLarge(path: name, bytes: data.count) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        buffer.copyBytes(from: data)
        try self.init(bytes: buffer, path: name, index: index)
    }

    /// Takes ownership of `data` (freed on failure too).
    private init(bytes data: UnsafeMutableRawBufferPointer, path: String, index: Int) throws(FontLoadFailure) {
        self.path = path
        self.faceIndex = index
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else {
            data.deallocate()
            throw .unreadable(path: path, reason: "FreeType could not be initialised")
        }
        // Ask for the number of faces first (face index -1), so an out-of-range index gets its own error.
        var probe: FT_Face?
        let probeError = FT_New_Memory_Face(library, data.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                            FT_Long(data.count), -1, &probe)
        guard probeError == 0, let probe else {
            FT_Done_FreeType(library)
            data.deallocate()
            throw .notAFont(path: path, reason: FontFace.describe(freeTypeError: probeError))
        }
        let count = Int(probe.pointee.num_faces)
        FT_Done_Face(probe)
        guard index >= 0, index < count else {
            FT_Done_FreeType(library)
            data.deallocate()
            throw .faceIndexOutOfRange(path: path, index: index, faceCount: count)
        }
        var face: FT_Face?
        let error = FT_New_Memory_Face(library, data.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
                                       FT_Long(data.count), FT_Long(index), &face)
        guard error == 0, let face else {
            FT_Done_FreeType(library)
            data.deallocate()
            throw .notAFont(path: path, reason: FontFace.describe(freeTypeError: error))
        }
        guard face.pointee.units_per_EM > 0, (face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0 else {
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            data.deallocate()
            throw .notAFont(path: path, reason: "not a scalable (outline) font")
        }
        let blob = hb_blob_create(UnsafeRawPointer(data.baseAddress!).assumingMemoryBound(to: CChar.self),
                                  UInt32(data.count), HB_MEMORY_MODE_READONLY, nil, nil)!
        let hbFace = hb_face_create(blob, UInt32(index))!
        let font = hb_font_create(hbFace)!
        hb_font_make_immutable(font)
        var table = [Int32](repeating: 0, count: max(0, Int(face.pointee.num_glyphs)) * 2)
        var extents = hb_glyph_extents_t()
        for glyph in 0..<table.count / 2 {
            if hb_font_get_glyph_extents(font, UInt32(glyph), &extents) != 0, extents.width != 0 || extents.height != 0 {
                table[2 * glyph] = extents.y_bearing
                table[2 * glyph + 1] = extents.y_bearing + extents.height
            } else {
                table[2 * glyph] = -1
                table[2 * glyph + 1] = 0
            }
        }
        // hmtx advances are unsigned 16-bit (OpenType), but HarfBuzz reads those above 32,767 units as negative:
        // every width with such a glyph would be wrong, and a negative line width "fits" anything. Refused.
        if let bad = FontFace.firstAdvancePastInt16(font, glyphCount: table.count / 2) {
            hb_font_destroy(font)
            hb_face_destroy(hbFace)
            hb_blob_destroy(blob)
            FT_Done_Face(face)
            FT_Done_FreeType(library)
            data.deallocate()
            throw .notAFont(path: path, reason: bad)
        }
        self.bytes = data
        self.ftLibrary = library
        self.ftFace = face
        self.familyName = face.pointee.family_name.map { String(cString: $0) } ?? "(unnamed)"
        self.styleName = face.pointee.style_name.map { String(cString: $0) } ?? "Regular"
        self.isBold = (face.pointee.style_flags & FT_Long(FT_STYLE_FLAG_BOLD)) != 0
        self.metrics = FontFace.readMetrics(face)

        self.inkTable = table
        self.hbBlob = blob
        self.hbFace = hbFace
        self.hbFont = font
    }

    /// Why the font is refused if HarfBuzz reads any advance as negative, else nil.
    private static func firstAdvancePastInt16(_ font: OpaquePointer, glyphCount: Int) -> String? {
        guard glyphCount > 0 else { return nil }
        var glyphs = (0..<UInt32(glyphCount)).map { $0 }
        var advances = [Int32](repeating: 0, count: glyphCount)
        hb_font_get_glyph_h_advances(font, UInt32(glyphCount), &glyphs, 4, &advances, 4)
        guard let bad = advances.firstIndex(where: { $0 < 0 }) else { return nil }
        return "glyph \(bad) has an advance of \(Int(advances[bad]) + 65_536) units, more than the 32,767 HarfBuzz "
            + "reads correctly (it would measure as negative)"
    }

    /// The top and bottom of `glyph`'s ink in font units (y up), or nil for a glyph with no ink.
    @inline(__always)
    package func verticalInk(of glyph: UInt32) -> (top: Int32, bottom: Int32)? {
        let index = Int(glyph) * 2
        guard index + 1 < inkTable.count else { return nil }
        let top = inkTable[index], bottom = inkTable[index + 1]
        return top < bottom ? nil : (top, bottom)
    }

    deinit {
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
        hb_blob_destroy(hbBlob)
        FT_Done_Face(ftFace)
        FT_Done_FreeType(ftLibrary)
        bytes.deallocate()
    }

    /// The glyph the font's cmap gives `scalar`, or nil when the font has none.
    @inline(__always)
    package func glyph(for scalar: UInt32) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0 ? glyph : nil
    }

    /// Whether the font maps `scalar` to a glyph.
    @inline(__always)
    package func hasGlyph(for scalar: UInt32) -> Bool { glyph(for: scalar) != nil }

    // MARK: - Loading

    private static func readFile(_ path: String) throws(FontLoadFailure) -> UnsafeMutableRawBufferPointer {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { throw .fileNotFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadable(path: path, reason: "not a regular file")
        }
        let size = Int(info.st_size)
        guard size <= maximumFileSize else { throw .tooLarge(path: path, bytes: size) }
        guard size > 0 else { throw .notAFont(path: path, reason: "the file is empty") }
        guard let file = fopen(path, "rb") else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { fclose(file) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        let read = fread(buffer.baseAddress, 1, size, file)
        guard read == size else {
            buffer.deallocate()
            throw .unreadable(path: path, reason: "read \(read) of \(size) bytes")
        }
        return buffer
    }

    /// Line metrics the way CoreText, DirectWrite and Chrome read them: OS/2 sTypo* when fsSelection bit 7
    /// (USE_TYPO_METRICS) is set, else hhea; OS/2 usWin* as the last resort when hhea is empty.
    private static func readMetrics(_ face: FT_Face) -> FaceMetrics {
        let upem = Int(face.pointee.units_per_EM)
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self)
        let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self)
        var metrics = FaceMetrics(unitsPerEm: upem, ascender: 0, descender: 0, lineGap: 0, usesTypoMetrics: false,
                                  capHeight: nil, xHeight: nil)
        if let os2, os2.pointee.version != 0xFFFF {
            if (os2.pointee.fsSelection & (1 << 7)) != 0 {
                metrics.ascender = Int(os2.pointee.sTypoAscender)
                metrics.descender = -Int(os2.pointee.sTypoDescender)
                metrics.lineGap = Int(os2.pointee.sTypoLineGap)
                metrics.usesTypoMetrics = true
            }
            if os2.pointee.version >= 2 {
                metrics.capHeight = os2.pointee.sCapHeight > 0 ? Int(os2.pointee.sCapHeight) : nil
                metrics.xHeight = os2.pointee.sxHeight > 0 ? Int(os2.pointee.sxHeight) : nil
            }
        }
        if !metrics.usesTypoMetrics {
            if let hhea, hhea.pointee.Ascender != 0 || hhea.pointee.Descender != 0 {
                metrics.ascender = Int(hhea.pointee.Ascender)
                metrics.descender = -Int(hhea.pointee.Descender)
                metrics.lineGap = Int(hhea.pointee.Line_Gap)
            } else if let os2, os2.pointee.version != 0xFFFF {
                metrics.ascender = Int(os2.pointee.usWinAscent)
                metrics.descender = Int(os2.pointee.usWinDescent)
            } else {
                metrics.ascender = Int(face.pointee.ascender)
                metrics.descender = -Int(face.pointee.descender)
            }
        }
        return metrics
    }

    private static func describe(freeTypeError code: FT_Error) -> String {
        switch code {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format (not TrueType, OpenType, WOFF or a collection)"
        case 0x03: return "broken file"
        case 0x06: return "invalid argument"
        case 0x07: return "unimplemented feature"
        case 0x08: return "broken table"
        case 0x09: return "broken offset within table"
        case 0x40: return "out of memory"
        case 0x8E...0x94: return "a required table is missing (a truncated or incomplete font)"
        case 0x55: return "invalid table"
        default: return "FreeType error 0x" + String(code, radix: 16)
        }
    }
}
