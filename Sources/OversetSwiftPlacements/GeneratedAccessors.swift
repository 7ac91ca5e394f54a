import Foundation
import OversetPlacements

/// Accessors generated at build time and not in the repository (a script's `LocalString.common_button_copy`,
/// SwiftGen's `L10n.Settings.title` or R.swift's `R.string.localizable.settings_title()` when their output is not
/// committed), found the way wrappers without a definition are (``/OversetPlacements/LocalizationWrappers``): by
/// evidence, not by name. A namespace the app's Swift uses but does not declare is an accessor namespace when at
/// least ``LocalizationWrappers/minimumEvidence`` of its members, and ``LocalizationWrappers/evidenceShare`` of
/// them, name exactly one catalog key once letters and digits alone are compared (`common_button_copy` and
/// `common.button.copy`, `Settings.title` and `settings.title`).
enum GeneratedAccessors {
    /// The accessors found: each member chain with the key it names.
    static func find(chains: Set<String>, definedTypes: Set<String>, catalogKeys: Set<Placements.TableKey>) -> [String: CodeKey] {
        var byFolded: [String: [Placements.TableKey]] = [:]
        for key in catalogKeys { byFolded[fold(key.key), default: []].append(key) }
        var matched: [String: [(chain: String, key: Placements.TableKey)]] = [:]
        var members: [String: Int] = [:]
        for chain in chains.sorted() {
            let parts = chain.split(separator: ".").map(String.init)
            guard let root = parts.first, !definedTypes.contains(root) else { continue }
            for split in 1..<parts.count {
                let namespace = parts[..<split].joined(separator: ".")
                members[namespace, default: 0] += 1
            }
            // The shortest namespace whose rest names one key.
            for split in 1..<parts.count {
                guard let keys = byFolded[fold(parts[split...].joined())], keys.count == 1 else { continue }
                matched[parts[..<split].joined(separator: "."), default: []].append((chain, keys[0]))
                break
            }
        }
        var accessors: [String: CodeKey] = [:]
        for (namespace, found) in matched where found.count >= LocalizationWrappers.minimumEvidence
            && Double(found.count) >= LocalizationWrappers.evidenceShare * Double(members[namespace] ?? found.count) {
            for (chain, key) in found { accessors[chain] = CodeKey(key: key.key, table: key.table, isPattern: false) }
        }
        return accessors
    }

    /// Letters and digits only, lower-cased: how a generator turns a key into a member name and back.
    static func fold(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }
}
