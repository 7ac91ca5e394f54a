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
        let unit = isAndroid ? "dp" : "pt"
        out += "\n\(Plural.count(placements.count, "placement", "placements")) of \(Plural.count(keys, "key", "keys")), "
            + "\(unplaced.count) unplaced, \(Plural.count(problems.count, "file", "files")) not read; widths at "
            + "\(Points.format(screenWidth, decimals: 0)) \(unit) (\(screenWidthFrom))\n"
        return out
    }
}


extension PlacementReport {
    /// Whether the placements are an Android app's (their labels say `platform: android`): widths are dp.
    public var isAndroid: Bool { placements.contains { $0.label["platform"] == .name("android") } }
}
