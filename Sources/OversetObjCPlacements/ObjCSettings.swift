import Foundation
import Overset
import OversetPlacements
import OversetSyntaxTrees

/// A label's settings as Objective-C code states them, read into the settings table's names: `numberOfLines`,
/// `font` (`[UIFont systemFontOfSize:weight:]`, `preferredFontForTextStyle:`, `fontWithName:size:`, scaled by
/// `UIFontMetrics`), `lineBreakMode`, `adjustsFontSizeToFitWidth` with `minimumScaleFactor`,
/// `allowsDefaultTighteningForTruncation`. A value the reader cannot tell (an app's font method) is a note, never
/// replaced by a default.
enum ObjCSettings {
    typealias Setting = (name: String, value: PlacementValue, from: String)

    /// The settings of `assignments` (`(property, value)` pairs, in source order), each saying it came from `from`.
    static func settings(_ assignments: [(property: String, value: SyntaxNode)], from: String) -> (settings: [Setting], notes: [String]) {
        var settings: [Setting] = []
        var notes: [String] = []
        var shrinks = false
        var scale: Double?
        for (property, value) in assignments {
            let source = "\(from).\(property)"
            switch property {
            case "numberOfLines":
                if let lines = ObjC.number(value) { settings.append(("maxLines", .number(lines), source)) }
            case "font":
                if let font = font(ObjC.unwrapped(value)) {
                    settings += font.map { ($0.name, $0.value, source) }
                } else {
                    notes.append("font: `\(value.text.prefix(60))` is computed by the app (unknown)")
                }
            case "lineBreakMode":
                settings += lineBreakMode(value.text).map { ($0.name, $0.value, source) }
            case "adjustsFontSizeToFitWidth":
                shrinks = value.text == "YES" || value.text == "true"
            case "minimumScaleFactor":
                scale = ObjC.number(value)
            case "allowsDefaultTighteningForTruncation":
                if value.text == "YES" || value.text == "true" { settings.append(("allowsTightening", .flag(true), source)) }
            default:
                continue
            }
        }
        if shrinks, let scale, scale > 0, scale < 1 {
            settings.append(("minimumScaleFactor", .number(scale), "\(from).minimumScaleFactor"))
        }
        return (settings, notes)
    }

    /// A `UIFont` expression as settings, nil when the reader cannot tell it.
    static func font(_ node: SyntaxNode) -> [(name: String, value: PlacementValue)]? {
        guard let message = ObjC.message(node) else { return nil }
        let arguments = message.arguments
        switch message.selector {
        case "systemFontOfSize:", "boldSystemFontOfSize:", "italicSystemFontOfSize:", "monospacedDigitSystemFontOfSize:weight:",
             "systemFontOfSize:weight:":
            guard let size = arguments.first.flatMap(ObjC.number) else { return nil }
            var out: [(name: String, value: PlacementValue)] = [("size", .number(size)), ("relativeTo", .name("none"))]
            if message.selector == "boldSystemFontOfSize:" { out.append(("weight", .name("bold"))) }
            if arguments.count > 1, let weight = UIKitNames.weight(arguments[1].text) {
                out.append(("weight", .name(weight.weight)))
            }
            return out
        case "preferredFontForTextStyle:", "preferredFontForTextStyle:compatibleWithTraitCollection:":
            guard let style = arguments.first.flatMap({ UIKitNames.textStyle($0.text.replacingOccurrences(of: "UIFontTextStyle", with: "")) })
            else { return nil }
            return [("style", .name(style.rawValue))]
        case "fontWithName:size:":
            guard arguments.count == 2, let size = ObjC.number(arguments[1]) else { return nil }
            var out: [(name: String, value: PlacementValue)] = [("size", .number(size)), ("relativeTo", .name("none"))]
            if let name = ObjC.string(arguments[0]), let face = name.split(separator: "-").last,
               let weight = UIKitNames.weight(String(face)) {
                out.append(("weight", .name(weight.weight)))
            }
            return out
        case "scaledFontForFont:", "scaledFontForFont:maximumPointSize:":
            // `[[UIFontMetrics metricsForTextStyle:S] scaledFontForFont:F]`: F scaled with S.
            guard var inner = arguments.first.flatMap({ font(ObjC.unwrapped($0)) }) else { return nil }
            var style = TextStyle.body
            if let metrics = message.receiver.flatMap({ ObjC.message(ObjC.unwrapped($0)) }), metrics.selector == "metricsForTextStyle:",
               let named = metrics.arguments.first.flatMap({ UIKitNames.textStyle($0.text.replacingOccurrences(of: "UIFontTextStyle", with: "")) }) {
                style = named
            }
            inner.removeAll { $0.name == "relativeTo" }
            inner.append(("relativeTo", .name(style.rawValue)))
            if arguments.count > 1, let maximum = ObjC.number(arguments[1]) { inner.append(("maximumPointSize", .number(maximum))) }
            return inner
        default:
            return nil
        }
    }

    /// `NSLineBreakByTruncatingMiddle` and the others, as truncation and wrapping.
    static func lineBreakMode(_ name: String) -> [(name: String, value: PlacementValue)] {
        switch name.replacingOccurrences(of: "NSLineBreakBy", with: "") {
        case "TruncatingHead": [("truncation", .name("head"))]
        case "TruncatingMiddle": [("truncation", .name("middle"))]
        case "Clipping", "WordWrapping": [("truncation", .name("clip"))]
        case "CharWrapping": [("truncation", .name("clip")), ("wrap", .name("character"))]
        default: []
        }
    }
}
