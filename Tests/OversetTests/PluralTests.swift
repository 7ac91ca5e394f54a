import Foundation
import Testing
import Overset

/// `Plural` is the one way a count is written in words (issue 42): English's rules for the nouns Overset counts, and
/// no hand-written `"s"` suffix anywhere in the sources.
struct PluralTests {
    @Test func count_followsEnglishPlurals() {
        // Expected forms are English's: -s, -y after a consonant → -ies, after a vowel → -ys, -s/-x → -es.
        #expect(Plural.count(1, "entry") == "1 entry")
        #expect(Plural.count(2, "entry") == "2 entries")
        #expect(Plural.count(0, "key") == "0 keys")
        #expect(Plural.count(2, "day") == "2 days")
        #expect(Plural.count(3, "box") == "3 boxes")
        #expect(Plural.count(2, "class") == "2 classes")
        #expect(Plural.count(2, "key reads", "keys read") == "2 keys read")
        #expect(Plural.noun("is", for: 1, "are") == "is")
        #expect(Plural.noun("shard", for: 2) == "shards")
    }

    /// The hand-written plural (`count == 1 ? "" : "s"`) drifts from `Plural` (the review found ten); none is left.
    @Test func sources_haveNoHandWrittenPlural() throws {
        let sources = URL(fileURLWithPath: Fixtures.root + "/Sources")
        let pattern = try NSRegularExpression(pattern: #"\?\s*""\s*:\s*"(s|es)"|\?\s*"(s|es)"\s*:\s*"""#)
        var found: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: url, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    found.append("\(url.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "write counts with Plural:\n\(found.joined(separator: "\n"))")
        #expect(FileManager.default.fileExists(atPath: sources.path + "/OversetEngine/Plural.swift"))
    }
}
