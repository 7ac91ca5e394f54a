import Foundation
import Overset

extension PlacementReport {
    /// A layout spec a team reviews and keeps (`overset spec init APP_DIR`): one `key:` rule per placed key with the
    /// label its placement gives it, each commented with where every setting came from; a key shown in several
    /// places gets the tightest of their labels (the narrowest width, then the fewest lines), every place listed;
    /// the placements that cannot be checked and the unplaced keys are listed in comments, and a `default:` label
    /// checks the unplaced keys once the team has reviewed it.
    public func specYAML(appFolder: String, version: String) -> String {
        let app = AppPlatform.of(platform)
        // Every name from the tree (the folder, files, keys, reasons) goes through YAMLText: a file named with a line
        // break must not end a comment and start a rule.
        let folder = YAMLText.comment(appFolder)
        var out = """
            # Written by `overset spec init \(folder)` (Overset \(version)): one rule per key the app shows, with
            # the label its \(app.sources) give it (widths at \(Points.format(screenWidth, decimals: 0)) \(app.rules.unit): \(YAMLText.comment(screenWidthFrom))).
            # Review each rule: the comments say where every setting came from. Then `overset check \(folder) --spec this-file`.
            #
            # languages: [de, ar, th]            # default: every language found

            """
        out += app.specSizesLines
        let margin = app.defaultWidth(screenWidth)
        // One line at the row's width: the strictest common label, so that a key with no placement is never passed
        // for want of a line limit (a label with no limit cannot truncate).
        out += "default: {\(app.specDefaultFont), width: \(Points.format(margin, decimals: 2)), maxLines: 1}"
            + "   # the \(Plural.count(unplaced.count, "key")) with no placement (listed at the end) are checked with this "
            + "label, one line so that none passes unseen: review it\n"
        var byKey: [String: [(placement: Placement, label: Label)]] = [:]
        var uncheckable: [Placement] = []
        var notLocalized: [Placement] = []
        for placement in placements {
            guard placement.inCatalog else {
                notLocalized.append(placement)
                continue
            }
            if case .success(let label) = placement.makeLabel() {
                byKey[placement.key, default: []].append((placement, label))
            } else {
                uncheckable.append(placement)
            }
        }
        out += byKey.isEmpty ? "rules: []\n" : "rules:\n"
        for key in byKey.keys.sorted() {
            let places = byKey[key]!
            // The tightest: the narrowest width, then the fewest lines (0, no limit, counts as the most).
            let chosen = places.min { a, b in
                if a.label.width != b.label.width { return a.label.width < b.label.width }
                let lines = { (label: Label) in label.maxLines == 0 ? Int.max : label.maxLines }
                return lines(a.label) < lines(b.label)
            }!.placement
            for (placement, _) in places {
                out += "  # \(YAMLText.comment("\(placement.file):\(placement.line) (\(placement.component))"))"
                    + (places.count > 1 && placement == chosen ? ": the tightest of \(places.count) places, the rule below" : "") + "\n"
            }
            for name in chosen.label.keys.sorted() {
                out += "  #   \(name) ← \(YAMLText.comment(chosen.from[name] ?? ""))\n"
            }
            for note in chosen.notes { out += "  #   note: \(YAMLText.comment(note))\n" }
            out += "  - key: \(YAMLText.quoted(key))\n"
            // The platform is the spec's (`platform: android` at the top), not each rule's.
            for name in chosen.label.keys.sorted() where !(platform != .ios && name == "platform") {
                out += "    \(name): \(YAMLText.value(chosen.label[name]!))\n"
            }
        }
        if !uncheckable.isEmpty {
            out += "\n# Shown where the label cannot be told in full (give each a rule):\n"
            for placement in uncheckable {
                let missing = placement.label["width"] == nil ? "width unknown" : "label incomplete"
                out += "#   \(YAMLText.comment("“\(placement.key)” at \(placement.file):\(placement.line) (\(placement.component)): \(missing)"))\n"
            }
        }
        if !notLocalized.isEmpty {
            out += "\n# Shown, but in no catalog (not localized: shown as written in every language):\n"
            for placement in notLocalized {
                out += "#   \(YAMLText.comment("“\(placement.key)” at \(placement.file):\(placement.line) (\(placement.component))"))\n"
            }
        }
        if !unplaced.isEmpty {
            out += "\n# Keys with no placement (checked with the default above):\n"
            for key in unplaced { out += "#   \(YAMLText.comment("“\(key.key)” (\(key.table)): \(key.reason)"))\n" }
        }
        return out
    }
}

/// The default width a reviewable spec proposes: a full-width row, the screen less two root margins.
enum SystemComponentMargins {
    static func rowWidth(screenWidth: Double) -> Double { screenWidth - 2 * SystemComponent.layoutMargin(screenWidth: screenWidth) }
}

/// Text written into YAML: double-quoted scalars (every character escaped that YAML's double-quoted style needs)
/// and comments on one line.
enum YAMLText {
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF:
                out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func value(_ value: PlacementValue) -> String {
        switch value {
        case .number(let number): Points.format(number, decimals: 4)
        case .name(let name): quoted(name)
        case .flag(let flag): flag ? "true" : "false"
        }
    }

    /// One line of comment: every character a YAML reader may take for a line break (LF, CR, and YAML 1.1's NEL,
    /// LS and PS) shown as `↵`, and other control characters as `�`.
    static func comment(_ text: String) -> String {
        var out = ""
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where previous == "\r": break
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: out += "↵"
            case 0..<0x20, 0x7F: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return out
    }
}
