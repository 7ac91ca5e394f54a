import Baselines
import Benchmark
import Foundation
import Overset
import ReferenceFonts
import OversetCatalog

// Workloads (see Benchmarks/README.md):
//   cold      prepare + one layout of each string (Overset) / a new PangoLayout laid out (Pango) / hb_shape (HarfBuzz)
//   warm      layout of an already prepared string at a new width / Pango re-laying out a kept layout
//   catalog   one prepare and 12 layouts (every content size category) / Pango re-laying out at 12 sizes
//   decisions willTruncate and effectiveOrientation on prepared strings
//   check     `overset check` on the whole corpus (10 languages × 12 categories), 1× and 4× the corpus
// Each iteration processes a whole batch; divide by the batch size (in the name) for a per-string figure.

let engine = try! referenceEngine()  // benchmarks run one at a time, on one thread
nonisolated(unsafe) let pango = pb_context_create(Workloads.fontsDirectory, "Noto Sans")!
let width = 200.0, size = 17.0, maxLines = 2

nonisolated(unsafe) var keep: [Any] = []  // keeps baseline handles alive for the process

func utf8(_ text: String) -> [CChar] { Array(text.utf8CString) }

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .microseconds, warmupIterations: 2, maxDuration: .seconds(2), maxIterations: 200)

    for language in Workloads.languages {
        let strings = Workloads.uiStrings(language)
        let bytes = strings.map(utf8)
        let n = strings.count

        Benchmark("cold \(language) ×\(n) overset") { benchmark in
            for _ in benchmark.scaledIterations {
                for text in strings {
                    blackHole(try! engine.prepare(text, language: language).layout(width: width, pointSize: size, maxLines: maxLines))
                }
            }
        }
        Benchmark("cold \(language) ×\(n) pango") { benchmark in
            for _ in benchmark.scaledIterations {
                for text in bytes {
                    var ellipsized: Int32 = 0
                    blackHole(pb_layout_once(pango, text, Int32(text.count - 1), language, size, width, Int32(maxLines), &ellipsized))
                }
            }
        }
        let shaper = hb_shaper_create(Workloads.harfBuzzFont(language))!
        Benchmark("cold \(language) ×\(n) harfbuzz") { benchmark in
            for _ in benchmark.scaledIterations {
                for text in bytes { blackHole(hb_shaper_shape(shaper, text, Int32(text.count - 1), language)) }
            }
        }

        let prepared = strings.map { try! engine.prepare($0, language: language) }
        nonisolated(unsafe) var flip = false
        Benchmark("warm \(language) ×\(n) overset") { benchmark in
            for _ in benchmark.scaledIterations {
                flip.toggle()
                let w = flip ? 180.0 : 220.0
                for text in prepared { blackHole(try! text.layout(width: w, pointSize: size, maxLines: maxLines)) }
            }
        }
        let layouts = zip(strings, bytes).map { pb_layout_create(pango, $1, Int32($1.count - 1), language, size)! }
        Benchmark("warm \(language) ×\(n) pango") { benchmark in
            for _ in benchmark.scaledIterations {
                flip.toggle()
                let w = flip ? 180.0 : 220.0
                for layout in layouts {
                    var ellipsized: Int32 = 0
                    blackHole(pb_layout_relayout(layout, w, Int32(maxLines), &ellipsized))
                }
            }
        }

        Benchmark("catalog \(language) ×\(n) overset") { benchmark in
            for _ in benchmark.scaledIterations {
                for text in strings {
                    let prepared = try! engine.prepare(text, language: language)
                    for pointSize in Workloads.bodySizes {
                        blackHole(try! prepared.willTruncate(width: 220, pointSize: pointSize, maxLines: maxLines))
                    }
                }
            }
        }
        Benchmark("catalog \(language) ×\(n) pango") { benchmark in
            for _ in benchmark.scaledIterations {
                for text in bytes {
                    let layout = pb_layout_create(pango, text, Int32(text.count - 1), language, size)!
                    for pointSize in Workloads.bodySizes {
                        var ellipsized: Int32 = 0
                        blackHole(pb_layout_resize(layout, pointSize, 220, Int32(maxLines), &ellipsized))
                    }
                    pb_layout_destroy(layout)
                }
            }
        }
    }

    // Long texts, every language together.
    let long = Workloads.languages.flatMap { language in Workloads.longStrings(language).map { (language, $0) } }
    let longBytes = long.map { utf8($0.1) }
    Benchmark("cold long ×\(long.count) overset") { benchmark in
        for _ in benchmark.scaledIterations {
            for (language, text) in long {
                blackHole(try! engine.prepare(text, language: language).layout(width: 320, pointSize: size))
            }
        }
    }
    Benchmark("cold long ×\(long.count) pango") { benchmark in
        for _ in benchmark.scaledIterations {
            for (index, text) in longBytes.enumerated() {
                var ellipsized: Int32 = 0
                blackHole(pb_layout_once(pango, text, Int32(text.count - 1), long[index].0, size, 320, 0, &ellipsized))
            }
        }
    }
    let longPrepared = long.map { try! engine.prepare($0.1, language: $0.0) }
    nonisolated(unsafe) var flipLong = false
    Benchmark("warm long ×\(long.count) overset") { benchmark in
        for _ in benchmark.scaledIterations {
            flipLong.toggle()
            let w = flipLong ? 280.0 : 320.0
            for text in longPrepared { blackHole(try! text.layout(width: w, pointSize: size)) }
        }
    }
    let longLayouts = long.indices.map { pb_layout_create(pango, longBytes[$0], Int32(longBytes[$0].count - 1), long[$0].0, size)! }
    Benchmark("warm long ×\(long.count) pango") { benchmark in
        for _ in benchmark.scaledIterations {
            flipLong.toggle()
            let w = flipLong ? 280.0 : 320.0
            for layout in longLayouts {
                var ellipsized: Int32 = 0
                blackHole(pb_layout_relayout(layout, w, 0, &ellipsized))
            }
        }
    }

    // Decisions on prepared UI strings of every language.
    let all = Workloads.languages.flatMap { language in Workloads.uiStrings(language).map { (language, $0) } }
    let allPrepared = all.map { try! engine.prepare($0.1, language: $0.0) }
    Benchmark("willTruncate ×\(all.count) overset", configuration: .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal])) { benchmark in
        for _ in benchmark.scaledIterations {
            for text in allPrepared { blackHole(try! text.willTruncate(width: width, pointSize: size, maxLines: maxLines)) }
        }
    }
    let headers = all.map { try! ReflowHeader(title: $0.1, language: $0.0) }
    Benchmark("effectiveOrientation ×\(all.count) overset") { benchmark in
        for _ in benchmark.scaledIterations {
            for header in headers { blackHole(try! header.effectiveOrientation(for: 320, category: .accessibility2)) }
        }
    }

    // `overset check` on the corpus: every language, all 12 categories; and on four times the corpus. The report keeps
    // the strings with a problem and counts the rest, as `overset check` does for its text reports.
    let spec = try! LayoutSpec.read(path: Workloads.root + "/Tests/OversetTests/Fixtures/catalogs/corpus-spec.yml")
    let corpus = try! Catalog.read(path: Workloads.root + "/Corpus/ui_strings.dev.jsonl")
    var quadruple = corpus
    quadruple.entries = (0..<4).flatMap { copy in corpus.entries.map { entry in
        var renamed = entry
        renamed.key += "#\(copy)"
        return renamed
    } }
    let checker = try! CatalogChecker(spec: spec, options: CheckOptions(keptResults: .problems))
    let checkConfiguration = Benchmark.Configuration(metrics: [.wallClock, .cpuTotal, .peakMemoryResident, .throughput],
                                                     warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 3)
    Benchmark("check corpus ×\(corpus.entries.count) strings × 12 categories", configuration: checkConfiguration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(checker.check([corpus])) }
    }
    Benchmark("check corpus 4× ×\(quadruple.entries.count) strings × 12 categories", configuration: checkConfiguration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(checker.check([quadruple])) }
    }
    keep.append(pango)
}
