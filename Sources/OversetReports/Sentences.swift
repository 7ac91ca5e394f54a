@_spi(OversetInternals) import OversetEngine
import OversetLabel

// Every sentence a user reads about a verdict or a layout choice is written in this file: the label model states
// facts (``/OversetLabel/VerdictProblem/Facts``, ``/OversetLabel/LayoutAttempt/Reason``,
// ``/OversetLabel/OrientationDecision/Reason``) and every door (`preview`, `measure`, `matrix`, `check`'s reports,
// the test helpers, the pictures) shows these words. A test greps the other modules for the phrases written here.

extension VerdictProblem {
    /// The problem in a sentence (what, by how much, and the advice that avoids it): the one wording every door
    /// shows.
    public var message: String { facts.sentence(on: platform) }
}

extension VerdictProblem: Encodable {
    private enum Keys: String, CodingKey { case kind, message, overflow, status }

    /// Writes the problem as a report has it: its kind, its sentence, the overflow and its status (what
    /// `init(from:)` reads back).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(message, forKey: .message)
        try container.encodeIfPresent(overflow, forKey: .overflow)
        try container.encode(status, forKey: .status)
    }
}

extension Finding {
    /// A truncation over several sizes in one sentence: the sentence at the last size (`last`), its lines needed and
    /// text size written as ranges from the first size's (`first`): "needs 2–3 lines, maxLines 1 (21–28 dp text in
    /// 256 dp): …". A figure the same at both ends is written once. Read from the sentences this file writes, so a
    /// report read back (its problems as sentences) says the same as the check that wrote it.
    static func rangedTruncation(_ first: String, _ last: String) -> String {
        guard first != last, let a = truncationFigures(first), let b = truncationFigures(last) else { return last }
        var out = last
        if a.lines != b.lines {
            out = out.replacingOccurrences(of: "needs \(b.lines) lines", with: "needs \(a.lines)–\(b.lines) lines")
        }
        if a.size != b.size {
            out = out.replacingOccurrences(of: " (\(b.size) \(b.unit) in ", with: " (\(a.size)–\(b.size) \(b.unit) in ")
        }
        return out
    }

    /// The lines needed, the text size and its unit of a truncation sentence (`needs 3 lines, … (17 pt in …` or
    /// `(18.5 dp text in …`).
    private static func truncationFigures(_ sentence: String) -> (lines: Substring, size: Substring, unit: Substring)? {
        guard let match = sentence.firstMatch(of: #/^needs (\d+) lines.*? \(([0-9.]+) (pt|dp text) in /#) else { return nil }
        return (match.1, match.2, match.3)
    }
}

extension VerdictProblem.Facts {
    /// The one truncation sentence.
    private static func truncated(needed: String, allowed: Int, minimumScale: Double?, size: String, width: Double,
                                  cutOff: Bool, singleLine: Bool = false, on platform: Platform) -> String {
        if platform.rules.advice == .textView {
            // "needs 3 lines, maxLines 2 (18.8 dp text in 288 dp): raise maxLines, set autoSizeTextType or shorten it"
            let shrink = minimumScale.map { " even at autoSizeMinTextSize (\(Points.format($0 * 100, decimals: 1)) %)" } ?? ""
            // singleLine keeps one line whatever maxLines says: the advice names the setting that limits it.
            let more = singleLine ? "replace singleLine with a maxLines that fits" : "raise maxLines"
            let advice = minimumScale == nil ? more + ", let it shrink (autoSizeTextType=\"uniform\") or shorten it"
                : more + ", lower autoSizeMinTextSize or shorten it"
            let cut = cutOff ? ", the rest cut off with no ellipsis" : ""
            let limit = singleLine ? "singleLine" : "maxLines \(allowed)"
            return "needs \(needed) lines, \(limit)\(shrink)\(cut) (\(size) dp text in "
                + "\(Points.format(width, decimals: 2)) dp): " + advice
        }
        // "needs 3 lines, 2 allowed[ even at the minimum scale 0.8] (17 pt in 120 pt)", as bytes: an interpolation
        // appended its ten pieces one by one.
        var sentence = SentenceBytes(capacity: 96)
        sentence.add("needs ")
        sentence.add(contentsOf: needed)
        sentence.add(" lines, ")
        sentence.add(allowed)
        sentence.add(" allowed")
        if let minimumScale {
            sentence.add(" even at the minimum scale ")
            sentence.add(contentsOf: Points.format(minimumScale, decimals: 2))
        }
        if cutOff { sentence.add(", the rest cut off with no ellipsis") }
        sentence.add(" (")
        sentence.add(contentsOf: size)
        sentence.add(" pt in ")
        sentence.add(contentsOf: Points.format(width, decimals: 2))
        sentence.add(" pt)")
        return sentence.string
    }

    /// The facts in a sentence, as an iOS label's.
    public var sentence: String { sentence(on: .ios) }

    /// The facts in a sentence for a label of `platform`: sizes in its unit (`pt`, `dp`), advice in its settings.
    public func sentence(on platform: Platform) -> String {
        let unit = platform.unit
        switch self {
        case .truncated(let needed, let allowed, let minimumScale, let pointSize, let width, let cutOff, let single):
            return Self.truncated(needed: String(needed), allowed: allowed, minimumScale: minimumScale,
                                  size: Points.format(pointSize, decimals: 2), width: width, cutOff: cutOff,
                                  singleLine: single, on: platform)
        case .tooWide(let line, let text, let lineWidth, let width, let otherLines):
            // "line 1 is 16.13 pt wide in 5 pt: “W” cannot break, so it runs past the label's edge"
            let more = otherLines > 0 ? " (and \(Plural.count(otherLines, "more line", "more lines")))" : ""
            return "line \(line + 1) is \(Points.format(lineWidth, decimals: 2)) \(unit) wide in "
                + "\(Points.format(width, decimals: 2)) \(unit)\(more): “\(text)” cannot break, so it runs past the label's edge"
        case .clipped(let marks):
            return marks.sentence(on: platform)
        case .lowContrast(let contrast):
            var parts: [String] = []
            if let light = contrast.light {
                parts.append("\(ContrastCheck.format(light.ratio)) (\(light.foreground) on \(light.background))")
            }
            if let dark = contrast.dark {
                parts.append("\(ContrastCheck.format(dark.ratio)) in dark mode (\(dark.foreground) on \(dark.background))")
            }
            return "contrast " + parts.joined(separator: " and ")
                + "; \(ContrastCheck.format(contrast.required)) needed at \(Points.format(contrast.pointSize, decimals: 2)) pt "
                + contrast.weight.rawValue
        case .tight(let headroom, let required):
            // "fits with 1.93 pt to spare (1.3 % of its width), less than the 5 % headroom asked for"
            return "fits with \(Points.format(headroom.points, decimals: 2)) \(unit) to spare "
                + "(\(Points.format(headroom.fraction * 100, decimals: 1)) % of its width), less than the "
                + "\(required) headroom asked for"
        case .missingGlyphs(let missing):
            return "no font has " + missing.map(\.description).joined(separator: ", ") + ": cannot tell"
        case .notPrepared(let reason):
            return "cannot prepare: \(reason)"
        case .notLaidOut(let reason):
            return "cannot lay out: \(reason)"
        case .noLayoutFits(let reasons):
            return "no layout fits: \(LayoutAttempt.Reason.sentence(reasons))"
        case .wentVertical(let category, let needed, let upTo):
            return "goes vertical at \(category.higName) (needs \(needed) lines beside the image); must stay horizontal "
                + "up to \(upTo.higName)"
        case .choseTooEarly(let chosen, let category, let expected, let reasons, let upTo, let width):
            // `chooses stacked at xLarge (beside: "Check for updates" at 158 pt: needs 2 lines, 1 allowed …); must
            // choose beside up to xLarge`, with `at 274 pt` after the category when the width is given.
            return "chooses \(chosen) at \(category.higName)" + (width.map { " at \(Points.format($0)) pt" } ?? "")
                + " (\(expected): \(LayoutAttempt.Reason.sentence(reasons))); must choose \(expected) up to \(upTo.higName)"
        case .onlyWithSample(let long, let short, let problem):
            // "needs 2 lines, 1 allowed (14 pt in 256 pt) with the sample “Alexandra Montgomery-Fitzgerald”; it fits
            // with “Alex”"
            func quoted(_ samples: [String]) -> String { samples.map { "“\($0)”" }.joined(separator: ", ") }
            return problem.facts.sentence(on: platform) + " with the sample \(quoted(long)); it fits with \(quoted(short))"
        case .recorded(let sentence):
            return sentence
        }
    }
}

extension VerdictProblem.ClippedMarks {
    /// "marks cross the top of the label and the line below (ั ี) by up to 2.5 pt; a line height of 24 pt avoids
    /// the top, and a baseline raised by 1.2 pt (baselineOffset) avoids the line below", as bytes.
    /// On Android the advice is a `TextView`'s: a larger `lineSpacingExtra` for the lines, a padding for the
    /// view's edges (`includeFontPadding` already counted), sizes in dp.
    func sentence(on platform: Platform) -> String {
        guard platform.rules.advice == .textView else { return sentence }
        let clusters = self.clusters.joined(separator: " ")
        var words: [String] = []
        for edge in edges {
            switch edge {
            case .top: words.append("the top of the label")
            case .previousLine: words.append("the line above")
            case .nextLine: words.append("the line below")
            case .bottom: words.append("the bottom of the label")
            }
        }
        let joined = words.count > 1 ? words.dropLast().joined(separator: ", ") + " and " + words.last! : words.joined()
        let outer = edges.contains(.top) || edges.contains(.bottom)
        let inner = edges.contains(.previousLine) || edges.contains(.nextLine)
        var advice: [String] = []
        if inner { advice.append("a lineSpacingExtra of \(Points.format(worst, decimals: 2)) dp keeps the lines apart") }
        if outer { advice.append("a padding of \(Points.format(worst, decimals: 2)) dp keeps the marks inside the view") }
        return "marks cross \(joined) (\(clusters)) by up to \(Points.format(worst, decimals: 2)) dp; "
            + advice.joined(separator: ", and ")
    }

    var sentence: String {
        var sentence = SentenceBytes(capacity: 200)
        sentence.add("marks cross ")
        // "a", "a and b", "a, b and c".
        for (index, edge) in edges.enumerated() {
            if index > 0 { sentence.add(index == edges.count - 1 ? " and " : ", ") }
            switch edge {
            case .top: sentence.add("the top of the label")
            case .previousLine: sentence.add("the line above")
            case .nextLine: sentence.add("the line below")
            case .bottom: sentence.add("the bottom of the label")
            }
        }
        sentence.add(" (")
        for (index, cluster) in clusters.enumerated() {
            if index > 0 { sentence.add(" ") }
            sentence.add(contentsOf: cluster)
        }
        sentence.add(") by up to ")
        sentence.add(contentsOf: Points.format(worst, decimals: 2))
        sentence.add(" pt")
        if let lineHeightAdvice {
            sentence.add("; a line height of ")
            sentence.add(contentsOf: Points.format(lineHeightAdvice, decimals: 2))
            sentence.add(" pt avoids ")
            sentence.add(edges.contains(.top) ? "the top" : "the line above")
        }
        if let baselineAdvice {
            sentence.add(lineHeightAdvice != nil ? ", and " : "; ")
            sentence.add("a baseline raised by ")
            sentence.add(contentsOf: Points.format(baselineAdvice, decimals: 2))
            sentence.add(" pt (baselineOffset) avoids ")
            sentence.add(edges.contains(.bottom) ? "the bottom" : "the line below")
        }
        return sentence.string
    }
}

extension LayoutAttempt.Reason {
    /// The reason in words.
    public var sentence: String {
        switch self {
        case .fixedItemsTooWide(let needed, let width):
            return "its fixed items and spacing need \(Points.format(needed, decimals: 1)) pt of "
                + "\(Points.format(width, decimals: 1)) pt"
        case .sideBySideTooWide(let needed, let width):
            return "side by side it needs \(Points.format(needed, decimals: 1)) pt, \(Points.format(width, decimals: 1)) pt given"
        case .textDoesNotFit(let text, let width, let problems):
            return "\"\(text)\" at \(Points.format(width, decimals: 1)) pt: " + problems.map(\.message).joined(separator: "; ")
        }
    }

    /// Reasons in one line: "fits" when there are none.
    static func sentence(_ reasons: [Self]) -> String {
        reasons.isEmpty ? "fits" : reasons.map(\.sentence).joined(separator: "; ")
    }
}

extension LayoutAttempt {
    /// Why it does not fit, in one line ("fits" when it does).
    public var reason: String { Reason.sentence(reasons) }
}

extension LayoutDecision: CustomStringConvertible {
    /// `xLarge at 320 pt: stacked; beside does not fit: "Check for updates" at 158 pt: needs 2 lines, 1 allowed …`.
    public var description: String {
        let tried = attempts.dropLast().map { "\($0.arrangement.name) does not fit: \($0.reason)" }
        return "\(category.higName) at \(Points.format(width)) pt: \(arrangement.name)"
            + (fits ? "" : " (nothing fits: \(chosen.reason))") + (tried.isEmpty ? "" : "; " + tried.joined(separator: "; "))
    }
}

extension OrientationDecision.Reason {
    /// The reason in words.
    public var sentence: String {
        switch self {
        case .accessibilityCategory(let category): return "\(category) is an accessibility category"
        case .notAccessibilityCategory(let category): return "\(category) is not an accessibility category"
        case .titleTruncates(let needed, let allowed, let width):
            return "the title needs \(needed) lines at \(Points.format(width, decimals: 1)) pt but may take \(allowed)"
        case .subtitleTruncates(let width): return "the subtitle would truncate at \(Points.format(width, decimals: 1)) pt"
        case .titleClips: return "the title's marks would be clipped"
        case .titleFits(let needed, let allowed, let width):
            return "the title fits in \(needed) of \(allowed) lines at \(Points.format(width, decimals: 1)) pt"
        case .uncertain(let missing): return "uncertain: no font has \(missing.map(\.cluster).joined())"
        }
    }
}

extension OrientationDecision: CustomStringConvertible {
    /// Why, in a sentence: its reasons joined by semicolons.
    public var reason: String { reasons.map(\.sentence).joined(separator: "; ") }

    /// `AX1: vertical (the title needs 3 lines at 180 pt but may take 2)`.
    public var description: String { "\(category): \(orientation.rawValue) (\(reason))" }
}

extension ClipEdge {
    /// The edge as sentences name it: "top of the label", "line above", "line below", "bottom of the label".
    public var name: String {
        switch self {
        case .top: "top of the label"
        case .bottom: "bottom of the label"
        case .previousLine: "line above"
        case .nextLine: "line below"
        }
    }
}

extension ClippedCluster: CustomStringConvertible {
    /// ``sentence``.
    public var description: String { sentence }

    /// `line 2 ที่ (UTF-16 3..<6) crosses the top of the label by 2.50 pt (clipsToBounds would cut it)`: one
    /// clipped cluster, as `preview` lists them.
    public var sentence: String {
        "line \(line + 1) \(cluster) (UTF-16 \(range)) crosses the \(edge.name) by \(Points.fixed(overflow)) pt"
            + (edge == .top || edge == .bottom ? " (clipsToBounds would cut it)" : "")
    }
}

extension Verdict {
    /// How the text was made to fit and a contrast that passes, a sentence each (empty when none applies): what
    /// `preview` prints under its lines.
    public var notes: [String] {
        var out: [String] = []
        if tightened {
            out.append("fits by tightening its spacing (up to \(Int(Label.tighteningFactor * 100)) % of the width), "
                + "as allowsDefaultTighteningForTruncation does")
        }
        if scale < 1 && label.autoSizeMinTextSize != nil {
            out.append("auto-size shrinks it to \(Points.format(scale * 100, decimals: 1)) % "
                + "(\(Points.fixed(layout.options.pointSize)) dp), as autoSizeTextType=\"uniform\" does")
        } else if scale < 1 {
            out.append("shrinks to \(Points.format(scale * 100, decimals: 1)) % "
                + "(\(Points.fixed(layout.options.pointSize)) pt) to fit, as adjustsFontSizeToFitWidth does")
        }
        if let contrast, contrast.passes {
            out.append("contrast \(ContrastCheck.format(contrast.ratio))"
                + (contrast.darkRatio.map { ", \(ContrastCheck.format($0)) in dark mode" } ?? "")
                + ": at least \(ContrastCheck.format(contrast.required)) needed at this size and weight")
        }
        return out
    }
}

extension LayoutChoice {
    /// `chooses beside up to xLarge`, or `never chooses beside` when `last` is nil: how far up the categories a
    /// component keeps its first layout (`last`: ``/OversetLabel/LayoutChoice/lastCategory(choosing:width:)``).
    public static func summary(choosing name: String, upTo last: ContentSizeCategory?) -> String {
        last.map { "chooses \(name) up to \($0.higName)" } ?? "never chooses \(name)"
    }
}

extension ReflowHeader {
    /// `flips to vertical at xLarge`, or `stays horizontal at every category` when `category` is nil: where a
    /// header first goes vertical, as `matrix` sums it up.
    public static func summary(flipsAt category: ContentSizeCategory?) -> String {
        category.map { "flips to vertical at \($0.higName)" } ?? "stays horizontal at every category"
    }

    /// `WARNING: no font has a glyph for 🍵: rows are estimates`: what a table of a title with `missing`
    /// characters says under its rows.
    public static func estimateWarning(missing: [MissingCharacter]) -> String {
        "WARNING: no font has a glyph for " + missing.map(\.description).joined(separator: ", ") + ": rows are estimates"
    }
}

extension TextLayout {
    /// A layout's verdict in a few capitalised words, as a picture's legend shows it: `TRUNCATED (2 of more lines
    /// shown) · CLIPPED: 3 marks, up to 2.50 pt · MISSING GLYPHS: 🍵`, or `fits`; and whether it fits.
    /// On Android, lines past `maxLines` with no ellipsis are `CUT OFF`, and sizes are dp.
    public func legendVerdict(clipping: ClippingReport, platform: Platform = .ios) -> (text: String, fits: Bool) {
        var verdicts: [String] = []
        if isTruncated {
            let word = platform.rules.truncatedWord(options.truncation)
            verdicts.append("\(word) (\(lineCount) of more lines shown)")
        }
        if clipping.hasClipping {
            let worst = clipping.clippedClusters.map(\.overflow).max() ?? 0
            verdicts.append("CLIPPED: \(Plural.count(clipping.clippedClusters.count, "mark")), up to \(Points.fixed(worst)) \(platform.unit)")
        }
        if !missingCharacters.isEmpty {
            verdicts.append("MISSING GLYPHS: " + missingCharacters.map(\.cluster).joined(separator: " "))
        }
        return (verdicts.isEmpty ? "fits" : verdicts.joined(separator: " · "), verdicts.isEmpty)
    }
}

/// A sentence written as UTF-8 bytes and made a `String` once, not appended to a `String` piece by piece.
struct SentenceBytes {
    private var bytes: [UInt8] = []

    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// A fixed piece. (Dynamic strings take ``add(contentsOf:)``: with an `add(_: String)` beside this, a string
    /// literal chose the `String` overload and its UTF-8 view's generic append.)
    mutating func add(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func add(contentsOf text: String) { bytes.append(contentsOf: text.utf8) }

    /// An integer's decimal digits, as `String(value)` writes them (``/OversetEngine/Points/writeDecimal(_:decimals:to:)``).
    mutating func add(_ value: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let count = Points.writeDecimal(value, decimals: 0, to: digits.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<count]))
        }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// Android's names for a label's settings, as reports show them.
public enum AndroidTerms {
    /// `ellipsize end`, or `cut off (no ellipsize)` for a `TextView` that shows no ellipsis.
    public static func ellipsize(_ mode: TruncationMode) -> String {
        switch mode {
        case .clip: "cut off (no ellipsize)"
        case .tail: "ellipsize end"
        case .head: "ellipsize start"
        case .middle: "ellipsize middle"
        }
    }
}
