import Overset
import Testing

#if canImport(XCTest)
import XCTest
#endif

/// Swift Testing: records an issue naming each category, the language and the lines when `text` does not fit.
///
/// ```swift
/// @Test func updateButton_fitsInGerman() {
///     expectFits("Nach Updates suchen", language: "de", style: .body, width: 160, maxLines: 1)
/// }
/// ```
/// - Returns: the report, for further checks.
@discardableResult
public func expectFits(_ text: String, language: String? = nil, style: TextStyle, emphasized: Bool = false,
                       width: Double, maxLines: Int,
                       categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
                       strategy: LineBreakStrategy = .pushOut, failsOnClipping: Bool = false,
                       sourceLocation: SourceLocation = #_sourceLocation) -> FitReport? {
    let check = FitCheck(text: text, language: language, style: style, emphasized: emphasized, width: width,
                         maxLines: maxLines, categories: categories, strategy: strategy,
                         failsOnClipping: failsOnClipping)
    do {
        let report = try check.evaluate()
        if !report.passed { Issue.record(Comment(rawValue: report.message), sourceLocation: sourceLocation) }
        return report
    } catch {
        Issue.record(Comment(rawValue: "could not lay out \"\(text)\": \(error)"), sourceLocation: sourceLocation)
        return nil
    }
}

#if canImport(XCTest)
/// XCTest: fails with a message naming each category, the language and the lines when `text` does not fit.
public func XCTAssertFits(_ text: String, language: String? = nil, style: TextStyle, emphasized: Bool = false,
                          width: Double, maxLines: Int,
                          categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
                          strategy: LineBreakStrategy = .pushOut, failsOnClipping: Bool = false,
                          file: StaticString = #filePath, line: UInt = #line) {
    let check = FitCheck(text: text, language: language, style: style, emphasized: emphasized, width: width,
                         maxLines: maxLines, categories: categories, strategy: strategy,
                         failsOnClipping: failsOnClipping)
    do {
        let report = try check.evaluate()
        if !report.passed { XCTFail(report.message, file: file, line: line) }
    } catch {
        XCTFail("could not lay out \"\(text)\": \(error)", file: file, line: line)
    }
}
#endif
