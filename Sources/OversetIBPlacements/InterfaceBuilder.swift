import Foundation
import Overset
import OversetCatalog
import OversetPlacements

/// An element of a storyboard or XIB that shows text, with its label read from the file.
package struct IBElement: Sendable {
    /// The element's object ID (`D4C-I2-dhA`).
    package var id: String
    /// The UIKit class: `UILabel`, `UIButton`, `UITextField`, …
    package var component: String
    /// The file, relative to the app folder, and the element's line.
    package var file: String
    package var line: Int
    /// The keys Interface Builder gives its text in the file's strings table (`D4C-I2-dhA.text`), with the text.
    package var keys: [(key: String, text: String)]
    /// The label's settings, each with where it came from.
    package var settings: [(name: String, value: PlacementValue, from: String)]
    /// What could not be told.
    package var notes: [String]
}

/// One storyboard or XIB read: its text elements by ID and its outlets by owner class and property.
package struct IBDocument: Sendable {
    /// The file, relative to the app folder.
    package var file: String
    /// The strings table of its own keys: the file's name without extension (`Main` for `Main.storyboard`).
    package var table: String
    package var elements: [IBElement]
    /// `@IBOutlet` connections: the owner's class (a view controller's, a cell's, File's Owner's), the property,
    /// and the element's ID.
    package var outlets: [(ownerClass: String, property: String, destination: String)]
}

/// Reads Interface Builder files (the XML Xcode writes for `.storyboard` and `.xib`).
///
/// Defaults are UIKit's documented ones where the file leaves an attribute out: `numberOfLines` 1
/// (`UILabel.numberOfLines`), tail truncation (`UILabel.lineBreakMode`), the system font at 17 pt (`UILabel.font`).
/// The width comes from a width constraint, else from leading and trailing constraints to the superview (the
/// superview's own width worked out the same way, up to the screen), else from the design-time frame.
package enum InterfaceBuilderReader {
    package static func read(data: Data, file: String, screenWidth: Double) throws -> IBDocument {
        let root = try XMLElementNode.parse(data, path: file)
        let name = (file as NSString).lastPathComponent
        let table = (name as NSString).deletingPathExtension
        // A watchOS or tvOS storyboard is not an iPhone screen.
        if let runtime = root.attributes["targetRuntime"], !runtime.hasPrefix("iOS") {
            return IBDocument(file: file, table: table, elements: [], outlets: [])
        }
        var reader = Walker(file: file, screenWidth: screenWidth)
        reader.index(root, parent: nil)
        reader.walk(root)
        return IBDocument(file: file, table: table, elements: reader.elements, outlets: reader.outlets)
    }

    struct Walker {
        let file: String
        let screenWidth: Double
        var elements: [IBElement] = []
        var outlets: [(ownerClass: String, property: String, destination: String)] = []
        /// Every element with an ID, and its parent, for constraints that name other items.
        var byID: [String: XMLElementNode] = [:]
        var parentOf: [ObjectIdentifier: XMLElementNode] = [:]
        /// Widths worked out, by ID.
        var widths: [String: (Double, String)?] = [:]
        /// The container view each embedded view controller (by ID) is shown in (an embed segue's source).
        var embeddedIn: [String: XMLElementNode] = [:]

        init(file: String, screenWidth: Double) {
            self.file = file
            self.screenWidth = screenWidth
        }

        mutating func index(_ node: XMLElementNode, parent: XMLElementNode?) {
            if let id = node.attributes["id"] { byID[id] = node }
            if node.name == "segue", node.attributes["kind"] == "embed", let destination = node.attributes["destination"],
               let container = parent.flatMap({ parentOf[ObjectIdentifier($0)] }), container.name == "containerView" {
                embeddedIn[destination] = container
            }
            if let parent { parentOf[ObjectIdentifier(node)] = parent }
            for child in node.children { index(child, parent: node) }
        }

        mutating func walk(_ node: XMLElementNode) {
            if let connections = node.child(named: "connections"), let owner = node.attributes["customClass"] {
                for outlet in connections.children(named: "outlet") {
                    if let property = outlet.attributes["property"], let destination = outlet.attributes["destination"] {
                        outlets.append((owner, property, destination))
                    }
                }
            }
            if let element = element(node) { elements.append(element) }
            for child in node.children { walk(child) }
        }

        /// The element's text keys and label, when it shows text: its kind and keys (``textKeys(of:id:)``), then its
        /// label (``labelSettings(of:keys:)``).
        mutating func element(_ node: XMLElementNode) -> IBElement? {
            guard let id = node.attributes["id"], let (component, keys) = Self.textKeys(of: node, id: id) else {
                return nil
            }
            let (settings, notes) = labelSettings(of: node, keys: keys)
            guard !keys.isEmpty else { return nil }
            return IBElement(id: id, component: component, file: file, line: node.line, keys: keys,
                             settings: settings, notes: notes)
        }

        /// The component an element is and the text keys it shows (each with its text), by its kind; nil for an
        /// element of a kind that shows none.
        private static func textKeys(of node: XMLElementNode, id: String) -> (component: String, keys: [(String, String)])? {
            var keys: [(String, String)] = []
            func text(_ attribute: String) -> String? {
                if let value = node.attributes[attribute] { return value }
                return node.children(named: "string").first { $0.attributes["key"] == attribute }?.text
            }
            let component: String
            switch node.name {
            case "label":
                component = "UILabel"
                keys.append((id + ".text", text("text") ?? ""))
            case "button":
                component = "UIButton"
                if let state = node.children(named: "state").first(where: { $0.attributes["key"] == "normal" }),
                   let title = state.attributes["title"] ?? state.children(named: "string").first?.text {
                    keys.append((id + ".normalTitle", title))
                }
                if let configuration = node.children(named: "buttonConfiguration").first,
                   let title = configuration.attributes["title"] {
                    keys.append((id + ".configuration.title", title))
                }
            case "textField":
                component = "UITextField"
                if let placeholder = text("placeholder") { keys.append((id + ".placeholder", placeholder)) }
                if let value = text("text"), !value.isEmpty { keys.append((id + ".text", value)) }
            case "navigationItem":
                component = SystemComponent.navigationTitleInline.rawValue
                if let title = text("title") { keys.append((id + ".title", title)) }
            case "barButtonItem":
                component = SystemComponent.barButtonItem.rawValue
                if let title = text("title") { keys.append((id + ".title", title)) }
            case "tabBarItem":
                component = SystemComponent.tabBarItem.rawValue
                if let title = text("title") { keys.append((id + ".title", title)) }
            case "segmentedControl":
                component = SystemComponent.segment.rawValue
                let segments = node.child(named: "segments")?.children(named: "segment") ?? []
                for (index, segment) in segments.enumerated() {
                    if let title = segment.attributes["title"] { keys.append((id + ".segmentTitles[\(index)]", title)) }
                }
            case "tableViewSection":
                component = SystemComponent.sectionHeader.rawValue
                if let header = text("headerTitle") { keys.append((id + ".headerTitle", header)) }
                if let footer = text("footerTitle") { keys.append((id + ".footerTitle", footer)) }
            default:
                return nil
            }
            return (component, keys)
        }

        /// The label settings of an element with `keys`, each with its source, and notes on what the file does not
        /// say: a view's own font, lines and width, or a system component's table.
        private mutating func labelSettings(of node: XMLElementNode, keys: [(String, String)])
            -> (settings: [(String, PlacementValue, String)], notes: [String]) {
            var settings: [(String, PlacementValue, String)] = []
            var notes: [String] = []
            switch node.name {
            case "label", "button", "textField":
                readFont(node, into: &settings, notes: &notes)
                readLines(node, into: &settings)
                if let width = width(of: node) { settings.append(("width", .number(width.0), width.1)) } else {
                    notes.append("width: no container found around it to bound it (the frame is the placeholder's, never a width)")
                }
            case "navigationItem":
                settings += SystemComponent.navigationTitleInline.settings(screenWidth: screenWidth)
            case "tabBarItem":
                settings += SystemComponent.tabBarItem.settings(screenWidth: screenWidth, items: tabCount(of: node))
            case "barButtonItem":
                settings += SystemComponent.barButtonItem.settings(screenWidth: screenWidth)
                notes.append("width: a bar button takes its title's width; the bar decides how much it gets")
            case "segmentedControl":
                let count = max(1, keys.count)
                var segment = SystemComponent.segment.settings(screenWidth: screenWidth, items: count)
                if let control = width(of: node) {
                    segment.removeAll { $0.name == "width" }
                    segment.append(("width", .number(control.0 / Double(count) - 20),
                                    "\(control.1) ÷ \(count) equal segments − 2 × 10 pt (Flutter's segment padding)"))
                }
                settings += segment
            case "tableViewSection":
                settings += SystemComponent.sectionHeader.settings(screenWidth: screenWidth)
            default: break
            }
            return (settings, notes)
        }

        /// How many tabs the tab bar of `item` has: the `viewControllers` relationships of the storyboard's tab bar
        /// controller; 5 when the file does not say (the most iPhone shows before "More", HIG Tab bars).
        func tabCount(of item: XMLElementNode) -> Int {
            let tabControllers = byID.values.filter { $0.name == "tabBarController" }
            guard tabControllers.count == 1, let controller = tabControllers.first else { return 5 }
            var count = 0
            func visit(_ node: XMLElementNode) {
                if node.name == "segue", node.attributes["relationship"] == "viewControllers" { count += 1 }
                node.children.forEach(visit)
            }
            visit(controller)
            return count == 0 ? 5 : min(count, 5)
        }

        func readFont(_ node: XMLElementNode, into settings: inout [(String, PlacementValue, String)],
                      notes: inout [String]) {
            guard let font = node.children(named: "fontDescription").first(where: { $0.attributes["key"] == "fontDescription" }) else {
                if node.name == "label" {
                    settings.append(("size", .number(17), "UILabel default (the system font at 17 pt, UILabel.font)"))
                    settings.append(("relativeTo", .name("none"), "UILabel default (a fixed size)"))
                } else {
                    notes.append("font: not in the file (a button configuration's text style is not published)")
                }
                return
            }
            let attributes = font.attributes
            if let style = attributes["style"], let textStyle = UIKitNames.textStyle(style) {
                settings.append(("style", .name(textStyle.rawValue), "IB font: \(style)"))
                if style.contains("Emphasized") { settings.append(("emphasized", .flag(true), "IB font: \(style)")) }
                return
            }
            guard let size = attributes["pointSize"].flatMap(Double.init) else {
                notes.append("font: the file's font description has no size")
                return
            }
            settings.append(("size", .number(size), "IB font: \(attributes["type"] ?? attributes["name"] ?? "font") \(attributes["pointSize"]!) pt"))
            settings.append(("relativeTo", .name("none"), "IB font: a fixed size (no text style)"))
            var weight: String?
            switch attributes["type"] {
            case "boldSystem": weight = "bold"
            case "system":
                if let name = attributes["weight"], let mapped = UIKitNames.weight(name) {
                    weight = mapped.weight
                    if let note = mapped.note { notes.append("weight: \(note)") }
                }
            default:
                if let name = attributes["name"] {
                    // A named font ("HelveticaNeue-Bold"): its weight from the face name; the face itself is
                    // measured with the bundled fonts.
                    let face = name.split(separator: "-").last.map(String.init) ?? ""
                    weight = UIKitNames.weight(face)?.weight
                    notes.append("font: \(name) is measured with the bundled fonts (give its file with `fonts`)")
                }
            }
            if let weight, weight != "regular" { settings.append(("weight", .name(weight), "IB font")) }
        }

        func readLines(_ node: XMLElementNode, into settings: inout [(String, PlacementValue, String)]) {
            let attributes = node.attributes
            if node.name == "label" {
                if let lines = attributes["numberOfLines"].flatMap(Int.init) {
                    settings.append(("maxLines", .number(Double(lines)), "IB numberOfLines"))
                } else {
                    settings.append(("maxLines", .number(1), "UILabel default (numberOfLines 1)"))
                }
            } else {
                settings.append(("maxLines", .number(1), "\(node.name == "button" ? "UIButton" : "UITextField"): one line"))
            }
            switch attributes["lineBreakMode"] {
            case "headTruncation": settings.append(("truncation", .name("head"), "IB lineBreakMode"))
            case "middleTruncation": settings.append(("truncation", .name("middle"), "IB lineBreakMode"))
            case "clip": settings.append(("truncation", .name("clip"), "IB lineBreakMode"))
            case "wordWrap": settings.append(("truncation", .name("clip"), "IB lineBreakMode wordWrap: no ellipsis"))
            case "characterWrap":
                settings.append(("truncation", .name("clip"), "IB lineBreakMode characterWrap: no ellipsis"))
                settings.append(("wrap", .name("character"), "IB lineBreakMode characterWrap"))
            default: break
            }
            // Xcode writes `adjustsFontSizeToFit="NO"` when autoshrink is off and leaves it out when it is on (its XML
            // default is YES, unlike UILabel's property): a minimum scale with no attribute shrinks.
            if (attributes["adjustsFontSizeToFit"] ?? "YES") == "YES", let scale = attributes["minimumScaleFactor"].flatMap(Double.init),
               scale > 0, scale < 1 {
                settings.append(("minimumScaleFactor", .number(scale), "IB minimumScaleFactor (autoshrink)"))
            }
            if attributes["allowsDefaultTighteningForTruncation"] == "YES" {
                settings.append(("allowsTightening", .flag(true), "IB allowsDefaultTighteningForTruncation"))
            }
        }

    }
}
