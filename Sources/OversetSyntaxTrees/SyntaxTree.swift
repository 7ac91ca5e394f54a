internal import CTreeSitter

/// A source file parsed by a tree-sitter grammar (``Grammar``): the one owner of its `TSTree`, deleted with it.
///
/// Parsing is bounded in time (``parse(_:grammar:timeout:)``: tree-sitter's own timeout, so a file built to make
/// the parser work without end is reported, not waited on); the tree is walked without recursion
/// (``SyntaxNode/descendants(where:)``), so a file nested thousands deep never overflows a stack. A tree is read
/// from one thread (its node-type names are cached as they are asked for).
///
/// ```swift
/// let tree = try SyntaxTree.parse(Array(code.utf8), grammar: .kotlin)
/// for call in tree.root.descendants(where: { $0.type == "call_expression" }) { print(call.line, call.text) }
/// ```
public final class SyntaxTree {
    let tree: OpaquePointer
    /// The source, as parsed (UTF-8).
    public let source: [UInt8]
    /// The grammar it was parsed with.
    public let grammar: Grammar
    /// Node-type names by symbol, made once each.
    private var typeNames: [UInt16: String] = [:]
    /// Where each line starts (byte offsets), made when first asked.
    private lazy var lineStarts: [Int] = {
        var starts = [0]
        for (offset, byte) in source.enumerated() where byte == 0x0A { starts.append(offset + 1) }
        return starts
    }()

    private init(tree: OpaquePointer, source: [UInt8], grammar: Grammar) {
        self.tree = tree
        self.source = source
        self.grammar = grammar
    }

    deinit { ts_tree_delete(tree) }

    /// The longest a file is parsed for before it is given up: 5 s (real files parse in milliseconds).
    public static let maximumParseTime: Duration = .seconds(5)

    /// Parses `source` with `grammar`.
    /// - Throws: ``GrammarError`` when the grammar is not installed; ``ParseError`` when parsing takes longer than
    ///   `timeout`.
    public static func parse(_ source: [UInt8], grammar: Grammar,
                             timeout: Duration = maximumParseTime) throws -> SyntaxTree {
        let language = try grammar.language()
        guard let parser = ts_parser_new() else { throw ParseError(message: "tree-sitter could not make a parser") }
        defer { ts_parser_delete(parser) }
        guard ts_parser_set_language(parser, language) else {
            throw ParseError(message: "tree-sitter refused the \(grammar.rawValue) grammar")
        }
        let micros = UInt64(max(1, timeout.components.seconds * 1_000_000 + timeout.components.attoseconds / 1_000_000_000_000))
        ts_parser_set_timeout_micros(parser, micros)
        let tree = source.withUnsafeBufferPointer { bytes in
            bytes.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    ts_parser_parse_string(parser, nil, $0, UInt32(bytes.count))
                }
            } ?? ts_parser_parse_string(parser, nil, "", 0)
        }
        guard let tree else {
            throw ParseError(message: "parsing took longer than \(timeout) (maximumParseTime)")
        }
        return SyntaxTree(tree: tree, source: source, grammar: grammar)
    }

    /// The root node.
    public var root: SyntaxNode { SyntaxNode(raw: ts_tree_root_node(tree), tree: self) }

    /// The first place the grammar could not read, as a line (1-based) and the text there, when there is one.
    public var firstError: (line: Int, text: String)? {
        guard let node = root.firstDescendant(where: { $0.isError || $0.isMissing }) else { return nil }
        let text = node.isMissing ? "missing \(node.type)" : String(node.text.prefix(40))
        return (node.line, text)
    }

    func typeName(_ node: TSNode) -> String {
        let symbol = ts_node_symbol(node)
        if let name = typeNames[symbol] { return name }
        let name = String(cString: ts_node_type(node))
        typeNames[symbol] = name
        return name
    }

    /// The 1-based line of a byte offset.
    public func line(of offset: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }
}

/// Why a file could not be parsed.
public struct ParseError: Error, Sendable, CustomStringConvertible {
    /// What happened.
    public let message: String
    public var description: String { message }
}

/// A node of a ``SyntaxTree`` (which it keeps alive).
public struct SyntaxNode {
    let raw: TSNode
    /// The tree the node is in.
    public let tree: SyntaxTree

    /// The grammar's name for the node's kind (`call_expression`, `message_expression`).
    public var type: String { tree.typeName(raw) }
    /// Whether the node is named in the grammar (not punctuation).
    public var isNamed: Bool { ts_node_is_named(raw) }
    /// A place the grammar could not read.
    public var isError: Bool { ts_node_symbol(raw) == UInt16.max }
    /// A token the parser assumed to recover from an error.
    public var isMissing: Bool { ts_node_is_missing(raw) }
    /// Its byte range in the source.
    public var byteRange: Range<Int> { Int(ts_node_start_byte(raw))..<Int(ts_node_end_byte(raw)) }
    /// Its first line, 1-based.
    public var line: Int { Int(ts_node_start_point(raw).row) + 1 }
    /// Its source text.
    public var text: String { String(decoding: tree.source[byteRange], as: UTF8.self) }

    /// Its children (named and not).
    public var children: [SyntaxNode] {
        (0..<ts_node_child_count(raw)).map { SyntaxNode(raw: ts_node_child(raw, $0), tree: tree) }
    }
    /// Its children, each with the grammar's field name it is in (nil for none): a message's `method` parts and
    /// the arguments after them.
    public var fieldedChildren: [(field: String?, node: SyntaxNode)] {
        // A cursor, not `ts_node_field_name_for_child`: tree-sitter 0.20's gives some children their neighbour's field.
        var cursor = ts_tree_cursor_new(raw)
        defer { ts_tree_cursor_delete(&cursor) }
        var out: [(field: String?, node: SyntaxNode)] = []
        guard ts_tree_cursor_goto_first_child(&cursor) else { return out }
        repeat {
            let field = ts_tree_cursor_current_field_name(&cursor).map { String(cString: $0) }
            out.append((field, SyntaxNode(raw: ts_tree_cursor_current_node(&cursor), tree: tree)))
        } while ts_tree_cursor_goto_next_sibling(&cursor)
        return out
    }
    /// The next named sibling.
    public var nextNamedSibling: SyntaxNode? {
        let next = ts_node_next_named_sibling(raw)
        return ts_node_is_null(next) ? nil : SyntaxNode(raw: next, tree: tree)
    }
    /// Whether two nodes are the same node of the same tree.
    public func isSame(as other: SyntaxNode) -> Bool { ts_node_eq(raw, other.raw) }

    /// Its named children.
    public var namedChildren: [SyntaxNode] {
        (0..<ts_node_named_child_count(raw)).map { SyntaxNode(raw: ts_node_named_child(raw, $0), tree: tree) }
    }
    /// The child in the grammar's field `name` (`function`, `arguments`), when it has one.
    public func field(_ name: String) -> SyntaxNode? {
        let child = name.withCString { ts_node_child_by_field_name(raw, $0, UInt32(name.utf8.count)) }
        return ts_node_is_null(child) ? nil : SyntaxNode(raw: child, tree: tree)
    }
    /// Its parent, unless it is the root.
    public var parent: SyntaxNode? {
        let parent = ts_node_parent(raw)
        return ts_node_is_null(parent) ? nil : SyntaxNode(raw: parent, tree: tree)
    }
    /// The first named child of type `type`.
    public func child(ofType type: String) -> SyntaxNode? { namedChildren.first { $0.type == type } }

    /// Every descendant (itself included) that `matches`, in source order, found with an explicit stack.
    public func descendants(where matches: (SyntaxNode) -> Bool) -> [SyntaxNode] {
        var found: [SyntaxNode] = []
        var stack = [self]
        while let node = stack.popLast() {
            if matches(node) { found.append(node) }
            let count = ts_node_child_count(node.raw)
            var index = count
            while index > 0 {
                index -= 1
                stack.append(SyntaxNode(raw: ts_node_child(node.raw, index), tree: tree))
            }
        }
        return found
    }

    /// The first descendant (itself included) that `matches`, in source order.
    public func firstDescendant(where matches: (SyntaxNode) -> Bool) -> SyntaxNode? {
        var stack = [self]
        while let node = stack.popLast() {
            if matches(node) { return node }
            var index = ts_node_child_count(node.raw)
            while index > 0 {
                index -= 1
                stack.append(SyntaxNode(raw: ts_node_child(node.raw, index), tree: tree))
            }
        }
        return nil
    }

    /// The nearest ancestor (not itself) that `matches`.
    public func ancestor(where matches: (SyntaxNode) -> Bool) -> SyntaxNode? {
        var node = parent
        while let current = node {
            if matches(current) { return current }
            node = current.parent
        }
        return nil
    }
}
