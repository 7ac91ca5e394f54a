import OversetLabel

/// One problem of one string, over the categories where it happens: what every door shows.
///
/// A ``/OversetLabel/Verdict`` judges a text at one category and names its problems (``/OversetLabel/VerdictProblem``), each with its own
/// status under the label's policy. A finding gathers the problems of one kind over the categories checked: a string
/// truncated from AX1 to AX5 and clipped at every size has two findings, an error and a warning. `overset preview`,
/// `measure`, `matrix`, `check` (every report format), the baseline, the exit code and the test helpers all render
/// findings made here, and none of them judges again.
///
/// ```swift
/// let label = Label(style: .body, width: 200, maxLines: 1)
/// let verdicts = try ContentSizeCategory.allCases.map { try label.at($0).verdict(for: "खरीदारी पुनः प्राप्त करें", language: "hi") }
/// for finding in Finding.findings(of: verdicts) {
///     print(finding.severity, finding.span, finding.message)
/// }
/// ```
public struct Finding: Sendable, Hashable {
    /// What went wrong.
    public typealias Kind = VerdictProblem.Kind

    /// How editors and CI show a finding.
    public enum Severity: String, Sendable, Hashable, Codable, CaseIterable {
        case error
        case warning
    }

    /// The kind of problem.
    public var kind: Kind
    /// How it counts: `fail`, `unknown` or `warn`, the worst over its categories (its own, never its string's).
    public var status: VerdictStatus
    /// The categories where it happens, by their HIG names, in the order checked (smallest first).
    public var categories: [String]
    /// The problem's sentence at its worst category (what, by how much, and the advice that avoids it): the one
    /// with the largest overflow for clipping, the largest of ``categories`` for the other kinds; a truncation over
    /// several sizes gives the range of its figures (lines needed, text size) from the first to the last.
    public var message: String
    /// For clipping: the worst overflow in points over the categories.
    public var overflow: Double?
    /// Against a baseline, the categories it does not know yet (a subset of ``categories``, never empty); nil
    /// without a baseline. A finding is shown whole, every category, with these marked as new.
    public var newCategories: [String]? = nil

    /// - Parameters are the properties of the same names.
    public init(kind: Kind, status: VerdictStatus, categories: [String], message: String, overflow: Double? = nil) {
        self.kind = kind
        self.status = status
        self.categories = categories
        self.message = message
        self.overflow = overflow
    }

    /// `error` for a failure or a verdict that could not be measured, `warning` for a warning.
    public var severity: Severity { status == .warn ? .warning : .error }

    /// Whether the finding fails a check (a failure, or something that could not be measured).
    public var fails: Bool { status.fails }

    /// The categories in a few words: `AX3`, or `AX1 … AX5 (5 categories)`; against a baseline that knows some of
    /// them, the new ones after: `xSmall … AX5 (12 categories), new in AX4 … AX5 (2 categories)`.
    public var span: String { Finding.span(categories) + newMark(inline: false) }

    /// The categories inside parentheses: `AX1 … AX5, 5 categories`, with the new ones as in ``span``.
    public var inlineSpan: String { Finding.span(categories, inline: true) + newMark(inline: true) }

    /// `, new in …` when a baseline knows some of the categories (not when every one is new).
    private func newMark(inline: Bool) -> String {
        guard let new = newCategories, !new.isEmpty, new.count < categories.count else { return "" }
        return (inline ? "; new in " : ", new in ") + Finding.span(new, inline: inline)
    }

    /// `AX3`, or `first … last (N categories)`; inside parentheses (`inline`), `first … last, N categories`; empty
    /// for no categories.
    public static func span(_ categories: [String], inline: Bool = false) -> String {
        guard let first = categories.first else { return "" }
        guard categories.count > 1 else { return first }
        let count = Plural.count(categories.count, sizeWord(categories))
        return "\(first) … \(categories.last!)" + (inline ? ", \(count)" : " (\(count))")
    }

    /// What the sizes are called: `category`, or `font scale` for an Android check's (`1.3×`).
    public static func sizeWord(_ sizes: [String]) -> String {
        sizes.first?.hasSuffix("×") == true ? "font scale" : "category"
    }

    /// `span: message`, or the message alone when the finding has no categories.
    public var sentence: String { categories.isEmpty ? message : "\(span): \(message)" }

    /// `FAIL truncated: AX1 … AX5 (5 categories): needs 3 lines, …`: the line every text view shows.
    public var textLine: String { "\(status.rawValue.uppercased()) \(kind.rawValue): \(sentence)" }

    /// The findings of one string: one per kind of problem, over the categories where it happens, worst first
    /// (failures, then what could not be measured, then warnings: ``/OversetLabel/VerdictStatus``'s order), kinds of the same status in the order the
    /// verdicts name them.
    /// - Parameter outcomes: each category's HIG name and the problems judged there, smallest category first.
    public static func findings(of outcomes: some Sequence<(category: String, problems: [VerdictProblem])>) -> [Finding] {
        var order: [Kind] = []
        var byKind: [Kind: Finding] = [:]
        // The first problem's sentence of each kind: a truncation's figures differ from size to size.
        var firstMessage: [Kind: String] = [:]
        for outcome in outcomes {
            var seen: [Kind] = []
            for problem in outcome.problems where !seen.contains(problem.kind) {
                seen.append(problem.kind)
                if firstMessage[problem.kind] == nil { firstMessage[problem.kind] = problem.message }
                if var finding = byKind[problem.kind] {
                    finding.categories.append(outcome.category)
                    finding.status = max(finding.status, problem.status)
                    // The sentence (its figures and advice) is the worst category's: the largest overflow for
                    // clipping; for the other kinds the largest category, where the text is largest.
                    if let overflow = problem.overflow {
                        if overflow > (finding.overflow ?? -.infinity) { finding.message = problem.message }
                        finding.overflow = max(finding.overflow ?? overflow, overflow)
                    } else if finding.overflow == nil {
                        finding.message = problem.message
                    }
                    byKind[problem.kind] = finding
                } else {
                    order.append(problem.kind)
                    byKind[problem.kind] = Finding(kind: problem.kind, status: problem.status,
                                                   categories: [outcome.category], message: problem.message,
                                                   overflow: problem.overflow)
                }
            }
        }
        let found = order.map { kind in
            var finding = byKind[kind]!
            // "needs 2–3 lines, maxLines 1 (21–28 dp text in 256 dp)": each size's own figures, not the largest's.
            if kind == .truncated, let first = firstMessage[kind] { finding.message = rangedTruncation(first, finding.message) }
            return finding
        }
        return found.enumerated().sorted { lhs, rhs in
            lhs.element.status != rhs.element.status ? lhs.element.status > rhs.element.status
                : lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// The findings of a text judged at several categories (each verdict's label at its category).
    public static func findings(of verdicts: [Verdict]) -> [Finding] {
        findings(of: verdicts.lazy.map { (category: $0.label.textSize.name, problems: $0.problems) })
    }
}

/// A line of text as every text view draws it: between bars, so that its leading and trailing spaces and its ends
/// show (`│Nach Updates│`). The one place the diagram is drawn: `preview`'s table, the text and HTML reports, the
/// test helpers' messages.
public enum LineDiagram {
    /// `│text│`.
    public static func line(_ text: String) -> String { "│" + text + "│" }

    /// Each line as ``line(_:)``, joined by `separator`.
    public static func lines(_ texts: [String], separator: String = " ") -> String {
        texts.map(line).joined(separator: separator)
    }

    /// The lines a label shows, then what it does not show: `│Synchronisierte D…│  not shown: “ateien”`.
    public static func shown(_ texts: [String], hidden: String?) -> String {
        lines(texts) + (hidden.map { "  " + notShown($0) } ?? "")
    }

    /// `not shown: “…”`, the hidden text on one line (newlines as ⏎), its first 80 characters.
    public static func notShown(_ hidden: String) -> String {
        let flat = hidden.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎")
        let shown = flat.count > 80 ? flat.prefix(80) + "…" : Substring(flat)
        return "not shown: “\(shown)”"
    }
}
