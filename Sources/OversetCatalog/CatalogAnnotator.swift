import Foundation
import Overset
import OversetLabel
import OversetReports

/// Writes a spec's limits into a catalog, where translators' tools show them: the width, the lines, the style and
/// the largest category that must fit, for each key.
///
/// - XLIFF 1.2: `maxwidth` with `size-unit="pixel"` on each `<trans-unit>` of a label with a line limit (what
///   memoQ and Trados check rendered text against; one point is one pixel at @1x): the width times the line
///   limit; and a `<note from="overset">` after the source and target.
/// - String Catalogs: a line `Overset: …` in each key's `comment` (a previous Overset line is replaced).
/// - `.strings`: a comment `/* Overset: … */` on the line before each entry (UTF-16 files stay UTF-16).
/// - Android: an XML comment `<!-- Overset: … -->` on the line before each resource.
///
/// Everything else in the file is kept as it was; annotating twice gives the same file.
public enum CatalogAnnotator {
    /// The prefix of every note Overset writes, so that it can find and replace its own.
    public static let marker = "Overset:"

    /// The note for one key: `Overset: max 220 pt × 2 lines, headline, must fit up to AX3`, or for a reflowing
    /// title `Overset: max 224 pt × 2 lines beside a 64 pt image up to xxxLarge (300 pt after), headline, must fit
    /// up to AX5` (``TranslatorLimit``).
    public static func note(for rule: LayoutRule, upTo size: TextSize) -> String {
        "\(marker) " + TranslatorLimit(rule: rule, upTo: size).description
    }

    /// Whether a catalog of `format` has a place for a note (String Catalogs, `.strings`, Android, XLIFF).
    public static func canAnnotate(_ format: CatalogFormat?) -> Bool {
        switch format {
        case .xcstrings?, .strings?, .android?, .xliff?: true
        default: false
        }
    }

    /// The catalog `data` with every key's limits written in.
    /// - Returns: the new file and the number of keys annotated.
    public static func annotate(_ data: Data, path: String, format: CatalogFormat,
                                spec: LayoutSpec) throws -> (data: Data, count: Int) {
        let catalog = try Catalog.read(data: data, path: path, format: format)
        let largest = (spec.textSizes ?? TextSize.all(on: spec.platform)).max() ?? .category(.accessibility5)
        switch format {
        case .xcstrings:
            return try annotateStringCatalog(data, path: path, spec: spec, largest: largest)
        case .strings, .android:
            return try annotateLines(data, path: path, catalog: catalog, isStrings: format == .strings) { entry in
                note(for: spec.rule(for: entry), upTo: largest)
            }
        case .xliff:
            return try annotateXLIFF(data, path: path, catalog: catalog, spec: spec, largest: largest)
        case .stringsdict, .json, .jsonl:
            throw CatalogError(location: CatalogLocation(file: path), message: "\(format.rawValue) files have no place "
                + "for notes to translators; annotate the .xcstrings, .strings, XLIFF or strings.xml instead")
        }
    }

    /// Whether `line` is one of Overset's notes and nothing else: `/* Overset: … */` or `<!-- Overset: … -->`.
    static func isNote(_ line: String) -> Bool {
        let text = line.trimmingCharacters(in: .whitespaces)
        return (text.hasPrefix("/* \(marker)") && text.hasSuffix("*/") && text.components(separatedBy: "*/").count == 2)
            || (text.hasPrefix("<!-- \(marker)") && text.hasSuffix("-->") && text.components(separatedBy: "-->").count == 2)
    }

    /// `line` without a note of Overset's at its start, when it has one followed by more (an entry).
    static func withoutLeadingNote(_ line: String) -> String? {
        let text = line.trimmingCharacters(in: .whitespaces)
        for (open, close) in [("/* \(marker)", "*/"), ("<!-- \(marker)", "-->")] where text.hasPrefix(open) {
            guard let end = text.range(of: close) else { return nil }
            let rest = text[end.upperBound...].trimmingCharacters(in: .whitespaces)
            return rest.isEmpty ? nil : rest
        }
        return nil
    }

    /// A `.strings` or Android file with a note for each key: on a line of its own before the line the key starts
    /// on (a plural's or array's own element for Android; above the entry's own comment for `.strings`, which
    /// Xcode keeps attached to it), or, for a key that does not start its line (a one-line file, a second entry
    /// on a line), just before it on the same line. A previous note of Overset's is replaced.
    static func annotateLines(_ data: Data, path: String, catalog: Catalog, isStrings: Bool,
                              note: (CatalogEntry) -> String) throws -> (data: Data, count: Int) {
        let text = TextLines(try TextDecoding.decode(data, path: path))
        var lines = text.lines
        func wrapped(_ note: String) -> String {
            isStrings ? "/* \(note.replacingOccurrences(of: "*/", with: "* /")) */"
                : "<!-- \(note.replacingOccurrences(of: "--", with: "- -")) -->"
        }
        var keyByLine: [Int: CatalogEntry] = [:]
        var inline = 0
        var seen: Set<String> = []
        for entry in catalog.entries where seen.insert(entry.key).inserted {
            guard var line = entry.location.line, line >= 1, line <= lines.count else { continue }
            let needle = isStrings ? "\"\(StringsFileFormat.escape(entry.key))\""
                : "name=\"\(xmlEscaped(entry.key, attribute: true))\""
            if !isStrings, entry.variant != nil {
                while line > 1, !lines[line - 1].contains(needle) { line -= 1 }
            }
            if let edited = insertingInline(wrapped(note(entry)), in: lines[line - 1], before: needle, isStrings: isStrings) {
                lines[line - 1] = edited
                inline += 1
                continue
            }
            if isStrings {
                // Above the entry's own comment, which Xcode keeps attached to the entry: a comment on lines of
                // its own, never one that trails the previous entry (`"k1" = "v1"; /* … */`).
                var above = line - 1
                while above >= 1, lines[above - 1].trimmingCharacters(in: .whitespaces).isEmpty { above -= 1 }
                if above >= 1, lines[above - 1].trimmingCharacters(in: .whitespaces).hasSuffix("*/"),
                   !lines[above - 1].contains(marker) {
                    var opening = above
                    while opening > 1, !lines[opening - 1].contains("/*") { opening -= 1 }
                    if lines[opening - 1].trimmingCharacters(in: .whitespaces).hasPrefix("/*") { line = opening }
                }
            }
            keyByLine[line] = entry
        }
        var edited = text
        edited.lines = lines
        let result = insertingLines(edited, original: data) { lineNumber in
            keyByLine[lineNumber].map { wrapped(note($0)) }
        }
        return (result.data, result.count + inline)
    }

    /// `line` with `added` just before the entry `needle` finds in it, when the entry does not start the line
    /// (something other than white space and comments stands before it); a note of Overset's already there is
    /// replaced. Nil when the entry starts its line (its note goes on a line of its own) or is not found.
    static func insertingInline(_ added: String, in line: String, before needle: String, isStrings: Bool) -> String? {
        guard let found = line.range(of: needle) else { return nil }
        // Android: the element's own `<`; .strings: the key's opening quote.
        var start = found.lowerBound
        if !isStrings { guard let open = line[..<found.lowerBound].lastIndex(of: "<") else { return nil }; start = open }
        var before = String(line[..<start])
        var trimmed = before.trimmingCharacters(in: .whitespaces)
        // A note of ours right before the entry is replaced.
        let (open, close) = isStrings ? ("/* \(marker)", "*/") : ("<!-- \(marker)", "-->")
        if trimmed.hasSuffix(close), let opened = before.range(of: open, options: .backwards) {
            before = String(before[..<opened.lowerBound])
            trimmed = before.trimmingCharacters(in: .whitespaces)
        }
        // Nothing but a comment before it: the entry starts its line (no `;` of an entry before a `.strings` key,
        // no element before an Android one but a single comment).
        let onlyComment = trimmed.hasPrefix("<!--") && trimmed.hasSuffix("-->")
            && trimmed.components(separatedBy: "-->").count == 2
        let startsLine = trimmed.isEmpty || (isStrings ? !trimmed.contains(";") : !trimmed.contains("<") || onlyComment)
        guard !startsLine else { return nil }
        let space = before.hasSuffix(" ") || before.isEmpty ? "" : " "
        return before + space + added + " " + line[start...]
    }

    /// Adds (or replaces) a note line before the lines `note` names, with that line's indentation; the file's
    /// encoding (UTF-8 with or without a byte order mark, UTF-16) and line endings are kept.
    static func insertingLines(_ data: Data, path: String,
                               note: (Int) -> String?) throws -> (data: Data, count: Int) {
        insertingLines(TextLines(try TextDecoding.decode(data, path: path)), original: data, note: note)
    }

    static func insertingLines(_ text: TextLines, original data: Data,
                               note: (Int) -> String?) -> (data: Data, count: Int) {
        let bytes = [UInt8](data)
        let utf16 = bytes.starts(with: [0xFF, 0xFE]) ? String.Encoding.utf16LittleEndian
            : bytes.starts(with: [0xFE, 0xFF]) ? String.Encoding.utf16BigEndian : nil
        // One forward pass (inserting each note in place moved every line after it: quadratic in the keys).
        var out = TextLines(lines: [], endings: [], ending: text.ending)
        out.lines.reserveCapacity(text.lines.count * 2)
        out.endings.reserveCapacity(text.lines.count * 2)
        var count = 0
        for (index, original) in text.lines.enumerated() {
            var line = original
            if let added = note(index + 1) {
                let indentation = String(line.prefix { $0 == " " || $0 == "\t" })
                // A note of ours on the entry's own line (`/* Overset: … */ "key" = …`) moves to a line of its own.
                if let rest = withoutLeadingNote(line) { line = indentation + rest }
                // Only a line that is our note alone is replaced: a translator's comment that mentions "Overset:"
                // (or shares a block with an old note) is kept, and the note goes below it.
                if index > 0, isNote(text.lines[index - 1]), let last = out.lines.indices.last {
                    out.lines[last] = indentation + added
                } else {
                    out.lines.append(indentation + added)
                    out.endings.append(text.ending)
                }
                count += 1
            }
            out.lines.append(line)
            out.endings.append(text.endings[index])
        }
        let text = out
        let joined = text.joined
        if let utf16 {
            var out = Data(utf16 == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF])
            out += joined.data(using: utf16) ?? Data()
            return (out, count)
        }
        let hadBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        return ((hadBOM ? Data([0xEF, 0xBB, 0xBF]) : Data()) + Data(joined.utf8), count)
    }

    static func annotateStringCatalog(_ data: Data, path: String, spec: LayoutSpec,
                                      largest: TextSize) throws -> (data: Data, count: Int) {
        let json = try JSONSource.parse(data, path: path)
        guard let entries = json.root["strings"]?.members else {
            throw CatalogError(location: CatalogLocation(file: path), message: "not a String Catalog")
        }
        var edits: [(range: Range<Int>, text: String)] = []
        for entry in entries where entry.value.members != nil && entry.value["shouldTranslate"]?.bool != false {
            let probe = CatalogEntry(key: entry.key, language: json.root["sourceLanguage"]?.string ?? "en", value: entry.key,
                                     location: CatalogLocation(file: path))
            let added = note(for: spec.rule(for: probe), upTo: largest)
            let kept = (entry.value["comment"]?.string ?? "").components(separatedBy: "\n")
                .filter { !$0.hasPrefix(marker) && !$0.isEmpty }
            edits.append(json.settingMember("comment", to: JSONString.quoted((kept + [added]).joined(separator: "\n")),
                                            in: entry.value))
        }
        let out = JSONSource.applying(edits, to: json.bytes)
        return (Data(out), edits.count)
    }

    static func annotateXLIFF(_ data: Data, path: String, catalog: Catalog, spec: LayoutSpec,
                              largest: TextSize) throws -> (data: Data, count: Int) {
        let text = TextLines(try TextDecoding.decode(data, path: path))
        var lines = text.lines
        // Lines to add before a line, by its index: added in one pass at the end, so that indices stay put.
        var added: [Int: String] = [:]
        var byLine: [Int: CatalogEntry] = [:]
        for entry in catalog.entries where entry.language == (catalog.sourceLanguage ?? "en") {
            if let line = entry.location.line, byLine[line] == nil { byLine[line] = entry }
        }
        var count = 0
        for line in byLine.keys.sorted(by: >) {
            // libxml2 reports the line where the start tag ends; the tag starts on that line or above.
            guard var index = Optional(line - 1), index < lines.count else { continue }
            while index > 0, !lines[index].contains("<trans-unit") { index -= 1 }
            guard lines[index].contains("<trans-unit") else { continue }
            let rule = spec.rule(for: byLine[line]!)
            let limit = TranslatorLimit(rule: rule, upTo: largest)
            var tagLine = lines[index]
            for attribute in ["maxwidth", "size-unit"] {
                while let old = tagLine.range(of: " \(attribute)=\"[^\"]*\"", options: .regularExpression) {
                    tagLine.removeSubrange(old)
                }
            }
            // A width limit only where lines are limited: a label with any number of lines wraps, it does not cut.
            if let maxWidth = limit.maxWidth {
                let insertAt = tagLine.range(of: "<trans-unit")!.upperBound
                tagLine.insert(contentsOf: " maxwidth=\"\(maxWidth)\" size-unit=\"pixel\"", at: insertAt)
            }
            lines[index] = tagLine
            // The note goes after the source and target (XLIFF 1.2's order: source, target, then notes), before
            // `</trans-unit>`; a previous Overset note is replaced.
            let noteText = "<note from=\"overset\">\(xmlEscaped(note(for: rule, upTo: largest)))</note>"
            var end = index
            while end < lines.count - 1, !lines[end].contains("</trans-unit>") { end += 1 }
            if let existing = (index...end).first(where: { lines[$0].contains("<note from=\"overset\">") }),
               let old = lines[existing].range(of: "<note from=\"overset\">[^<]*</note>", options: .regularExpression) {
                lines[existing].replaceSubrange(old, with: noteText)
            } else if lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("</trans-unit>") {
                let indentation = String(lines[end].prefix { $0 == " " || $0 == "\t" }) + "  "
                added[end] = indentation + noteText
            } else if let close = lines[end].range(of: "</trans-unit>") {
                lines[end].insert(contentsOf: noteText, at: close.lowerBound)
            }
            count += 1
        }
        var out = TextLines(lines: [], endings: [], ending: text.ending)
        for (index, line) in lines.enumerated() {
            if let note = added[index] {
                out.lines.append(note)
                out.endings.append(text.ending)
            }
            out.lines.append(line)
            out.endings.append(text.endings[index])
        }
        return (Data(out.joined.utf8), count)
    }
}

/// A text's lines, each with its own ending (LF, CRLF or a lone CR: line endings are data), so that a file is
/// annotated line by line whatever its endings and written back with them. (A Swift `String` split on `"\n"`
/// keeps `"\r\n"` whole: one `Character`.)
struct TextLines {
    /// The lines without their endings.
    var lines: [String]
    /// Each line's ending (`"\n"`, `"\r\n"`, `"\r"`), empty for a last line with none.
    var endings: [String]
    /// The file's first line ending, for lines added: `"\n"` when it has none.
    let ending: String

    init(lines: [String], endings: [String], ending: String) {
        self.lines = lines
        self.endings = endings
        self.ending = ending
    }

    init(_ text: String) {
        var lines: [String] = []
        var endings: [String] = []
        var current = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
                let crlf = scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n"
                lines.append(String(current))
                endings.append(crlf ? "\r\n" : String(scalar))
                current = String.UnicodeScalarView()
                index += crlf ? 2 : 1
            } else {
                current.append(scalar)
                index += 1
            }
        }
        lines.append(String(current))
        endings.append("")
        self.lines = lines
        self.endings = endings
        ending = endings.first { !$0.isEmpty } ?? "\n"
    }

    /// The text again, each line with its ending.
    var joined: String {
        var out = ""
        for (line, ending) in zip(lines, endings) {
            out += line
            out += ending
        }
        return out
    }
}
