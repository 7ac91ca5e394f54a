import Foundation
import Testing
import Overset

/// Every sentence a user reads about a verdict or a layout choice is worded in one module, `OversetReports` (issue
/// 42): the label model states facts and every door shows the reports module's words. These tests fail when a
/// phrase is written a second time elsewhere, and when the facts stop reaching the words.
struct SentenceOwnerTests {
    /// The phrases `OversetReports/Sentences.swift` writes, each distinctive enough that finding it in another
    /// module's code (comments aside) means a second author. (Errors and the engine's warnings about a measurement,
    /// such as an unknown language or a font that could not be loaded, are worded where they are raised: they
    /// describe the input, not the label's verdict.)
    static let phrases = [
        " allowed", "even at the minimum scale", "cannot break, so it runs past", "marks cross ",
        "the top of the label", "the line above", "the line below", "the bottom of the label", "(baselineOffset) avoids",
        "a line height of ", "in dark mode (", "needed at ", "pt to spare", "headroom asked for", ": cannot tell",
        "no font has a glyph for", "rows are estimates", "flips to vertical at", "stays horizontal at every",
        "cannot prepare: ", "cannot lay out: ", "no layout fits", "goes vertical at", "must stay horizontal",
        "must choose ", "chooses ", "never chooses", "fixed items and spacing", "side by side it needs",
        "does not fit: ", "is an accessibility category", "is not an accessibility category", "would truncate at",
        "would be clipped", "the title fits in", "uncertain: ", "crosses the ", "clipsToBounds would cut",
        "by tightening its spacing", "shrinks to ", "as adjustsFontSizeToFitWidth does", "needed at this size",
        "TRUNCATED (", "CLIPPED: ", "MISSING GLYPHS: ", "top of the label", "line above", "line below",
    ]

    @Test func phrases_areWrittenOnlyByTheReportsModule() throws {
        let sources = URL(fileURLWithPath: Fixtures.root + "/Sources")
        let owner = try String(contentsOf: sources.appendingPathComponent("OversetReports/Sentences.swift"), encoding: .utf8)
        // The list stays honest: every phrase is one the owner writes.
        for phrase in Self.phrases {
            #expect(owner.contains(phrase), "Sentences.swift no longer writes \"\(phrase)\": drop it from the list")
        }
        var found: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift", !url.path.contains("/OversetReports/") else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//"), code.contains("\"") else { continue }
                // Only string literals count: a phrase in an identifier or a comment after the code is no sentence.
                let literals = Self.stringLiterals(in: code)
                for phrase in Self.phrases where literals.contains(where: { $0.contains(phrase) }) {
                    found.append("\(url.path.dropFirst(sources.path.count + 1)):\(number + 1): \"\(phrase)\" in \(code)")
                }
            }
        }
        #expect(found.isEmpty, "word these in OversetReports/Sentences.swift:\n\(found.joined(separator: "\n"))")
    }

    /// The string literals of one line of Swift (enough for this check: no multi-line literals hold sentences).
    static func stringLiterals(in line: String) -> [String] {
        var literals: [String] = []
        var current: String? = nil
        var escaped = false
        for character in line {
            if var text = current {
                if escaped { escaped = false; text.append(character); current = text; continue }
                if character == "\\" { escaped = true; text.append(character); current = text; continue }
                if character == "\"" { literals.append(text); current = nil; continue }
                text.append(character)
                current = text
            } else if character == "\"" {
                current = ""
            }
        }
        return literals
    }

    /// The facts reach the words: a verdict's problem, a layout choice's reasons and a header's orientation
    /// reasons are worded from their numbers (expected sentences written here from the facts, not from Overset).
    @Test func facts_areWorded() throws {
        let truncated = VerdictProblem.Facts.truncated(linesNeeded: 3, maxLines: 2, minimumScaleFactor: 0.8,
                                                        pointSize: 17, width: 120)
        #expect(truncated.sentence == "needs 3 lines, 2 allowed even at the minimum scale 0.8 (17 pt in 120 pt)")
        let clipped = VerdictProblem.Facts.clipped(.init(edges: [.top, .nextLine], clusters: ["ที่", "ญ"], worst: 2.5,
                                                         lineHeightAdvice: 24, baselineAdvice: 1.25))
        #expect(clipped.sentence == "marks cross the top of the label and the line below (ที่ ญ) by up to 2.5 pt; "
            + "a line height of 24 pt avoids the top, and a baseline raised by 1.25 pt (baselineOffset) avoids the line below")
        let choice = VerdictProblem.Facts.choseTooEarly(
            chosen: "stacked", at: .xLarge, expected: "beside",
            reasons: [.sideBySideTooWide(needed: 264.24, width: 262)], upTo: .accessibility3, width: nil)
        #expect(choice.sentence == "chooses stacked at xLarge (beside: side by side it needs 264.2 pt, 262 pt given); "
            + "must choose beside up to AX3")
        #expect(OrientationDecision.Reason.titleTruncates(needed: 3, allowed: 2, width: 180).sentence
            == "the title needs 3 lines at 180 pt but may take 2")
        // Cut off with no ellipsis, and Android's singleLine: the words name what the view does and the setting.
        let cut = VerdictProblem.Facts.truncated(linesNeeded: 2, maxLines: 1, minimumScaleFactor: nil, pointSize: 23,
                                                 width: 256, cutOff: true)
        #expect(cut.sentence(on: .android) == "needs 2 lines, maxLines 1, the rest cut off with no ellipsis (23 dp text "
            + "in 256 dp): raise maxLines, let it shrink (autoSizeTextType=\"uniform\") or shorten it")
        #expect(cut.sentence == "needs 2 lines, 1 allowed, the rest cut off with no ellipsis (23 pt in 256 pt)")
        let single = VerdictProblem.Facts.truncated(linesNeeded: 3, maxLines: 1, minimumScaleFactor: nil, pointSize: 26,
                                                    width: 320, singleLine: true)
        #expect(single.sentence(on: .android) == "needs 3 lines, singleLine (26 dp text in 320 dp): replace singleLine "
            + "with a maxLines that fits, let it shrink (autoSizeTextType=\"uniform\") or shorten it")
        // Over several sizes, a finding quotes each end's own figures.
        func problem(_ needed: Int, _ size: Double) -> VerdictProblem {
            var problem = VerdictProblem(kind: .truncated, facts: .truncated(linesNeeded: needed, maxLines: 1,
                                                                             minimumScaleFactor: nil, pointSize: size, width: 320))
            problem.platform = .android
            return problem
        }
        let findings = Finding.findings(of: [(category: "1×", problems: [problem(2, 14)]),
                                             (category: "1.5×", problems: [problem(2, 22)]),
                                             (category: "2×", problems: [problem(3, 26)])])
        #expect(findings.map(\.message) == ["needs 2–3 lines, maxLines 1 (14–26 dp text in 320 dp): raise maxLines, "
            + "let it shrink (autoSizeTextType=\"uniform\") or shorten it"])
        // A problem read back from a report keeps its sentence as written.
        let recorded = VerdictProblem(kind: .truncated, message: "needs 9 lines, 1 allowed (17 pt in 40 pt)")
        #expect(recorded.message == "needs 9 lines, 1 allowed (17 pt in 40 pt)")
    }

    /// A verdict's problem is worded from the verdict's own numbers: "needs N lines, M allowed (size in width)".
    @Test func verdict_problemIsWordedFromItsFacts() throws {
        let label = Label(style: .body, width: 60, maxLines: 1)
        let verdict = try label.verdict(for: "Nach Updates suchen", language: "de")
        let problem = try #require(verdict.problems.first { $0.kind == .truncated })
        guard case .truncated(let needed, let allowed, nil, let size, let width, false, false) = problem.facts else {
            Issue.record("expected truncated facts, got \(problem.facts)")
            return
        }
        #expect(allowed == 1 && width == 60 && size == 17 && needed == verdict.linesNeeded && needed > 1)
        #expect(problem.message == "needs \(needed) lines, 1 allowed (17 pt in 60 pt)")
    }
}
