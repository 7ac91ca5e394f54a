import Foundation
import Overset
import OversetPlacements

extension AndroidPlacements.LayoutReader {
    /// Where Kotlin or Java shows `R.string.key`, a line at a time:
    /// - on a view found by id (`binding.title.setText(R.string.key)`, `title.text = getString(R.string.key)`,
    ///   `holder.duration.setText(context.getString(R.string.key, …))`): the view's label from its layout, when its
    ///   id is in one layout only (view binding's `camelCase` field or the id itself);
    /// - in a bar's title (`supportActionBar?.setTitle(…)`, `toolbar.title = …`);
    /// - in a dialog (`.setTitle`, `.setMessage`, `.setPositiveButton` … within a few lines of a `Builder(`), a
    ///   toast (`Toast.makeText`), a snackbar (`Snackbar.make`), a notification (`.setContentTitle`,
    ///   `.setContentText`);
    /// - in a preference built in code (`setTitle`, `setSummary`, `preferenceCategory(…)` in a file about
    ///   preferences).
    /// A line can place several keys; a `getString` whose result goes elsewhere is not followed.
    func code(file: String, text: String) -> [Placement] {
        var out: [Placement] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let aboutPreferences = text.contains("Preference")
        for (index, line) in lines.enumerated() where line.contains("R.string.") {
            let number = index + 1
            let source = String(line)
            var placedHere = Set<String>()
            func system(_ key: Substring, _ component: String, _ configure: (inout Placement) -> Void = { _ in }) {
                guard placedHere.insert(String(key)).inserted else { return }
                var placement = Placement(key: String(key), table: "strings", file: file, line: number, component: component)
                placement.set("platform", .name("android"), from: "code: \(component)")
                configure(&placement)
                out.append(placement)
            }
            for match in source.matches(of: /([A-Za-z_][A-Za-z0-9_]*)\s*(?:\.setText\(|\.text\s*=\s*)(?:[A-Za-z_.]*getString\()?\s*R\.string\.([A-Za-z0-9_]+)/) {
                let receiver = String(match.1), key = String(match.2)
                let views = Set([receiver, AndroidPlacements.LayoutReader.snakeCase(receiver)]).flatMap { viewsByID[$0] ?? [] }
                guard views.count == 1, var placement = views.first, placedHere.insert(key).inserted else { continue }
                placement.key = key
                placement.file = file
                placement.line = number
                placement.component = "\(placement.component) (id \(placement.from["overset:id"] ?? receiver)), set in code"
                placement.from["layout"] = views[0].file + ":\(views[0].line)"
                placement.from.removeValue(forKey: "overset:id")
                out.append(placement)
            }
            for match in source.matches(of: /(?i:toolbar|actionbar)(?:\(\))?\??\.(?:setTitle\(|title\s*=\s*(?:[A-Za-z_.]*getString\()?)\s*R\.string\.([A-Za-z0-9_]+)/) {
                system(match.1, "toolbar title") { toolbarTitle(&$0) }
            }
            // A dialog's builder within the last few lines (a chained `.setTitle(…)`, or `builder.setTitle(…)`).
            let nearBuilder = lines[max(0, index - 8)...index].contains { $0.contains("Builder(") || $0.contains("builder.") }
            if nearBuilder {
                for match in source.matches(of: /\.setTitle\(\s*(?:[A-Za-z_.]*getString\()?R\.string\.([A-Za-z0-9_]+)/) {
                    system(match.1, "dialog title") { $0.notes.append("width: the dialog's, decided at run time") }
                }
                for match in source.matches(of: /\.setMessage\(\s*(?:[A-Za-z_.]*getString\()?R\.string\.([A-Za-z0-9_]+)/) {
                    system(match.1, "dialog message") { $0.notes.append("width: the dialog's, decided at run time") }
                }
                for match in source.matches(of: /\.set(?:Positive|Negative|Neutral)Button\(\s*(?:[A-Za-z_.]*getString\()?R\.string\.([A-Za-z0-9_]+)/) {
                    system(match.1, "dialog button") {
                        $0.set("maxLines", .number(1), from: "MDC dialog buttons: lines 1, singleLine")
                        $0.set("ellipsize", .name("end"), from: "MDC dialog buttons: ellipsize end")
                        $0.notes.append("width: the dialog's button bar, decided at run time")
                    }
                }
            }
            for match in source.matches(of: /Toast\.makeText\([^,]*,\s*(?:[A-Za-z_.]*getString\()?R\.string\.([A-Za-z0-9_]+)/) {
                system(match.1, "toast") { $0.notes.append("width: the toast's, decided by the system") }
            }
            for match in source.matches(of: /\.setContent(Title|Text)\(\s*(?:[A-Za-z_.]*getString\()?R\.string\.([A-Za-z0-9_]+)/) {
                system(match.2, match.1 == "Title" ? "notification title" : "notification text") {
                    $0.notes.append("width: the system's notification template decides it")
                }
            }
            for match in source.matches(of: /Snackbar\.make\([^,]*,\s*(?:[A-Za-z_.]*getString\()?R\.string\.([A-Za-z0-9_]+)/) {
                system(match.1, "snackbar") { $0.notes.append("width: the snackbar's, decided at run time") }
            }
            guard aboutPreferences, !nearBuilder else { continue }
            // The preference's class, from the builder or constructor a few lines up (a plain Preference when none).
            let kind = Self.preferenceKind(lines[max(0, index - 6)...index])
            for match in source.matches(of: /(?:^|[^.A-Za-z_])(?:setTitle\(|title\s*=\s*(?:[A-Za-z_.]*getString\()?)\s*R\.string\.([A-Za-z0-9_]+)/) {
                system(match.1, "preference title") { preferenceTitle(&$0, kind: kind) }
            }
            for match in source.matches(of: /preferenceCategory\(\s*R\.string\.([A-Za-z0-9_]+)/) {
                system(match.1, "preference category") { preferenceTitle(&$0, kind: "PreferenceCategory") }
            }
            for match in source.matches(of: /(?:setSummary\(|summary\s*=\s*(?:[A-Za-z_.]*getString\()?)\s*R\.string\.([A-Za-z0-9_]+)/) {
                system(match.1, "preference summary") { preferenceSummary(&$0) }
            }
        }
        return out
    }

    /// The preference class a title set in code belongs to: the nearest `SwitchPreferenceCompat(`,
    /// `listPreference {`, … above it, or `Preference`.
    static func preferenceKind(_ lines: ArraySlice<Substring>) -> String {
        let kinds = ["SwitchPreferenceCompat", "SwitchPreference", "CheckBoxPreference", "MultiSelectListPreference",
                     "ListPreference", "EditTextPreference", "DropDownPreference", "SeekBarPreference"]
        for line in lines.reversed() {
            let lower = line.lowercased()
            if let kind = kinds.first(where: { lower.contains($0.lowercased() + "(") || lower.contains($0.lowercased() + " {") }) {
                return kind
            }
        }
        return "Preference"
    }
}
