// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "NewsLab",
    products: [.library(name: "NewsLab", targets: ["NewsLab"])],
    targets: [.target(name: "NewsLab")]
)
