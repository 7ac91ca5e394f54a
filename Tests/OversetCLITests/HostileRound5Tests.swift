import Foundation
import Testing

/// Issue 58 ("Hostile input, round 5: app trees and the server"), the app-tree cases: each test is a case of the
/// issue with a small tree made here, and failed before its fix. (The readers' own cases are in
/// `HostileTreesTests`; the server's in `ServerTests` and `scripts/test-api.py`.)
@Suite struct HostileRound5Tests {
    static func tree(_ files: [String: String]) throws -> String { try CLITests.tree(files, named: "hostile5") }

    static let view = "import SwiftUI\nstruct W: View { var body: some View { Text(\"Hello\") } }\n"
    static let strings = "\"Hello\" = \"Hallo\";\n"

    // MARK: Crashes and runaway work

    /// 2,000 nested generic arguments and 10,000 nested `#if` overflowed swift-syntax's stack (SIGSEGV in
    /// `placements`, `check App` stopped with exit 2 and a backtrace); nested array literals doubled the parse at
    /// each level. Now each such file is named as not read, and the rest of the app is checked.
    @Test func deeplyNestedSwift_isNotReadAndTheRestIsChecked() throws {
        let generics = "let x: " + String(repeating: "A<", count: 2000) + "B" + String(repeating: ">", count: 2000) + " = y\n"
        let conditions = String(repeating: "#if A\n", count: 10_000) + "let x = 1\n" + String(repeating: "#endif\n", count: 10_000)
        let arrays = "let x = " + String(repeating: "[", count: 28) + "1" + String(repeating: "]", count: 28) + "\n"
        let app = try Self.tree(["Generics.swift": generics, "Conditions.swift": conditions, "Arrays.swift": arrays,
                                 "V.swift": Self.view, "de.lproj/Localizable.strings": Self.strings,
                                 "en.lproj/Localizable.strings": "\"Hello\" = \"Hello\";\n"])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let placements = try CLITests.run(["placements", app])
        #expect(placements.status == 0, "\(placements.stderr)")
        #expect(placements.stdout.contains("V.swift:2: Text “Hello”"), "\(placements.stdout)")
        #expect(placements.stdout.contains("Conditions.swift: not read: `#if` nested 10000 deep"), "\(placements.stdout)")
        #expect(placements.stdout.contains("Arrays.swift: not read: `[` nested 28 deep"), "\(placements.stdout)")
        #expect(placements.stdout.contains("Generics.swift: not read"), "\(placements.stdout)")
        let check = try CLITests.run(["check", app, "--quiet"])
        #expect(check.status == 0 || check.status == 1, "\(check.stderr)")
        #expect(check.stdout.contains("Judged at a label: 1 of 1"), "\(check.stdout)")
    }

    /// `check App` ran `overset-placements`, which went on at full CPU when `check` was killed. The child now ends
    /// with its parent.
    @Test(.timeLimit(.minutes(2))) func placementsChild_endsWithItsParent() throws {
        var files: [String: String] = [:]
        for index in 0..<6000 {
            files["V\(index).swift"] = "import SwiftUI\nstruct W\(index): View { var body: some View { VStack { Text(\"A \(index)\"); Text(\"B\") } } }\n"
        }
        let app = try Self.tree(files)
        defer { try? FileManager.default.removeItem(atPath: app) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLITests.binary)
        process.arguments = ["check", app, "--quiet"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait for the child to start (its command line names the app), then kill the parent outright.
        var child: Int32?
        for _ in 0..<400 where child == nil {
            child = Self.process(named: "overset-placements", arguments: app)
            if child == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        let found = try #require(child, "overset-placements never started")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        var gone = false
        for _ in 0..<100 where !gone {
            gone = kill(found, 0) != 0 || Self.isZombie(found)
            if !gone { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(gone, "overset-placements (\(found)) outlived its parent")
    }

    /// A process whose executable is `name` and whose command line contains `arguments`, from /proc.
    static func process(named name: String, arguments: String) -> Int32? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry),
                  let line = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
            let parts = line.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if parts.first?.hasSuffix("/" + name) == true, parts.contains(arguments) { return pid }
        }
        return nil
    }

    static func isZombie(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return true }
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    /// `annotate L.xcstrings --output .` died with SIGILL: one catalog into a folder goes into it by its name (into
    /// the folder that holds it, that is the catalog itself: annotated in place, as `--output L.strings` is).
    @Test func annotate_intoAFolder() throws {
        let directory = try Self.tree(["spec.yml": "default: {style: body, width: 100, maxLines: 1}\ncategories: [Large]\n",
                                       "L.strings": "\"k\" = \"A long sentence that does not fit\";\n", "out/.keep": ""])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let into = try CLITests.run(["annotate", "L.strings", "--spec", "spec.yml", "--output", "out"], directory: directory)
        #expect(into.status == 0 && FileManager.default.fileExists(atPath: directory + "/out/L.strings"), "\(into.stderr)")
        let here = try CLITests.run(["annotate", "L.strings", "--spec", "spec.yml", "--output", "."], directory: directory)
        #expect(here.status == 0 && here.stderr.contains("annotated 1 key in ./L.strings"), "\(here.stderr)")
        #expect(try String(contentsOfFile: directory + "/L.strings", encoding: .utf8).contains("Overset: max 100 pt"))
    }

    // MARK: Data loss

    /// `--output` in app mode replaced a layout, a Kotlin or Swift source, or a file reached through a link to the
    /// app folder, with the report. Each is refused and left as it was; a new file in the app folder is written.
    @Test func outputOverAnAppSource_isRefused() throws {
        let layout = "<LinearLayout xmlns:android=\"http://schemas.android.com/apk/res/android\"/>\n"
        let android = try Self.tree(["app/src/main/res/layout/main.xml": layout, "app/src/main/java/a/Main.kt": "class Main\n",
                                     "app/src/main/res/values/strings.xml": "<resources><string name=\"a\">A</string></resources>\n"])
        let ios = try Self.tree(["App/V.swift": Self.view, "App/en.lproj/Localizable.strings": Self.strings])
        defer {
            try? FileManager.default.removeItem(atPath: android)
            try? FileManager.default.removeItem(atPath: ios)
        }
        try FileManager.default.createSymbolicLink(atPath: ios + "/link", withDestinationPath: ios + "/App")
        let cases: [([String], String)] = [
            (["check", android, "--output", android + "/app/src/main/res/layout/main.xml"], android + "/app/src/main/res/layout/main.xml"),
            (["check", android, "--output", android + "/app/src/main/java/a/Main.kt"], android + "/app/src/main/java/a/Main.kt"),
            (["placements", android, "--output", android + "/app/src/main/java/a/Main.kt"], android + "/app/src/main/java/a/Main.kt"),
            (["check", ios + "/App", "--output", ios + "/App/V.swift"], ios + "/App/V.swift"),
            (["check", ios + "/App", "--output", ios + "/link/V.swift"], ios + "/App/V.swift"),
        ]
        for (arguments, file) in cases {
            let before = try Data(contentsOf: URL(fileURLWithPath: file))
            let run = try CLITests.run(arguments)
            #expect(run.status == 2 && run.stderr.contains("a file this reads"), "\(arguments): \(run.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before, "\(arguments)")
        }
        let report = try CLITests.run(["check", ios + "/App", "--quiet", "--format", "json", "--output", ios + "/App/report.json"])
        #expect(report.status != 2 && FileManager.default.fileExists(atPath: ios + "/App/report.json"), "\(report.stderr)")
    }

    // MARK: Security

    /// A Swift file named `V\n  - glob: "*"\n    width: 100000\n#.swift` added a catch-all rule to `spec init`'s
    /// YAML. Names are written on one line, so the spec has the rules of the app's keys and no other.
    @Test func specInit_writesNamesOnOneLine() throws {
        let hostile = "V\n  - glob: \"*\"\n    width: 100000\n#.swift"
        let app = try Self.tree([hostile: Self.view, "de.lproj/Localizable.strings": Self.strings,
                                 "en.lproj/Localizable.strings": "\"Hello\" = \"Hello\";\n"])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let run = try CLITests.run(["spec", "init", app])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(!lines.contains { $0.hasPrefix("  - glob") || $0.hasPrefix("    width: 100000") }, "\(run.stdout)")
        #expect(run.stdout.contains("V↵  - glob"), "\(run.stdout)")
    }

    // MARK: Wrong or unclear

    /// `constant="nan"` in a constraint and `android:textSize="nansp"` stopped `check App` with Swift's raw
    /// `EncodingError.invalidValue: nan`. Now the value is refused by name at its place, as a negative one is, and
    /// the check goes on.
    @Test func notANumber_isRefusedAtItsPlace() throws {
        let layout = "<LinearLayout xmlns:android=\"http://schemas.android.com/apk/res/android\" "
            + "android:layout_width=\"match_parent\" android:layout_height=\"wrap_content\">\n"
            + "<TextView android:layout_width=\"200dp\" android:layout_height=\"wrap_content\" android:textSize=\"nansp\" android:text=\"@string/a\" />\n"
            + "<TextView android:layout_width=\"200dp\" android:layout_height=\"wrap_content\" android:textSize=\"14sp\" android:text=\"@string/b\" />\n"
            + "</LinearLayout>\n"
        let app = try Self.tree(["app/src/main/res/layout/main.xml": layout,
                                 "app/src/main/res/values/strings.xml": "<resources><string name=\"a\">A</string><string name=\"b\">B</string></resources>\n"])
        defer { try? FileManager.default.removeItem(atPath: app) }
        let run = try CLITests.run(["check", app, "--quiet"])
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("main.xml:2: warning: “a” (TextView) is not checked here"), "\(run.stdout)")
        #expect(run.stdout.contains("size") && run.stdout.contains("nan"), "\(run.stdout)")
        #expect(!run.stderr.contains("EncodingError"), "\(run.stderr)")
    }

    /// A FIFO named `Extra.xib` or `res/menu/more.xml` was reported as "You don't have permission" (as root). It is
    /// named as a FIFO, never opened.
    @Test func fifo_isNamedAsOne() throws {
        let app = try Self.tree(["V.swift": Self.view, "en.lproj/Localizable.strings": "\"Hello\" = \"Hello\";\n"])
        defer { try? FileManager.default.removeItem(atPath: app) }
        #expect(mkfifo(app + "/Extra.xib", 0o644) == 0)
        let run = try CLITests.run(["placements", app])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Extra.xib: a FIFO (named pipe), not a regular file: not read"), "\(run.stdout)")
    }
}
