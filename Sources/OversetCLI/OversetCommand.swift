import ArgumentParser
import Foundation
import Overset

/// `overset`: where does this string break, does it fit, will it be truncated.
@main
struct OversetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overset",
        abstract: "Measure, wrap and truncate localized strings with real fonts, like a UILabel would.",
        discussion: """
        Overset shapes text with HarfBuzz, breaks it with ICU (dictionary breaking for Thai, CJK rules, bidi) and \
        lays it out like a UILabel with word wrapping and tail truncation. The fonts stand in for Apple's: Inter and \
        Inter Display (SF Pro's metrics class) for Latin, Greek and Cyrillic, the Noto Sans family for the other \
        scripts, Noto Sans CJK for Chinese, Japanese and Korean and Noto Color Emoji (Debian's fonts-noto-cjk and \
        fonts-noto-color-emoji), Droid Sans Fallback when those are missing; `overset fonts` lists them. Add --font \
        to measure with your own.

        \(ExitStatus.help)

        Examples:
          overset preview "Zum Abschließen des Updates Firefox neu starten" --width 220 --size 17 --max-lines 2
          overset preview "เริ่มการทำงานใหม่เพื่ออัปเดต Firefox" --lang th --width 180 --format json
          echo '{"id":"a","text":"Neue Funktionen","width":120,"size":17,"maxLines":1}' | overset measure
          overset fonts
        """,
        version: OversetVersion.current,
        subcommands: [Preview.self, Matrix.self, Check.self, Placements.self, Serve.self, Spec.self, Pseudo.self, Annotate.self, Merge.self, Measure.self, Fonts.self]
    )

    /// Runs the command; usage errors exit with status 2 and a message that says what to do.
    static func main() {
        if let bad = firstInvalidUTF8Argument() {
            FileHandle.standardError.write(Data("error: argument \(bad) is not valid UTF-8\n".utf8))
            Foundation.exit(2)
        }
        do {
            var command = try parseAsRoot()
            do {
                try command.run()
            } catch let error as ValidationError {
                // Thrown while running (a spec, a text file, an output over an input), not while parsing the
                // options: the message alone, without the usage that ArgumentParser would append.
                FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
                Foundation.exit(ExitStatus.unusableInput.rawValue)
            }
        } catch let error as OversetError {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            Foundation.exit(ExitStatus.of(error).rawValue)
        } catch let error as RuntimeFailure {
            FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
            Foundation.exit(error.status.rawValue)
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let stream = code == .success ? FileHandle.standardOutput : FileHandle.standardError
                stream.write(Data((message + "\n").utf8))
            }
            if code == .success { Foundation.exit(0) }
            Foundation.exit(code == .validationFailure ? 2 : code.rawValue)
        }
    }

    /// The 1-based position of the first command-line argument that is not valid UTF-8.
    private static func firstInvalidUTF8Argument() -> Int? {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                            count: strlen(pointer))
            if String(validating: bytes, as: UTF8.self) == nil { return index }
        }
        return nil
    }
}

/// A failure while running (not a usage error): by default an output that could not be written (exit status 3).
struct RuntimeFailure: Error {
    /// The whole message for the user.
    var message: String
    /// The system's reason alone, when there is one.
    var reason: String
    /// The exit status it ends the command with.
    var status: ExitStatus

    init(message: String, reason: String? = nil, status: ExitStatus = .outputNotWritten) {
        self.message = message
        self.reason = reason ?? message
        self.status = status
    }
}
