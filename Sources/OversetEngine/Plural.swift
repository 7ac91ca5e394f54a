/// Counts in words, the one way every sentence and report writes them: `1 new entry`, `2 new entries`, `1 category`.
public enum Plural {
    /// `count` and the noun, in the plural unless `count` is 1 (`plural`, or the noun with -s, -y → -ies).
    public static func count(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(count) " + Plural.noun(noun, for: count, plural)
    }

    /// The noun alone, in the plural unless `count` is 1 (for a count written apart: `shards 2, 3 are missing`).
    public static func noun(_ noun: String, for count: Int, _ plural: String? = nil) -> String {
        count == 1 ? noun : plural ?? Plural.plural(of: noun)
    }

    static func plural(of noun: String) -> String {
        if noun.hasSuffix("y"), let before = noun.dropLast().last, !"aeiou".contains(before) {
            return noun.dropLast() + "ies"
        }
        return noun.hasSuffix("s") || noun.hasSuffix("x") ? noun + "es" : noun + "s"
    }
}
