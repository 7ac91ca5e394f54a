// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "NewsFeed",
    defaultLocalization: "en",
    products: [
        .library(
            name: "NewsFeed",
            targets: ["NewsFeed"]),
    ],
    dependencies: [
        .package(path: "../NewsTheme"),
        // .package(path: "../NewsLab"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.0.0"),
    ],
    targets: [
        .target(name: "NewsFeed", dependencies: ["NewsTheme"]),
    ]
)
