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
}
