import Foundation
import OversetPlacements
import SwiftSyntax

/// How an app's screens show their navigation titles, read from the whole of its Swift: which SwiftUI views a
/// `UIHostingController(rootView:)` shows (in UIKit's navigation, whose bars show inline titles unless told to prefer
/// large ones), which hold a SwiftUI navigation container, which ask for an inline (or large) title themselves or
/// where they are shown (`Bookmarks().navigationBarTitleDisplayMode(.inline)`), which views push which
/// (`NavigationLink(destination:)`, `.navigationDestination`), and whether the app sets `prefersLargeTitles = true`.
///
/// SwiftUI's `.automatic` display mode keeps the mode of the screen below: a screen pushed from an inline one is
/// inline unless it asks for a large title (``isInline(_:)``).
struct SwiftNavigation {
    var hosted: Set<String> = []
    var containers: Set<String> = []
    var prefersLargeTitles = false
    var inline: Set<String> = []
    var large: Set<String> = []
    /// Views each view pushes (and the names of properties or functions its links show, `item.destinationView`).
    var links: [String: Set<String>] = [:]
    /// The views each property or function builds (`var destinationView: some View { switch self { … } }`).
    var builders: [String: Set<String>] = [:]

    mutating func add(_ file: SourceFileSyntax) {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file)
        hosted.formUnion(collector.facts.hosted)
        containers.formUnion(collector.facts.containers)
        prefersLargeTitles = prefersLargeTitles || collector.facts.prefersLargeTitles
        inline.formUnion(collector.facts.inline)
        large.formUnion(collector.facts.large)
        links.merge(collector.facts.links) { $0.union($1) }
        builders.merge(collector.facts.builders) { $0.union($1) }
    }

    /// Replaces the builders' names in ``links`` with the views they build (once every file is read).
    mutating func resolve() {
        for (view, targets) in links {
            var resolved = targets
            for name in targets { if let built = builders[name] { resolved.formUnion(built) } }
            links[view] = resolved
        }
    }

    /// Whether a view's title is inline: it (or where it is shown) asks for it, or a view that pushes it is inline
    /// and it does not ask for a large one; at most 16 pushes back.
    func isInline(_ view: String) -> Bool {
        guard !large.contains(view) else { return false }
        var seen: Set<String> = [view]
        var frontier: Set<String> = [view]
        for _ in 0..<16 {
            if !frontier.isDisjoint(with: inline) { return true }
            let parents = Set(links.filter { !$0.value.isDisjoint(with: frontier) }.keys).subtracting(seen).subtracting(large)
            guard !parents.isEmpty else { return false }
            seen.formUnion(parents)
            frontier = parents
        }
        return false
    }

    /// Whether a title modifier is on the view's own screen: in its `body`, outside any `.sheet`, `.fullScreenCover` or
    /// `.popover` it presents.
    static func isScreenTitle(_ call: FunctionCallExprSyntax) -> Bool {
        var current = call.parent
        while let node = current {
            if let outer = node.as(FunctionCallExprSyntax.self),
               ["sheet", "fullScreenCover", "popover"].contains(Expressions.calledName(outer) ?? ""),
               outer.trailingClosure.map({ $0.range.contains(call.position) }) == true
                || outer.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) && $0.range.contains(call.position) }) {
                return false
            }
            if let variable = node.as(VariableDeclSyntax.self) {
                return variable.bindings.contains { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body" }
            }
            if node.is(FunctionDeclSyntax.self) { return false }
            current = node.parent
        }
        return true
    }

    private final class Collector: SyntaxVisitor {
        var facts = SwiftNavigation()

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let called = Expressions.calledName(node) ?? ""
            let owner = SwiftIndex.enclosingTypes(of: Syntax(node)).last
            switch called {
            case let name where name.hasSuffix("HostingController"):
                if let root = Expressions.argument(node, "rootView")?.as(FunctionCallExprSyntax.self), let view = Expressions.calledName(root) {
                    facts.hosted.insert(view)
                }
            case "NavigationStack", "NavigationView", "NavigationSplitView":
                if let owner { facts.containers.insert(owner) }
            case "navigationBarTitleDisplayMode":
                let mode = node.arguments.first?.expression.trimmedDescription ?? ""
                // The view it is applied to where it is shown (`Bookmarks().…`), and the view whose body says it on
                // the chain that gives its title (a sheet's own stack elsewhere in the body keeps its own mode).
                var chain = Syntax(node)
                while let member = chain.parent?.as(MemberAccessExprSyntax.self), let outer = member.parent?.as(FunctionCallExprSyntax.self) {
                    chain = Syntax(outer)
                }
                var targets = owner.map { chain.trimmedDescription.contains(".navigationTitle(") ? [$0] : [] } ?? []
                if let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base, let shown = Self.innermostView(base) {
                    targets.append(shown)
                }
                if mode.hasSuffix("inline") { facts.inline.formUnion(targets) } else if mode.hasSuffix("large") { facts.large.formUnion(targets) }
            case "NavigationLink", "navigationDestination":
                var destinations: [Syntax] = []
                if let destination = Expressions.argument(node, "destination") { destinations.append(Syntax(destination)) }
                if let closure = node.trailingClosure { destinations.append(Syntax(closure)) }
                for destination in destinations {
                    for view in Self.views(in: destination) { facts.links[owner ?? "", default: []].insert(view) }
                    // `destination: item.destinationView`: the property's name, resolved to its views later.
                    for reference in destination.tokens(viewMode: .sourceAccurate)
                    where { if case .identifier = reference.tokenKind { return true } else { return false } }()
                        && reference.text.first?.isLowercase == true {
                        facts.links[owner ?? "", default: []].insert(reference.text)
                    }
                }
            default: break
            }
            return .visitChildren
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let accessor = binding.accessorBlock else { continue }
                let views = Self.views(in: Syntax(accessor), limit: 64)
                if !views.isEmpty { facts.builders[name, default: []].formUnion(views) }
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            if let body = node.body, node.signature.returnClause?.type.trimmedDescription.contains("View") == true {
                let views = Self.views(in: Syntax(body), limit: 64)
                if !views.isEmpty { facts.builders[node.name.text, default: []].formUnion(views) }
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
               elements[0].trimmedDescription.hasSuffix("prefersLargeTitles"), elements[2].trimmedDescription == "true" {
                facts.prefersLargeTitles = true
            }
            return .visitChildren
        }

        /// The view a modifier chain starts at (`Bookmarks()` in `Bookmarks().padding().…`).
        static func innermostView(_ expression: ExprSyntax) -> String? {
            var current = expression
            while let call = current.as(FunctionCallExprSyntax.self) {
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                    current = base
                    continue
                }
                return Expressions.calledName(call).flatMap { $0.first?.isUppercase == true ? $0 : nil }
            }
            return nil
        }

        /// The app-looking views a destination builds (capitalized calls: `SettingsDetail(…)`), at most `limit`.
        static func views(in node: Syntax, limit: Int = 8) -> [String] {
            var found: [String] = []
            var stack = [node]
            while let current = stack.popLast(), found.count < limit {
                if let call = current.as(FunctionCallExprSyntax.self), let name = Expressions.calledName(call),
                   name.first?.isUppercase == true, call.calledExpression.is(DeclReferenceExprSyntax.self) {
                    found.append(name)
                }
                stack.append(contentsOf: current.children(viewMode: .sourceAccurate))
            }
            return found
        }
    }
}

extension SwiftIndex {
    /// The navigation title a `.navigationTitle(…)` modifier shows: inline when its chain says
    /// `.navigationBarTitleDisplayMode(.inline)`, when its view's title is inline by ``SwiftNavigation/isInline(_:)``,
    /// or when UIKit's bar shows it (its view is a `UIHostingController`'s root, holds no SwiftUI navigation
    /// container, and the app never sets `prefersLargeTitles = true`: UINavigationBar's default is false); else
    /// SwiftUI's large title (`.automatic` at a navigation stack's root).
    func navigationTitle(at call: FunctionCallExprSyntax) -> SystemComponent {
        var node = Syntax(call)
        while let member = node.parent?.as(MemberAccessExprSyntax.self), let outer = member.parent?.as(FunctionCallExprSyntax.self) {
            node = Syntax(outer)
        }
        if node.trimmedDescription.contains("navigationBarTitleDisplayMode(.inline)") { return .navigationTitleInline }
        guard let view = SwiftIndex.enclosingTypes(of: Syntax(call)).last else { return .navigationTitleLarge }
        // The view's own screen is its `body`; a title in a sheet it presents (or a property a sheet shows) is that
        // sheet's, in its own navigation stack.
        if SwiftNavigation.isScreenTitle(call), navigation.isInline(view) { return .navigationTitleInline }
        let hosted = navigation.hosted.contains(view) && !navigation.containers.contains(view) && !navigation.prefersLargeTitles
        return hosted ? .navigationTitleInline : .navigationTitleLarge
    }
}
