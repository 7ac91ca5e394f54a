import Foundation
import Overset

/// The bundled fonts every text of the page is drawn with (the text box, the lines, the grid, the problems), so that Thai, Arabic,
/// Devanagari and CJK look right in a browser on a machine without those fonts: read once at start from the
/// bundled fonts folder, by a fixed list of names, and served from memory at `/fonts/NAME`. A request's path is
/// only looked up in this list; it never names a file.
struct WebFonts: Sendable {
    /// The files, in the order the page's font stack lists them (Inter first, as Overset measures Latin with it).
    static let names = ["Inter-roman.var.ttf", "NotoSans-Regular.ttf"]
        + ["Arabic", "Hebrew", "Thai", "Devanagari", "Bengali", "Gujarati", "Gurmukhi", "Tamil", "Telugu", "Kannada",
           "Malayalam", "Oriya", "Sinhala", "Khmer", "Lao", "Myanmar", "Armenian", "Georgian", "Ethiopic"]
            .map { "NotoSans\($0)-Regular.ttf" }
        + ["NotoSerifTibetan-Regular.ttf", "NotoSansSymbols2-Regular.ttf", "DroidSansFallbackFull.ttf"]

    /// The fonts' bytes by name.
    let files: [String: [UInt8]]

    /// Reads the fonts; one missing is left out (the page falls back to the browser's fonts for its characters).
    init() {
        var files: [String: [UInt8]] = [:]
        if let directory = try? FontStack.bundledFontsDirectory() {
            for name in Self.names {
                if let data = FileManager.default.contents(atPath: directory + "/" + name) { files[name] = [UInt8](data) }
            }
        }
        self.files = files
    }

    /// The family name the page gives a file.
    static func family(_ name: String) -> String { "overset-" + name.split(separator: ".")[0].lowercased() }

    /// `/fonts.css`: a face per font served, and `.overset-text`, the stack in order.
    var css: String {
        let served = Self.names.filter { files[$0] != nil }
        let faces = served.map { name in
            "@font-face { font-family: \"\(Self.family(name))\"; src: url(\"/fonts/\(name)\") format(\"truetype\"); "
                + "font-display: swap; }"
        }
        let stack = served.map { "\"\(Self.family($0))\"" } + ["sans-serif"]
        return (faces + [".overset-text { font-family: \(stack.joined(separator: ", ")); }"]).joined(separator: "\n") + "\n"
    }
}
