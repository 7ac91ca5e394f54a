import Foundation
import Testing
@testable import OversetLabel
@testable import OversetEngine

/// Styled runs (issue 25, item 3). Expected values: cmark-gfm, the parser behind Foundation's
/// `AttributedString(markdown:)` that SwiftUI's `Text` uses for a localized value
/// (Fixtures/markdown/cmark-gfm.json, `tools/record_markdown.py`); `hb-shape` of each run in the face its style picks
/// and the fonts' `hhea` tables with fontTools (Fixtures/hb-shape/styled_runs.json, `tools/record_styled_runs.py`).
///
/// Apple's documentation of the reading: SwiftUI's `Text(_:tableName:bundle:comment:)` looks the key up and shows
/// the localized value, whose Markdown it renders; Foundation's `AttributedString.MarkdownParsingOptions
/// .InterpretedSyntax.inlineOnlyPreservingWhitespace` "parses all Markdown text, but interprets only attributes that
/// apply to inline spans, preserving white space".
@Suite struct StyledTextTests {
    /// A label at 17 pt that never changes size, natural line height: widths are the runs' advances at 17 pt.
    static let label = Label(font: .size(17, relativeTo: nil), width: 1000, markdown: true)

    /// The advance in points at 17 pt of a recorded piece.
    static func points(_ name: String, size: Double = 17) throws -> Double {
        let cases = try #require(try Fixtures.json("hb-shape/styled_runs.json")["cases"] as? [String: [String: Any]])
        let piece = try #require(cases[name], "no piece \(name)")
        let total = try #require(piece["total"] as? Double)
        let unitsPerEm = try #require(piece["unitsPerEm"] as? Double)
        return total * size / unitsPerEm
    }

    @Test("Markdown reads as cmark-gfm (Apple's parser) reads it: the text shown and its bold, italic and code runs")
    func markdownAsCmark() throws {
        let cases = try #require(try Fixtures.json("markdown/cmark-gfm.json")["cases"] as? [[String: Any]])
        #expect(cases.count >= 50)
        for recorded in cases {
            let source = try #require(recorded["markdown"] as? String)
            let styled = StyledText(markdown: source)
            #expect(styled.string == recorded["text"] as? String, "\(source)")
            let runs = try #require(recorded["runs"] as? [[String: Any]])
            let expected = runs.map { run in
                StyledText.Run(range: TextRange(location: run["start"] as! Int,
                                                length: (run["end"] as! Int) - (run["start"] as! Int)),
                               attributes: TextAttributes(weight: run["bold"] as! Bool ? .bold : nil,
                                                          italic: run["italic"] as! Bool, monospaced: run["code"] as! Bool))
            }
            #expect(styled.runs == expected, "\(source): \(styled) (cmark-gfm: \(recorded["html"] ?? ""))")
        }
    }

    @Test("\"Tap **Allow** to continue\" shows no asterisks and measures Allow in bold (Inter wght 700)")
    func boldRun() throws {
        let layout = try Self.label.layout("Tap **Allow** to continue")
        #expect(layout.lines.map(\.text) == ["Tap Allow to continue"])
        let expected = try Self.points("plain-tap") + Self.points("bold-allow") + Self.points("plain-rest")
        #expect(abs(layout.width - expected) < 0.01, "\(layout.width) vs \(expected)")
        #expect(expected - (try Self.points("plain-whole")) > 3.3)
        // The easy level gives the same runs as the Markdown.
        var built: StyledText = "Tap "
        built += StyledText("Allow", .bold)
        built += " to continue"
        #expect(built == StyledText(markdown: "Tap **Allow** to continue"))
        // The same label without Markdown measures the asterisks, in one weight.
        var plain = Self.label
        plain.markdown = false
        #expect(try plain.layout("Tap **Allow** to continue").lines.map(\.text) == ["Tap **Allow** to continue"])
    }

    @Test("lines break across run boundaries: the bold word's extra width pushes a line over (greedy, as TextKit)")
    func breaksAcrossRuns() throws {
        let plainWidth = try Self.points("plain-whole")
        let styledWidth = try Self.points("plain-tap") + Self.points("bold-allow") + Self.points("plain-rest")
        let width = (plainWidth + styledWidth) / 2
        var label = Self.label.withWidth(width)
        label.strategy = .greedy
        var plain = label
        plain.markdown = false
        #expect(try plain.layout("Tap Allow to continue").lineCount == 1)
        let styled = try label.layout("Tap **Allow** to continue")
        #expect(styled.lines.map(\.text) == ["Tap Allow to", "continue"])
    }

    @Test("*italic* in Inter Italic, `code` in Noto Sans Mono (standing in for SF Mono)")
    func italicAndCode() throws {
        let italic = try Self.label.layout("Use *italic*")
        #expect(abs(italic.width - (try Self.points("plain-use") + Self.points("italic-word"))) < 0.01)
        #expect(italic.lines[0].visualRuns.map(\.fontName) == ["Inter Regular", "Inter Italic"])
        let code = try Self.label.layout("`code`")
        #expect(abs(code.width - (try Self.points("mono-code"))) < 0.01)
        #expect(code.lines[0].visualRuns.map(\.fontName) == ["Noto Sans Mono Regular"])
    }

    @Test("Bold Text makes a bold run heavy (800), as it makes the label's own weight one step heavier")
    func boldTextRun() throws {
        var label = Self.label
        label.boldText = true
        let layout = try label.layout("**Allow**")
        #expect(abs(layout.width - (try Self.points("heavy-allow"))) < 0.01)
    }

    @Test("a run at 1.25 times the size (<big>) scales its advances and the line's ascent")
    func relativeSize() throws {
        let big = StyledText("Big", TextAttributes(scale: 1.25))
        let layout = try Self.label.prepare(big).layout(Self.label.layoutOptions)
        #expect(abs(layout.width - (try Self.points("plain-big")) * 1.25) < 0.01)
        let metrics = try #require(try Fixtures.json("hb-shape/styled_runs.json")["metrics"] as? [String: [String: Double]])
        let inter = try #require(metrics["Fonts/Inter-roman.var.ttf"])
        let ascent = try #require(inter["hheaAscender"]) * 17 * 1.25 / (try #require(inter["unitsPerEm"]))
        #expect(abs(layout.lines[0].ascent - ascent) < 0.01, "\(layout.lines[0].ascent) vs \(ascent)")
    }

    @Test("the ellipsis takes the style of the text it follows: after a bold word it is bold")
    func ellipsisInRunStyle() throws {
        let label = Label(font: .size(17, relativeTo: nil), width: 120, maxLines: 1, markdown: true)
        let layout = try label.layout("Tap **Allow Allow Allow**")
        let runs = layout.lines[0].visualRuns
        let ellipsis = try #require(runs.last)
        #expect(ellipsis.isEllipsis)
        #expect(ellipsis.fontName == "Inter wght 700")
        #expect(abs(ellipsis.width - (try Self.points("bold-ellipsis"))) < 0.01)
    }

    @Test("Thai bold in Noto Sans Thai Bold; Thai italic, which has no italic face, is said to be a synthetic oblique")
    func otherScripts() throws {
        let label = Self.label
        let bold = try label.layout("กด **อนุญาต**", language: "th")
        // The space between is the label font's (a space takes the primary font that has it, as CoreText does).
        let space = try Self.points("plain-space")
        #expect(abs(bold.width - (try Self.points("thai-plain") + space + Self.points("thai-bold"))) < 0.01)
        let italic = try label.prepare("กด *อนุญาต*", language: "th")
        #expect(italic.warnings.contains { $0.contains("Noto Sans Thai Regular is drawn as a synthetic oblique") })
        // A synthetic oblique keeps the upright face's advances.
        let upright = try Self.points("thai-plain") + space + Self.points("thai-regular")
        #expect(abs(try italic.layout(label.layoutOptions).width - upright) < 0.01)
    }

    @Test("a format argument inside a run takes its style; runs after it move")
    func replacingInsideRuns() {
        let styled = StyledText(markdown: "Folge **%1$@** und *%2$d* anderen")
        let first = styled.replacing(6..<10, with: "Alexandra")
        #expect(first.string == "Folge Alexandra und %2$d anderen")
        #expect(first.runs.map(\.range) == [TextRange(location: 6, length: 9), TextRange(location: 20, length: 4)])
        #expect(first.runs.map(\.attributes) == [.bold, .italic])
    }

    @Test("hostile Markdown is read in linear time and kept as text: 100,000 stray asterisks, 60,000 unmatched openers, unclosed backtick runs of 300 lengths, 20,000 unclosed links")
    func hostileMarkdown() {
        // None of these has a match, so cmark-gfm shows each as written (CommonMark §6.1, §6.2, §6.3).
        let stars = String(repeating: "a* ", count: 100_000)
        #expect(StyledText(markdown: stars).string == stars)
        let ticks = (1...300).map { String(repeating: "`", count: $0) }.joined(separator: " x ")
        #expect(StyledText(markdown: ticks).string == ticks)
        let links = String(repeating: "[a](b \"", count: 20_000)
        #expect(StyledText(markdown: links).string == links)
        // Every delimiter here opens (after a space, before a letter) and none closes: all stay text.
        let openers = String(repeating: "*a **b ", count: 30_000)
        #expect(StyledText(markdown: openers).string == openers)
    }

    @Test("runs out of the text, overlapping or at a scale out of range are refused, naming the run")
    func invalidRuns() throws {
        let engine = try TextEngine()
        let overlapping = StyledText("Hello world", runs: [
            .init(range: TextRange(location: 0, length: 5), attributes: .bold),
            .init(range: TextRange(location: 3, length: 5), attributes: .italic)])
        #expect(throws: OversetError.self) { try engine.prepare(overlapping) }
        let outside = StyledText("Hi", runs: [.init(range: TextRange(location: 1, length: 5), attributes: .bold)])
        #expect(throws: OversetError.self) { try engine.prepare(outside) }
        let tiny = StyledText("Hi", TextAttributes(scale: 0))
        do {
            _ = try engine.prepare(tiny)
            Issue.record("a scale of 0 was accepted")
        } catch {
            #expect("\(error)".contains("runs[0].scale"))
        }
    }
}
