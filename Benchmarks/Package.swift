// swift-tools-version: 6.1
// Overset's benchmarks, in their own package so that the library's users never build benchmark dependencies.
// Run from this folder: `swift package benchmark` (see README.md here).
import PackageDescription
import Foundation

// The parent package is referenced by path; SwiftPM names a path dependency after its folder.
let overset = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "OversetBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CHarfBuzzBench", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CJSONGlib", pkgConfig: "json-glib-1.0", providers: [.apt(["libjson-glib-dev"])]),
        // Pango and raw HarfBuzz doing the same work, in C.
        .target(name: "Baselines", dependencies: ["CPango", "CHarfBuzzBench"],
                linkerSettings: [.linkedLibrary("fontconfig"), .linkedLibrary("pangoft2-1.0")]),
        // `overset measure`'s job done with Pango, JSON Lines in and out, for the whole-process comparison
        // (`python3 whole-process.py`).
        .executableTarget(name: "pango-measure", dependencies: ["Baselines", "CJSONGlib"]),
        // The fonts the Pango baseline has, as an Overset engine (Noto Sans first, Droid Sans Fallback for CJK).
        .target(name: "ReferenceFonts", dependencies: [.product(name: "Overset", package: overset)]),
        // Where Overset and Pango break lines differently, and why: `swift run -c release OversetAccuracy`.
        .executableTarget(
            name: "OversetAccuracy",
            dependencies: [.product(name: "Overset", package: overset), "Baselines", "ReferenceFonts"]
        ),
        // A fixed workload for callgrind: `swift build -c release --product OversetProfile` (see its main.swift).
        .executableTarget(
            name: "OversetProfile",
            dependencies: [.product(name: "Overset", package: overset), "ReferenceFonts"]
        ),
        .executableTarget(
            name: "OversetBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Overset", package: overset),
                .product(name: "OversetCatalog", package: overset),
                "Baselines",
                "ReferenceFonts",
            ],
            path: "Benchmarks/OversetBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
