import XCTest
final class Tests: XCTestCase { func testIt() { _ = NSLocalizedString("test.only", tableName: "Test", comment: "") } }
