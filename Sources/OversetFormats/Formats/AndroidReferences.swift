import Foundation
import Overset

extension Catalog {
    /// Android catalogs with every `@string/name` item replaced by the string it names, as aapt2 links them: looked
    /// up in the same `values-*` folder, then in the default `values` folder beside it. A reference that resolves to
    /// nothing (a typo, a string in a library, `@android:string/…` from the framework) is an error diagnostic and the
    /// item is not measured: measuring "@string/global_default" as text would be a silently wrong answer.
    public static func resolvingAndroidReferences(_ catalogs: [Catalog]) -> [Catalog] {
        guard catalogs.contains(where: { $0.format == .android && $0.entries.contains { isReference($0.value) } }) else {
            return catalogs
        }
        var byFolder: [String: [String: StyledText]] = [:]
        for catalog in catalogs where catalog.format == .android {
            let folder = (catalog.path as NSString).deletingLastPathComponent
            for entry in catalog.entries where entry.variant == nil {
                if byFolder[folder, default: [:]][entry.key] == nil {
                    byFolder[folder, default: [:]][entry.key] = entry.styledValue
                }
            }
        }
        return catalogs.map { catalog in
            guard catalog.format == .android else { return catalog }
            let folder = (catalog.path as NSString).deletingLastPathComponent
            let fallback = ((folder as NSString).deletingLastPathComponent as NSString).appendingPathComponent("values")
            func lookUp(_ name: String) -> StyledText? { byFolder[folder]?[name] ?? byFolder[fallback]?[name] }
            var resolved = catalog
            resolved.entries = []
            for entry in catalog.entries {
                var value = entry.value
                var runs = entry.runs
                var chain: [String] = []
                while isReference(value), chain.count <= 8 {
                    let name = String(value.dropFirst("@string/".count))
                    guard !value.hasPrefix("@android:"), !chain.contains(name), let target = lookUp(name) else { break }
                    chain.append(name)
                    value = target.string
                    runs = target.runs
                }
                if isReference(value) {
                    let name = String(value.dropFirst("@string/".count))
                    let here = (folder as NSString).lastPathComponent
                    let places = here == "values" ? "values" : "\(here) or values"
                    let why: String
                    if value.hasPrefix("@android:") {
                        why = "\(value) is the Android framework's string, which Overset does not have"
                    } else if chain.contains(name) {
                        why = "the references go round in a cycle (@string/" + (chain + [name]).joined(separator: " → @string/") + ")"
                    } else if chain.count > 8 {
                        why = "the references go more than 8 deep"
                    } else {
                        why = "\(value) names no string in \(places)"
                    }
                    resolved.diagnostics.append(CatalogDiagnostic(.error, entry.location, "\(entry.displayKey) "
                        + "(\(entry.language)): \(why); not measured"))
                    continue
                }
                var copy = entry
                copy.value = value
                copy.runs = runs
                resolved.entries.append(copy)
            }
            return resolved
        }
    }

    /// Whether a whole string is a reference to another string resource.
    static func isReference(_ value: String) -> Bool {
        (value.hasPrefix("@string/") || value.hasPrefix("@android:string/")) && !value.contains(" ")
    }
}
