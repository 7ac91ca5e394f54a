import Foundation
import Overset
import OversetCatalog

/// One place a localization key is shown, and the label it is shown with: read from an Interface Builder file, a
/// SwiftUI view, a UIKit call, or a system component's table.
///
/// The label is written in the settings table's own names (``Overset/LabelSetting/settings``): `style` or `size`,
/// `weight`, `maxLines`, `width`, `minimumScaleFactor`, … Each setting says where it came from in ``from``
/// (`"IB font: …"`, `"constraints: …"`, `"code: …"`, `"UILabel default …"`, `"component table: …"`). A setting nothing states
/// is absent: the width most of all, which a layout often decides only at run time.
public struct Placement: Sendable, Hashable, Codable {
    /// The localization key as the catalog spells it (`"Settings"`, `"D4C-I2-dhA.text"`, `"Watched %lld"`).
    public var key: String
    /// The strings table: `Localizable`, or a storyboard's or XIB's name for its own keys.
    public var table: String
    /// The UI element's or the call site's file, relative to the app folder.
    public var file: String
    /// The element's or the call's line (1-based).
    public var line: Int
    /// What shows the text: `UILabel`, `UIButton`, `Text`, `Button`, `navigation title`, `alert title`, …
    public var component: String
    /// The label's settings by the settings table's names (`width`, `style`, `size`, `weight`, `maxLines`, …).
    public var label: [String: PlacementValue]
    /// For each setting in ``label``, where it came from.
    public var from: [String: String]
    /// What the reader could not tell, in a sentence each (`"width: set at run time"`); empty when complete.
    public var notes: [String]
    /// Whether one of the app's catalogs has the key: false for a storyboard's text that is not localized, or a
    /// SwiftUI literal the String Catalog lacks (shown as written, in every language).
    public var inCatalog: Bool = true
    /// Why the label's font cannot be told, when it cannot (a style the reader cannot resolve): the placement is
    /// then never judged, rather than judged in a font it does not have.
    public var fontUnknown: String?

    /// - Parameters are the properties of the same names.
    public init(key: String, table: String, file: String, line: Int, component: String,
                label: [String: PlacementValue] = [:], from: [String: String] = [:], notes: [String] = []) {
        self.key = key
        self.table = table
        self.file = file
        self.line = line
        self.component = component
        self.label = label
        self.from = from
        self.notes = notes
    }

    /// Sets `name` to `value`, said to come from `source`.
    ///
    /// A font is one setting said two ways: a text style replaces a size (and its weight and scaling) set before,
    /// and a size replaces a style, as a later `label.font = …` replaces the font before it.
    public mutating func set(_ name: String, _ value: PlacementValue, from source: String) {
        let replaced: [String] = switch name {
        case "style": ["size", "relativeTo", "weight"]
        case "size": ["style", "emphasized"]
        case "textAppearance": ["size"]
        default: []
        }
        for other in replaced where from[other] != source {
            label[other] = nil
            from[other] = nil
        }
        // A number that is not one (`constant="nan"`, `textSize="infsp"`) is kept as the text it was: the label
        // refuses it by name at this place, as it refuses a negative size, and the report stays valid JSON.
        if case .number(let number) = value, !number.isFinite {
            label[name] = .name(String(describing: number))
        } else {
            label[name] = value
        }
        from[name] = source
    }

    /// The label these settings describe, at the Large category; nil with the reason when a required setting (the
    /// width) is missing or a value is out of the settings table's range.
    public func makeLabel() -> Result<Label, OversetError> {
        if let fontUnknown {
            return .failure(.invalidArgument(name: "font", value: fontUnknown, expected: "a text style the app's code states"))
        }
        var values: [String: SettingValue] = [:]
        for (name, value) in label { values[name] = value.settingValue }
        var settings = Settings(values, origin: "\(file):\(line)", stringsAreTyped: true)
        do {
            let label = try Label(settings: &settings)
            try settings.rejectUnknownKeys(known: Label.settingKeys)
            return .success(label)
        } catch {
            return .failure(error)
        }
    }
}

/// A setting's value in a placement: a number, a name or a flag.
public enum PlacementValue: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Points, lines, a scale.
    case number(Double)
    /// A style, weight, truncation mode or category name.
    case name(String)
    /// A flag (`emphasized`, `allowsTightening`).
    case flag(Bool)

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            self = .flag(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .name(try container.decode(String.self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .number(let value): try container.encode(value)
        case .name(let value): try container.encode(value)
        case .flag(let value): try container.encode(value)
        }
    }

    /// The value as a spec or `measure` request gives it.
    public var settingValue: SettingValue {
        switch self {
        case .number(let value): .number(value)
        case .name(let value): .string(value)
        case .flag(let value): .bool(value)
        }
    }

    public var description: String {
        switch self {
        case .number(let value): Points.format(value, decimals: 2)
        case .name(let value): value
        case .flag(let value): value ? "true" : "false"
        }
    }
}

/// A key of the app's catalogs that no placement shows, with why.
public struct UnplacedKey: Sendable, Hashable, Codable {
    /// The key.
    public var key: String
    /// Its strings table.
    public var table: String
    /// Why it has no placement: no use found, or used where the label cannot be told (with the call site).
    public var reason: String
    /// The reason in a few words, the same for every key it applies to (`no use found`), for counts by reason.
    public var kind: String?

    /// - Parameters are the properties of the same names.
    public init(key: String, table: String, reason: String, kind: String? = nil) {
        self.key = key
        self.table = table
        self.reason = reason
        self.kind = kind
    }
}

/// A file the reader could not read, or a limit reached; the rest of the app is still read.
public struct PlacementProblem: Sendable, Hashable, Codable {
    /// The file, relative to the app folder.
    public var file: String
    /// What went wrong.
    public var message: String

    /// - Parameters are the properties of the same names.
    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }
}

/// Every placement of an app, its catalogs' keys that have none, and the files that could not be read: what
/// `overset placements APP_DIR --format json` writes, and what `overset check APP_DIR` reads back.
public struct PlacementReport: Sendable, Hashable, Codable {
    /// The placements, by file, line and key.
    public var placements: [Placement]
    /// Keys of the app's catalogs with no placement, by table and key.
    public var unplaced: [UnplacedKey]
    /// Files not read, and why.
    public var problems: [PlacementProblem]
    /// The screen width the widths were read at, in points, and why that one.
    public var screenWidth: Double
    /// The screen widths `--screen-width` takes, in points (every door that reads placements checks this range).
    public static let screenWidthRange: ClosedRange<Double> = 200...2000
    /// The message for a `--screen-width` out of ``screenWidthRange``.
    public static func screenWidthError(_ width: Double) -> String {
        "--screen-width \(Points.format(width)) is out of range: give \(Points.format(screenWidthRange.lowerBound)) to "
            + "\(Points.format(screenWidthRange.upperBound)) points"
    }
    /// Where ``screenWidth`` came from (`"iOS 16 deployment target: 375 pt"`, `"--screen-width"`).
    public var screenWidthFrom: String
    /// The catalogs the app ships, relative to its folder, when its project says (an Xcode project's Copy Bundle
    /// Resources, an Android app's modules): what `overset check APP_DIR` judges. Nil: every catalog under the folder.
    public var catalogs: [String]? = nil

    /// - Parameters are the properties of the same names.
    public init(placements: [Placement], unplaced: [UnplacedKey], problems: [PlacementProblem],
                screenWidth: Double, screenWidthFrom: String) {
        self.placements = placements
        self.unplaced = unplaced
        self.problems = problems
        self.screenWidth = screenWidth
        self.screenWidthFrom = screenWidthFrom
    }

    /// The report as JSON: keys sorted, two-space indents, so that the same app gives the same bytes.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Reads a report written by ``json()``, with Overset's one JSON reader (a key given twice is refused).
    public static func read(json data: Data) throws -> PlacementReport {
        try JSONSourceDecoder.decode(PlacementReport.self, from: data, path: "the placements", what: "the placements")
    }
}

extension PlacementReport {
    /// Why an app's placements could not be read by running `overset-placements`.
    public struct ToolFailure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The name of the executable that reads placements (it links swift-syntax; `overset` and `overset-server` run it).
    public static let tool = "overset-placements"

    /// Runs `overset-placements APP --format json` found in `directory` (the running executable's, by default) and
    /// reads its report: how `overset check APP_DIR` and `overset serve APP_DIR` get an app's placements.
    /// - Throws: ``ToolFailure`` naming what to build when the tool is missing, or what it said when it failed.
    public static func read(app: String, screenWidth: Double? = nil,
                            toolDirectory directory: String? = nil) throws(ToolFailure) -> PlacementReport {
        let here = directory ?? FontStack.executableDirectory() ?? URL(fileURLWithPath: CommandLine.arguments[0])
            .resolvingSymlinksInPath().deletingLastPathComponent().path
        let tool = URL(fileURLWithPath: here).appendingPathComponent(Self.tool)
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            throw ToolFailure(description: "reading \(app)'s placements needs \(Self.tool), which is not beside this "
                + "executable (\(tool.path)): build it with `swift build -c release --product \(Self.tool)`, or give a spec")
        }
        let process = Process()
        process.executableURL = tool
        // The tool ends when this process does (it watches for its parent's id, named here).
        process.environment = ProcessInfo.processInfo.environment.merging(["OVERSET_PARENT_PID": String(getpid())]) { $1 }
        process.arguments = [app, "--format", "json"] + (screenWidth.map { ["--screen-width", "\($0)"] } ?? [])
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw ToolFailure(description: "cannot run \(tool.path): \(error)")
        }
        // Read before waiting: a report larger than the pipe's buffer would otherwise block the tool.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailure(description: "the placements of \(app) could not be read: "
                + message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        do {
            return try PlacementReport.read(json: data)
        } catch {
            throw ToolFailure(description: "the placements of \(app) could not be read: \(Self.tool) wrote no report (\(error))")
        }
    }
}
