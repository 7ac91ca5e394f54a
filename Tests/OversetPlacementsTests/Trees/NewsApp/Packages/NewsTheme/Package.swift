// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "NewsTheme",
    defaultLocalization: "en",
    products: [.library(name: "NewsTheme", targets: ["NewsTheme"])],
    targets: [.target(name: "NewsTheme")]
)
