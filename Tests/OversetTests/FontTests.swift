import Foundation
import Synchronization
import Testing
import OversetText
@testable import OversetLabel
@testable import OversetEngine

/// Font loading and metrics. Expected values come from fontTools (Fixtures/metrics.json, made by
/// Fixtures/tools/font_metrics.py), not from FreeType or HarfBuzz.
@Suite struct FontTests {
    @Test func metrics_everyBundledFont_matchesFontToolsHheaTables() throws {
        let fonts = try #require(try Fixtures.json("metrics.json")["fonts"] as? [String: [String: Any]])
        #expect(fonts.count == 11)
        for (file, expected) in fonts {
            let font = try Font(path: Fixtures.fontPath(file))
            let hhea = try #require(expected["hhea"] as? [String: Int])
            let os2 = try #require(expected["os2"] as? [String: Any])
            let metrics = font.metrics
            #expect(metrics.unitsPerEm == expected["unitsPerEm"] as? Int, "\(file)")
            // None of the bundled fonts sets USE_TYPO_METRICS, so hhea applies.
            #expect(os2["useTypoMetrics"] as? Bool == false, "\(file)")
            #expect(metrics.usesTypoMetrics == false, "\(file)")
            #expect(metrics.ascender == hhea["ascender"], "\(file)")
            #expect(metrics.descender == -(hhea["descender"] ?? 0), "\(file)")
            #expect(metrics.lineGap == hhea["lineGap"], "\(file)")
            #expect(metrics.capHeight == os2["sCapHeight"] as? Int, "\(file)")
            #expect(metrics.xHeight == os2["sxHeight"] as? Int, "\(file)")
        }
    }

    /// Each face keeps the glyphs of U+0000–U+00FF, read once from its cmap (coverage asks them for every Latin
    /// cluster): they are the glyph IDs fontTools reads from the best Unicode cmap (Fixtures/latin1-cmap.json, made
    /// by Fixtures/tools/latin1_cmap.py), for every bundled font and for a variable font's instance.
    @Test func latin1Glyphs_everyBundledFont_matchFontToolsCmap() throws {
        let fonts = try #require(try Fixtures.json("latin1-cmap.json")["fonts"] as? [String: [Any]])
        #expect(fonts.count >= 50)
        var compared = 0
        for (file, expected) in fonts {
            let font = try Font(path: Fixtures.fontPath(file))
            let faces = [font.face] + (font.axes.isEmpty ? [] : [font.instance(["wght": 700]).face])
            for face in faces {
                for scalar in 0..<256 {
                    let glyph = face.glyph(for: UInt32(scalar)).map(Int.init)
                    #expect(glyph == expected[scalar] as? Int, "\(file) U+\(String(scalar, radix: 16))")
                    compared += 1
                }
            }
        }
        #expect(compared >= 50 * 256)
    }

    @Test func metrics_useTypoMetricsBit_readsOS2TypoValues() throws {
        // Fixtures/tools/make_typo_metrics_font.py sets typo 900 / -300 / 100 and bit 7; hhea stays 1069 / -293 / 0.
        let font = try Font(path: Fixtures.url("fonts/TypoMetricsTest.ttf").path)
        #expect(font.metrics.usesTypoMetrics)
        #expect(font.metrics.ascender == 900)
        #expect(font.metrics.descender == 300)
        #expect(font.metrics.lineGap == 100)
        #expect(font.familyName == "Overset Typo Metrics Test")
        #expect(abs(font.lineHeight(pointSize: 10) - 13) < 1e-12)
    }

    /// Fixtures/tools/make_huge_advance_font.py sets alef's hmtx advance to 40,000 units (uint16 in OpenType);
    /// `hb-shape` 6.0.0 on that font prints `uni05D0=0+-25536`: HarfBuzz reads it as signed. Such a font measured
    /// "אב אב" as 0 pt wide and passed; it is refused with the glyph and the advance named.
    @Test func loading_fontWithAdvancesPastInt16_isRefused() throws {
        let path = Fixtures.url("fonts/HugeAdvanceTest.ttf").path
        let error = #expect(throws: OversetError.self) { try Font(path: path) }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("40000 units"), "\(message)")
        #expect(message.contains("32,767"), "\(message)")
    }

    @Test func notoSans_lineHeightAt17pt_isAscenderPlusDescender() throws {
        // (1069 + 293) / 1000 × 17 = 23.154 pt; platform-notes.md gives +18.17 / -4.98 at 17 pt.
        let font = Fixtures.font("NotoSans-Regular.ttf")
        #expect(abs(font.lineHeight(pointSize: 17) - 23.154) < 1e-9)
    }

    @Test func loading_missingFile_throwsFileNotFound() {
        #expect(throws: OversetError.fontFileNotFound(path: "/nonexistent/Font.ttf")) {
            try Font(path: "/nonexistent/Font.ttf")
        }
    }

    @Test func loading_textFile_throwsNotAFont() throws {
        let path = NSTemporaryDirectory() + "overset-not-a-font.ttf"
        try Data("this is not a font".utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: OversetError.self) { try Font(path: path) }
        guard case .notAFont(let failedPath, _)? = error else {
            Issue.record("unexpected error \(String(describing: error))")
            return
        }
        #expect(failedPath == path)
        #expect(error?.description.contains("not a usable font") == true)
    }

    @Test func loading_truncatedFont_throwsInsteadOfCrashing() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.fontPath("NotoSansThai-Regular.ttf")))
        let path = NSTemporaryDirectory() + "overset-truncated.ttf"
        try bytes.prefix(2000).write(to: URL(fileURLWithPath: path))
        // The first 2,000 bytes hold the table directory but not the tables: the directory names one past the end.
        let error = #expect(throws: OversetError.self) { try Font(path: path) }
        guard case .notAFont(_, let reason)? = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(reason.contains("past the file's 2000 bytes (a truncated font)"))
    }

    @Test func loading_emptyFile_throwsNotAFont() throws {
        let path = NSTemporaryDirectory() + "overset-empty.ttf"
        try Data().write(to: URL(fileURLWithPath: path))
        #expect(throws: OversetError.notAFont(path: path, reason: "the file is empty")) { try Font(path: path) }
    }

    @Test func loading_faceIndexPastTheEnd_throwsIndexOutOfRange() {
        let path = Fixtures.fontPath("NotoSans-Regular.ttf")
        #expect(throws: OversetError.fontIndexOutOfRange(path: path, index: 3, faceCount: 1)) {
            try Font(path: path, index: 3)
        }
    }

    @Test func loading_directory_throwsUnreadable() {
        #expect(throws: OversetError.fontUnreadable(path: Fixtures.root, reason: "not a regular file")) {
            try Font(path: Fixtures.root)
        }
    }

    @Test func fontconfig_unknownFamily_throwsWithTheSubstitute() {
        let error = #expect(throws: OversetError.self) { try Font(family: "No Such Family Overset") }
        guard case .fontFamilyNotFound(let family, _)? = error else {
            Issue.record("fontconfig substituted a family silently: \(String(describing: error))")
            return
        }
        #expect(family == "No Such Family Overset")
    }

    @Test func fontStack_resolvesEachScriptToItsBundledFace() throws {
        let stack = Fixtures.engine.fonts
        #expect(stack.font(for: "A")?.familyName == "Noto Sans")
        #expect(stack.font(for: "ก")?.familyName == "Noto Sans Thai")
        #expect(stack.font(for: "ب")?.familyName == "Noto Sans Arabic")
        #expect(stack.font(for: "क")?.familyName == "Noto Sans Devanagari")
        #expect(stack.font(for: "א")?.familyName == "Noto Sans Hebrew")
        #expect(stack.font(for: "漢")?.familyName == "Noto Sans CJK SC")
        #expect(stack.font(for: "漢", language: "ja")?.familyName == "Noto Sans CJK JP")
        #expect(stack.font(for: "あ")?.familyName == "Noto Sans CJK JP")
        #expect(stack.font(for: "한")?.familyName == "Noto Sans CJK KR")
        #expect(stack.font(for: "😀")?.familyName == "Noto Color Emoji")
        #expect(stack.font(for: "𓀀") == nil)
    }

    @Test func fontStack_rejectsEmptyListAndUnknownScripts() {
        #expect(throws: OversetError.emptyFontStack) { try FontStack([]) }
        #expect(throws: OversetError.self) {
            try FontStack([Fixtures.font("NotoSans-Regular.ttf")], scriptFallbacks: ["Klingon": []])
        }
    }

    /// A font cut short is an error naming the table that lies past its end (the table directory's offsets and
    /// lengths, read here with Python's struct module as well): never loaded with the tables read as empty.
    @Test func loading_cutFont_namesTheTablePastTheEnd() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Fixtures.fontPath("NotoSansThai-Regular.ttf")))
        for size in [35_000, 10_000] {
            let path = NSTemporaryDirectory() + "overset-cut-\(size).ttf"
            try bytes.prefix(size).write(to: URL(fileURLWithPath: path))
            let error = #expect(throws: OversetError.self) { try Font(path: path) }
            guard case .notAFont(_, let reason)? = error else {
                Issue.record("unexpected \(String(describing: error))")
                continue
            }
            #expect(reason.contains("past the file's \(size) bytes (a truncated font)"), "\(reason)")
        }
    }

    /// An `fvar` axis whose minimum is above its maximum is a broken font, not a font that measures a requested
    /// weight as another: the file is patched here (the `wght` record's minimum and maximum swapped).
    @Test func loading_invertedAxis_isAnError() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.fontPath("Inter-roman.var.ttf"))))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        let tables = u16(4)
        let record = try #require((0..<tables).map { 12 + 16 * $0 }.first { String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) == "fvar" })
        let fvar = u32(record + 8)
        let axes = fvar + u16(fvar + 4)
        let axis = try #require((0..<u16(fvar + 8)).map { axes + u16(fvar + 10) * $0 }.first {
            String(decoding: bytes[$0..<$0 + 4], as: UTF8.self) == "wght"
        })
        let minimum = Array(bytes[axis + 4..<axis + 8]), maximum = Array(bytes[axis + 12..<axis + 16])
        bytes.replaceSubrange(axis + 4..<axis + 8, with: maximum)
        bytes.replaceSubrange(axis + 12..<axis + 16, with: minimum)
        let path = NSTemporaryDirectory() + "overset-inverted.ttf"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: OversetError.self) { try Font(path: path) }
        guard case .notAFont(_, let reason)? = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(reason.contains("'wght' axis is out of order"), "\(reason)")
    }

    /// A collection header that lists 20,000 faces (all the same face, padded to 640 KB) is refused by its limit instead of
    /// loading 20,000 faces (3.4 GB). The collection is built here from OpenType's `ttcf` header layout.
    @Test func loading_hugeCollection_isRefused() throws {
        let font = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Fixtures.fontPath("NotoSansThai-Regular.ttf"))))
        let faces = 20_000
        let header = 12 + 4 * faces
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        /// The font with every table offset moved by `delta` (it starts `delta` bytes into a collection).
        func shifted(by delta: Int) -> [UInt8] {
            var sfnt = font
            let tables = Int(font[4]) << 8 | Int(font[5])
            for table in 0..<tables {
                let field = 12 + 16 * table + 8
                let offset = font[field..<field + 4].reduce(0) { $0 << 8 | Int($1) }
                sfnt.replaceSubrange(field..<field + 4, with: be32(offset + delta))
            }
            return sfnt
        }
        var collection = Array("ttcf".utf8) + be32(0x0001_0000) + be32(faces)
        for _ in 0..<faces { collection += be32(header) }
        collection += shifted(by: header)
        // FreeType takes a count only when the file could hold that many face directories (32 bytes each).
        collection += [UInt8](repeating: 0, count: max(0, 12 + 32 * faces - collection.count))
        let path = NSTemporaryDirectory() + "overset-huge-\(UUID().uuidString).ttc"
        try Data(collection).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: OversetError.self) { try Font(path: path) }
        #expect("\(String(describing: error))".contains("a collection of 20000 faces"), "\(String(describing: error))")
        // The same collection with 3 faces loads, each face the Thai font.
        var small = Array("ttcf".utf8) + be32(0x0001_0000) + be32(3)
        for _ in 0..<3 { small += be32(24) }
        small += shifted(by: 24)
        try Data(small).write(to: URL(fileURLWithPath: path))
        #expect(try Font(path: path, index: 2).familyName == "Noto Sans Thai")
    }

    /// A font whose GSUB turns alef into 60 alefs (`hb-shape --font-file=…/ExpandingTest.ttf 'א'` prints 60 glyphs,
    /// Fixtures/README.md) is refused by the glyphs-per-character limit, for a short text and for a long one (which
    /// is refused on its first 4,096 characters instead of HarfBuzz making 60 glyphs for each of 200,000).
    @Test func shaping_fontThatMultipliesGlyphs_isRefused() throws {
        let font = try Font(path: Fixtures.root + "/Tests/OversetTests/Fixtures/fonts/ExpandingTest.ttf")
        let engine = TextEngine(fonts: try FontStack([font]))
        for length in [2, 200_000] {
            let error = #expect(throws: OversetError.self) {
                try engine.prepare(String(repeating: "א", count: length), language: "he")
            }
            guard case .fontExpandsText(_, let glyphs, let units, let limit)? = error else {
                Issue.record("unexpected \(String(describing: error))")
                continue
            }
            #expect(glyphs == 60 * min(units, length) && limit == 16, "\(glyphs) glyphs from \(units) units")
        }
        // Bet (no substitution) shapes as usual with the same font.
        #expect(try engine.prepare("בבב", language: "he").utf16Count == 3)
    }

    // MARK: Installed fonts are loaded when a text first needs them

    /// An installed font's face is loaded the first time a text needs one of its characters: a Latin string in a
    /// stack of Noto Sans, Thai and Arabic loads Noto Sans only; a Thai string then loads Thai, not Arabic. The
    /// layouts equal those of the same stack loaded whole (`Font(path:)`), line by line.
    @Test func installedFonts_areLoadedWhenATextNeedsThem() throws {
        let names = ["NotoSans-Regular.ttf", "NotoSansThai-Regular.ttf", "NotoSansArabic-Regular.ttf"]
        let deferred = try names.map { try Font(installedPath: Fixtures.fontPath($0)) }
        let eager = names.map(Fixtures.font)
        #expect(deferred.allSatisfy { !$0.isLoaded })
        let lazyEngine = TextEngine(fonts: try FontStack(deferred))
        let eagerEngine = TextEngine(fonts: try FontStack(eager))
        func lines(_ engine: TextEngine, _ text: String, _ language: String) throws -> [String] {
            try engine.prepare(text, language: language).layout(width: 120, pointSize: 17).lines.map {
                "\($0.range) \($0.width) \($0.height) \($0.breakKind)"
            }
        }
        #expect(try lines(lazyEngine, "Check for updates", "en") == lines(eagerEngine, "Check for updates", "en"))
        #expect(deferred.map(\.isLoaded) == [true, false, false])
        let thai = "เริ่มการทำงานใหม่เพื่ออัปเดต Firefox"
        #expect(try lines(lazyEngine, thai, "th") == lines(eagerEngine, thai, "th"))
        #expect(deferred.map(\.isLoaded) == [true, true, false])
        #expect(try lazyEngine.prepare(thai, language: "th").usedFonts.map(\.familyName)
                == ["Noto Sans Thai", "Noto Sans"])
    }

    /// Threads that ask for an installed face at once all get the same face (the first one stored; the others made
    /// in the race are dropped), and the face goes when its font goes: the loaded face is held by its address in an
    /// atomic, retained once and released when the font is freed.
    @Test func installedFont_askedByRacingThreads_givesOneFaceAndFreesIt() throws {
        weak var kept: FontFace?
        for _ in 0..<8 {
            let font = try Font(installedPath: Fixtures.fontPath("NotoSansThai-Regular.ttf"))
            let threads = 4
            let faces = Mutex<[ObjectIdentifier]>([])
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                let face = font.face
                faces.withLock { $0.append(ObjectIdentifier(face)) }
            }
            #expect(faces.withLock { Set($0).count } == 1)
            #expect(font.isLoaded)
            kept = font.face
            #expect(kept != nil)
        }
        #expect(kept == nil)
    }

    /// What a stack needs before any text (the axes, the path, the `name` table's family) is read without loading
    /// the face, and equals what the loaded face says: FreeType's family name (`fc-scan`, which uses FreeType, gives
    /// the same for each bundled file) and the `fvar` axes (fontTools: VariableAxesTest.ttf has wght 100–900 and
    /// opsz 8–32, see `make_variable_axes_font.py`).
    @Test func installedFonts_tellFamilyAndAxesWithoutLoading() throws {
        let folder = Fixtures.root + "/Fonts"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ttf") }.sorted()
        #expect(files.count > 40)
        for file in files {
            let deferred = try Font(installedPath: folder + "/" + file)
            let family = deferred.nameTableFamily
            #expect(!deferred.isLoaded)
            #expect(family == Fixtures.font(file).familyName, "\(file)")
        }
        let path = Fixtures.url("fonts/VariableAxesTest.ttf").path
        let variable = try Font(installedPath: path)
        #expect(variable.axes == (try Font(path: path)).axes)
        #expect(variable.hasWeightAxis && variable.hasOpticalSizeAxis && !variable.isLoaded)
    }

    /// An installed file that maps and lists its tables but that loading refuses (HugeAdvanceTest.ttf: an `hmtx`
    /// advance of 40,000 units for U+05D0, see `make_huge_advance_font.py`) is not an error when the stack is
    /// made; the text that needs it has its characters reported missing, and the warning says why the font could
    /// not be loaded. Never measured with it, never silently.
    @Test func installedFontThatFailsToLoad_reportsItsCharactersMissing() throws {
        let broken = try Font(installedPath: Fixtures.url("fonts/HugeAdvanceTest.ttf").path)
        let engine = TextEngine(fonts: try FontStack([try Font(installedPath: Fixtures.fontPath("NotoSans-Regular.ttf")),
                                                      broken]))
        let prepared = try engine.prepare("Hi \u{05D0}", language: "he")
        #expect(prepared.missingCharacters.map(\.codePoints) == [["U+05D0"]])
        #expect(broken.isLoaded)
        let warning = prepared.warnings.first { $0.contains("could not be loaded") } ?? ""
        #expect(warning.contains("40000 units"), "\(prepared.warnings)")
        #expect(try engine.prepare("Hi", language: "en").warnings.isEmpty)
    }
}
