import OversetFormats

/// A layout, menu, preference screen or navigation graph: its file, its parsed tree and its text, with a table of
/// its lines made once (a placement's line is found from it, not by splitting the file again for each view).
package struct ResourceDocument {
    package let file: String
    package let root: XMLElementNode
    package let text: String
    /// Each line's text, split at LF as libxml2 counts lines (a CRLF file's lines end before their CR).
    let lines: [Substring]

    init(file: String, root: XMLElementNode, text: String) {
        self.file = file
        self.root = root
        self.text = text
        var lines: [Substring] = []
        var start = text.utf8.startIndex
        for index in text.utf8.indices where text.utf8[index] == 0x0A {
            lines.append(Substring(text.utf8[start..<index]))
            start = text.utf8.index(after: index)
        }
        lines.append(Substring(text.utf8[start...]))
        self.lines = lines
    }

    /// The line (1-based) of `needle` followed by a quote nearest at or before the element's reported line (libxml2
    /// reports the end of its start tag), else the reported line. Looks back from that line only: a file of
    /// thousands of views costs each view the lines of its own start tag.
    func line(of needle: String, near reported: Int) -> Int {
        let quoted = needle + "\""
        var number = min(reported, lines.count)
        while number >= 1 {
            if lines[number - 1].contains(quoted) { return number }
            // A start tag spans a few lines; past another element's start the attribute is not this view's.
            if number < reported, lines[number - 1].contains("<") { break }
            number -= 1
        }
        return reported
    }
}
