internal import CFreeType
internal import CHarfBuzz

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a font file and its tables (split from FontFace.swift to keep files under 400 lines).
extension FontFace {

    static func readFile(_ path: String, size: Int) throws(FontLoadFailure) -> UnsafeMutableRawBufferPointer {
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

    /// A read-only private mapping of the file, or nil when the system refuses one (then the file is read).
    static func mapFile(_ path: String, size: Int) throws(FontLoadFailure) -> UnsafeMutableRawBufferPointer? {
        guard size <= maximumFileSize else { throw .tooLarge(path: path, bytes: size) }
        guard size > 0 else { throw .notAFont(path: path, reason: "the file is empty") }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            return nil
        }
        return UnsafeMutableRawBufferPointer(start: address, count: size)
    }

    static func hasTable(_ face: OpaquePointer, _ tag: String) -> Bool {
        let blob = hb_face_reference_table(face, hb_tag_from_string(tag, -1))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }

    /// The first `fvar` axis record whose minimum, default and maximum are out of order, read from the table's
    /// bytes (HarfBuzz's axis infos reorder them, so a broken axis would be measured as another weight).
    static func disorderedAxis(_ face: OpaquePointer) -> String? {
        let blob = hb_face_reference_table(face, hb_tag_from_string("fvar", -1))
        defer { hb_blob_destroy(blob) }
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length >= 16 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: data, count: Int(length))
        func u16(_ at: Int) -> Int? { at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil }
        func fixed(_ at: Int) -> Double? {
            guard let high = u16(at), let low = u16(at + 2) else { return nil }
            return Double(Int32(bitPattern: UInt32(high << 16 | low))) / 65536
        }
        guard let offset = u16(4), let count = u16(8), let size = u16(10), size >= 20 else { return nil }
        for index in 0..<count {
            let record = offset + size * index
            guard let minimum = fixed(record + 4), let value = fixed(record + 8), let maximum = fixed(record + 12) else {
                return "table 'fvar' is cut short"
            }
            if !(minimum <= value && value <= maximum) {
                let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
                return "its '\(tag)' axis is out of order (minimum \(minimum), default \(value), maximum \(maximum)): "
                    + "table 'fvar' is broken"
            }
        }
        return nil
    }

    static func readAxes(_ face: OpaquePointer) -> [FaceAxis] {
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        return infos.prefix(Int(count)).map { info in
            var tag = [CChar](repeating: 0, count: 5)
            hb_tag_to_string(info.tag, &tag)
            return FaceAxis(tag: String(decoding: tag.prefix(4).map { UInt8(bitPattern: $0) }, as: UTF8.self), minimum: Double(info.min_value),
                            defaultValue: Double(info.default_value), maximum: Double(info.max_value))
        }
    }

    /// Line metrics the way CoreText, DirectWrite and Chrome read them: OS/2 sTypo* when fsSelection bit 7
    /// (USE_TYPO_METRICS) is set, else hhea; OS/2 usWin* as the last resort when hhea is empty.
    static func readMetrics(_ face: FT_Face, unitsPerEm upem: Int) -> FaceMetrics {
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self)
        let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self)
        var metrics = FaceMetrics(unitsPerEm: upem, ascender: 0, descender: 0, lineGap: 0, usesTypoMetrics: false,
                                  capHeight: nil, xHeight: nil)
        metrics.boundsTop = Int(face.pointee.bbox.yMax)
        metrics.boundsBottom = -Int(face.pointee.bbox.yMin)
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

    /// FreeType's error in words, from `fterrdef.h` (Debian's FreeType is built without `FT_Error_String`'s
    /// strings): the errors a broken, truncated or hostile font file gives while loading.
    static func describe(freeTypeError code: FT_Error) -> String {
        func missing(_ table: String) -> String {
            "a required table is missing: \(table) (a truncated or incomplete font)"
        }
        switch code {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format (not TrueType, OpenType, WOFF or a collection)"
        case 0x03: return "broken file"
        case 0x04: return "invalid FreeType version"
        case 0x06: return "invalid argument"
        case 0x07: return "unimplemented feature"
        case 0x08: return "broken table"
        case 0x09: return "broken offset within a table"
        case 0x0A: return "an array in the font is too large (a broken or hostile count)"
        case 0x10: return "invalid glyph index"
        case 0x11: return "invalid character code"
        case 0x14: return "invalid glyph outline"
        case 0x15: return "invalid composite glyph"
        case 0x40: return "out of memory"
        case 0x51...0x58: return "the file ends before a table it lists (a truncated or cut font)"
        case 0x80...0x8D: return "broken hinting instructions"
        case 0x8E: return "a required table is missing (a truncated or incomplete font)"
        case 0x8F: return missing("the horizontal header (hhea)")
        case 0x90: return missing("glyph locations (loca)")
        case 0x91: return missing("names (name)")
        case 0x92: return missing("the character map (cmap)")
        case 0x93: return missing("horizontal metrics (hmtx)")
        case 0x94: return missing("glyph names (post)")
        case 0x95: return "invalid horizontal metrics"
        case 0x96: return "invalid character map format"
        case 0x98: return "invalid vertical metrics"
        case 0x9A, 0x9B: return "invalid post table"
        case 0xA0...0xA4: return "broken CFF data"
        default: return "FreeType error 0x" + String(code, radix: 16) + " (see FreeType's fterrdef.h)"
        }
    }

    /// Whether the table directory of face `index` stays inside the file: every table record's offset and length
    /// (OpenType's `TableDirectory`, in a collection after the `ttcf` header's offset for the face). nil when it
    /// does, or when the file is not a plain sfnt (WOFF and WOFF2 are refused before: ``webFontFormat(_:)``).
    static func tableDirectoryProblem(_ data: UnsafeRawBufferPointer, faceIndex index: Int) -> String? {
        func u16(_ at: Int) -> Int? { at + 2 <= data.count ? Int(data[at]) << 8 | Int(data[at + 1]) : nil }
        func u32(_ at: Int) -> Int? {
            guard at + 4 <= data.count else { return nil }
            return Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
        }
        guard let signature = u32(0) else { return nil }
        var directory = 0
        if signature == 0x7474_6366 {  // 'ttcf'
            guard let count = u32(8), index < count, let offset = u32(12 + 4 * index) else {
                return "the collection's header is cut short (a truncated font)"
            }
            directory = offset
        }
        guard let version = u32(directory), [0x0001_0000, 0x4F54_544F, 0x7472_7565].contains(version) else {
            return signature == 0x7474_6366 ? "face \(index)'s table directory is not an sfnt one (a broken collection)" : nil
        }
        guard let tables = u16(directory + 4) else { return "the table directory is cut short (a truncated font)" }
        for table in 0..<tables {
            let record = directory + 12 + 16 * table
            guard let tag = u32(record), let offset = u32(record + 8), let length = u32(record + 12) else {
                return "the table directory is cut short after \(table) of \(tables) tables (a truncated font)"
            }
            let name = String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
            if offset + length > data.count {
                return "table '\(name)' ends at byte \(offset + length), past the file's \(data.count) bytes "
                    + "(a truncated font)"
            }
        }
        return nil
    }

    /// The checks before a face is trusted: the collection's size (a real one holds a few dozen faces, Apple's
    /// largest a few hundred; 20,000 faces in 640 KB took 3.4 GB to load), the index, and every table the face lists
    /// inside the file (FreeType and HarfBuzz read a cut font's missing tables as empty and measure with them: a font
    /// cut to 35,000 of 37,744 bytes passed where the whole font warned).
    static func validate(_ data: UnsafeRawBufferPointer, path: String, index: Int,
                         faceCount count: Int) throws(FontLoadFailure) {
        guard count <= maximumFaces else {
            throw .notAFont(path: path, reason: "a collection of \(count) faces; Overset reads collections of at most "
                + "\(maximumFaces)")
        }
        guard index >= 0, index < count else { throw .faceIndexOutOfRange(path: path, index: index, faceCount: count) }
        if let problem = tableDirectoryProblem(data, faceIndex: index) { throw .notAFont(path: path, reason: problem) }
    }

    /// Refuses a WOFF or WOFF2 file by name, before FreeType sees it: FreeType may open WOFF, but HarfBuzz shapes
    /// sfnt tables only, and the text was measured in the next font of the stack.
    static func refuseWebFont(_ data: UnsafeRawBufferPointer, path: String) throws(FontLoadFailure) {
        if let format = webFontFormat(data) {
            throw .notAFont(path: path, reason: "a \(format) web font, which Overset cannot shape: use the TTF or OTF it "
                + "was made from (or decompress it, e.g. `fonttools ttLib.woff2 decompress` for WOFF2)")
        }
    }

    /// `WOFF` or `WOFF2` when the data starts with their signature (`wOFF`, `wOF2`), else nil.
    static func webFontFormat(_ data: UnsafeRawBufferPointer) -> String? {
        guard data.count >= 4 else { return nil }
        let signature = UInt32(data[0]) << 24 | UInt32(data[1]) << 16 | UInt32(data[2]) << 8 | UInt32(data[3])
        switch signature {
        case 0x774F_4646: return "WOFF"
        case 0x774F_4632: return "WOFF2"
        default: return nil
        }
    }
}
