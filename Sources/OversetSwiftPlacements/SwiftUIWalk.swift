import Foundation
import Overset
import OversetPlacements
import SwiftSyntax

/// The label of a SwiftUI view: its modifiers and those of the views around it, read from the view outward.
///
/// SwiftUI passes `font`, `lineLimit`, `minimumScaleFactor`, `truncationMode` and `dynamicTypeSize` down through
/// the environment, and the nearest modifier wins; so each setting is taken from the first modifier that states it
/// on the way out. The width is the first `.frame(width:)` or `.frame(maxWidth:)` found, less the paddings inside
/// it; else a `List` or `Form` row's; else the screen's, less the paddings. Containers that are system components
/// (`.alert`, `.confirmationDialog`, `.tabItem`, `.toolbar`, `.swipeActions`, a `Section` header, a segmented
/// `Picker`) give the component table's label instead, as iOS draws those itself.
struct SwiftUIWalk {
    let index: SwiftIndex
    let screenWidth: Double
    private(set) var component = "Text"
    private(set) var notes: [String] = []
    private var defaults: [(String, PlacementValue, String)] = []
    private var found: [(String, PlacementValue, String)] = []
    private var system: (SystemComponent, Int)?
    private var padding = 0.0
    private var paddingSources: [String] = []
    private var width: (Double, String)?
    private var shared = false
    /// Whether the view is a toolbar's `.principal` item (a title view, not a bar button).
    private var principal = false
    /// Whether a font modifier names a font the reader cannot tell: then no default style stands in for it.
    private var fontUnknown = false
    /// Whether the view is accessibility content (`.accessibilityLabel(Text(…))`, `.accessibilityActions { … }`):
    /// spoken by VoiceOver, never laid out.
    private(set) var spoken = false

    init(index: SwiftIndex, screenWidth: Double) {
        self.index = index
        self.screenWidth = screenWidth
    }

    private func has(_ name: String) -> Bool { found.contains { $0.0 == name } }

    private mutating func take(_ name: String, _ value: PlacementValue, _ from: String) {
        if !has(name) { found.append((name, value, from)) }
    }

    /// Walks out from the view `name` that shows the key: its own defaults, then each modifier and view around it
    /// (``apply(_:_:from:depth:)``, ``enter(_:closureLabel:)``), into the app's own views and helper views that
    /// show it.
    mutating func start(view: FunctionCallExprSyntax, name: String) {
        component = name
        // A view made by a property or function named for accessibility (`var accessibilityActions: some View`,
        // `func combinedAccessibilityLabel(…) -> Text`) is VoiceOver's, never laid out.
        if SwiftUIWalk.isMadeForAccessibility(view) {
            spoken = true
            return
        }
        guard takeDefaults(of: name) else { return }
        var node = Syntax(view)
        var helpers = 0
        var helperView: String?
        for _ in 0..<400 {
            guard let parent = node.parent else { break }
            // A modifier on the view: `view.font(…)`.
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == node.id,
               let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id {
                apply(member.declName.baseName.text, call, from: "code")
                if system != nil { return }
                node = Syntax(call)
                continue
            }
            // Modifiers under `#if os(iOS) … #endif` in the chain: the first branch's (the iOS one, as written).
            if let conditional = parent.as(PostfixIfConfigExprSyntax.self), conditional.base?.id == node.id {
                applyConditional(conditional)
                if system != nil { return }
                node = Syntax(conditional)
                continue
            }
            // Out of a closure or an argument, into the view around it.
            let (up, closureLabel, boundary) = SwiftUIWalk.surroundingCall(of: parent)
            if let container = up?.as(FunctionCallExprSyntax.self) {
                // A view handed to the app's own view (`LabeledQuantity(label: Text(…))`, `Card { Text(…) }`) is
                // shown where that view reads the property: the walk goes on inside it, so its `.font` applies.
                if helpers < 2, let name = Expressions.calledName(container), let types = index.typeDeclarations[name],
                   let property = closureLabel.map({ index.storedProperties[name]?.contains($0) == true ? $0 : nil })
                       ?? index.contentProperties[name],
                   let use = SwiftUIWalk.firstUse(of: property, inTypes: types) {
                    helpers += 1
                    node = use
                    continue
                }
                enter(container, closureLabel: closureLabel)
                if system != nil { return }
                node = Syntax(container)
                continue
            }
            // A helper view (`private var header: some View`, `func row(…) -> some View`) is shown where the type
            // uses it: the walk goes on from its first use, up to two helpers deep.
            guard let boundary, let name = SwiftUIWalk.helperName(boundary), name != "body" else { break }
            guard helpers < 2, let use = SwiftUIWalk.firstUse(of: name, around: boundary) else {
                helperView = name
                break
            }
            helpers += 1
            node = use
        }
        finishWidth(helperView: helperView)
    }

    /// Whether `view` is made by a property or function named for accessibility (the nearest declaration around
    /// it).
    private static func isMadeForAccessibility(_ view: FunctionCallExprSyntax) -> Bool {
        var scope = view.parent
        while let node = scope {
            let declared = node.as(FunctionDeclSyntax.self)?.name.text
                ?? node.as(VariableDeclSyntax.self)?.bindings.first?.pattern.trimmedDescription
            if let declared { return declared.lowercased().contains("accessibility") }
            scope = node.parent
        }
        return false
    }

    /// Takes SwiftUI's defaults for the view `name`; false for a `Section`, whose header is a system component.
    private mutating func takeDefaults(of name: String) -> Bool {
        switch name {
        case "TextField", "SecureField":
            defaults = [("style", .name("body"), "SwiftUI default: body"),
                        ("maxLines", .number(1), "SwiftUI \(name): one line")]
        case "Section":
            system = (.sectionHeader, 1)
            return false
        case "ContentUnavailableView":
            notes.append("font: ContentUnavailableView's title font is not published (unknown)")
            defaults = [("maxLines", .number(0), "SwiftUI default: no line limit (Text)")]
        default:
            defaults = [("style", .name("body"), "SwiftUI default: body"),
                        ("maxLines", .number(0), "SwiftUI default: no line limit (Text)")]
        }
        return true
    }

    /// From `parent` up to the call around it (`up`, nil when a declaration comes first: then `boundary`), and the
    /// label of the closure or argument passed on the way.
    private static func surroundingCall(of parent: Syntax) -> (up: Syntax?, closureLabel: String?, boundary: Syntax?) {
        var up: Syntax? = parent
        var closureLabel: String?
        var boundary: Syntax?
        while let current = up, !current.is(FunctionCallExprSyntax.self) {
            if current.is(DeclSyntax.self) { boundary = current; up = nil; break }
            if let trailing = current.as(MultipleTrailingClosureElementSyntax.self) { closureLabel = trailing.label.text }
            if let labeled = current.as(LabeledExprSyntax.self) { closureLabel = labeled.label?.text }
            up = current.parent
        }
        return (up, closureLabel, boundary)
    }

    /// The width when nothing around the view gave one (the screen's, less the paddings, unless the view is in a
    /// helper view whose use was not found), and the note of a width shared in an `HStack`.
    private mutating func finishWidth(helperView: String?) {
        if width == nil, let helperView {
            notes.append("width: `\(helperView)` is a helper view whose use was not found; its container decides")
        } else if width == nil {
            width = (screenWidth - padding, "screen width" + paddingText + " (nothing narrower found around the view)")
        }
        if shared { notes.append("width: shared with the views beside it in an HStack, so at most this") }
    }

    /// The name a helper view is declared with: a computed property's or a function's.
    static func helperName(_ decl: Syntax) -> String? {
        if let function = decl.as(FunctionDeclSyntax.self) { return function.name.text }
        if let variable = decl.as(VariableDeclSyntax.self) {
            return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        }
        return nil
    }

    /// The first reading of a stored property in a type's members (not its declaration).
    static func firstUse(of name: String, inTypes types: [DeclGroupSyntax]) -> Syntax? {
        for type in types {
            let finder = ReferenceFinder(name: name, viewMode: .sourceAccurate)
            finder.walk(type.memberBlock)
            if let use = finder.found.first {
                if let call = use.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == use.id { return Syntax(call) }
                return use
            }
        }
        return nil
    }

    /// The first reference to `name` in the type that declares `decl`, outside `decl` itself.
    static func firstUse(of name: String, around decl: Syntax) -> Syntax? {
        var current = decl.parent
        while let scope = current, !scope.is(MemberBlockSyntax.self) { current = scope.parent }
        guard let members = current else { return nil }
        let finder = ReferenceFinder(name: name, viewMode: .sourceAccurate)
        finder.walk(members)
        return finder.found.first { reference in
            !(reference.position >= decl.position && reference.endPosition <= decl.endPosition)
        }.map { reference in
            // A call of a helper function: the walk goes on from the call.
            if let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == reference.id {
                return Syntax(call)
            }
            return reference
        }
    }

    /// The modifiers of the first branch of a `#if` in a modifier chain, applied in order.
    private mutating func applyConditional(_ conditional: PostfixIfConfigExprSyntax) {
        guard let clause = conditional.config.clauses.first, case .postfixExpression(let expression)? = clause.elements else { return }
        var calls: [FunctionCallExprSyntax] = []
        var current: ExprSyntax? = expression
        while let call = current?.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            calls.append(call)
            current = member.base
        }
        for call in calls.reversed() {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { continue }
            apply(member.declName.baseName.text, call, from: "code (#if)")
            if system != nil { return }
        }
    }

    private var paddingText: String {
        padding == 0 ? "" : " − padding \(Points.format(padding, decimals: 2)) pt (\(paddingSources.joined(separator: ", ")))"
    }

    /// Entering the view that holds this one (`VStack { … }`, `.alert(…) { … } message: { … }`).
    private mutating func enter(_ container: FunctionCallExprSyntax, closureLabel: String?) {
        guard let name = Expressions.calledName(container) else { return }
        let isModifier = container.calledExpression.as(MemberAccessExprSyntax.self)?.base != nil
        if isModifier, name.hasPrefix("accessibility") {
            spoken = true
            system = (.menuItem, 1)  // stops the walk; the finder files the key as spoken
            return
        }
        switch name {
        case "alert" where isModifier: system = (closureLabel == "message" ? .alertMessage : .alertAction, 1)
        case "confirmationDialog" where isModifier:
            system = (closureLabel == "message" ? .actionSheetTitle : .actionSheetAction, 1)
        case "Alert" where !isModifier:
            // `Alert(title: Text(…), message: Text(…), primaryButton: .default(Text(…)))`, before iOS 15's API.
            switch closureLabel {
            case "title": system = (.alertTitle, 1)
            case "message": system = (.alertMessage, 1)
            default: system = (.alertAction, 1)
            }
        case "ActionSheet" where !isModifier:
            system = (closureLabel == "title" || closureLabel == "message" ? .actionSheetTitle : .actionSheetAction, 1)
        case "Menu" where !isModifier && closureLabel != "label", "contextMenu" where isModifier,
             "ToolbarTitleMenu" where !isModifier:
            system = (.menuItem, 1)
            notes.append("font, width: a menu's are not published (unknown)")
        case "tabItem" where isModifier: system = (.tabBarItem, 5)
        case "navigationTitle" where isModifier:
            system = (index.navigationTitle(at: container), 1)
        case "ToolbarItem", "ToolbarItemGroup":
            // A `.principal` item is the app's own title view, in the middle of the bar: its own modifiers, the
            // bar's width less 8 pt a side.
            if Expressions.argument(container, "placement")?.trimmedDescription.contains("principal") == true {
                principal = true
                if width == nil { width = (screenWidth - 16 - padding, "toolbar principal item: the bar less 8 pt a side" + paddingText) }
            }
        case "toolbar" where isModifier && !principal: system = (.barButtonItem, 1)
        case "swipeActions" where isModifier: system = (.swipeAction, 1)
        case "Section" where closureLabel == "header": system = (.sectionHeader, 1)
        case "Section" where closureLabel == "footer": system = (.sectionFooter, 1)
        case "Picker":
            let chain = outermostChain(of: container)
            if chain.contains("pickerStyle(.segmented)") {
                system = (.segment, max(1, container.trimmedDescription.components(separatedBy: "Text(").count - 1))
            } else if closureLabel != "label" {
                // A menu-style picker (the default in a Form from iOS 16) shows its options in a menu.
                system = (.menuItem, 1)
                notes.append("font, width: a picker's menu is not published (unknown)")
            }
        case "List", "Form":
            if width == nil {
                // Inset grouped, iPhone's default for both; a `.listStyle(.plain)` or `.grouped` list spans the
                // screen, its rows less the two cell margins.
                let chain = outermostChain(of: container)
                let margin = SystemComponent.layoutMargin(screenWidth: screenWidth)
                if name == "List", chain.contains("listStyle(.plain)") || chain.contains("listStyle(.grouped)")
                    || chain.contains("listStyle(PlainListStyle())") || chain.contains("listStyle(GroupedListStyle())") {
                    width = (screenWidth - 2 * margin - padding,
                             "a plain or grouped List row: screen width − 2 layout margins" + paddingText)
                } else {
                    let row = SystemComponent.listRow.settings(screenWidth: screenWidth)[0]
                    if case .number(let value) = row.value {
                        width = (value - padding, "\(name) row: " + row.from + paddingText)
                    }
                }
            }
        case "HStack", "LazyHStack":
            if width == nil { shared = true }
        default:
            break
        }
    }

    /// The text of the whole modifier chain a call is the base of (`Picker(…) { … }.pickerStyle(.segmented)`).
    private func outermostChain(of call: FunctionCallExprSyntax) -> String {
        var node = Syntax(call)
        while let member = node.parent?.as(MemberAccessExprSyntax.self),
              let outer = member.parent?.as(FunctionCallExprSyntax.self) { node = Syntax(outer) }
        return node.trimmedDescription
    }

    /// One modifier, on the view or a view around it.
    private mutating func apply(_ name: String, _ call: FunctionCallExprSyntax, from: String, depth: Int = 0) {
        let first = call.arguments.first?.expression
        switch name {
        case "font":
            guard !has("style"), !has("size"), let first else { return }
            guard !fontUnknown else { return }
            guard let font = Expressions.font(first, fonts: index.fonts), !font.settings.isEmpty else {
                // Never guessed: the placement has no font, and is reported as not checkable.
                notes.append("font: `\(first.trimmedDescription)` cannot be told here (defined outside the app, or computed at run time)")
                fontUnknown = true
                return
            }
            for setting in font.settings { take(setting.name, setting.value, "\(from): .font(\(first.trimmedDescription))") }
            notes += font.notes
        case "fontWeight":
            if let weight = first.flatMap({ Expressions.dottedName($0) }).flatMap({ UIKitNames.weight($0) }) {
                take("weight", .name(weight.weight), "\(from): .fontWeight")
            }
        case "bold":
            take("weight", .name("bold"), "\(from): .bold()")
        case "lineLimit":
            guard let first else { return }
            if first.is(NilLiteralExprSyntax.self) { take("maxLines", .number(0), "\(from): .lineLimit(nil)") }
            else if let lines = Expressions.number(first) { take("maxLines", .number(lines), "\(from): .lineLimit(\(Int(lines)))") }
            else if let range = first.as(SequenceExprSyntax.self), let upper = range.elements.last.flatMap({ Expressions.number($0) }) {
                take("maxLines", .number(upper), "\(from): .lineLimit(\(range.trimmedDescription))")
            }
        case "minimumScaleFactor":
            if let scale = Expressions.number(first), scale > 0, scale < 1 {
                take("minimumScaleFactor", .number(scale), "\(from): .minimumScaleFactor")
            }
        case "truncationMode":
            if let mode = first.flatMap({ Expressions.dottedName($0) })?.split(separator: ".").last {
                take("truncation", .name(String(mode)), "\(from): .truncationMode")
            }
        case "allowsTightening":
            if first?.trimmedDescription == "true" { take("allowsTightening", .flag(true), "\(from): .allowsTightening") }
        case "dynamicTypeSize":
            // `...DynamicTypeSize.xxxLarge`, `.large ... .accessibility2`, `.xLarge`.
            guard let first else { return }
            let text = first.trimmedDescription.replacingOccurrences(of: "DynamicTypeSize", with: "")
            let parts = text.components(separatedBy: "...").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " .<")) }
            if parts.count == 2 {
                if !parts[0].isEmpty { take("minimumCategory", .name(parts[0]), "\(from): .dynamicTypeSize") }
                if !parts[1].isEmpty { take("maximumCategory", .name(parts[1]), "\(from): .dynamicTypeSize") }
            }
        case "frame":
            guard width == nil else { return }
            if let value = Expressions.number(Expressions.argument(call, "width")) {
                width = (value - padding, "\(from): .frame(width: \(Points.format(value, decimals: 2)))" + paddingText)
            } else if let value = Expressions.number(Expressions.argument(call, "maxWidth")) {
                width = (min(value, screenWidth) - padding, "\(from): .frame(maxWidth: \(Points.format(value, decimals: 2)))" + paddingText)
            }
        case "padding":
            guard width == nil else { return }
            let edges = call.arguments.first { $0.label == nil && !$0.expression.is(IntegerLiteralExprSyntax.self)
                && !$0.expression.is(FloatLiteralExprSyntax.self) }?.expression.trimmedDescription
            let amount = call.arguments.compactMap { Expressions.number($0.expression) }.first
            let sides: Double
            switch edges {
            case nil, ".all", ".horizontal": sides = 2
            case ".leading", ".trailing": sides = 1
            case ".vertical", ".top", ".bottom": sides = 0
            default: sides = edges?.contains("horizontal") == true ? 2 : 0
            }
            guard sides > 0 else { return }
            // SwiftUI's default padding on iPhone is 16 pt a side (measured; Apple says only "system-calculated").
            let each = amount ?? 16
            padding += sides * each
            paddingSources.append(".padding(\(call.arguments.trimmedDescription))")
        case "modifier":
            if let custom = first.flatMap({ Expressions.dottedName($0) }) { applyCustom(custom, depth: depth) }
        default:
            applyCustom(name, depth: depth)
        }
    }

    /// An app's own view modifier, followed one level: its chain of modifiers applied in order.
    private mutating func applyCustom(_ name: String, depth: Int) {
        guard depth == 0, let body = index.viewModifiers[name] else { return }
        var calls: [FunctionCallExprSyntax] = []
        var current: ExprSyntax? = body
        while let call = current?.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            calls.append(call)
            current = member.base
        }
        for call in calls.reversed() {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { continue }
            apply(member.declName.baseName.text, call, from: "the app's modifier .\(name)", depth: depth + 1)
        }
    }

    /// The settings found, over the defaults; a system component's table when the view is in one.
    func settings() -> [(name: String, value: PlacementValue, from: String)] {
        if let (component, items) = system {
            return component.settings(screenWidth: screenWidth, items: items)
        }
        var out = found
        for setting in defaults where !out.contains(where: { $0.0 == setting.0 }) {
            // A size without a style stands alone: the default style does not join it; an unknown font is not
            // replaced by the default.
            if setting.0 == "style", fontUnknown || out.contains(where: { $0.0 == "size" }) { continue }
            out.append(setting)
        }
        if let width, !out.contains(where: { $0.0 == "width" }) { out.append(("width", .number(width.0), width.1)) }
        return out
    }

    /// The component the text ends up in: the system component's name, or the SwiftUI view's.
    var placedComponent: String { system?.0.rawValue ?? component }
}
