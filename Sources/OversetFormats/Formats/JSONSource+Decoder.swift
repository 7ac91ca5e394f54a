import Foundation
import OversetReports

/// `Decodable` documents read with Overset's one JSON reader (``JSONSource``): a baseline, a check report, a
/// placement report. One parse gives both the refusal of a key given twice (which JSON readers disagree on) and
/// the values, where `JSONDecoder` parsed the bytes a second time; errors are `DecodingError`s naming the coding path.
package enum JSONSourceDecoder {
    /// Decodes `type` from UTF-8 JSON.
    /// - Throws: ``CatalogError`` for a syntax error or a key given twice (with its line), `DecodingError` for a
    ///   document of the wrong shape.
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data, path: String, what: String) throws -> T {
        let source = try JSONSource.parse(data, path: path)
        if let repeated = JSONSource.firstRepeatedKey(in: source.root) {
            throw CatalogError(location: CatalogLocation(file: path, line: source.position(of: repeated.keyOffset).line),
                               message: "\(what) gives the key \"\(repeated.key)\" twice in one object; JSON readers "
                                   + "disagree on which counts, so it is refused")
        }
        return try T(from: NodeDecoder(node: source.root, codingPath: [], document: Document(source)))
    }

    /// The document the nodes point into: an integer is read from its own digits, exactly (a `Double` holds
    /// integers to 2^53 only, and a report's counts may be larger).
    private final class Document {
        let source: JSONSource
        init(_ source: JSONSource) { self.source = source }
    }

    private struct NodeDecoder: Decoder {
        let node: JSONSource.Node
        let codingPath: [any CodingKey]
        let document: Document
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard let members = node.members else { throw mismatch([String: Any].self, node, codingPath) }
            var byKey: [String: JSONSource.Node] = [:]
            for member in members { byKey[member.key] = member.value }
            return KeyedDecodingContainer(Keyed<Key>(members: byKey, codingPath: codingPath, document: document))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case .array(let items) = node.value else { throw mismatch([Any].self, node, codingPath) }
            return Unkeyed(items: items, codingPath: codingPath, document: document)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            Single(node: node, codingPath: codingPath, document: document)
        }
    }

    private static func mismatch(_ type: Any.Type, _ node: JSONSource.Node, _ path: [any CodingKey]) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(codingPath: path, debugDescription: "found \(node.kindDescription)"))
    }

    /// A number as an integer type, read from its digits; only when it is one exactly and in the type's range.
    private static func integer<T: FixedWidthInteger>(_ node: JSONSource.Node, _ path: [any CodingKey],
                                                      _ document: Document) throws -> T {
        guard case .number = node.value, let exact = T(document.source.text(node.range)) else {
            throw mismatch(T.self, node, path)
        }
        return exact
    }

    private struct Single: SingleValueDecodingContainer {
        let node: JSONSource.Node
        let codingPath: [any CodingKey]
        let document: Document

        func decodeNil() -> Bool { if case .null = node.value { true } else { false } }
        package func decode(_ type: Bool.Type) throws -> Bool {
            guard let value = node.bool else { throw mismatch(type, node, codingPath) }
            return value
        }
        package func decode(_ type: String.Type) throws -> String {
            guard let value = node.string else { throw mismatch(type, node, codingPath) }
            return value
        }
        package func decode(_ type: Double.Type) throws -> Double {
            guard case .number(let value) = node.value else { throw mismatch(type, node, codingPath) }
            return value
        }
        package func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
        package func decode(_ type: Int.Type) throws -> Int { try integer(node, codingPath, document) }
        package func decode(_ type: Int8.Type) throws -> Int8 { try integer(node, codingPath, document) }
        package func decode(_ type: Int16.Type) throws -> Int16 { try integer(node, codingPath, document) }
        package func decode(_ type: Int32.Type) throws -> Int32 { try integer(node, codingPath, document) }
        package func decode(_ type: Int64.Type) throws -> Int64 { try integer(node, codingPath, document) }
        package func decode(_ type: UInt.Type) throws -> UInt { try integer(node, codingPath, document) }
        package func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(node, codingPath, document) }
        package func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(node, codingPath, document) }
        package func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(node, codingPath, document) }
        package func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(node, codingPath, document) }
        package func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try T(from: NodeDecoder(node: node, codingPath: codingPath, document: document))
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        package let members: [String: JSONSource.Node]
        let codingPath: [any CodingKey]
        let document: Document
        var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

        func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

        private func node(_ key: Key) throws -> JSONSource.Node {
            guard let node = members[key.stringValue] else {
                throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath,
                                                                           debugDescription: "no \"\(key.stringValue)\""))
            }
            return node
        }

        private func single(_ key: Key) throws -> Single {
            Single(node: try node(key), codingPath: codingPath + [key], document: document)
        }

        func decodeNil(forKey key: Key) throws -> Bool { try single(key).decodeNil() }
        package func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try single(key).decode(type) }
        package func decode(_ type: String.Type, forKey key: Key) throws -> String { try single(key).decode(type) }
        package func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try single(key).decode(type) }
        package func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try single(key).decode(type) }
        package func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try single(key).decode(type) }
        package func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try single(key).decode(type) }
        package func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try single(key).decode(type) }
        package func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try single(key).decode(type) }
        package func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try single(key).decode(type) }
        package func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try single(key).decode(type) }
        package func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try single(key).decode(type) }
        package func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try single(key).decode(type) }
        package func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try single(key).decode(type) }
        package func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try single(key).decode(type) }
        package func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try T(from: NodeDecoder(node: try node(key), codingPath: codingPath + [key], document: document))
        }
        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try NodeDecoder(node: try node(key), codingPath: codingPath + [key], document: document).container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try NodeDecoder(node: try node(key), codingPath: codingPath + [key], document: document).unkeyedContainer()
        }
        func superDecoder() throws -> any Decoder {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "no super decoder"))
        }
        func superDecoder(forKey key: Key) throws -> any Decoder { NodeDecoder(node: try node(key), codingPath: codingPath + [key], document: document) }
    }

    private struct Unkeyed: UnkeyedDecodingContainer {
        let items: [JSONSource.Node]
        let codingPath: [any CodingKey]
        let document: Document
        var currentIndex = 0
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        private struct Index: CodingKey {
            var intValue: Int?
            var stringValue: String { "\(intValue ?? 0)" }
            init(intValue: Int) { self.intValue = intValue }
            init?(stringValue: String) { nil }
        }

        private mutating func next() throws -> NodeDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: codingPath,
                                                                                  debugDescription: "the array ends here"))
            }
            defer { currentIndex += 1 }
            return NodeDecoder(node: items[currentIndex], codingPath: codingPath + [Index(intValue: currentIndex)],
                               document: document)
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, case .null = items[currentIndex].value else { return false }
            currentIndex += 1
            return true
        }
        package mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: try next()) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next().container(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder { try next() }
    }
}
