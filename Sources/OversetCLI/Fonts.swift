import ArgumentParser
import Foundation
import Overset

/// `overset fonts`: which font each script resolves to.
struct Fonts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show which font each script resolves to, and where the font file is.",
        discussion: """
        Examples:
          overset fonts
          overset fonts --font "DejaVu Sans" --font ~/fonts/MyThai.ttf
        """
    )

    @Option(name: .customLong("font"), help: "A font file or fontconfig family to try first. Repeatable.")
    var fonts: [String] = []

    /// A sample character for each script worth checking.
    static let samples: [(script: String, sample: Unicode.Scalar)] = [
        ("Latin", "A"), ("Greek", "Ω"), ("Cyrillic", "Ж"), ("Thai", "ก"), ("Arabic", "ب"), ("Hebrew", "א"),
        ("Devanagari", "क"), ("Han", "漢"), ("Hiragana", "あ"), ("Katakana", "ア"), ("Hangul", "한"),
        ("Lao", "ກ"), ("Khmer", "ក"), ("Myanmar", "က"), ("Emoji", "😀"),
    ]

    func run() throws {
        let stack = try EngineCache.stack(fonts)
        print("bundled fonts folder: \((try? FontStack.bundledFontsDirectory()) ?? "not found")")
        for (script, sample) in Fonts.samples {
            let name = script.padding(toLength: 11, withPad: " ", startingAt: 0)
            if let font = stack.font(for: sample) {
                print("\(name) \(sample)  \(font.familyName) \(font.styleName)  \(font.path)")
            } else {
                print("\(name) \(sample)  MISSING: no font in the stack has this script (add one with --font)")
            }
        }
    }
}
