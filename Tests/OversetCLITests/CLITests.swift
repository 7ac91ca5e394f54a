import Foundation
import Testing

/// The `overset` command, run as a user would run it.
@Suite struct CLITests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built `overset` binary: beside the test bundle in SwiftPM's build folder.
    static let binary: String = {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: exe).deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("overset").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return "overset"
    }()

    /// Reads a pipe to its end on another thread.
    final class ErrorCollector: @unchecked Sendable {
        // @unchecked Sendable: `data` is written by the reading thread before `done` is signalled and read only
        // after waiting on it.
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread { [self] in
                data = handle.readDataToEndOfFile()
                done.signal()
            }.start()
        }

        func wait() -> Data {
            done.wait()
            return data
        }
    }

    /// A scratch folder holding `files` (path → text), made for one test; the caller removes it.
    static func tree(_ files: [String: String], named name: String = "tree") throws -> String {
        let directory = NSTemporaryDirectory() + "overset-\(name)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (path, text) in files {
            let full = directory + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return directory
    }

    static func run(_ arguments: [String], stdin: String? = nil, directory: String? = nil,
                    environment: [String: String] = [:], executable: String? = nil) throws -> Run {
        let process = Process()
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.executableURL = URL(fileURLWithPath: executable ?? binary)
        process.arguments = arguments
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // Feed standard input from another thread: `measure` answers each line as it comes, so a large input would
        // fill the output pipe while this thread is still writing.
        let writer = input.fileHandleForWriting
        let feeding = Thread {
            if let stdin { try? writer.write(contentsOf: Data(stdin.utf8)) }
            try? writer.close()
        }
        feeding.start()
        let errors = ErrorCollector(err.fileHandleForReading)
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func preview_json_hasTheDocumentedSchema() throws {
        let run = try Self.run(["preview", "Zum Abschließen des Updates Firefox neu starten", "--width", "220",
                                "--size", "17", "--lines", "2", "--lang", "de", "--format", "json"])
        #expect(run.status == 1, "\(run.stderr)")  // truncated: the JSON's "status" is "fail", and so is the exit status
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["lineCount"] as? Int == 2)
        #expect(object["truncated"] as? Bool == true)
        #expect((object["width"] as? Double ?? 999) <= 220)
        #expect((object["height"] as? Double ?? 0) > 0)
        let lines = try #require(object["lines"] as? [[String: Any]])
        #expect(lines.count == 2)
        #expect(lines[0]["text"] as? String == "Zum Abschließen des")
        #expect(lines[0]["range"] as? [Int] == [0, 20])
        #expect((lines[1]["text"] as? String)?.hasSuffix("…") == true)
        #expect(object["missingCharacters"] as? [Any] != nil)
    }

    @Test func preview_text_marksBreaksAndTruncation() throws {
        let run = try Self.run(["preview", "ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรค", "--lang", "th", "--width", "100",
                                "--lines", "2"])
        #expect(run.status == 1)  // truncated: a failing verdict (ExitStatus)
        #expect(run.stdout.contains("opportunity"))
        #expect(run.stdout.contains("truncated"))
        #expect(run.stdout.contains("FAIL truncated: Large: needs"))
        #expect(run.stdout.hasSuffix("verdict: fail\n"))
        #expect(run.stdout.contains("Noto Sans Thai"))
    }

    @Test func preview_missingGlyphs_warns() throws {
        let run = try Self.run(["preview", "Tea 𓀀", "--width", "200", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let missing = try #require(object["missingCharacters"] as? [[String: Any]])
        #expect(missing.first?["character"] as? String == "𓀀")
        let text = try Self.run(["preview", "Tea 𓀀", "--width", "200"])
        #expect(text.stdout.contains("UNKNOWN missingGlyphs: Large: no font has 𓀀"))
        #expect(text.status == 1)  // unknown is never a pass
    }

    @Test func usageErrors_exitWith2AndSayWhatToDo() throws {
        let negative = try Self.run(["preview", "Hello", "--width=-5"])
        #expect(negative.status == 2)
        #expect(negative.stderr.contains("invalid --width '-5': expected a number from 0 to 100000"))
        let spaced = try Self.run(["preview", "Hello", "--width", "-1"])  // a negative value, not an option
        #expect(spaced.status == 2)
        #expect(spaced.stderr.contains("invalid --width '-1'"))
        let missingText = try Self.run(["preview", "--width", "100"])
        #expect(missingText.status == 2)
        #expect(missingText.stderr.contains("give the text to lay out"))
        let badFont = try Self.run(["preview", "Hello", "--width", "100", "--font", "/nonexistent/x.ttf"])
        #expect(badFont.status == 2)
        #expect(badFont.stderr.contains("no font file at '/nonexistent/x.ttf'"))
        let badMode = try Self.run(["preview", "Hello", "--width", "100", "--truncation", "sideways"])
        #expect(badMode.status == 2)
    }

    @Test func help_teachesWithExamples() throws {
        let root = try Self.run(["--help"])
        #expect(root.status == 0)
        #expect(root.stdout.contains("Examples:"))
        #expect(root.stdout.contains("preview"))
        let preview = try Self.run(["preview", "--help"])
        #expect(preview.stdout.contains("overset preview \"Zum Abschließen"))
        #expect(preview.stdout.contains("--truncation"))
    }

    @Test func measure_jsonLines_echoesIdsAndReportsBadLinesWithoutStopping() throws {
        let input = """
        {"id": "a", "text": "Nach Updates suchen", "width": 100, "size": 17, "maxLines": 1, "lang": "de"}
        this is not json
        {"id": 3, "text": "ตรวจสอบการอัปเดต", "width": 60, "lang": "th"}
        {"id": "neg", "text": "x", "width": -1}

        {"id": "a2", "text": "Nach Updates suchen", "width": 300, "maxLines": 1, "lang": "de"}
        """
        let run = try Self.run(["measure"], stdin: input)
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == 5)  // the blank line is skipped
        #expect(lines[0]?["id"] as? String == "a")
        #expect(lines[0]?["truncated"] as? Bool == true)
        #expect(lines[1]?["line"] as? Int == 2)
        #expect((lines[1]?["error"] as? String)?.contains("not valid JSON") == true)
        #expect(lines[2]?["id"] as? Int == 3)
        #expect((lines[2]?["lineCount"] as? Int ?? 0) >= 2)
        #expect((lines[3]?["error"] as? String)?.contains("invalid width") == true)
        #expect(lines[4]?["truncated"] as? Bool == false)
    }

    /// `measure` decodes a request's settings once and keeps them by their bytes: a batch that repeats settings, with
    /// another text, a bad text, an unknown key or a bad value beside them, answers each line as it is answered alone.
    @Test func measure_repeatedSettings_answerAsEachLineAlone() throws {
        let settings = #""width": 90, "size": 17, "maxLines": 1, "lang": "de", "fonts": ["Inter"]"#
        let lines = [
            #"{"id": 1, "text": "Nach Updates suchen", "# + settings + "}",
            #"{"id": 2, "text": "Einstellungen", "# + settings + "}",
            #"{"id": 3, "text": 5, "# + settings + "}",
            #"{"id": 4, "text": "Nach Updates suchen", "# + settings + #", "lines": 2}"#,
            #"{"text": "Nach Updates suchen", "id": [5], "# + settings + "}",
            #"{"id": 6, "text": "Nach Updates suchen", "# + settings.replacingOccurrences(of: "90", with: "\"x\"") + "}",
            #"{"id": 7, "text": "Nach Updates suchen", "text": "Ok", "# + settings + "}",
            #"{"id": 8, "text": "Ok!", "# + settings + "}",
            // Settings that are not JSON beside settings seen before (the quick scan only finds a setting's end).
            #"{"id": 9, "text": "Ok", "# + settings.replacingOccurrences(of: "90", with: "90x") + "}",
            #"{"id": 10, "text": "Ok", "# + settings.replacingOccurrences(of: #"["Inter"]"#, with: #"["Inter",]"#) + "}",
            #"{"id": 11, "text": "Ok", "# + settings.replacingOccurrences(of: #""de""#, with: #""d\q""#) + "}",
            #"{"id": 12, "text": "Ok", "# + settings.replacingOccurrences(of: #"["Inter"]"#, with: #"["Inter"}"#) + "}",
            // An id with a bad escape is not echoed as it is.
            #"{"id": "a\q", "text": "Ok", "# + settings + "}",
        ]
        let batch = try Self.run(["measure", "--threads", "1"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(batch.status == 0)
        let answers = batch.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(answers.count == lines.count)
        for (index, line) in lines.enumerated() {
            let alone = try Self.run(["measure"], stdin: line + "\n")
            // Alone, every line is line 1.
            let expected = alone.stdout.replacingOccurrences(of: #""line":1"#, with: #""line":\#(index + 1)"#)
            #expect(String(answers[index]) + "\n" == expected, "line \(index + 1)")
        }
        #expect(answers[2].contains("error") && answers[3].contains("maxLines") && answers[5].contains("invalid width"))
        for index in 8..<lines.count { #expect(answers[index].contains("not valid JSON"), "line \(index + 1)") }
    }

    /// Lines are dealt to workers by their text (each worker prepares the texts it is dealt): a batch of texts
    /// each asked at several widths, lines with no text, a `"text"` inside another string and escaped quotes get
    /// the same answers, in input order, with one, two or three workers; and every line gets exactly one answer.
    @Test func measure_linesDealtByText_answerTheSameForAnyWorkerCount() throws {
        var lines: [String] = []
        for (index, text) in ["Nach Updates suchen", "Einstellungen", "ตั้งค่า", "Say \"hi\"", "設定"].enumerated() {
            for width in [60, 90, 140] {
                lines.append(#"{"id": "\#(index)-\#(width)", "text": "\#(text)", "width": \#(width), "maxLines": 1}"#)
            }
        }
        lines.append(#"{"id": "no text", "width": 90}"#)
        lines.append(#"{"id": "\"text\": \"Ok\"", "text": "Einstellungen", "width": 90}"#)
        lines.append(#"{"text":"Ok","width":40}"#)
        let input = lines.joined(separator: "\n") + "\n"
        let one = try Self.run(["measure", "--threads", "1"], stdin: input)
        #expect(one.stdout.split(separator: "\n").count == lines.count)
        for threads in ["2", "3"] {
            let many = try Self.run(["measure", "--threads", threads], stdin: input)
            #expect(many.stdout == one.stdout, "--threads \(threads)")
            #expect(many.status == one.status)
        }
    }

    @Test func measure_invalidUTF8Line_isReported() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = ["measure"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data([0x7B, 0x22, 0x74, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D, 0x0A]))
        // Lines whose settings repeat a line answered before, byte for byte (which `measure` answers from the
        // settings it decoded then): bytes that are not UTF-8 in the text (plain, or beside an escape), in the id or
        // in a setting are each reported, not replaced.
        let settings = Data(#","width":100}"#.utf8) + Data([0x0A])
        let quote = Data([0x22])
        input.fileHandleForWriting.write(Data(#"{"id":1,"text":"ok""#.utf8) + settings)
        for invalid in [Data(#"{"id":2,"text":"a"#.utf8) + Data([0xC3, 0x28]) + quote,
                        Data(#"{"id":3,"text":"\n"#.utf8) + Data([0xED, 0xA0, 0x80]) + quote,
                        Data(#"{"id":"4"#.utf8) + Data([0xFF]) + Data(#"","text":"ok""#.utf8),
                        Data(#"{"id":5,"text":"ok","x":"#.utf8) + Data([0xFF]) + quote] {
            input.fileHandleForWriting.write(invalid + settings)
        }
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 6)
        #expect(lines.first?.contains("not valid UTF-8") == true)
        #expect(lines.dropFirst().first?.contains(#""fits":true"#) == true)
        for (number, line) in lines.enumerated().dropFirst(2) {
            #expect(line.contains("not valid UTF-8") && line.contains("\"line\":\(number + 1)"), "\(line)")
        }
    }

    @Test func measure_unpairedSurrogateEscape_isAnErrorNotAReplacement() throws {
        let run = try Self.run(["measure"], stdin: "{\"id\": 1, \"text\": \"a\\ud800b\", \"width\": 100}\n")
        // Foundation's parser refuses it as JSON, and Overset's own check catches a parser that would replace it.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["error"] != nil && object["lineCount"] == nil, "\(run.stdout)")
        let fine = try Self.run(["measure"], stdin: "{\"id\": 2, \"text\": \"\\ud83d\\ude00 ok \\ufffd\", \"width\": 100}\n")
        #expect(fine.stdout.contains("\"lineCount\""), "\(fine.stdout)")
    }

    @Test func fonts_listsTheFaceForEachScript() throws {
        let run = try Self.run(["fonts"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        // Columns line up: script, sample, font, file.
        let thai = try #require(lines.first { $0.hasPrefix("Thai") })
        #expect(thai.hasPrefix("Thai        ก   Noto Sans Thai Regular        "))
        #expect(thai.hasSuffix("/NotoSansThai-Regular.ttf"))
        let fileColumn = thai.range(of: "/")!.lowerBound.utf16Offset(in: thai)
        let latin = try #require(lines.first { $0.hasPrefix("Latin") })
        #expect(latin.range(of: "/")!.lowerBound.utf16Offset(in: latin) == fileColumn)
        #expect(lines.contains { $0.hasPrefix("Hangul") && $0.contains("Noto Sans CJK KR") })
        #expect(lines.contains { $0.hasPrefix("Emoji") && $0.contains("Noto Color Emoji") })
    }

    /// `--platform-fonts DIR` and `OVERSET_PLATFORM_FONTS` reach the same fonts (stand-ins named like Apple's).
    @Test func platformFonts_optionAndEnvironment() throws {
        let directory = DoorAgreementTests.root + "/Tests/OversetTests/Fixtures/fonts/platform"
        let option = try Self.run(["preview", "Check for updates", "--style", "headline", "--width", "300",
                                   "--platform-fonts", directory])
        #expect(option.status == 0)
        #expect(option.stdout.contains("fonts: SF Pro Text Semibold"))
        let environment = try Self.run(["preview", "Check for updates", "--style", "headline", "--width", "300"],
                                       environment: ["OVERSET_PLATFORM_FONTS": directory])
        #expect(environment.stdout == option.stdout)
        let missing = try Self.run(["preview", "OK", "--width", "300", "--platform-fonts", "/no/such/folder"])
        #expect(missing.status != 0 && missing.stderr.contains("/no/such/folder"))
    }

    /// A request line past 64 MiB is skipped to its newline and answered with an error; the next line is answered.
    @Test func measure_lineTooLong_isReportedAndSkipped() throws {
        let long = "{\"text\":\"" + String(repeating: "a", count: 65 * 1024 * 1024) + "\",\"width\":100}"
        let input = long + "\n" + #"{"id":2,"text":"OK","width":100}"# + "\n"
        let run = try Self.run(["measure"], stdin: input)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""error":"the line is longer than 64 MiB"#) == true)
        #expect(lines.first?.contains(#""line":1"#) == true)
        #expect(lines.last?.contains(#""id":2"#) == true && lines.last?.contains(#""fits":true"#) == true)
    }
}
