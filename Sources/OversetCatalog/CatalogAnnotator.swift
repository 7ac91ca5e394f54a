import Foundation
import Overset
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
    public static func note(for rule: LayoutRule, upTo category: ContentSizeCategory) -> String {
        "\(marker) " + TranslatorLimit(rule: rule, upTo: category).description
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
        let largest = (spec.categories ?? ContentSizeCategory.allCases).max() ?? .accessibility5
        switch format {
        case .xcstrings:
            return try annotateStringCatalog(data, path: path, spec: spec, largest: largest)
        case .strings, .android:
            // One note per key, before the line the key starts on (a plural's or array's own element for Android).
            let lines = try TextDecoding.decode(data, path: path).components(separatedBy: "\n")
            var keyByLine: [Int: CatalogEntry] = [:]
            var seen: Set<String> = []
            for entry in catalog.entries where seen.insert(entry.key).inserted {
                guard var line = entry.location.line else { continue }
                if format == .android, entry.variant != nil {
                    let needle = "name=\"\(xmlEscape(entry.key, attribute: true))\""
                    while line > 1, !lines[line - 1].contains(needle) { line -= 1 }
                }
                if format == .strings {
                    // Above the entry's own comment, which Xcode keeps attached to the entry.
                    var above = line - 1
                    while above >= 1, lines[above - 1].trimmingCharacters(in: .whitespaces).isEmpty { above -= 1 }
                    if above >= 1, lines[above - 1].trimmingCharacters(in: .whitespaces).hasSuffix("*/"),
                       !lines[above - 1].contains(marker) {
                        while above > 1, !lines[above - 1].contains("/*") { above -= 1 }
                        line = above
                    }
                }
                keyByLine[line] = entry
            }
            let isStrings = format == .strings
            return try insertingLines(data, path: path) { lineNumber in
                guard let entry = keyByLine[lineNumber] else { return nil }
                let text = note(for: spec.rule(for: entry), upTo: largest)
                return isStrings ? "/* \(text.replacingOccurrences(of: "*/", with: "* /")) */"
                    : "<!-- \(text.replacingOccurrences(of: "--", with: "- -")) -->"
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

    /// Adds (or replaces) a note line before the lines `note` names, with that line's indentation.
    static func insertingLines(_ data: Data, path: String,
                               note: (Int) -> String?) throws -> (data: Data, count: Int) {
        let bytes = [UInt8](data)
        let utf16 = bytes.starts(with: [0xFF, 0xFE]) ? String.Encoding.utf16LittleEndian
            : bytes.starts(with: [0xFE, 0xFF]) ? String.Encoding.utf16BigEndian : nil
        let text = try TextDecoding.decode(data, path: path)
        var lines = text.components(separatedBy: "\n")
        var count = 0
        for index in lines.indices.reversed() {
            guard let added = note(index + 1) else { continue }
            let indentation = String(lines[index].prefix { $0 == " " || $0 == "\t" })
            // A note of ours on the entry's own line (`/* Overset: … */ "key" = …`) moves to a line of its own.
            if let rest = withoutLeadingNote(lines[index]) { lines[index] = indentation + rest }
            // Only a line that is our note alone is replaced: a translator's comment that mentions "Overset:" (or
            // shares a block with an old note) is kept, and the note goes below it.
            if index > 0, isNote(lines[index - 1]) {
                lines[index - 1] = indentation + added
            } else {
                lines.insert(indentation + added, at: index)
            }
            count += 1
        }
        let joined = lines.joined(separator: "\n")
        if let utf16 {
            var out = Data(utf16 == .utf16LittleEndian ? [0xFF, 0xFE] : [0xFE, 0xFF])
            out += joined.data(using: utf16) ?? Data()
            return (out, count)
        }
        let hadBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        return ((hadBOM ? Data([0xEF, 0xBB, 0xBF]) : Data()) + Data(joined.utf8), count)
    }

    static func annotateStringCatalog(_ data: Data, path: String, spec: LayoutSpec,
                                      largest: ContentSizeCategory) throws -> (data: Data, count: Int) {
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
        var out = json.bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            out.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return (Data(out), edits.count)
    }

    static func annotateXLIFF(_ data: Data, path: String, catalog: Catalog, spec: LayoutSpec,
                              largest: ContentSizeCategory) throws -> (data: Data, count: Int) {
        let text = try TextDecoding.decode(data, path: path)
        var lines = text.components(separatedBy: "\n")
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
            let noteText = "<note from=\"overset\">\(xmlEscape(note(for: rule, upTo: largest)))</note>"
            var end = index
            while end < lines.count - 1, !lines[end].contains("</trans-unit>") { end += 1 }
            if let existing = (index...end).first(where: { lines[$0].contains("<note from=\"overset\">") }),
               let old = lines[existing].range(of: "<note from=\"overset\">[^<]*</note>", options: .regularExpression) {
                lines[existing].replaceSubrange(old, with: noteText)
            } else if lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("</trans-unit>") {
                let indentation = String(lines[end].prefix { $0 == " " || $0 == "\t" }) + "  "
                lines.insert(indentation + noteText, at: end)
            } else if let close = lines[end].range(of: "</trans-unit>") {
                lines[end].insert(contentsOf: noteText, at: close.lowerBound)
            }
            count += 1
        }
        return (Data(lines.joined(separator: "\n").utf8), count)
    }
}

/// The limit a translator aims for, read from the label model: the width the text has (beside the image for a
/// reflowing title that must stay horizontal, the full width otherwise), its lines, its font (a style, or a point
/// size and the style it scales with), the largest category it must fit (the spec's, capped by the label's
/// `maximumCategory`) and how far it may shrink (`minimumScaleFactor`). What `annotate` writes: a note and XLIFF's
/// `maxwidth`.
public struct TranslatorLimit: Sendable, Hashable, CustomStringConvertible {
    /// The narrowest width the text has, in points: the title's width beside the image for a reflowing rule.
    public var width: Double
    /// The label's full width, when a reflowing title has it after ``horizontalUpTo``.
    public var fullWidth: Double?
    /// The image beside a reflowing title, in points.
    public var imageWidth: Double?
    /// The category up to which a reflowing title stays beside its image.
    public var horizontalUpTo: ContentSizeCategory?
    /// The line limit (0: any number).
    public var maxLines: Int
    /// `headline`, `headline (emphasized)`, or `13 pt, scaling like body`.
    public var font: String
    /// The largest category the text must fit: the spec's, capped by the label's `maximumCategory`.
    public var largestCategory: ContentSizeCategory
    /// The smallest scale the label may shrink the text to, when it has `minimumScaleFactor`.
    public var minimumScale: Double?

    /// The limit of `rule` when the spec checks up to `category`.
    public init(rule: LayoutRule, upTo category: ContentSizeCategory) {
        let label = rule.label
        maxLines = label.maxLines
        largestCategory = label.maximumCategory.map { min($0, category) } ?? category
        minimumScale = label.minimumScaleFactor
        switch label.font {
        case .style(let style, let emphasized): font = style.rawValue + (emphasized ? " (emphasized)" : "")
        case .size(let size, let relativeTo):
            font = "\(Points.format(size)) pt" + (relativeTo.map { ", scaling like \($0.rawValue)" } ?? "")
        }
        if let reflow = rule.reflow {
            width = max(0, label.width - reflow.imageWidth - reflow.spacing)
            imageWidth = reflow.imageWidth
            horizontalUpTo = reflow.horizontalUpTo
            fullWidth = label.width
        } else {
            width = label.width
        }
    }

    /// XLIFF's `maxwidth` in pixels (points at @1x): the narrowest width times the lines; nil for a label with any
    /// number of lines (it wraps, it does not cut).
    public var maxWidth: Int? { maxLines > 0 ? Int((width * Double(maxLines)).rounded(.down)) : nil }

    /// `max 224 pt × 2 lines beside a 64 pt image up to xxxLarge (300 pt after), headline, must fit up to AX5,
    /// may shrink to 75 %`.
    public var description: String {
        let lines = maxLines == 0 ? "any number of lines" : Plural.count(maxLines, "line")
        var out = "max \(Points.format(width)) pt × \(lines)"
        if let imageWidth, let horizontalUpTo, let fullWidth {
            out += " beside a \(Points.format(imageWidth)) pt image up to \(horizontalUpTo.higName)"
            if horizontalUpTo < largestCategory { out += " (\(Points.format(fullWidth)) pt after)" }
        }
        out += ", \(font), must fit up to \(largestCategory.higName)"
        if let minimumScale, minimumScale < 1 {
            out += ", may shrink to \(Points.format(minimumScale * 100, decimals: 1)) %"
        }
        return out
    }
}
