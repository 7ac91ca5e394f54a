import Foundation
import Overset
import OversetCatalog
import OversetPlacements
import OversetKotlinPlacements

extension Placements {
    /// Reads the app under `folder` with the readers of its platform: an Android project's resources and code, or
    /// an iOS app's Interface Builder files and Swift, with its catalogs (for the keys no placement shows).
    /// - Throws: ``PlacementError`` when `folder` is not a folder.
    public static func find(in folder: String, options: Options = Options()) throws -> PlacementReport {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw PlacementError(message: "\(folder): \(Catalog.pathProblem(folder, expected: "an app folder") ?? "not a folder")")
        }
        // On a large stack: a file nested thousands of levels deep reaches the parsers' limits, not the stack's end.
        let wrappers = LocalizationWrappers.current
        return LargeStack.run {
            LocalizationWrappers.$current.withValue(wrappers) {
                var reader = Reader(folder: folder, options: options)
                if let android = AndroidApp.find(in: folder, options: options, reader: &reader) { return android }
                return IOSApp.find(in: folder, options: options, reader: &reader)
            }
        }
    }
}
