import Overset
import OversetReports

/// "Does this string fit this label in every Dynamic Type category?", judged by the same ``/OversetLabel/Verdict`` as
/// `overset check`, `preview` and `matrix`.
///
/// A category fails when the text needs more lines than the label shows, when marks cross the line box and the
/// policy says clipping fails, and, never optimistically, when a character has no glyph in any font: the answer is
/// then unknown.
///
/// ```swift
/// let report = try FitCheck(text: "Nach Updates suchen", language: "de",
///                           label: Label(style: .headline, width: 120, maxLines: 1)).evaluate()
/// report.passed     // false
/// report.message    // names the categories, the language, and each line with its width
/// ```
public struct FitCheck: Sendable, Hashable {
    /// The string.
    public var text: String
    /// Its BCP 47 language.
    public var language: String?
    /// The label (its category is replaced by each of ``categories``).
    public var label: Label
    /// The categories to check, all 12 by default.
    public var categories: [ContentSizeCategory]
    /// How clipped marks count: reported as a warning by default, a failure with `.fail`.
    public var policy: VerdictPolicy
    /// A safety margin: the fraction of the width (0 to below 1) the text must leave free, so a string that fits with
    /// no room to spare fails now rather than after the next translation update. 0 by default.
    public var margin: Double = 0

    /// - Parameters are the properties of the same names.
    public init(text: String, language: String? = nil, label: Label,
                categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
                policy: VerdictPolicy = VerdictPolicy(), margin: Double = 0) {
        self.text = text
        self.language = language
        self.label = label
        self.categories = categories
        self.policy = policy
        self.margin = margin
    }

    /// The label judged: ``label`` with ``margin`` of its width taken away.
    public var judgedLabel: Label { label.withWidth(label.width * (1 - margin)) }

    /// A check of a label in a text style; the other settings are ``/OversetLabel/Label``'s defaults (push-out, the style's
    /// leading).
    public init(text: String, language: String? = nil, style: TextStyle, emphasized: Bool = false, width: Double,
                maxLines: Int, categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
                failsOnClipping: Bool = false) {
        self.init(text: text, language: language,
                  label: Label(style: style, emphasized: emphasized, width: width, maxLines: maxLines),
                  categories: categories, policy: VerdictPolicy(clipping: failsOnClipping ? .fail : .warn))
    }

    /// The label's style, when it has one.
    public var style: TextStyle? { label.style }
    /// The label's line limit.
    public var maxLines: Int { label.maxLines }
    /// The label's width.
    public var width: Double { label.width }

    /// Prepares the text once per font the categories use (twice for the bundled fonts: Inter, and Inter Display
    /// from 20 pt) and judges it at every category.
    public func evaluate() throws -> FitReport {
        guard margin.isFinite, margin >= 0, margin < 1 else {
            throw OversetError.invalidArgument(name: "margin", value: "\(margin)",
                                               expected: "a fraction of the width from 0 to below 1")
        }
        let label = judgedLabel
        let preparations = try LabelPreparations(text, language: language, label: label, categories: categories)
        var failures: [FitFailure] = []
        for category in categories {
            let shown = label.at(category)
            let verdict = try shown.verdict(for: preparations.prepared(for: shown), policy: policy)
            if verdict.status != .pass {
                failures.append(FitFailure(verdict: verdict))
            }
        }
        return FitReport(check: self, failures: failures)
    }
}

/// One category where the string does not fit, cannot be judged, or has a warning.
public struct FitFailure: Sendable {
    /// The verdict there: its layout, lines needed and problems.
    public var verdict: Verdict

    /// The category.
    public var category: ContentSizeCategory { verdict.label.category }
    /// The point size there.
    public var pointSize: Double { verdict.label.pointSize }
    /// Lines the text needs at the width, without a limit.
    public var linesNeeded: Int { verdict.linesNeeded }
    /// The text of each line, with no limit.
    public var lines: [String] { unlimitedLines.map(\.text) }
    /// Marks crossing the line box beyond the tolerance.
    public var clipped: [ClippedCluster] { verdict.clipping.clippedClusters }
    /// Characters no font could draw: the check cannot tell.
    public var missing: [MissingCharacter] { verdict.missingCharacters }

    /// The lines with no limit, to show what the text needs.
    var unlimitedLines: [Line] {
        var options = verdict.layout.options
        options.maxLines = 0
        return (try? verdict.layout.prepared.layout(options).lines) ?? verdict.layout.lines
    }
}

/// The result of a ``FitCheck``.
public struct FitReport: Sendable {
    /// What was checked.
    public var check: FitCheck
    /// The categories that did not pass cleanly (failed, unknown or warned), smallest first.
    public var failures: [FitFailure]

    /// Whether every category fits (warnings allowed).
    public var passed: Bool { failures.allSatisfy { $0.verdict.fits } }

    /// The findings over the categories checked, worst first: the same as `overset check` and `preview` show for
    /// this string and label (``/OversetReports/Finding``).
    public var findings: [Finding] { Finding.findings(of: failures.map(\.verdict)) }

    /// A message for a test failure: the text, language, label, and for each category that did not pass its size,
    /// its problems and every line with its width against the limit.
    public var message: String { message(brief: false) }

    /// The ``message`` a test runner shows in full: the first and the worst failing categories, each with at most
    /// eight lines, then how many more there are. (A long message, 57 lines for a paragraph at twelve sizes, was
    /// sometimes dropped by `swift test`; the test helpers attach the whole ``message`` as a text file beside it.)
    public var summary: String { message(brief: true) }

    private func message(brief: Bool) -> String {
        let failing = failures.filter { !$0.verdict.fits }
        guard !failing.isEmpty else { return "fits in all " + Plural.count(check.categories.count, "category") }
        let label = check.judgedLabel
        let language = check.language ?? "no language"
        let lines = label.maxLines == 0 ? "unlimited lines" : Plural.count(label.maxLines, "line")
        let font = label.style.map { "\($0)" } ?? "\(Points.format(label.pointSize)) pt"
        let margin = check.margin > 0
            ? " (\(Points.format(check.label.width)) pt less a \(Points.format(check.margin * 100)) % margin)" : ""
        var out = "\"\(check.text)\" (\(language)) does not fit \(font), \(lines) at \(Points.format(label.width)) pt\(margin) "
            + "in \(failing.count) of \(Plural.count(check.categories.count, "category")) (first: \(failing[0].category.higName)):"
        let shown = brief && failing.count > 2 ? [failing[0], failing[failing.count - 1]] : failing
        for failure in shown { out += Self.describe(failure.verdict, maximumLines: brief ? 8 : nil) }
        if shown.count < failing.count {
            out += "\n  … and \(Plural.count(failing.count - shown.count, "more category", "more categories")) "
                + "(the attached report lists them all)"
        }
        out += Self.fontsLine(failing[0].verdict)
        return out
    }

    /// A failing category in a test failure's message: its size, the verdict's own sentences (the same as every
    /// door's; `extra` adds the check's own, such as a header flipping too early) at the size the lines were
    /// measured (the shrunk size when `minimumScaleFactor` let the text shrink), and every line with its width
    /// against the limit.
    static func describe(_ verdict: Verdict, extra: [VerdictProblem] = [], maximumLines: Int? = nil) -> String {
        let shown = verdict.layout.options.pointSize
        let size = verdict.scale < 1
            ? "\(Points.format(shown, decimals: 2)) pt, shrunk from \(Points.format(verdict.label.pointSize)) pt"
            : "\(Points.format(shown)) pt"
        let problems = verdict.problems + extra.filter { problem in !verdict.problems.contains { $0.kind == problem.kind } }
        var out = "\n  \(verdict.label.category.higName) (\(size)): "
            + problems.map { ($0.status == .warn ? "warning: " : "") + $0.message }.joined(separator: "; ")
        let lines = FitFailure(verdict: verdict).unlimitedLines
        for line in lines.prefix(maximumLines ?? lines.count) {
            let limit = verdict.label.width
            let over = line.width > limit ? " over by \(Points.fixed(line.width - limit)) pt" : ""
            out += "\n    \(LineDiagram.line(line.text)) \(Points.fixed(line.width)) of \(Points.format(limit)) pt\(over)"
        }
        if let maximumLines, lines.count > maximumLines {
            out += "\n    … and \(Plural.count(lines.count - maximumLines, "more line"))"
        }
        return out
    }

    /// The last line of a message: how the lines were broken and which fonts drew them.
    static func fontsLine(_ verdict: Verdict) -> String {
        let fonts = verdict.layout.prepared.usedFonts.map(\.name)
        return "\n  (\(verdict.label.strategy.rawValue) breaking; fonts: \(fonts.joined(separator: ", ")))"
    }
}
