import Overset
import OversetPictures
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
            Issue.record(Comment(rawValue: report.message), sourceLocation: sourceLocation)
            if let first = report.failures.first(where: { !$0.verdict.fits }) {
                Attachment.record(first.verdict.picture().svg(), named: attachmentName(text, first.verdict),
                                  sourceLocation: sourceLocation)
            }
        }
        return report
    } catch {
        Issue.record(Comment(rawValue: "could not lay out \"\(text)\": \(error)"), sourceLocation: sourceLocation)
        return nil
    }
}

/// `overset-<text>-<language>-<category>.svg`, with only characters every file system takes.
func attachmentName(_ text: String, _ verdict: Verdict) -> String {
    let words = text.unicodeScalars.prefix(32).map { scalar -> String in
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) ? String(scalar) : "-"
    }.joined()
    let language = verdict.layout.prepared.language ?? "und"
    return "overset-\(words)-\(language)-\(verdict.label.category.higName).svg"
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
