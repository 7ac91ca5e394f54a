import Foundation

/// How deep a spec's YAML nests, measured on its text before the parser sees it (Yams parses nested collections
/// recursively: thousands of levels overflow the stack).
extension LayoutSpec {
    /// An upper bound of how deep YAML block collections nest, line by line: the indentations still open (a line
    /// closes those at its own indentation or deeper) plus the sequence and complex-key indicators (`- `, `? `)
    /// that open nested blocks on the line itself. A block child is more indented than its parent except a
    /// sequence under a mapping key, so the true depth is at most twice this.
    static func blockNestingDepth(_ text: String) -> Int {
        var open: [Int] = []
        var deepest = 0
        for line in text.utf8.split(separator: 0x0A) {
            var index = line.startIndex
            while index < line.endIndex, line[index] == 0x20 { index = line.index(after: index) }
            guard index < line.endIndex, line[index] != 0x23, line[index] != 0x0D else { continue }  // blank or comment
            let column = line.distance(from: line.startIndex, to: index)
            while let last = open.last, last >= column { open.removeLast() }
            open.append(column)
            var depth = open.count
            while index < line.endIndex, line[index] == 0x2D || line[index] == 0x3F {
                let next = line.index(after: index)
                guard next == line.endIndex || line[next] == 0x20 || line[next] == 0x09 else { break }
                depth += 1
                index = next
                while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index = line.index(after: index) }
            }
            deepest = max(deepest, depth)
            if deepest > maximumNesting { return deepest }
        }
        return deepest
    }

    /// The deepest nesting of YAML flow collections (`[`, `{`) outside quoted strings.
    static func flowNestingDepth(_ text: String) -> Int {
        var depth = 0, deepest = 0
        var quote: UInt8? = nil
        for byte in text.utf8 {
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
            default: break
            }
        }
        return deepest
    }
}
