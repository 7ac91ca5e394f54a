import Overset
import OversetTesting
import XCTest

/// The XCTest flavour of the helper.
final class XCTestHelperTests: XCTestCase {
    func testShortButton_fitsInEveryCategory() {
        XCTAssertFits("OK", language: "en", style: .body, width: 200, maxLines: 1)
    }

    func testReport_isTheSameTheSwiftTestingHelperUses() throws {
        let report = try FitCheck(text: "Nach Updates suchen", language: "de", style: .body, width: 90, maxLines: 1,
                                  categories: [.large, .accessibility5]).evaluate()
        XCTAssertFalse(report.passed)
        XCTAssertTrue(report.message.contains("AX5 (53 pt): needs"), report.message)
    }

    /// A catalog key in XCTest: the English string of "Check for updates" fits 160 pt at body Large (148.07 pt,
    /// hb-shape; see CatalogKeyTests), so the assertion passes; the failing German case is CatalogKeyTests'.
    func testCatalogKey_fits() {
        XCTAssertFits(key: "Check for updates", in: "Tests/OversetTests/Fixtures/catalogs/Localizable.xcstrings",
                      label: Label(style: .body, width: 160, maxLines: 1), languages: ["en"], categories: [.large])
    }
}
