import Foundation
import Testing

/// No source file over 450 lines and no function or initializer over 80 (issue 42), without exception: a long file
/// is split into extensions (`Type+Topic.swift`) and a long function into named helpers.
struct CodeShapeTests {
    static let maximumFileLines = 450
    static let maximumFunctionLines = 80

    static func sources() -> [(path: String, lines: [String])] {
        let root = URL(fileURLWithPath: Fixtures.root + "/Sources")
        var out: [(String, [String])] = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift", let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }  // the final newline ends the last line (as `wc -l` counts)
            out.append((String(url.path.dropFirst(root.path.count + 1)), lines))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    @Test func noLongFiles() {
        var long: [String] = []
        for (path, lines) in Self.sources() where lines.count > Self.maximumFileLines {
            long.append("\(path): \(lines.count) lines")
        }
        #expect(long.isEmpty,
                "files over \(Self.maximumFileLines) lines; split them into extensions:\n\(long.joined(separator: "\n"))")
    }

    @Test func noLongFunctions() {
        var long: [String] = []
        for (path, lines) in Self.sources() {
            for (start, length) in Self.functions(in: lines) where length > Self.maximumFunctionLines {
                long.append("\(path):\(start + 1): \(length) lines")
            }
        }
        #expect(long.isEmpty,
                "functions over \(Self.maximumFunctionLines) lines; split them into helpers:\n\(long.joined(separator: "\n"))")
    }

    /// The functions' and initializers' first lines (0-based) and lengths, by matching braces outside string
    /// literals and comments: enough for Overset's code, which keeps one declaration a line.
    static func functions(in lines: [String]) -> [(start: Int, length: Int)] {
        var out: [(Int, Int)] = []
        for (index, line) in lines.enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            guard !code.hasPrefix("//"), code.range(of: #"(^|\s)(func\s|init[?!]?[(<])"#, options: .regularExpression) != nil
            else { continue }
            var depth = 0, started = false, end = index
            scan: for next in index..<lines.count {
                for character in codeOnly(lines[next]) {
                    if character == "{" { depth += 1; started = true }
                    if character == "}" { depth -= 1 }
                }
                end = next
                if started && depth <= 0 { break scan }
                if !started && next > index + 8 { break scan }  // a protocol requirement: no body
            }
            if started { out.append((index, end - index + 1)) }
        }
        return out
    }

    /// A line without its string literals' contents and its trailing comment.
    static func codeOnly(_ line: String) -> String {
        var out = "", inString = false, escaped = false, previous: Character = " "
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character == "\"" { inString = true; continue }
            if character == "/" && previous == "/" { out.removeLast(); break }
            out.append(character)
            previous = character
        }
        return out
    }
}
