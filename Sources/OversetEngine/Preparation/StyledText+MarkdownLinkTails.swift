/// The tails of inline links (`](destination "title")`): where a closing bracket makes a link, and the part of a link
/// that is not shown, which pseudo-localization leaves as written (``StyledText/markdownLinkTails(in:)``).
extension MarkdownInlineReader {
    /// Every `]` followed by a valid `(destination "title")`, from the `]` to the end of the `)`, as indices of
    /// `text` (the string this reader was made from).
    func linkTails(in text: String) -> [Range<String.Index>] {
        let indices = Array(text.unicodeScalars.indices) + [text.endIndex]
        var tails: [Range<String.Index>] = []
        var position = 0
        while position < source.count {
            if source[position] == "]", let end = linkTail(after: position) {
                tails.append(indices[position]..<indices[end])
                position = end
            } else {
                position += 1
            }
        }
        return tails
    }

    /// The end of `(destination "title")` right after the `]` at `index`, or nil when none is there.
    func linkTail(after index: Int) -> Int? {
        var position = index + 1
        let source = self.source[..<min(self.source.count, index + 1 + StyledText.maximumMarkdownLinkTail)]
        guard position < source.count, source[position] == "(" else { return nil }
        position += 1
        func skipSpace() { while position < source.count, Self.isWhitespace(source[position]) { position += 1 } }
        skipSpace()
        if position < source.count, source[position] == "<" {
            position += 1
            while position < source.count, source[position] != ">" {
                if source[position] == "\n" || source[position] == "<" { return nil }
                position += source[position] == "\\" ? 2 : 1
            }
            guard position < source.count else { return nil }
            position += 1
        } else {
            var depth = 0
            while position < source.count {
                let scalar = source[position]
                if Self.isWhitespace(scalar) || scalar.value < 0x20 { break }
                if scalar == "\\" { position += 2; continue }
                if scalar == "(" { depth += 1 }
                if scalar == ")" { if depth == 0 { break }; depth -= 1 }
                position += 1
            }
            guard depth == 0 else { return nil }
        }
        let beforeTitle = position
        skipSpace()
        if position < source.count, position > beforeTitle, ["\"", "'", "("].contains(source[position]) {
            let close: Unicode.Scalar = source[position] == "(" ? ")" : source[position]
            position += 1
            while position < source.count, source[position] != close {
                position += source[position] == "\\" ? 2 : 1
            }
            guard position < source.count else { return nil }
            position += 1
            skipSpace()
        }
        guard position < source.count, source[position] == ")" else { return nil }
        return position + 1
    }
}
