import Overset
import OversetPictures
import OversetReports
import Testing

#if canImport(XCTest)
import XCTest
#endif

/// Swift Testing: records an issue naming each category, the language and the lines when `text` does not fit,
/// and attaches an SVG picture of the first failing layout (glyphs, line boxes, clipped marks) to the test, so a
/// CI run shows what broke (`swift test --attachments-path DIR` writes it; Xcode shows it in the test report).
///
/// ```swift
/// @Test func updateButton_fitsInGerman() {
///     expectFits("Nach Updates suchen", language: "de", style: .body, width: 200, maxLines: 2)
/// }
/// ```
/// - Returns: the report, for further checks.
@discardableResult
public func expectFits(_ text: String, language: String? = nil, style: TextStyle, emphasized: Bool = false,
                       width: Double, maxLines: Int,
                       categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
                       failsOnClipping: Bool = false,
                       sourceLocation: SourceLocation = #_sourceLocation) -> FitReport? {
    expectFits(text, language: language,
               label: Label(style: style, emphasized: emphasized, width: width, maxLines: maxLines),
               categories: categories, policy: VerdictPolicy(clipping: failsOnClipping ? .fail : .warn),
               sourceLocation: sourceLocation)
}

/// Swift Testing, with every setting of the label: custom fonts, a point size scaled like `UIFontMetrics`, line
/// height, truncation, strategy, the UILabel settings (`minimumScaleFactor`, `allowsTightening`, category limits,
/// Bold Text), the clipping policy, and a safety `margin` (the fraction of the width the text must leave free).
///
/// ```swift
/// expectFits("Software Update", language: "en",
///            label: Label(font: .size(15, relativeTo: .footnote), width: 120, maxLines: 1, strategy: .greedy))
/// ```
@discardableResult
public func expectFits(_ text: String, language: String? = nil, label: Label,
                       categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
                       policy: VerdictPolicy = VerdictPolicy(), margin: Double = 0,
                       sourceLocation: SourceLocation = #_sourceLocation) -> FitReport? {
    let check = FitCheck(text: text, language: language, label: label, categories: categories, policy: policy,
                         margin: margin)
    do {
        let report = try check.evaluate()
        if !report.passed {
            // A bounded message (a long one was sometimes dropped by `swift test`), the whole one attached.
            Issue.record(Comment(rawValue: report.summary), sourceLocation: sourceLocation)
            if let first = report.failures.first(where: { !$0.verdict.fits }) {
                Attachment.record(first.verdict.picture().svg(), named: attachmentName(text, first.verdict),
                                  sourceLocation: sourceLocation)
                if report.summary != report.message {
                    Attachment.record(report.message, named: attachmentName(text, first.verdict, extension: "txt"),
                                      sourceLocation: sourceLocation)
                }
            }
        }
        return report
    } catch {
        Issue.record(Comment(rawValue: "could not lay out \"\(text)\": \(error)"), sourceLocation: sourceLocation)
        return nil
    }
}

/// `overset-<text>-<language>-<category>.svg` (or another extension), with only characters every file system takes.
func attachmentName(_ text: String, _ verdict: Verdict, extension: String = "svg") -> String {
    let words = text.unicodeScalars.prefix(32).map { scalar -> String in
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) ? String(scalar) : "-"
    }.joined()
    let language = verdict.layout.prepared.language ?? "und"
    return "overset-\(words)-\(language)-\(verdict.label.textSize.name.replacingOccurrences(of: "×", with: "x")).\(`extension`)"
}

#if canImport(XCTest)
/// XCTest: fails with a message naming each category, the language and the lines when `text` does not fit.
public func XCTAssertFits(_ text: String, language: String? = nil, style: TextStyle, emphasized: Bool = false,
                          width: Double, maxLines: Int,
                          categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
                          failsOnClipping: Bool = false,
                          file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertFits(text, language: language,
                  label: Label(style: style, emphasized: emphasized, width: width, maxLines: maxLines),
                  categories: categories, policy: VerdictPolicy(clipping: failsOnClipping ? .fail : .warn),
                  file: file, line: line)
}

/// XCTest, with every setting of the label (see the Swift Testing `expectFits(_:language:label:categories:policy:)`).
public func XCTAssertFits(_ text: String, language: String? = nil, label: Label,
                          categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
                          policy: VerdictPolicy = VerdictPolicy(), margin: Double = 0,
                          file: StaticString = #filePath, line: UInt = #line) {
    let check = FitCheck(text: text, language: language, label: label, categories: categories, policy: policy,
                         margin: margin)
    do {
        let report = try check.evaluate()
        if !report.passed { XCTFail(report.message, file: file, line: line) }
    } catch {
        XCTFail("could not lay out \"\(text)\": \(error)", file: file, line: line)
    }
}
#endif

/// Swift Testing: records an issue unless `choice` takes the candidate named `name` at every category from xSmall
/// up to `upTo` at `width` ("stays horizontal up to xxxLarge"), naming the first category where it takes another
/// and why `name` did not fit there.
///
/// ```swift
/// @Test func updateButtons_stayInARowUpToXXXLarge() throws {
///     let buttons = try LayoutChoice.buttonRow(["Später", "Installieren"], language: "de")
///     expectChooses("horizontal", in: buttons, width: 320, upTo: .xxxLarge)
/// }
/// ```
/// - Returns: the last category up to which the candidate is chosen (nil: not even at xSmall).
@discardableResult
public func expectChooses(_ name: String, in choice: LayoutChoice, width: Double, upTo: ContentSizeCategory,
                          sourceLocation: SourceLocation = #_sourceLocation) -> ContentSizeCategory? {
    do {
        let (last, message) = try choosing(name, in: choice, width: width, upTo: upTo)
        if let message { Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation) }
        return last
    } catch {
        Issue.record(Comment(rawValue: "could not lay out: \(error)"), sourceLocation: sourceLocation)
        return nil
    }
}

/// The last category choosing `name`, and the failure message when that is below `upTo`.
func choosing(_ name: String, in choice: LayoutChoice, width: Double,
              upTo: ContentSizeCategory) throws -> (last: ContentSizeCategory?, message: String?) {
    guard let index = choice.candidates.firstIndex(where: { $0.name == name }) else {
        return (nil, "no candidate is named \"\(name)\" (the candidates: "
            + choice.candidates.map(\.name).joined(separator: ", ") + ")")
    }
    let last = try choice.lastCategory(choosing: name, width: width)
    guard last.map({ $0 < upTo }) ?? true else { return (last, nil) }
    let at = last.map { ContentSizeCategory.allCases[ContentSizeCategory.allCases.firstIndex(of: $0)! + 1] } ?? .xSmall
    let decision = try choice.choose(width: width, category: at)
    let why = try choice.attempt(index, width: width, category: at).reasons
    return (last, VerdictProblem.Facts.choseTooEarly(chosen: decision.arrangement.name, at: at, expected: name,
                                                     reasons: why, upTo: upTo, width: width).sentence)
}

#if canImport(XCTest)
/// XCTest: fails unless `choice` takes the candidate named `name` at every category up to `upTo` (see
/// `expectChooses(_:in:width:upTo:)`).
public func XCTAssertChooses(_ name: String, in choice: LayoutChoice, width: Double, upTo: ContentSizeCategory,
                             file: StaticString = #filePath, line: UInt = #line) {
    do {
        if let message = try choosing(name, in: choice, width: width, upTo: upTo).message {
            XCTFail(message, file: file, line: line)
        }
    } catch {
        XCTFail("could not lay out: \(error)", file: file, line: line)
    }
}
#endif
