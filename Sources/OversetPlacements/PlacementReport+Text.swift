import Overset

extension PlacementReport {
    /// The report for a terminal: each placement with its label's settings and their sources, then the unplaced
    /// keys and the files not read, then a summary line.
    public func text() -> String {
        var out = ""
        for placement in placements {
            out += "\(placement.file):\(placement.line): \(placement.component) “\(placement.key)” (\(placement.table))\n"
            for name in placement.label.keys.sorted() {
                out += "    \(name) \(placement.label[name]!)  ← \(placement.from[name] ?? "")\n"
            }
            for note in placement.notes { out += "    note: \(note)\n" }
        }
        if !unplaced.isEmpty {
            out += "\nUnplaced keys (checked only where a spec gives them a label):\n"
            for key in unplaced { out += "  “\(key.key)” (\(key.table)): \(key.reason)\n" }
        }
        if !problems.isEmpty {
            out += "\nNot read:\n"
            for problem in problems { out += "  \(problem.file): \(problem.message)\n" }
        }
        let keys = Set(placements.map { $0.table + "\u{0}" + $0.key }).count
        let unit = platform.unit
        out += "\n\(Plural.count(placements.count, "placement", "placements")) of \(Plural.count(keys, "key", "keys")), "
            + "\(unplaced.count) unplaced, \(Plural.count(problems.count, "file", "files")) not read; widths at "
            + "\(Points.format(screenWidth, decimals: 0)) \(unit) (\(screenWidthFrom))\n"
        return out
    }
}


extension PlacementReport {
    /// The platform the placements' labels are of (their `platform` setting; with no placement, Android when the
    /// catalogs the app ships are Android resources; else iOS): an app folder is one platform's
    /// (``/OversetLabel/PlatformRules``).
    public var platform: Platform {
        for placement in placements {
            if case .name(let name)? = placement.label["platform"], let platform = Platform(rawValue: name) { return platform }
        }
        if let catalogs, !catalogs.isEmpty, catalogs.allSatisfy({ $0.hasSuffix(".xml") }) { return .android }
        return .ios
    }
}
