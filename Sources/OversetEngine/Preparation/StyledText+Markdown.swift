/// Reading a localized string as SwiftUI's `Text(LocalizedStringKey)` does: its inline Markdown.
///
/// SwiftUI reads a localized value with Foundation's Markdown parser and inline-only syntax, keeping white space
/// (`AttributedString.MarkdownParsingOptions.InterpretedSyntax.inlineOnlyPreservingWhitespace`: "parses all Markdown
/// text, but interprets only attributes that apply to inline spans, preserving white space"). Foundation's parser is
/// cmark-gfm; this reader follows CommonMark 0.29's inline rules as cmark-gfm implements them, and its tests compare
/// it with `cmark-gfm -e strikethrough` (Tests/OversetTests/Fixtures/markdown).
///
/// Written here because Foundation's `AttributedString(markdown:)` is not in swift-corelibs-foundation on Linux
/// (Swift 6.3), swift-markdown is not in the project's package set, and cmark-gfm as a C library would be a sixth C
/// module for a few hundred lines of inline rules.
extension StyledText {
    /// Reads `markdown` as SwiftUI's `Text` shows a localized string:
    /// - `**strong**` and `__strong__` are bold, `*emphasis*` and `_emphasis_` italic (nested: bold italic), by
    ///   CommonMark's delimiter-run rules (flanking, the rule of three);
    /// - a code span (text between backticks) is set in a monospaced face, its content literal;
    /// - `[title](destination "optional title")` and `<https://autolinks>` show their title (or address), an image
    ///   `![description](source)` its description;
    /// - `~~strikethrough~~` (GitHub's extension, which Apple's parser has) shows its text;
    /// - a backslash escapes ASCII punctuation (`\*` is an asterisk), a backslash or two spaces before a newline make
    ///   a line break, and `&amp;`, `&#38;`, `&#x26;` and the common named entities are decoded;
    /// - everything else, white space included, is text as written.
    ///
    /// Not modelled: reference links (`[title][ref]` needs a definition block), raw HTML (shown as text) and named
    /// entities outside the common ones (kept as written). A link's destination and title are read up to
    /// ``maximumMarkdownLinkTail`` characters.
    public init(markdown: String) {
        self = MarkdownInlineReader(markdown).read()
    }

    /// The longest `(destination "title")` of a Markdown link that is read, in characters: past it, the brackets
    /// are text, so that many unclosed `[a](` cannot each scan the rest of a long text.
    public static let maximumMarkdownLinkTail = 1000

    /// Where `markdown` has the `](destination "title")` of an inline link, as ``init(markdown:)`` reads it: the
    /// part of a link that is not shown (pseudo-localization leaves it as written).
    package static func markdownLinkTails(in markdown: String) -> [Range<String.Index>] {
        guard markdown.contains("](") else { return [] }
        return MarkdownInlineReader(markdown).linkTails(in: markdown)
    }
}

/// CommonMark's inline parsing (spec 0.29, §6): one pass that makes text, code and delimiter nodes and matches link
/// brackets as it goes, then the "process emphasis" procedure over the delimiter stack. Style spans are collected as
/// node ranges and applied once at the end, so nesting costs no re-walk of the nodes.
struct MarkdownInlineReader {
    /// The text's characters (the link tails, in their own file, read them too).
    let source: [Unicode.Scalar]

    private struct Node {
        var text: String
        var monospaced = false
    }

    private struct Delimiter {
        var node: Int
        var character: Unicode.Scalar
        var count: Int
        var originalCount: Int
        var canOpen: Bool
        var canClose: Bool
    }

    private struct Bracket {
        var node: Int
        /// The delimiter stack's height when the bracket was seen (emphasis inside a link stops here).
        var delimiterBottom: Int
        var isImage = false
    }

    private enum SpanKind { case strong, emphasis }

    private var nodes: [Node] = []
    private var delimiters: [Delimiter] = []
    private var brackets: [Bracket] = []
    /// The brackets below this height that are not images can no longer open a link (a link closed above them):
    /// one number instead of marking each of them at every link, which was quadratic (`[[a](b)` × 15,000).
    private var linkFloor = 0
    /// Matched emphasis: nodes `lower..<upper` get the kind.
    private var spans: [(lower: Int, upper: Int, kind: SpanKind)] = []
    private var pendingText = ""
    /// The text's backtick runs by length (their starts, in order), found at the first code span.
    private var backtickRuns: [Int: [Int]]? = nil
    private var backtickCursors: [Int: Int] = [:]

    init(_ markdown: String) {
        source = Array(markdown.unicodeScalars)
    }

    consuming func read() -> StyledText {
        var index = 0
        while index < source.count {
            let scalar = source[index]
            switch scalar {
            case "\\":
                if index + 1 < source.count, source[index + 1] == "\n" {
                    pendingText.unicodeScalars.append("\n")
                    index += 2
                } else if index + 1 < source.count, Self.isASCIIPunctuation(source[index + 1]) {
                    pendingText.unicodeScalars.append(source[index + 1])
                    index += 2
                } else {
                    pendingText.unicodeScalars.append(scalar)
                    index += 1
                }
            case "`":
                index = codeSpan(at: index)
            case "*", "_", "~":
                index = delimiterRun(at: index)
            case "[":
                flush()
                nodes.append(Node(text: "["))
                brackets.append(Bracket(node: nodes.count - 1, delimiterBottom: delimiters.count))
                index += 1
            case "!" where index + 1 < source.count && source[index + 1] == "[":
                // An image: its description shows (what cmark gives as the `alt` text), as a link's title does.
                flush()
                nodes.append(Node(text: "!["))
                brackets.append(Bracket(node: nodes.count - 1, delimiterBottom: delimiters.count, isImage: true))
                index += 2
            case "]":
                index = closeBracket(at: index)
            case "<":
                index = autolink(at: index)
            case "&":
                index = entity(at: index)
            case "\n":
                // Two or more spaces before a newline make a hard break: the spaces go.
                var trimmed = pendingText.unicodeScalars
                var spaces = 0
                while trimmed.last == " " { trimmed.removeLast(); spaces += 1 }
                if spaces >= 2 { pendingText = String(trimmed) }
                pendingText.unicodeScalars.append("\n")
                index += 1
            default:
                pendingText.unicodeScalars.append(scalar)
                index += 1
            }
        }
        flush()
        processEmphasis(bottom: 0)
        return styledText()
    }

    // MARK: Nodes

    private mutating func flush() {
        guard !pendingText.isEmpty else { return }
        nodes.append(Node(text: pendingText))
        pendingText = ""
    }

    /// A code span opened by the backtick run at `index` (closed by the next run of the same length), or the run as
    /// text when none closes it. The closing run is looked up among the text's backtick runs of that length, found
    /// once (``backtickRuns``), with a cursor per length that only moves forward: no rescan of the text per opener.
    private mutating func codeSpan(at index: Int) -> Int {
        var end = index
        while end < source.count, source[end] == "`" { end += 1 }
        let length = end - index
        if backtickRuns == nil {
            var runs: [Int: [Int]] = [:]
            var position = 0
            while position < source.count {
                guard source[position] == "`" else { position += 1; continue }
                var runEnd = position
                while runEnd < source.count, source[runEnd] == "`" { runEnd += 1 }
                runs[runEnd - position, default: []].append(position)
                position = runEnd
            }
            backtickRuns = runs
        }
        let starts = backtickRuns?[length] ?? []
        var cursor = backtickCursors[length] ?? 0
        while cursor < starts.count, starts[cursor] < end { cursor += 1 }
        backtickCursors[length] = cursor
        if cursor < starts.count {
            let search = starts[cursor]
            var content = source[end..<search].map { $0 == "\n" ? " " : $0 }
            if content.count >= 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " }) {
                content = Array(content.dropFirst().dropLast())
            }
            flush()
            var text = ""
            text.unicodeScalars.append(contentsOf: content)
            nodes.append(Node(text: text, monospaced: true))
            return search + length
        }
        pendingText.unicodeScalars.append(contentsOf: source[index..<end])
        return end
    }

    /// A run of `*`, `_` or `~`: a delimiter node with CommonMark's flanking rules (§6.2), or text.
    private mutating func delimiterRun(at index: Int) -> Int {
        let character = source[index]
        var end = index
        while end < source.count, source[end] == character { end += 1 }
        let count = end - index
        let before: Unicode.Scalar = index > 0 ? source[index - 1] : "\n"
        let after: Unicode.Scalar = end < source.count ? source[end] : "\n"
        let beforeSpace = Self.isWhitespace(before), afterSpace = Self.isWhitespace(after)
        let beforePunct = Self.isPunctuation(before), afterPunct = Self.isPunctuation(after)
        let leftFlanking = !afterSpace && (!afterPunct || beforeSpace || beforePunct)
        let rightFlanking = !beforeSpace && (!beforePunct || afterSpace || afterPunct)
        var canOpen: Bool, canClose: Bool
        switch character {
        case "_":
            canOpen = leftFlanking && (!rightFlanking || beforePunct)
            canClose = rightFlanking && (!leftFlanking || afterPunct)
        case "~":
            // GitHub's strikethrough: one or two tildes (three or more are text).
            canOpen = count <= 2 && leftFlanking
            canClose = count <= 2 && rightFlanking
        default:
            canOpen = leftFlanking
            canClose = rightFlanking
        }
        flush()
        var text = ""
        text.unicodeScalars.append(contentsOf: source[index..<end])
        nodes.append(Node(text: text))
        if canOpen || canClose {
            delimiters.append(Delimiter(node: nodes.count - 1, character: character, count: count,
                                        originalCount: count, canOpen: canOpen, canClose: canClose))
        }
        return end
    }

    /// `]`: closes the nearest `[` as an inline link when `(destination "title")` follows (its text is what shows),
    /// else it is text.
    private mutating func closeBracket(at index: Int) -> Int {
        flush()
        guard let opener = brackets.popLast() else {
            nodes.append(Node(text: "]"))
            return index + 1
        }
        // Its height was the stack's height now; below the floor, only an image may still open.
        let active = opener.isImage || brackets.count >= linkFloor
        linkFloor = min(linkFloor, brackets.count)
        guard active, let end = linkTail(after: index) else {
            nodes.append(Node(text: "]"))
            return index + 1
        }
        processEmphasis(bottom: opener.delimiterBottom)
        nodes[opener.node].text = ""
        // No link inside a link: earlier brackets can no longer open one (an image may hold links).
        if !opener.isImage { linkFloor = brackets.count }
        return end
    }


    /// `<scheme:address>` or `<user@host>`: the address shows; else `<` is text.
    private mutating func autolink(at index: Int) -> Int {
        var end = index + 1
        while end < source.count, source[end] != ">", source[end] != "<", !Self.isWhitespace(source[end]) { end += 1 }
        guard end < source.count, source[end] == ">", end > index + 1 else {
            pendingText.unicodeScalars.append("<")
            return index + 1
        }
        let inner = source[(index + 1)..<end]
        let isURI: Bool = {
            guard let colon = inner.firstIndex(of: ":") else { return false }
            let scheme = inner[inner.startIndex..<colon]
            return (2...32).contains(scheme.count) && scheme.first.map(Self.isASCIILetter) == true
                && scheme.allSatisfy { Self.isASCIILetter($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "." || $0 == "-" }
        }()
        let isEmail = inner.contains("@") && !inner.contains(":")
        guard isURI || isEmail else {
            pendingText.unicodeScalars.append("<")
            return index + 1
        }
        pendingText.unicodeScalars.append(contentsOf: inner)
        return end + 1
    }

    /// `&name;`, `&#123;` or `&#x1F;` decoded; anything else is text.
    private mutating func entity(at index: Int) -> Int {
        var end = index + 1
        while end < source.count, end - index <= 32, source[end] != ";", source[end] != "&",
              !Self.isWhitespace(source[end]) { end += 1 }
        guard end < source.count, source[end] == ";", end > index + 1 else {
            pendingText.unicodeScalars.append("&")
            return index + 1
        }
        var name = ""
        name.unicodeScalars.append(contentsOf: source[(index + 1)..<end])
        var decoded: Unicode.Scalar? = nil
        if name.hasPrefix("#x") || name.hasPrefix("#X") {
            decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Self.characterReference)
        } else if name.hasPrefix("#") {
            decoded = UInt32(name.dropFirst(), radix: 10).flatMap(Self.characterReference)
        } else {
            decoded = Self.namedEntities[name]
        }
        guard let decoded else {
            pendingText.unicodeScalars.append("&")
            return index + 1
        }
        pendingText.unicodeScalars.append(decoded)
        return end + 1
    }

    /// A numeric reference's character: U+FFFD for 0, a surrogate or past U+10FFFF, as CommonMark says.
    private static func characterReference(_ value: UInt32) -> Unicode.Scalar? {
        guard value <= 0x10FFFF else { return "\u{FFFD}" }
        return value == 0 ? "\u{FFFD}" : Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    /// The named references UI strings use; others stay as written.
    private static let namedEntities: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "\u{A9}",
        "reg": "\u{AE}", "trade": "\u{2122}", "hellip": "\u{2026}", "mdash": "\u{2014}", "ndash": "\u{2013}",
        "lsquo": "\u{2018}", "rsquo": "\u{2019}", "ldquo": "\u{201C}", "rdquo": "\u{201D}", "laquo": "\u{AB}",
        "raquo": "\u{BB}", "euro": "\u{20AC}", "times": "\u{D7}", "middot": "\u{B7}", "bull": "\u{2022}",
        "deg": "\u{B0}", "shy": "\u{AD}", "thinsp": "\u{2009}", "ensp": "\u{2002}", "emsp": "\u{2003}",
        "zwj": "\u{200D}", "zwnj": "\u{200C}",
    ]

    // MARK: Emphasis (§6.2, "process emphasis")

    /// The delimiters from `bottom` up are linked both ways and unlinked when used up or passed over, so that every
    /// delimiter is removed once and an unmatched one is searched past at most once per kind (cmark's
    /// `openers_bottom`): linear time on any input, 100,000 stray `*` included.
    private mutating func processEmphasis(bottom: Int) {
        let count = delimiters.count
        guard bottom < count else { return }
        var previous = Array((bottom - 1)..<(count - 1))
        var next = Array((bottom + 1)...count)
        func unlink(_ index: Int) {
            let before = previous[index - bottom], after = next[index - bottom]
            if before >= bottom { next[before - bottom] = after }
            if after < count { previous[after - bottom] = before }
        }
        // The lowest opener worth trying, by the closer's character, whether it can open and its length mod 3.
        var openersBottom: [UInt32: Int] = [:]
        var current = bottom
        while current < count {
            let closer = delimiters[current]
            guard closer.canClose else { current = next[current - bottom]; continue }
            let key = closer.character.value << 3 | (closer.canOpen ? 4 : 0) | UInt32(closer.originalCount % 3)
            let floor = max(bottom, openersBottom[key] ?? bottom)
            var found: Int? = nil
            var candidate = previous[current - bottom]
            while candidate >= floor {
                let opener = delimiters[candidate]
                if opener.character == closer.character, opener.canOpen {
                    if closer.character == "~" {
                        if opener.count == closer.count { found = candidate; break }
                    } else {
                        let oddMatch = (opener.canClose || closer.canOpen)
                            && (opener.originalCount + closer.originalCount) % 3 == 0
                            && !(opener.originalCount % 3 == 0 && closer.originalCount % 3 == 0)
                        if !oddMatch { found = candidate; break }
                    }
                }
                candidate = previous[candidate - bottom]
            }
            guard let openerIndex = found else {
                openersBottom[key] = current
                let after = next[current - bottom]
                if !closer.canOpen { unlink(current) }
                current = after
                continue
            }
            let opener = delimiters[openerIndex]
            let used: Int
            if closer.character == "~" {
                used = closer.count
            } else {
                used = opener.count >= 2 && closer.count >= 2 ? 2 : 1
                spans.append((opener.node + 1, closer.node, used == 2 ? .strong : .emphasis))
            }
            nodes[opener.node].text = String(nodes[opener.node].text.unicodeScalars.dropLast(used))
            nodes[closer.node].text = String(nodes[closer.node].text.unicodeScalars.dropFirst(used))
            delimiters[openerIndex].count -= used
            delimiters[current].count -= used
            // Delimiters between the two can no longer match.
            var between = next[openerIndex - bottom]
            while between != current {
                let after = next[between - bottom]
                unlink(between)
                between = after
            }
            if delimiters[openerIndex].count == 0 { unlink(openerIndex) }
            if delimiters[current].count == 0 {
                let after = next[current - bottom]
                unlink(current)
                current = after
            }
        }
        delimiters.removeSubrange(bottom...)
    }

    // MARK: Output

    private func styledText() -> StyledText {
        // Per node: how many strong and emphasis spans cover it (difference arrays: one pass, any nesting).
        var strong = [Int](repeating: 0, count: nodes.count + 1)
        var emphasis = [Int](repeating: 0, count: nodes.count + 1)
        for span in spans where span.lower < span.upper {
            switch span.kind {
            case .strong:
                strong[span.lower] += 1
                strong[span.upper] -= 1
            case .emphasis:
                emphasis[span.lower] += 1
                emphasis[span.upper] -= 1
            }
        }
        var result = StyledText("")
        var offset = 0
        var strongDepth = 0, emphasisDepth = 0
        for (index, node) in nodes.enumerated() {
            strongDepth += strong[index]
            emphasisDepth += emphasis[index]
            guard !node.text.isEmpty else { continue }
            let length = node.text.utf16.count
            result.string += node.text
            let attributes = TextAttributes(weight: strongDepth > 0 ? .bold : nil, italic: emphasisDepth > 0,
                                            monospaced: node.monospaced)
            if attributes != .plain {
                if let last = result.runs.last, last.attributes == attributes, last.range.upperBound == offset {
                    result.runs[result.runs.count - 1].range.length += length
                } else {
                    result.runs.append(StyledText.Run(range: TextRange(location: offset, length: length),
                                                      attributes: attributes))
                }
            }
            offset += length
        }
        return result
    }
}
