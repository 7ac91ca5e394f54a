import Foundation
import OversetReports

/// What the readers and writers of whole JSON documents ask of a parsed document: edits spliced in one pass, and
/// keys given twice found (and refused).
extension JSONSource {
    /// `bytes` with each edit's range replaced by its text, in one pass (the edits' ranges must not overlap).
    /// Replacing them one by one in place moved the file's tail at every edit: quadratic in a catalog's keys.
    package static func applying(_ edits: [(range: Range<Int>, text: String)], to bytes: [UInt8]) -> [UInt8] {
        let sorted = edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + sorted.reduce(0) { $0 + $1.text.utf8.count })
        var at = 0
        for edit in sorted {
            out += bytes[at..<edit.range.lowerBound]
            out += edit.text.utf8
            at = edit.range.upperBound
        }
        out += bytes[at...]
        return out
    }

    /// The first member (in document order, depth first) whose key an earlier member of the same object has: JSON
    /// readers disagree on which of the two counts (Foundation and Overset took the first, Python, `jq` and
    /// Xcode the last), so a document with one is refused wherever Overset reads it.
    package static func firstRepeatedKey(in node: Node) -> Member? {
        switch node.value {
        case .object(let members):
            var seen: Set<String> = []
            for member in members {
                if !seen.insert(member.key).inserted { return member }
                if let repeated = firstRepeatedKey(in: member.value) { return repeated }
            }
            return nil
        case .array(let nodes):
            for child in nodes { if let repeated = firstRepeatedKey(in: child) { return repeated } }
            return nil
        default:
            return nil
        }
    }

    /// Refuses a document with a key given twice in one object (``firstRepeatedKey(in:)``), naming the key and
    /// its line; `what` names the document ("the baseline").
    package static func refuseRepeatedKeys(_ data: Data, path: String, what: String) throws {
        let source = try parse(data, path: path)
        guard let repeated = firstRepeatedKey(in: source.root) else { return }
        throw CatalogError(location: CatalogLocation(file: path, line: source.position(of: repeated.keyOffset).line),
                           message: "\(what) gives the key \"\(repeated.key)\" twice in one object; JSON readers "
                               + "disagree on which counts, so it is refused")
    }
}
