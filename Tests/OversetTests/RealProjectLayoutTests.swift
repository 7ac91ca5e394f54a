import Foundation
import Testing
import OversetText
@testable import OversetLabel
@testable import OversetEngine
import OversetReports

/// Issue 44 ("Catalogs as apps ship them"): line breaks and findings on the layouts real projects have.
@Suite struct RealProjectLayoutTests {
    /// UAX #14 LB4 and LB5: a mandatory break follows BK, CR, LF or NL, and nothing else. ICU's dictionary breaks
    /// (Thai, Lao, Khmer, Burmese) in a stretch before a newline took the newline's hard rule status; every one of
    /// them is an opportunity.
    @Test func dictionaryBreaksBeforeANewline_areOpportunities() throws {
        let analyzer = TextAnalyzer()
        let mandatory: Set<UInt16> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]
        let texts: [(String, String)] = [
            ("th", "ยินดีด้วย คุณได้รับการอัพเดทแล้ว\n(๑>◡‹๑)"), ("th", "ภาษาไทย\nภาษาไทย"), ("th", "รายการ มังงะ\n"),
            ("th", "ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค\u{2028}ภาษาไทย\r\nภาษาไทย"), ("lo", "ພາສາລາວເປັນພາສາ\nພາສາລາວ"),
            ("km", "ភាសាខ្មែរជាភាសា\nភាសាខ្មែរ"), ("my", "မြန်မာဘာသာစကား\nမြန်မာ"),
        ]
        for (language, text) in texts {
            let units = Array(text.utf16)
            let breaks = try #require(units.withUnsafeBufferPointer { analyzer.lineBreaks($0, language: language) })
            #expect(breaks.contains { !$0.isMandatory && $0.offset > 0 }, "\(text): the dictionary found words")
            for point in breaks where point.offset < units.count {
                #expect(point.isMandatory == mandatory.contains(units[Int(point.offset) - 1]),
                        "\(language) \(text) at \(point.offset)")
            }
        }
    }

    /// The strings: two lines each at 320 pt (each paragraph is far narrower than the label), breaking only
    /// at the newline, as UIKit shows them.
    @Test func thaiBeforeANewline_takesOneLineAParagraph() throws {
        let label = Label(style: .body, width: 320)  // 17 pt at Large
        for text in ["ยินดีด้วย คุณได้รับการอัพเดทแล้ว\n(๑>◡‹๑)", "ภาษาไทย\nภาษาไทย"] {
            let verdict = try label.verdict(for: text, language: "th")
            #expect(verdict.layout.lines.count == 2, "\(text): \(verdict.layout.lines.map(\.text))")
            #expect(verdict.layout.lines.first?.breakKind == .mandatory)
        }
        // The app's "Manga List" with its trailing newline fits one line (and the empty line after it).
        let manga = try label.verdict(for: "รายการ มังงะ\n", language: "th")
        #expect(manga.layout.lines.first?.text.hasPrefix("รายการ มังงะ") == true, "\(manga.layout.lines.map(\.text))")
    }

    /// A grouped finding carries its worst category: the clipping sentence quotes the largest overflow (7.89, not
    /// the first category's 0.95), a truncation the largest category's figures.
    @Test func groupedFinding_quotesItsWorstCategory() {
        func clipped(_ overflow: Double) -> VerdictProblem {
            VerdictProblem(kind: .clipped, message: "by up to \(overflow) pt", overflow: overflow)
        }
        let outcomes: [(category: String, problems: [VerdictProblem])] = [
            ("xSmall", [clipped(0.95)]), ("Large", [clipped(7.89), VerdictProblem(kind: .truncated, message: "needs 2 lines")]),
            ("AX5", [clipped(3.1), VerdictProblem(kind: .truncated, message: "needs 6 lines")]),
        ]
        let findings = Finding.findings(of: outcomes)
        let clipping = findings.first { $0.kind == .clipped }
        #expect(clipping?.message == "by up to 7.89 pt" && clipping?.overflow == 7.89)
        #expect(clipping?.categories == ["xSmall", "Large", "AX5"])
        #expect(findings.first { $0.kind == .truncated }?.message == "needs 6 lines")
    }

    /// `headroom` (points, or a percentage of the text's width) makes a string that fits by a hair warn: the
    /// label is 1 pt wider than the text's line, so 2 pt of headroom warns and 0.5 pt passes; truncation stays a
    /// failure whatever the headroom.
    @Test func headroom_warnsWhenAStringFitsByAHair() throws {
        let text = "Check for updates"
        let width = try Label(style: .body, width: 1000, maxLines: 1).verdict(for: text, language: "en").layout.lines[0].width
        let label = Label(style: .body, width: width + 1, maxLines: 1)
        let tight = try label.verdict(for: text, language: "en", policy: VerdictPolicy(headroom: .points(2)))
        #expect(tight.status == .warn)
        #expect(tight.problems.map(\.kind) == [.tight])
        #expect(tight.problems.first?.message.hasPrefix("fits with 1 pt to spare") == true, "\(tight.problems)")
        #expect(try label.verdict(for: text, language: "en", policy: VerdictPolicy(headroom: .points(0.5))).status == .pass)
        let percent = 100 / width  // 1 pt of the text's width, in percent
        #expect(try label.verdict(for: text, language: "en", policy: VerdictPolicy(headroom: .percent(percent * 2))).status == .warn)
        #expect(try label.verdict(for: text, language: "en", policy: VerdictPolicy(headroom: .percent(percent / 2))).status == .pass)
        let narrow = Label(style: .body, width: width - 1, maxLines: 1)
        let truncated = try narrow.verdict(for: text, language: "en", policy: VerdictPolicy(headroom: .points(2)))
        #expect(truncated.status == .fail && truncated.problems.map(\.kind) == [.truncated])
        // The spec's forms: a number is points, "5%" a percentage; anything else is named.
        var settings = Settings(["headroom": .string("5%")], origin: "rule 1")
        #expect(try VerdictPolicy(settings: &settings).headroom == .percent(5))
        settings = Settings(["headroom": .number(2)], origin: "rule 1")
        #expect(try VerdictPolicy(settings: &settings).headroom == .points(2))
        settings = Settings(["headroom": .string("lots")], origin: "rule 1")
        #expect(throws: OversetError.self) { try VerdictPolicy(settings: &settings) }
    }
}

