import Foundation
import Overset
import OversetCatalog

/// Finds where an app shows each localization key, and the label it is shown with: `Placements.find(in:)`
/// (`OversetAppPlacements`) reads an app folder with the reader of each of its sources (Interface Builder, Swift,
/// Android resources, …), each in its own module; this module holds what they share.
///
/// ```swift
/// let report = try Placements.find(in: "MyApp")
/// for placement in report.placements { print(placement.key, placement.file, placement.line, placement.label) }
/// ```
public enum Placements {
    /// What a search reads, and its limits.
    public struct Options: Sendable {
        /// The screen width widths are read at; nil to take the narrowest iPhone the app's deployment target
        /// supports (320 pt below iOS 16, 375 pt from iOS 16; 320 pt when no target is found).
        public var screenWidth: Double?
        /// The most source files read (Swift, storyboards, XIBs); past it the rest are reported, not read.
        public var maximumFiles: Int
        /// The largest file read, in bytes; a larger one is reported, not read.
        public var maximumFileBytes: Int

        /// The limits named in the docs: 20,000 files, 8 MiB a file.
        public init(screenWidth: Double? = nil, maximumFiles: Int = 20_000, maximumFileBytes: Int = 8 << 20) {
            self.screenWidth = screenWidth
            self.maximumFiles = maximumFiles
            self.maximumFileBytes = maximumFileBytes
        }
    }

    /// Folders never searched: dependencies and build output.
    package static let skippedFolders: Set<String> = Catalog.buildFolders.union(["Pods", "Carthage", "node_modules", "vendor"])

    /// Reads the app's files within the limits, noting each file it could not read.
    package struct Reader {
        package let folder: String
        package let options: Options
        package var problems: [PlacementProblem] = []

        package init(folder: String, options: Options) {
            self.folder = folder
            self.options = options
        }

        package mutating func read(_ file: String) -> Data? {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(file)
            // By kind first: a FIFO, a device or a socket named like a source is named as what it is, never opened
            // (a FIFO with no writer would block the read for ever).
            if let problem = Catalog.pathProblem(url.path, expected: "a file") {
                problems.append(PlacementProblem(file: file, message: problem.hasPrefix("not read") || problem.hasSuffix("not read")
                    ? problem : "not read: \(problem)"))
                return nil
            }
            let limit = options.maximumFileBytes
            guard let handle = FileHandle(forReadingAtPath: url.path) else {
                problems.append(PlacementProblem(file: file, message: "not read: cannot open the file"))
                return nil
            }
            defer { try? handle.close() }
            // Read to the limit, not to the end: a file that grows while it is read is refused, not read whole.
            let data = (try? handle.read(upToCount: limit + 1)) ?? Data()
            guard data.count <= limit else {
                problems.append(PlacementProblem(file: file, message: "not read: over the limit of \(limit) bytes a "
                    + "file (maximumFileBytes)"))
                return nil
            }
            return data
        }

    }

    /// A key of a strings table.
    package struct TableKey: Hashable, CustomStringConvertible {
        package var table: String
        package var key: String
        package var description: String { table + "\u{0}" + key }
        package init(table: String, key: String) {
            self.table = table
            self.key = key
        }
    }

    /// Where keys are used without a label, to say why each unplaced key is unplaced.
    package struct UnplacedReasons {
        var shown: [TableKey: [String]] = [:]
        var spoken: [TableKey: [String]] = [:]
        var keyboard: [TableKey: [String]] = [:]

        package init() {}

        /// How a key is used where no label can be told.
        package enum Use {
            /// Shown, in a view whose label cannot be told.
            case shown
            /// Spoken by VoiceOver only.
            case spoken
            /// A keyboard shortcut's title.
            case keyboard
        }

        /// Notes that `key` is used at `site` (`file:line`).
        package mutating func add(_ key: TableKey, at site: String, as use: Use) {
            switch use {
            case .shown: shown[key, default: []].append(site)
            case .spoken: spoken[key, default: []].append(site)
            case .keyboard: keyboard[key, default: []].append(site)
            }
        }

        package func unplaced(_ key: TableKey) -> UnplacedKey {
            func sites(_ list: [String]) -> String {
                list.prefix(3).joined(separator: ", ") + (list.count > 3 ? " and \(list.count - 3) more" : "")
            }
            let reason: String, kind: String
            if let list = shown[key] {
                reason = "used at \(sites(list)), where the label cannot be told"
                kind = "used where the label cannot be told"
            } else if let list = spoken[key] {
                reason = "spoken by VoiceOver only (an accessibility label or hint) at \(sites(list)): never laid out"
                kind = "spoken by VoiceOver only"
            } else if let list = keyboard[key] {
                reason = "a keyboard shortcut's title at \(sites(list)) (listed by an iPad's hardware keyboard): not laid out on an iPhone screen"
                kind = "keyboard shortcuts' titles"
            } else if key.table.hasSuffix("Intents") {
                reason = "an intent definition's string: Siri and Shortcuts show it, not the app's views"
                kind = "shown by Siri and Shortcuts"
            } else {
                reason = "no use found in the app's code (Swift, Objective-C) or Interface Builder files"
                kind = "no use found"
            }
            return UnplacedKey(key: key.key, table: key.table, reason: reason, kind: kind)
        }
    }

    /// A UIKit label set in code with no font or lines of its own takes `UILabel`'s defaults.
    package static func completeUIKitDefaults(_ placement: inout Placement) {
        if placement.component == "UIButton", placement.label["maxLines"] == nil {
            placement.set("maxLines", .number(1), from: "UIButton's title label: numberOfLines 1 (UILabel's default)")
        }
        guard placement.component == "UILabel" else { return }
        if placement.label["style"] == nil, placement.label["size"] == nil {
            placement.set("size", .number(17), from: "UILabel default (the system font at 17 pt, UILabel.font)")
            placement.set("relativeTo", .name("none"), from: "UILabel default (a fixed size)")
        }
        if placement.label["maxLines"] == nil {
            placement.set("maxLines", .number(1), from: "UILabel default (numberOfLines 1)")
        }
    }

    package static func relative(_ path: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

}

/// Why placements could not be read at all.
public struct PlacementError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// - Parameter message: why.
    public init(message: String) { self.message = message }
    public var description: String { message }
}
