import Foundation
import Testing

/// Issue 45 ("Hostile input, round 4"): each test is a case of the issue, with small inputs made here, and failed
/// before its fix.
@Suite struct HostileRound4Tests {
    static func tree(_ files: [String: String]) throws -> String { try CLITests.tree(files, named: "hostile4") }

    static let spec = "default: {style: body, width: 300, maxLines: 1}\ncategories: [Large]\n"

    // MARK: Crashes and runaway work

    /// Block YAML nested 10,000 deep (`- - - …`, or deeper and deeper indentation) overflowed the parser's stack:
    /// refused with the spec's nesting limit named.
    @Test func deeplyNestedBlockYAML_isRefused() throws {
        var indented = Self.spec + "x:\n"
        for level in 0..<10_000 { indented += String(repeating: " ", count: level) + "- \n" }
        let directory = try Self.tree([
            "dashes.yml": Self.spec + "x:\n" + String(repeating: "- ", count: 10_000) + "a\n",
            "indented.yml": indented,
            "de.lproj/Localizable.strings": "\"a\" = \"b\";\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for spec in ["dashes.yml", "indented.yml"] {
            let run = try CLITests.run(["check", "de.lproj", "--spec", spec, "--quiet"], directory: directory)
            #expect(run.status == 2, "\(spec): \(run.stderr)")
            #expect(run.stderr.contains("nests lists or mappings more than 64 deep"), "\(spec): \(run.stderr)")
        }
    }

    /// CRLF, CR and LF catalogs are annotated alike and keep their endings (a CRLF `.strings` trapped, a CRLF
    /// `strings.xml` got "annotated 0 keys").
    @Test func lineEndings_areAnnotatedAlikeAndKept() throws {
        let directory = try Self.tree(["spec.yml": Self.spec])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files: [(String, String)] = [
            ("de.lproj/CRLF.strings", "\"k1\" = \"v1\";\r\n\"k2\" = \"v2\";\r\n"),
            ("fr.lproj/CR.strings", "\"k1\" = \"v1\";\r\"k2\" = \"v2\";\r"),
            ("res/values/strings.xml", "<resources>\r\n  <string name=\"k1\">A</string>\r\n  <string name=\"k2\">B</string>\r\n</resources>\r\n"),
        ]
        for (path, text) in files {
            try FileManager.default.createDirectory(atPath: directory + "/" + (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: directory + "/" + path))
            let run = try CLITests.run(["annotate", path, "--spec", "spec.yml", "--in-place"], directory: directory)
            #expect(run.status == 0, "\(path): \(run.stderr)")
            #expect(run.stderr.contains("annotated 2 keys"), "\(path): \(run.stderr)")
            let written = String(decoding: try Data(contentsOf: URL(fileURLWithPath: directory + "/" + path)), as: UTF8.self)
            let ending = text.contains("\r\n") ? "\r\n" : "\r"
            let notes = written.components(separatedBy: ending).filter { $0.contains("Overset: max 300 pt") }
            #expect(notes.count == 2, "\(path): \(written.debugDescription)")
            // No other ending crept in.
            let other = ending == "\r\n" ? written.replacingOccurrences(of: "\r\n", with: "") : written.replacingOccurrences(of: "\r", with: "")
            #expect(!other.contains("\n") && !other.contains("\r"), "\(path): \(written.debugDescription)")
        }
    }

    /// `--threads` takes 0 to 256: a huge count aborted at 536 MB, and -1 was read as a missing value.
    @Test func threads_areBounded() throws {
        for threads in ["9223372036854775807", "100000", "-1"] {
            let run = try CLITests.run(["measure", "--threads", threads], stdin: "{\"text\":\"a\",\"width\":10}\n")
            #expect(run.status == 2, "\(threads): \(run.stderr)")
            #expect(run.stderr.contains("--threads must be from 0 (every core) to 256"), "\(threads): \(run.stderr)")
        }
    }

    /// Special files are refused by name and never read: `check /dev/zero` read forever (the fingerprint), a
    /// FIFO named like a catalog blocked, `--candidates /dev/zero` said "You don't have permission".
    @Test func specialFiles_areRefusedByName() throws {
        let directory = try Self.tree(["spec.yml": Self.spec, "App/de.lproj/Localizable.strings": "\"a\" = \"b\";\n"])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/App/de.lproj/Extra.strings", 0o644) == 0)
        let device = try CLITests.run(["check", "/dev/zero", "--spec", "spec.yml", "--catalog-format", "strings", "--quiet"],
                                      directory: directory)
        #expect(device.status == 1 && device.stdout.contains("/dev/zero: error: a device, not a regular file"), "\(device.stdout)")
        let fifo = try CLITests.run(["check", "App", "--spec", "spec.yml", "--quiet"], directory: directory)
        #expect(fifo.stdout.contains("Extra.strings: error: a FIFO (named pipe), not a regular file"), "\(fifo.stdout)")
        let annotate = try CLITests.run(["annotate", "App", "--spec", "spec.yml", "--output", "out"], directory: directory)
        #expect(annotate.status == 2 && annotate.stderr.contains("Extra.strings': a FIFO"), "\(annotate.stderr)")
        for (path, what) in [("/dev/zero", "a device"), (directory, "a folder"), (directory + "/App/de.lproj/Extra.strings", "a FIFO")] {
            let matrix = try CLITests.run(["matrix", "Hello", "--width", "200", "--candidates", path])
            #expect(matrix.status == 2 && matrix.stderr.contains("--candidates '\(path)': \(what)"), "\(matrix.stderr)")
        }
        let spec = try CLITests.run(["check", "App/de.lproj/Localizable.strings", "--spec", "/dev/zero", "--quiet"],
                                    directory: directory)
        #expect(spec.status == 2 && spec.stderr.contains("a device"), "\(spec.stderr)")
    }

    /// A picture too large to hold is refused before it is drawn, with its size named (790 lines at 16,000 pt took
    /// 4.1 GB, and under a memory limit the error said "at most 32768 pixels a side").
    @Test func hugePNG_isRefusedWithItsSize() throws {
        let directory = try Self.tree(["text.txt": String(repeating: "a\n", count: 790)])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try CLITests.run(["/usr/bin/time", "-f", "%M", CLITests.binary, "preview", "--text-file", "text.txt",
                                    "--width", "16000", "--png", "big.png"], directory: directory, executable: "/usr/bin/env")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("million pixels"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/big.png"))
        let peakKB = Int(run.stderr.split(separator: "\n").last.map(String.init) ?? "") ?? .max
        #expect(peakKB < 500_000, "peak \(peakKB) KB")
    }

    // MARK: Data loss

    /// No output is written over an input or over another output of the same run.
    @Test func outputs_neverGoOverInputsOrEachOther() throws {
        let font = DoorAgreementTests.root + "/Fonts/NotoSans-Regular.ttf"
        let directory = try Self.tree([
            "App/de.lproj/Localizable.strings": "\"a\" = \"Ein langer Text, der nicht passt\";\n",
            "spec.yml": Self.spec, "text.txt": "Hello",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.copyItem(atPath: font, toPath: directory + "/brand.ttf")
        try (Self.spec + "rules:\n  - key: a\n    fonts: [brand.ttf]\n").write(toFile: directory + "/branded.yml",
                                                                          atomically: true, encoding: .utf8)
        let fontBytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/brand.ttf"))
        let cases: [([String], String)] = [
            (["check", "App", "--spec", "spec.yml", "--output", "X", "--write-baseline", "X"], "both name 'X'"),
            (["check", "App", "--spec", "branded.yml", "--output", "brand.ttf"], "is the font 'brand.ttf'"),
            (["preview", "Hello", "--width", "100", "--font", "brand.ttf", "--png", "brand.ttf"], "is the font"),
            (["preview", "--text-file", "text.txt", "--width", "100", "--svg", "text.txt"], "is the text file"),
            (["preview", "Hello", "--width", "100", "--svg", "same.out", "--png", "same.out"], "both name 'same.out'"),
        ]
        for (arguments, message) in cases {
            let run = try CLITests.run(arguments, directory: directory)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/X"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/brand.ttf")) == fontBytes)
        #expect(try String(contentsOfFile: directory + "/text.txt", encoding: .utf8) == "Hello")
    }

    /// A note goes on its own key: never above a previous entry that ends with a comment (k1 was shown k2's
    /// limit), and inline before each element of a one-line `strings.xml` (one note went above `<resources>`).
    @Test func annotate_putsEachNoteOnItsOwnKey() throws {
        let directory = try Self.tree([
            "spec.yml": Self.spec + "rules:\n  - key: k2\n    width: 99\n  - key: b\n    width: 77\n",
            "de.lproj/Localizable.strings": "\"k1\" = \"v1\"; /* about k1 */\n\"k2\" = \"v2\";\n",
            "res/values/strings.xml": "<resources><string name=\"a\">A</string><string name=\"b\">B</string></resources>\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for path in ["de.lproj/Localizable.strings", "res/values/strings.xml"] {
            let run = try CLITests.run(["annotate", path, "--spec", "spec.yml", "--in-place"], directory: directory)
            #expect(run.status == 0 && run.stderr.contains("annotated 2 keys"), "\(run.stderr)")
        }
        let strings = try String(contentsOfFile: directory + "/de.lproj/Localizable.strings", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        #expect(strings.count == 4, "\(strings)")
        #expect(strings[0].contains("max 300 pt") && strings[1].hasPrefix("\"k1\""), "\(strings)")
        #expect(strings[2].contains("max 99 pt") && strings[3].hasPrefix("\"k2\""), "\(strings)")
        // Python's parser reads the XML back: each comment precedes its own string element.
        let python = try CLITests.run(["-c", """
            import sys, xml.dom.minidom as m
            nodes = [n for n in m.parse(sys.argv[1]).documentElement.childNodes if n.nodeType != n.TEXT_NODE or n.data.strip()]
            pairs = [(a.data.strip(), b.getAttribute("name")) for a, b in zip(nodes, nodes[1:]) if a.nodeType == a.COMMENT_NODE and b.nodeType == b.ELEMENT_NODE]
            print(pairs)
            """, directory + "/res/values/strings.xml"], executable: "/usr/bin/python3")
        #expect(python.stdout.contains("'Overset: max 300 pt × 1 line, body, must fit up to Large', 'a'"), "\(python.stdout)\(python.stderr)")
        #expect(python.stdout.contains("'Overset: max 77 pt × 1 line, body, must fit up to Large', 'b'"), "\(python.stdout)")
    }

    // MARK: Silent or wrong verdicts

    /// A character a translator types in U+FDD0–U+FDEF (raw, `\uFDD3`, `&#xFDD3;`) stays text: it is never read as
    /// a style mark (a failing string passed at 0.8×) and never vanishes; no font has it, so the verdict is
    /// unknown, never a pass.
    @Test func noncharacters_inTranslations_stayText() throws {
        let long = "Ein sehr langer Text, der in diese Zeile nicht passt, ganz sicher nicht"
        // Swift's literals refuse noncharacters: made from their code points.
        func scalar(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }
        let (fdd0, fdd3, fde3, fdef) = (scalar(0xFDD0), scalar(0xFDD3), scalar(0xFDE3), scalar(0xFDEF))
        let directory = try Self.tree([
            "spec.yml": Self.spec,
            "res/values/strings.xml": """
            <resources>
            <string name="raw">\(fdd3)\(long)\(fde3)</string>
            <string name="escaped">\\uFDD3\(long)\\uFDE3</string>
            <string name="entity"><![CDATA[<b>&#xFDD0;</b>\(long)&#xFDEF;]]></string>
            </resources>

            """,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try CLITests.run(["check", "res", "--spec", "spec.yml", "--format", "json", "--all-results", "--quiet"],
                                   directory: directory)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let results = object["results"] as? [[String: Any]] ?? []
        let texts = Dictionary(uniqueKeysWithValues: results.map { ($0["key"] as? String ?? "", $0["text"] as? String ?? "") })
        #expect(texts["raw"] == fdd3 + long + fde3, "\(texts)")
        #expect(texts["escaped"] == fdd3 + long + fde3, "\(texts)")
        #expect(texts["entity"] == fdd0 + long + fdef, "\(texts)")
        for result in results {
            let statuses = (result["outcomes"] as? [[String: Any]] ?? []).compactMap { $0["status"] as? String }
            #expect(!statuses.contains("pass"), "\(result["key"] ?? ""): \(statuses)")
        }
    }

    /// A key given twice is refused wherever Overset reads JSON: a baseline that looked empty muted failures, a
    /// shard whose counts said 0 failed merged green, a string unit's second "value" (Xcode's) was never measured.
    @Test func repeatedKeysAndForgedCounts_areRefused() throws {
        let directory = try Self.tree([
            "spec.yml": Self.spec,
            "App/de.lproj/Localizable.strings": "\"a\" = \"Ein langer Text, der nicht in die Zeile passt, ganz sicher nicht\";\n",
            "twice.xcstrings": """
            {"sourceLanguage": "en", "version": "1.0", "strings": {"k": {"localizations": {"de": {"stringUnit":
              {"state": "translated", "value": "kurz", "value": "Ein langer Text, der nicht in die Zeile passt, ganz sicher nicht"}}}}}}
            """,
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A baseline whose "failures" is given twice: the last (what jq and Python read) is empty.
        let write = try CLITests.run(["check", "App", "--spec", "spec.yml", "--write-baseline", "base.json", "--quiet"],
                                     directory: directory)
        #expect(write.status == 0, "\(write.stderr)")
        let baseline = try String(contentsOfFile: directory + "/base.json", encoding: .utf8)
        let forged = baseline.replacingOccurrences(of: "{", with: "{\"failures\": [], ", options: .anchored)
        try forged.write(toFile: directory + "/forged.json", atomically: true, encoding: .utf8)
        let muted = try CLITests.run(["check", "App", "--spec", "spec.yml", "--baseline", "forged.json", "--quiet"],
                                     directory: directory)
        #expect(muted.status == 2 && muted.stderr.contains("gives the key \"failures\" twice"), "\(muted.stderr)")
        // A shard report whose counts say nothing failed.
        let shard = try CLITests.run(["check", "App", "--spec", "spec.yml", "--shard", "1/1", "--format", "json",
                                      "--output", "shard.json", "--quiet"], directory: directory)
        #expect(shard.status == 1)
        let report = try String(contentsOfFile: directory + "/shard.json", encoding: .utf8)
        // Forged so that the counts still add up: the failure moved to "passed".
        let counts = try #require(try Regex(#""failed":1,"passed":0"#).firstMatch(in: report), "\(report)")
        try report.replacingCharacters(in: counts.range, with: "\"failed\":0,\"passed\":1")
            .write(toFile: directory + "/zeroed.json", atomically: true, encoding: .utf8)
        let merge = try CLITests.run(["merge", "zeroed.json"], directory: directory)
        #expect(merge.status == 2 && merge.stderr.contains("says 0 failed but its results hold"), "\(merge.stderr)")
        // A string unit with "value" twice: an error, the key not checked.
        let twice = try CLITests.run(["check", "twice.xcstrings", "--spec", "spec.yml", "--quiet"], directory: directory)
        #expect(twice.status == 1 && twice.stdout.contains("\"value\" is given twice in one object"), "\(twice.stdout)")
        let request = try CLITests.run(["measure"], stdin: "{\"text\":\"a\",\"width\":10,\"width\":500}\n")
        #expect(request.stdout.contains("\"width\\\" is given twice") || request.stdout.contains("is given twice"), "\(request.stdout)")
    }

    /// A WOFF or WOFF2 font is an error naming its format (it was ignored and the text measured in Inter).
    @Test func webFonts_areRefusedByName() throws {
        let directory = try Self.tree([:])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (name, signature) in [("web.woff", "wOFF"), ("web.woff2", "wOF2")] {
            try Data(signature.utf8 + [UInt8](repeating: 0, count: 60)).write(to: URL(fileURLWithPath: directory + "/" + name))
            let run = try CLITests.run(["preview", "Hello", "--width", "100", "--font", name], directory: directory)
            #expect(run.status == 2, "\(name): \(run.stderr)")
            #expect(run.stderr.contains(name == "web.woff" ? "a WOFF web font" : "a WOFF2 web font"), "\(run.stderr)")
        }
    }

    /// A font file replaced during a `measure` session is loaded again: the answer after the change is a fresh
    /// process's (it kept the old font: 91.171 pt against 112.2 pt).
    @Test func replacedFont_isLoadedAgain() throws {
        let directory = try Self.tree([:])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fonts = DoorAgreementTests.root + "/Fonts/"
        let font = directory + "/brand.ttf"
        try FileManager.default.copyItem(atPath: fonts + "NotoSans-Regular.ttf", toPath: font)
        let request = "{\"text\":\"Hello wide world\",\"width\":1000,\"fonts\":[\"\(font)\"]}\n"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLITests.binary)
        process.arguments = ["measure", "--threads", "1"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        func answer() throws -> Double {
            input.fileHandleForWriting.write(Data(request.utf8))
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data([0x0A]) { line += byte }
            let object = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
            return try #require(object["width"] as? Double)
        }
        let before = try answer()
        // Replaced by another font (a new file at the same path, as a build step writes it).
        try FileManager.default.removeItem(atPath: font)
        try FileManager.default.copyItem(atPath: DoorAgreementTests.root + "/Fonts/" + "NotoSansMono-Regular.ttf", toPath: font)
        let after = try answer()
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let fresh = try CLITests.run(["measure"], stdin: request)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(fresh.stdout.utf8)) as? [String: Any])
        #expect(after != before)
        #expect(after == object["width"] as? Double)
    }

    /// `matrix --candidates` and `--corpus` draw no picture: asking for one is an error, not exit 0 with no file.
    @Test func matrixPictures_withCandidatesOrCorpus_areRefused() throws {
        let corpus = DoorAgreementTests.root + "/Corpus/ui_strings.dev.jsonl"
        for extra in [["Hello", "--candidates", "[{name: row, items: [text]}]"], ["--corpus", corpus]] {
            let run = try CLITests.run(["matrix"] + extra + ["--width", "200", "--svg", "/tmp/never-\(UUID().uuidString).svg"])
            #expect(run.status == 2 && run.stderr.contains("draws no picture"), "\(run.stderr)")
        }
    }

    /// Unclear errors made clear: 11 nested `<big>` names the size they make (it said "missingGlyphs … invalid
    /// runs[0].scale"), styled tags nested 20,000 deep and elements nested past 128 are refused at once, and a file
    /// whose name is not UTF-8 is named as such (it said "missing or unreadable").
    @Test func nestedStylesAndOddNames_areNamed() throws {
        let deep = String(repeating: "<b>", count: 20_000) + "x" + String(repeating: "</b>", count: 20_000)
        let directory = try Self.tree([
            "spec.yml": Self.spec,
            "res/values/strings.xml": "<resources>\n<string name=\"big\">" + String(repeating: "<big>", count: 11) + "x"
                + String(repeating: "</big>", count: 11) + "</string>\n<string name=\"cdata\"><![CDATA[\(deep)]]></string>\n</resources>\n",
            "xml/values/strings.xml": "<resources>\n<string name=\"x\">\(deep)</string>\n</resources>\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try CLITests.run(["check", "res", "--spec", "spec.yml", "--quiet"], directory: directory)
        #expect(run.stdout.contains("big (en): its nested <big> or <small> tags make a relative size of 11.64"), "\(run.stdout)")
        #expect(run.stdout.contains("cdata (en): its styled tags nest more than 32 deep"), "\(run.stdout)")
        let xml = try CLITests.run(["check", "xml", "--spec", "spec.yml", "--quiet"], directory: directory)
        #expect(xml.stdout.contains("elements nest more than 128 deep"), "\(xml.stdout)")
        // A file name with a byte that is not UTF-8 (0xFF), in a folder searched for catalogs.
        let folder = directory + "/odd/de.lproj"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let name = Array(folder.utf8) + Array("/Local".utf8) + [0xFF] + Array(".strings".utf8) + [0]
        let handle = name.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644) }
        #expect(handle >= 0)
        _ = "\"a\" = \"b\";\n".withCString { write(handle, $0, 11) }
        close(handle)
        let odd = try CLITests.run(["check", "odd", "--spec", "spec.yml", "--quiet"], directory: directory)
        #expect(odd.stdout.contains("name is not valid UTF-8"), "\(odd.stdout)")
    }

    // MARK: Work linear in one string

    /// The instructions `overset` runs for `arguments` (valgrind's callgrind, on a stripped copy of the binary:
    /// valgrind cannot read the debug build's DWARF), with `write` making the input at `size` in `directory`.
    static func instructions(_ arguments: [String], in directory: String) throws -> Double {
        let stripped = directory + "/overset-stripped"
        if !FileManager.default.fileExists(atPath: stripped) {
            try FileManager.default.copyItem(atPath: CLITests.binary, toPath: stripped)
            let strip = try CLITests.run(["strip", stripped], executable: "/usr/bin/env")
            #expect(strip.status == 0, "\(strip.stderr)")
        }
        let run = try CLITests.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", stripped] + arguments,
                                   directory: directory, executable: "/usr/bin/env")
        let refs = try #require(try Regex(#"Collected : (\d+)"#).firstMatch(in: run.stderr), "valgrind: \(run.stderr)")
        return Double(refs.output[1].substring ?? "") ?? 0
    }

    /// The work a hostile input adds grows linearly: at sizes n, 2n and 4n, the instructions the second doubling
    /// adds are at most 2.5 times the first's (a quadratic step would add 4 times). The fixed cost of a run (fonts,
    /// the spec) cancels out in the differences.
    static func expectLinear(_ name: String, sizes: [Int], make: (Int, String) throws -> [String]) throws {
        let directory = try tree([:])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let counts = try sizes.map { try instructions(try make($0, directory), in: directory) }
        let first = counts[1] - counts[0], second = counts[2] - counts[1]
        #expect(first > 0 && second <= 2.5 * first,
                "\(name): \(counts.map { String(format: "%.0f", $0) }) instructions at \(sizes): ratio \(second / first)")
    }

    /// A word with no break opportunity whose every cut HarfBuzz flags unsafe (`"a)"` × 20,000 took 14.7–23 s in
    /// `preview`, the word's rest re-shaped for each line); Markdown brackets that open no link (`[[a](b)` ×
    /// 15,000 took 8–12 s, every earlier bracket marked at each link); a String Catalog rewritten by `annotate`
    /// (each edit moved the file's tail).
    @Test func hostileInputs_costWorkLinearInTheirSize() throws {
        try Self.expectLinear("unsafe word", sizes: [1500, 3000, 6000]) { size, directory in
            try String(repeating: "a)", count: size).write(toFile: directory + "/w\(size).txt", atomically: true, encoding: .utf8)
            return ["preview", "--text-file", "w\(size).txt", "--width", "320"]
        }
        try Self.expectLinear("markdown brackets", sizes: [1500, 3000, 6000]) { size, directory in
            try String(repeating: "[[a](b)", count: size).write(toFile: directory + "/m\(size).txt", atomically: true, encoding: .utf8)
            return ["preview", "--text-file", "m\(size).txt", "--width", "320", "--markdown"]
        }
        try Self.expectLinear("annotate", sizes: [1000, 2000, 4000]) { size, directory in
            var strings: [String] = []
            for index in 0..<size {
                strings.append("\"key.\(index)\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"state\" : "
                    + "\"translated\", \"value\" : \"Wert \(index)\"}}}}")
            }
            try ("{\"sourceLanguage\" : \"en\", \"strings\" : {\n" + strings.joined(separator: ",\n") + "\n}, \"version\" : \"1.0\"}\n")
                .write(toFile: directory + "/c\(size).xcstrings", atomically: true, encoding: .utf8)
            try Self.spec.write(toFile: directory + "/spec.yml", atomically: true, encoding: .utf8)
            return ["annotate", "c\(size).xcstrings", "--spec", "spec.yml", "--output", "out\(size).xcstrings"]
        }
    }
}

