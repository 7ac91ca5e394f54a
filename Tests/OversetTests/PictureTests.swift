import Foundation
import Testing
import OversetText
@testable import OversetPictures
import OversetPNG
import OversetRaster
@testable import OversetLabel
@testable import OversetEngine

/// Pictures, checked in pixels rendered by a renderer that is not Overset's: librsvg's `rsvg-convert` for the SVG,
/// and cairo's PNG decoder for the PNG Overset writes.
@Suite struct PictureTests {
    struct Pixels {
        var width: Int, height: Int, rgba: [UInt8], scale: Double
        func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
            let i = (y * width + x) * 4
            return (Int(rgba[i]), Int(rgba[i + 1]), Int(rgba[i + 2]), Int(rgba[i + 3]))
        }
        /// Points (x, y) of pixels that satisfy `match`.
        func points(where match: ((r: Int, g: Int, b: Int, a: Int)) -> Bool) -> [(x: Double, y: Double)] {
            var result: [(Double, Double)] = []
            for y in 0..<height {
                for x in 0..<width where match(pixel(x, y)) {
                    result.append((Double(x) / scale, Double(y) / scale))
                }
            }
            return result
        }
    }

    static func temporary(_ name: String) -> String {
        NSTemporaryDirectory() + "overset-\(ProcessInfo.processInfo.processIdentifier)-" + name
    }

    /// Renders SVG text with rsvg-convert at `scale` and reads the pixels back.
    static func renderWithRSVG(_ svg: String, scale: Double) throws -> Pixels {
        let unique = UUID().uuidString  // tests run in parallel: every render gets its own files
        let svgPath = temporary("\(unique).svg"), pngPath = temporary("\(unique)-rsvg.png")
        try svg.write(toFile: svgPath, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        process.arguments = ["-z", String(scale), "-o", pngPath, svgPath]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "rsvg-convert rejected the SVG: \(message)")
        let image = try RasterCanvas.readPNG(pngPath)
        return Pixels(width: image.width, height: image.height, rgba: image.rgba, scale: scale)
    }

    static func isWarning(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool { p.a > 200 && p.r > 200 && p.g < 130 && p.b < 120 }
    static func isText(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool { p.a > 200 && p.r < 80 && p.g < 80 && p.b < 80 }

    static func thaiPicture() throws -> Picture {
        let prepared = try Fixtures.engine.prepare("ที่ปั้นฟ้ำ ฎุ ฏู", language: "th")
        let layout = try prepared.layout(LayoutOptions(font: StyledFont(style: .body), width: 160, maxLines: 2))
        #expect(layout.clipping().clipsAtBounds)
        return layout.picture(options: PictureOptions(styledFont: StyledFont(style: .body), language: "th"))
    }

    @Test func svg_rendersInLibrsvg_andClippedThaiMarksFallOutsideTheBoxInTheWarningColour() throws {
        let picture = try Self.thaiPicture()
        let pixels = try Self.renderWithRSVG(picture.svg(), scale: 4)
        // rsvg-convert sizes the image to whole pixels (rounding up a fraction): within a pixel of the picture's width.
        #expect(abs(Double(pixels.width) - picture.width * 4) < 1, "\(pixels.width) px for \(picture.width) pt")
        let box = picture.boxFrame
        let warning = pixels.points(where: Self.isWarning)
        // The tone mark of ที่ pokes out above the box; ฎุ and ฏู below it.
        let above = warning.filter { $0.y < box.y - 0.05 && $0.x >= box.x && $0.x <= box.maxX }
        let below = warning.filter { $0.y > box.maxY + 0.05 && $0.y < box.maxY + 3 && $0.x <= box.maxX }
        #expect(!above.isEmpty, "no warning-coloured ink above the box")
        #expect(!below.isEmpty, "no warning-coloured ink below the box")
        // Ordinary glyphs are drawn in the text colour, inside the width limit.
        let band = pixels.points(where: Self.isText).filter { $0.y >= box.y && $0.y <= box.maxY }
        #expect(!band.isEmpty)
        #expect(band.allSatisfy { $0.x >= box.x - 0.5 && $0.x <= box.maxX + 0.5 })
    }

    @Test func png_writtenWithCairo_showsTheSameAtEachScale() throws {
        let picture = try Self.thaiPicture()
        for scale in [1, 2, 3] {
            let path = Self.temporary("\(UUID().uuidString)@\(scale)x.png")
            try picture.writePNG(to: path, scale: scale)
            let image = try RasterCanvas.readPNG(path)
            #expect(image.width == Int((picture.width * Double(scale)).rounded(.up)))
            let pixels = Pixels(width: image.width, height: image.height, rgba: image.rgba, scale: Double(scale))
            let box = picture.boxFrame
            #expect(pixels.points(where: Self.isWarning).contains { $0.y < box.y - 0.1 && $0.x <= box.maxX })
            #expect(pixels.pixel(0, 0) == (255, 255, 255, 255))
        }
        #expect(throws: OversetError.self) { try picture.writePNG(to: Self.temporary("x.png"), scale: 9) }
        #expect(throws: OversetError.self) { try picture.writePNG(to: "/nonexistent/dir/x.png") }
    }

    @Test func lines_stayInsideTheWidthLimit_overTheCorpus() throws {
        for row in Fixtures.corpusSample(stride: 400) {
            for (language, text) in row.texts {
                let layout = try Fixtures.engine.prepare(text, language: language)
                    .layout(LayoutOptions(width: 150, pointSize: 17, maxLines: 2))
                guard layout.lines.allSatisfy({ $0.text.count > 1 }) else { continue }
                let picture = layout.picture(options: PictureOptions(showsLegend: false))
                let pixels = try Self.renderWithRSVG(picture.svg(), scale: 2)
                let box = picture.boxFrame
                let ink = pixels.points { Self.isText($0) || Self.isWarning($0) }.filter { $0.y >= box.y && $0.y <= box.maxY }
                #expect(ink.allSatisfy { $0.x >= box.x - 1 && $0.x <= box.maxX + 1 }, "\(language): \(text)")
            }
        }
    }

    @Test func rightToLeft_linesAreRightAligned_andDarkModeIsDark() throws {
        let layout = try Fixtures.engine.prepare("تحقق مِن التحديثات", language: "ar").layout(width: 300, pointSize: 17)
        let picture = layout.picture(options: PictureOptions(palette: .dark, showsLegend: false))
        let pixels = try Self.renderWithRSVG(picture.svg(), scale: 2)
        #expect(pixels.pixel(1, 1).r < 30 && pixels.pixel(1, 1).a == 255)
        let box = picture.boxFrame
        let light = pixels.points { $0.a > 200 && $0.r > 200 && $0.g > 200 && $0.b > 200 }
            .filter { $0.y > box.y + 2 && $0.y < box.maxY - 2 }
        let leftmost = try #require(light.map(\.x).min()), rightmost = try #require(light.map(\.x).max())
        #expect(rightmost > box.maxX - 3)                        // flush right
        #expect(leftmost > box.x + (300 - layout.width) - 3)     // and nothing further left than its width allows
    }

    @Test func matrix_drawsTwelveCellsAndFlips() throws {
        let header = try ReflowHeader(title: "تحقق مِن التحديثات الآن", language: "ar")
        let picture = try header.matrixPicture(availableWidth: 200)
        let svg = picture.svg()
        #expect(svg.components(separatedBy: "class=\"cell\"").count - 1 == 12)
        #expect(svg.components(separatedBy: "class=\"image\"").count - 1 == 12)
        _ = try Self.renderWithRSVG(svg, scale: 1)
    }

    /// One picture draws cells in several stacks (a matrix: Inter below 20 pt, Inter Display from 20 pt); a glyph is
    /// drawn from the face of its own stack, not from a face at the same index of another (the matrix's Display
    /// cells drew their first glyph from Inter's outline, about 1.38 times too big).
    @Test func glyphs_comeFromTheirOwnStacksFace() throws {
        let text = try FontStack.bundled(weight: .regular, pointSize: 17)
        let display = try FontStack.bundled(weight: .regular, pointSize: 28)
        #expect(text.allFonts[0].face !== display.allFonts[0].face)
        let glyph = try #require(display.allFonts[0].face.glyph(for: 0x48))  // "H"
        var builder = SceneBuilder(palette: PicturePalette.light)
        builder.glyph(glyph, font: text.allFonts[0], x: 0, baseline: 0, size: 100, color: PictureColor(hex: 0), role: "text")
        builder.glyph(glyph, font: display.allFonts[0], x: 0, baseline: 0, size: 100, color: PictureColor(hex: 0), role: "display")
        var alone = SceneBuilder(palette: PicturePalette.light)
        alone.glyph(glyph, font: display.allFonts[0], x: 0, baseline: 0, size: 100, color: PictureColor(hex: 0), role: "display")
        #expect(builder.shapes.count == 2 && alone.shapes.count == 1)
        #expect(String(describing: builder.shapes.last!.steps) == String(describing: alone.shapes.last!.steps))
    }
}
