import Overset

/// "Does this string fit this label in every Dynamic Type category?", evaluated with the bundled fonts.
///
/// The check fails for a category when the text needs more lines than allowed, when (if asked) marks are
/// clipped, and, never optimistically, when a character has no glyph in any font: the answer is then unknown.
///
/// ```swift
/// let report = try FitCheck(text: "Nach Updates suchen", language: "de", style: .headline, width: 120,
///                           maxLines: 1).evaluate()
/// report.passed     // false
/// report.message    // names the categories, the language and the lines
/// ```
public struct FitCheck: Sendable, Hashable {
    /// The string.
    public var text: String
    /// Its BCP 47 language.
    public var language: String?
    /// The label's text style.
    public var style: TextStyle
    /// Whether the label uses the style's emphasized weight.
    public var emphasized: Bool
    /// The label's width in points.
    public var width: Double
    /// The label's `numberOfLines` (0 for unlimited).
    public var maxLines: Int
    /// The categories to check, all 12 by default.
    public var categories: [ContentSizeCategory]
    /// Line breaking; `.pushOut` (a `UILabel`) by default.
    public var strategy: LineBreakStrategy
    /// Line height: the style's leading by default.
    public var lineHeight: StyleLineHeight
    /// Whether marks crossing the line box count as a failure.
    public var failsOnClipping: Bool

    /// - Parameters are the properties of the same names.
    public init(text: String, language: String? = nil, style: TextStyle, emphasized: Bool = false, width: Double,
                maxLines: Int, categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
                strategy: LineBreakStrategy = .pushOut, lineHeight: StyleLineHeight = .leading,
                failsOnClipping: Bool = false) {
        self.text = text
        self.language = language
        self.style = style
        self.emphasized = emphasized
        self.width = width
        self.maxLines = maxLines
        self.categories = categories
        self.strategy = strategy
        self.lineHeight = lineHeight
        self.failsOnClipping = failsOnClipping
    }

    /// Prepares the text once and lays it out at every category.
    public func evaluate() throws -> FitReport {
        let weight = StyledFont(style: style, emphasized: emphasized).bundledWeight
        let prepared = try TextEngine(bundledWeight: weight).prepare(text, language: language)
        var failures: [FitFailure] = []
        for category in categories {
            let font = StyledFont(style: style, category: category, emphasized: emphasized)
            let options = LayoutOptions(font: font, width: width, maxLines: 0, lineHeight: lineHeight,
                                        strategy: strategy)
            let layout = try prepared.layout(options)
            let tooLong = maxLines > 0 && layout.lineCount > maxLines
            let clipped = failsOnClipping ? layout.clipping().clippedClusters : []
            let missing = prepared.missingCharacters
            if tooLong || !clipped.isEmpty || !missing.isEmpty {
                failures.append(FitFailure(category: category, pointSize: font.pointSize, linesNeeded: layout.lineCount,
                                           lines: layout.lines.map(\.text), clipped: clipped, missing: missing))
            }
        }
        return FitReport(check: self, failures: failures)
    }
}

/// One category where the string does not fit (or cannot be judged).
public struct FitFailure: Sendable, Hashable {
    /// The category.
    public var category: ContentSizeCategory
    /// The style's point size there.
    public var pointSize: Double
    /// Lines the text needs at the width, without a limit.
    public var linesNeeded: Int
    /// The text of each line.
    public var lines: [String]
    /// Marks crossing the line box (when the check fails on clipping).
    public var clipped: [ClippedCluster]
    /// Characters no font could draw: the check cannot tell.
    public var missing: [MissingCharacter]
}

/// The result of a ``FitCheck``.
public struct FitReport: Sendable, Hashable {
    /// What was checked.
    public var check: FitCheck
    /// The categories that failed, smallest first.
    public var failures: [FitFailure]

    /// Whether every category passed.
    public var passed: Bool { failures.isEmpty }

    /// A message for a test failure: the text, language, label, and for each failing category its size, the lines
    /// needed and the lines themselves.
    public var message: String {
        guard !failures.isEmpty else { return "fits in all \(check.categories.count) categories" }
        let language = check.language ?? "no language"
        var out = "\"\(check.text)\" (\(language)) does not fit \(check.style), "
            + (check.maxLines == 0 ? "unlimited lines" : "\(check.maxLines) line\(check.maxLines == 1 ? "" : "s")")
            + " at \(format(check.width)) pt in \(failures.count) of \(check.categories.count) categories "
            + "(first: \(failures[0].category.higName)):"
        for failure in failures {
            var problems: [String] = []
            if check.maxLines > 0 && failure.linesNeeded > check.maxLines {
                problems.append("needs \(failure.linesNeeded) lines")
            }
            if !failure.clipped.isEmpty {
                problems.append("clips " + failure.clipped.map { "\($0.cluster) by \(format($0.overflow)) pt" }
                    .joined(separator: ", "))
            }
            if !failure.missing.isEmpty {
                problems.append("cannot tell: no font has " + failure.missing.map(\.cluster).joined(separator: " "))
            }
            out += "\n  \(failure.category.higName) (\(format(failure.pointSize)) pt): " + problems.joined(separator: "; ")
            for line in failure.lines { out += "\n    │\(line)│" }
        }
        return out
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 100).rounded() / 100)
    }
}
