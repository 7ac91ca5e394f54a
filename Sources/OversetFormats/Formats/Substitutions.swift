/// `%#@name@` variables (String Catalog substitutions, `.stringsdict` variables) replaced as Foundation replaces
/// them: in the order they appear in the text, and inside a form's own text too (a form may name another
/// variable), so the result never depends on the order of a dictionary.
///
/// Bounded: a chain of variables deeper than ``maximumDepth`` (a cycle, `a` naming `b` naming `a`) or a result
/// longer than ``maximumLength`` is an input error, never unbounded work.
enum Substitutions {
    /// How deep variables may name variables.
    static let maximumDepth = 8
    /// The longest text a resolution may make, in UTF-8 bytes.
    static let maximumLength = 1 << 16

    struct Failure: Error {
        var message: String
    }

    /// `text` with every `%#@name@` that `forms` knows replaced by a form's text: `chosen.form` for the variable
    /// `chosen.name`, and every other variable's `other` form (or its last when it has none).
    /// - Parameter forms: each variable's forms, (form name, text), in the file's order.
    static func resolve(_ text: String, forms: [String: [(String, String)]], chosen: (name: String, form: String)?,
                        depth: Int = 0) throws(Failure) -> String {
        guard text.contains("%#@") else { return text }
        var out = ""
        var rest = Substring(text)
        while let start = rest.range(of: "%#@") {
            out += rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "@") else {
                out += rest[start.lowerBound...]
                rest = ""
                break
            }
            let name = String(after[..<end])
            rest = after[after.index(after: end)...]
            guard let options = forms[name] else {
                out += "%#@\(name)@"  // not a variable of this string: left for the format specifiers
                continue
            }
            guard depth < maximumDepth else {
                throw Failure(message: "variables name variables more than \(maximumDepth) deep at \"\(name)\" "
                    + "(a cycle?); string skipped")
            }
            let pick = chosen?.name == name ? chosen!.form
                : (options.first { $0.0 == "other" || $0.0.hasSuffix(".other") }?.0 ?? options.last?.0 ?? "")
            let value = options.first { $0.0 == pick }?.1 ?? options.last?.1 ?? ""
            out += try resolve(value, forms: forms, chosen: chosen, depth: depth + 1)
            guard out.utf8.count <= maximumLength else {
                throw Failure(message: "its variables make a text longer than \(maximumLength) bytes; string skipped")
            }
        }
        return out + rest
    }
}
