import Foundation
import Overset
import OversetCatalog
import Testing

#if canImport(XCTest)
import XCTest
#endif

/// Swift Testing: records an issue for each language (and plural or device variant) in which a catalog key does
/// not fit `label` at some category, naming the key, language, variant, category and each line against the limit.
///
/// Every language of the catalog is checked (or `languages`), at every category (or `categories`), with format
/// specifiers replaced by `samples` (nil: the long default ones, and a failure only with them is a warning that says
/// the key fits with short ones; name samples to make such a failure count). A key in no catalog, or a requested language the key has no string in, is an
/// issue too, never a pass. The catalog is any file `overset check` reads (`.xcstrings`, `.strings`,
/// `.stringsdict`, XLIFF, Android `strings.xml`, JSON), or a folder searched for them (`.lproj` folders, `res/`); a
/// relative path is taken from the root of the package whose test calls this, and it is read once per process.
///
/// ```swift
/// @Test func updateButton_fitsInEveryLanguage() {
///     expectFits(key: "update.button", in: "Sources/App/Localizable.xcstrings",
///                label: Label(style: .body, width: 200, maxLines: 1))
/// }
/// ```
@discardableResult
public func expectFits(key: String, in catalog: String, label: Label, languages: [String]? = nil,
                       categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
                       samples: SampleValues? = nil, policy: VerdictPolicy = VerdictPolicy(),
                       sourceLocation: SourceLocation = #_sourceLocation) -> CatalogFitReport? {
    let check = CatalogFitCheck(keys: [key], catalog: resolve(catalog, from: sourceLocation.filePath), label: label,
                                languages: languages, categories: categories, samples: samples, policy: policy)
    return record(check, sourceLocation: sourceLocation)
}

/// Swift Testing: a catalog key against the rule a layout spec gives it (the same spec as `overset check --spec`):
/// its label, policy, samples, languages and categories (`languages` and `categories` override the spec's).
@discardableResult
public func expectFits(key: String, in catalog: String, spec: String, languages: [String]? = nil,
                       categories: [ContentSizeCategory]? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) -> CatalogFitReport? {
    expectFits(keys: [key], in: catalog, spec: spec, languages: languages, categories: categories,
               sourceLocation: sourceLocation)
}

/// Swift Testing: every key of a catalog (or the `keys` given) against its rule in a layout spec, in one line: what
/// `overset check` judges, as test issues (one per failing key, language and variant, the first 100; a last issue
/// counts the rest).
///
/// ```swift
/// @Test func everyStringFits() {
///     expectFits(everyKeyIn: "Sources/App/Localizable.xcstrings", spec: "layout.yml")
/// }
/// ```
@discardableResult
public func expectFits(everyKeyIn catalog: String, spec: String, languages: [String]? = nil,
                       categories: [ContentSizeCategory]? = nil,
                       sourceLocation: SourceLocation = #_sourceLocation) -> CatalogFitReport? {
    expectFits(keys: nil, in: catalog, spec: spec, languages: languages, categories: categories,
               sourceLocation: sourceLocation)
}

private func expectFits(keys: [String]?, in catalog: String, spec: String, languages: [String]?,
                        categories: [ContentSizeCategory]?, sourceLocation: SourceLocation) -> CatalogFitReport? {
    let specPath = resolve(spec, from: sourceLocation.filePath)
    let layoutSpec: LayoutSpec
    do {
        layoutSpec = try LayoutSpec.read(path: specPath, judging: [resolve(catalog, from: sourceLocation.filePath)])
    } catch {
        Issue.record(Comment(rawValue: "the layout spec: \(error)"), sourceLocation: sourceLocation)
        return nil
    }
    let check = CatalogFitCheck(keys: keys, catalog: resolve(catalog, from: sourceLocation.filePath), spec: layoutSpec,
                                languages: languages, categories: categories)
    return record(check, sourceLocation: sourceLocation)
}

/// Issues recorded for a test: at most this many, then one that counts the rest.
let maximumRecordedIssues = 100

package func record(_ check: CatalogFitCheck, sourceLocation: SourceLocation) -> CatalogFitReport? {
    do {
        let report = try check.evaluate()
        let messages = report.messages
        for message in messages.prefix(maximumRecordedIssues) {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
        if messages.count > maximumRecordedIssues {
            Issue.record(Comment(rawValue: "… and \(messages.count - maximumRecordedIssues) more problems in \(check.catalog) "
                + "(`overset check` lists them all)"), sourceLocation: sourceLocation)
        }
        return report
    } catch {
        Issue.record(Comment(rawValue: "\(check.catalog): \(error)"), sourceLocation: sourceLocation)
        return nil
    }
}

/// An absolute path as given; a relative one from the root of the package that holds `testFile` (the nearest folder
/// above it with a `Package.swift`), so a test finds the package's catalogs whatever folder `swift test` or Xcode
/// runs it from; from the current folder when no package is found.
package func resolve(_ path: String, from testFile: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    var folder = URL(fileURLWithPath: testFile).deletingLastPathComponent()
    while folder.path != "/" && !folder.path.isEmpty {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            return folder.appendingPathComponent(path).path
        }
        folder = folder.deletingLastPathComponent()
    }
    return path
}

#if canImport(XCTest)
/// XCTest: fails once per language (and variant) in which a catalog key does not fit `label` (see the Swift Testing
/// `expectFits(key:in:label:languages:categories:samples:policy:)`).
public func XCTAssertFits(key: String, in catalog: String, label: Label, languages: [String]? = nil,
                          categories: [ContentSizeCategory] = ContentSizeCategory.allCases,
                          samples: SampleValues? = nil, policy: VerdictPolicy = VerdictPolicy(),
                          file: StaticString = #filePath, line: UInt = #line) {
    let check = CatalogFitCheck(keys: [key], catalog: resolve(catalog, from: "\(file)"), label: label,
                                languages: languages, categories: categories, samples: samples, policy: policy)
    fail(check, file: file, line: line)
}

/// XCTest: a catalog key (or every key, when `key` is nil) against its rule in a layout spec.
public func XCTAssertFits(key: String?, in catalog: String, spec: String, languages: [String]? = nil,
                          categories: [ContentSizeCategory]? = nil,
                          file: StaticString = #filePath, line: UInt = #line) {
    let layoutSpec: LayoutSpec
    do {
        layoutSpec = try LayoutSpec.read(path: resolve(spec, from: "\(file)"),
                                         judging: [resolve(catalog, from: "\(file)")])
    } catch {
        XCTFail("the layout spec: \(error)", file: file, line: line)
        return
    }
    let check = CatalogFitCheck(keys: key.map { [$0] }, catalog: resolve(catalog, from: "\(file)"), spec: layoutSpec,
                                languages: languages, categories: categories)
    fail(check, file: file, line: line)
}

private func fail(_ check: CatalogFitCheck, file: StaticString, line: UInt) {
    do {
        let messages = try check.evaluate().messages
        for message in messages.prefix(maximumRecordedIssues) { XCTFail(message, file: file, line: line) }
        if messages.count > maximumRecordedIssues {
            XCTFail("… and \(messages.count - maximumRecordedIssues) more problems in \(check.catalog)", file: file, line: line)
        }
    } catch {
        XCTFail("\(check.catalog): \(error)", file: file, line: line)
    }
}
#endif
