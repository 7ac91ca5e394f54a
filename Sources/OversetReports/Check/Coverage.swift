import Foundation
import OversetLabel

/// How much of an app a check judged at a label: its development language's keys, how many were judged at the
/// label the app shows them with, and why the rest were not, by reason (unplaced: no use found, used where the
/// label cannot be told, …; placed where the label is incomplete: no width, a font computed at run time). Every
/// report opens with it, so that a green check of a tenth of an app does not read as a green app.
public struct Coverage: Sendable, Hashable, Codable {
    /// Development-language keys judged at a label.
    public var judged: Int
    /// Development-language keys in the app's shipped catalogs.
    public var keys: Int
    /// The keys not judged, by reason, most first.
    public var notJudged: [SkippedCount]

    /// - Parameters are the properties of the same names.
    public init(judged: Int, keys: Int, notJudged: [SkippedCount]) {
        self.judged = judged
        self.keys = keys
        self.notJudged = notJudged.sorted { ($0.count, $1.reason) > ($1.count, $0.reason) }
    }

    private enum CodingKeys: String, CodingKey { case judged, keys, notJudged, sentence }

    /// Reads a report's coverage (its `sentence` is made again from the counts).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(judged: try container.decode(Int.self, forKey: .judged), keys: try container.decode(Int.self, forKey: .keys),
                  notJudged: try container.decode([SkippedCount].self, forKey: .notJudged))
        _ = try container.decodeIfPresent(String.self, forKey: .sentence)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(judged, forKey: .judged)
        try container.encode(keys, forKey: .keys)
        try container.encode(notJudged, forKey: .notJudged)
        try container.encode(sentence, forKey: .sentence)
    }

    /// `Judged at a label: 277 of 1,030 development-language keys (27 %); not judged: 600 used where the label
    /// cannot be told, 153 with no use found`.
    public var sentence: String {
        let share = keys == 0 ? 0 : Int((Double(judged) / Double(keys) * 100).rounded())
        var out = "Judged at a label: \(judged) of \(Plural.count(keys, "development-language key")) (\(share) %)"
        if !notJudged.isEmpty {
            out += "; not judged: " + notJudged.map { "\($0.count) \($0.reason)" }.joined(separator: ", ")
        }
        return out
    }
}

extension CheckReport {
    /// The coverage line reports open with, when the check judged an app's placements.
    public var coverageLine: String? { coverage?.sentence }
}
