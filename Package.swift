// swift-tools-version: 6.0
// Overset: headless text measurement and truncation on HarfBuzz, FreeType, fontconfig and ICU.
import PackageDescription

/// System libraries. Each is a module map over one `shim.h`; the Debian packages that provide them are listed so
/// that SwiftPM can say what to install when pkg-config does not find them.
let systemLibraries: [Target] = [
    .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig1-dev"])]),
    .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
    .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
    .systemLibrary(name: "CTreeSitter", pkgConfig: "tree-sitter", providers: [.apt(["libtree-sitter-dev"])]),
]

let package = Package(
    name: "Overset",
    products: [
        .library(name: "Overset", targets: ["Overset"]),
        .library(name: "OversetEngine", targets: ["OversetEngine"]),
        .library(name: "OversetTesting", targets: ["OversetTesting"]),
        .library(name: "OversetReports", targets: ["OversetReports"]),
        .library(name: "OversetCatalog", targets: ["OversetCatalog"]),
        .library(name: "OversetPictures", targets: ["OversetPictures"]),
        .library(name: "OversetPNG", targets: ["OversetPNG"]),
        .library(name: "OversetPlacements", targets: ["OversetPlacements", "OversetIBPlacements", "OversetSwiftPlacements",
                                                      "OversetObjCPlacements", "OversetAndroidPlacements", "OversetKotlinPlacements",
                                                      "OversetAppPlacements"]),
        .library(name: "OversetPlacementTesting", targets: ["OversetPlacementTesting"]),
        .executable(name: "overset", targets: ["overset"]),
        .executable(name: "overset-placements", targets: ["overset-placements"]),
        .executable(name: "overset-server", targets: ["overset-server"]),
        .plugin(name: "OversetCheck", targets: ["OversetCheck"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
        // Swift code read for placements (only `OversetPlacements` and `overset-placements` link it).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
        // The page and the HTTP API (only `OversetServer` and `overset-server` link it).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // The server's graceful shutdown on SIGTERM and SIGINT, bounded (Hummingbird depends on it already).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // `swift package generate-documentation`: the DocC catalogs of Overset, OversetTesting and OversetCatalog,
        // built by the test script with warnings as errors (a broken symbol link fails CI).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: systemLibraries + [
        // ICU behind a header with no ICU types (see COversetICU/include/overset_icu.h for why).
        .target(name: "COversetICU", dependencies: ["CICU"]),
        // The one Swift module that calls C.
        .target(
            name: "OversetText",
            dependencies: ["CHarfBuzz", "CFreeType", "CFontconfig", "COversetICU"],
            linkerSettings: [.linkedLibrary("m")]
        ),
        // The engine: fonts, preparation, line breaking, truncation, layout results. No label, settings or reports.
        .target(
            name: "OversetEngine",
            dependencies: ["OversetText"],
            linkerSettings: [.linkedLibrary("m")]
        ),
        // The label model over the engine (re-exported): Dynamic Type, a label's settings and their one decoder, the
        // verdict, reflow.
        .target(name: "OversetLabel", dependencies: ["OversetEngine"]),
        // Findings made once from verdicts (kind, severity, categories), and every sentence a user reads about a
        // verdict or a layout choice: the label model states facts, this module words them.
        .target(name: "OversetReports", dependencies: ["OversetLabel"]),
        // What users import: the engine, the label model and the findings with their sentences, re-exported.
        .target(name: "Overset", dependencies: ["OversetLabel", "OversetReports"]),
        // cairo behind a Swift canvas (package API): the one other module that calls C, so that the engine, the
        // catalogs' readers and the test helpers build without cairo.
        .target(name: "OversetRaster", dependencies: ["CCairo"]),
        // Pictures of layouts and headers: SVG from the fonts' outlines, PNG through cairo.
        .target(name: "OversetPictures", dependencies: ["Overset", "OversetReports", "OversetText"]),
        .target(name: "OversetPNG", dependencies: ["Overset", "OversetPictures", "OversetRaster"]),
        // String catalogs read and written: xcstrings, strings, stringsdict, XLIFF, Android, JSON and JSON Lines, their
        // format specifiers and pseudo-localization, and the one JSON reader.
        .target(name: "OversetFormats", dependencies: ["Overset", "OversetLabel", "OversetReports"]),
        // The check: layout specs, selection, the checker, baselines read back, shard merging and XLIFF annotation
        // (re-exports the formats and the reports).
        .target(name: "OversetCatalog", dependencies: ["Overset", "OversetLabel", "OversetReports", "OversetFormats",
                                                       .product(name: "Yams", package: "Yams")]),
        // `measure`'s requests read and answered (JSON Lines in, the layout report out), one line or a batch on every
        // core: what `overset measure` and the server answer with.
        .target(name: "OversetMeasure", dependencies: ["Overset", "OversetCatalog", "OversetFormats", "OversetReports"]),
        // Where each key is shown and with which label, a module per source an app is read from (issue 53):
        // the model, the report and the spec it writes, the system components' table and what the readers share (no
        // parser: `overset check APP_DIR` reads the placements tool's JSON with it).
        .target(name: "OversetPlacements", dependencies: ["Overset", "OversetCatalog",
                                                          .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // Interface Builder: storyboards and XIBs (libxml2 through the catalogs' XML reader).
        .target(name: "OversetIBPlacements", dependencies: ["Overset", "OversetCatalog", "OversetPlacements"]),
        // Swift, read with swift-syntax: kept apart so that swift-syntax stays out of every product but
        // `overset-placements` and the placement test helpers.
        .target(name: "OversetSwiftPlacements", dependencies: [
            "Overset", "OversetCatalog", "OversetPlacements", "OversetIBPlacements",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        // Source code read with tree-sitter (Objective-C, Kotlin, Java): the one Swift module over CTreeSitter, with
        // the grammars loaded at run time (scripts/build-grammars.sh builds them).
        .target(name: "OversetSyntaxTrees", dependencies: ["CTreeSitter"]),
        // Objective-C, read with tree-sitter's grammar: keys, the app's macros and functions that wrap them, labels
        // and their outlets, what each class does to its own text.
        .target(name: "OversetObjCPlacements", dependencies: ["Overset", "OversetPlacements", "OversetIBPlacements",
                                                              "OversetSyntaxTrees"]),
        // Android: resources (layouts, styles, menus, preferences, navigation), Kotlin and Java, and the entry that
        // reads an Android project (no swift-syntax).
        .target(name: "OversetAndroidPlacements", dependencies: ["Overset", "OversetCatalog", "OversetPlacements"]),
        // Kotlin and Java (Jetpack Compose included), read with tree-sitter's grammars, and the entry that reads an
        // Android project as Gradle builds it (no swift-syntax).
        .target(name: "OversetKotlinPlacements", dependencies: ["Overset", "OversetCatalog", "OversetPlacements",
                                                                "OversetAndroidPlacements", "OversetSyntaxTrees"]),
        // An app folder read with the readers of its platform: `Placements.find(in:)`.
        .target(name: "OversetAppPlacements", dependencies: [
            "Overset", "OversetCatalog", "OversetPlacements", "OversetIBPlacements", "OversetSwiftPlacements",
            "OversetObjCPlacements", "OversetAndroidPlacements", "OversetKotlinPlacements",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        // `overset placements` runs this executable (a separate one, so that `overset` builds without swift-syntax).
        .executableTarget(
            name: "overset-placements",
            dependencies: ["OversetPlacements", "OversetAppPlacements", "OversetCatalog",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/OversetPlacementsCLI"
        ),
        // Expectations for Swift Testing and XCTest: "this string fits this label in every category".
        .target(name: "OversetTesting", dependencies: ["Overset", "OversetLabel", "OversetReports", "OversetFormats", "OversetCatalog", "OversetPictures"]),
        // `expectFits(key:in:)` and `expectFits(everyKeyIn:)` for an app folder: the test helpers with placements
        // (swift-syntax), apart from OversetTesting so that its users do not build swift-syntax.
        .target(name: "OversetPlacementTesting", dependencies: ["OversetTesting", "OversetPlacements", "OversetAppPlacements",
                                                                "Overset", "OversetCatalog"]),
        // The page and the HTTP API over `measure`, `preview`, the matrix and a catalog check: what `overset serve` runs.
        // Kept apart so that Hummingbird and SwiftNIO stay out of every product but `overset-server`.
        .target(name: "OversetServer", dependencies: [
            "Overset", "OversetMeasure", "OversetCatalog", "OversetPictures", "OversetPlacements",
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ],
        // The page's document, style and script, compiled into the server as bytes (no file is read to serve them).
        resources: [.embedInCode("Page/page.html"), .embedInCode("Page/page.css"), .embedInCode("Page/page.js")]),
        .executableTarget(
            name: "overset-server",
            dependencies: ["OversetServer", "OversetPlacements", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/OversetServerCLI"
        ),
        .executableTarget(
            // Named as its product: a plugin may not depend on an executable target that a product of another name
            // builds (swift-package-manager issue 8831, "no product named").
            name: "overset",
            dependencies: ["Overset", "OversetReports", "OversetCatalog", "OversetMeasure", "OversetPlacements", "OversetPictures",
                           "OversetPNG", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/OversetCLI"
        ),
        .plugin(
            name: "OversetCheck",
            capability: .command(intent: .custom(verb: "overset-check",
                                                 description: "Check the package's string catalogs against a layout spec")),
            dependencies: [.target(name: "overset")]
        ),
        .testTarget(
            name: "OversetTests",
            dependencies: ["Overset", "OversetLabel", "OversetEngine", "OversetText", "OversetReports", "OversetFormats", "OversetCatalog", "OversetMeasure", "OversetPictures", "OversetPNG", "OversetRaster"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "OversetTestingTests", dependencies: ["OversetTesting"]),
        .testTarget(name: "OversetPlacementsTests", dependencies: ["OversetPlacements", "OversetIBPlacements", "OversetSwiftPlacements",
                                                                   "OversetObjCPlacements", "OversetSyntaxTrees", "OversetKotlinPlacements",
                                                                   "OversetAndroidPlacements", "OversetAppPlacements", "OversetCatalog",
                                                                   "Overset", "OversetPlacementTesting"],
                    resources: [.copy("Trees")]),
        // Runs the built `overset` binary as a user would.
        .testTarget(
            name: "OversetCLITests",
            dependencies: ["overset", "overset-placements", "overset-server", "Overset", "OversetReports", "OversetCatalog",
                           "OversetMeasure", "OversetTesting"]
        ),
    ]
)
