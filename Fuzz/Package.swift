// swift-tools-version: 6.0
// libFuzzer targets for Overset. Build and run with ../scripts/fuzz.sh (it passes -sanitize=fuzzer,address).
import PackageDescription
import Foundation

let overset = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let fuzzer: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "OversetFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(name: "FuzzLayout", dependencies: [.product(name: "Overset", package: overset)],
                          swiftSettings: fuzzer),
        .executableTarget(name: "FuzzFonts", dependencies: [.product(name: "Overset", package: overset),
                                                           .product(name: "OversetPictures", package: overset)],
                          swiftSettings: fuzzer),
        .executableTarget(name: "FuzzCatalogs", dependencies: [.product(name: "OversetCatalog", package: overset)],
                          swiftSettings: fuzzer),
        .executableTarget(name: "FuzzSettings", dependencies: [.product(name: "Overset", package: overset),
                                                              .product(name: "OversetCatalog", package: overset)],
                          swiftSettings: fuzzer),
        .executableTarget(name: "FuzzPlacements", dependencies: [.product(name: "OversetPlacements", package: overset)],
                          swiftSettings: fuzzer),
    ]
)
