import Foundation
import OversetPlacements
import SwiftSyntax

extension SwiftIndex {
    /// The navigation title a `.navigationTitle(…)` modifier shows: inline when its chain says
    /// `.navigationBarTitleDisplayMode(.inline)`, or when UIKit's bar shows it (its view is a `UIHostingController`'s
    /// root, holds no SwiftUI navigation container, and the app never sets `prefersLargeTitles = true`:
    /// UINavigationBar's default is false); else SwiftUI's large title (`.automatic` at a navigation stack's root).
    func navigationTitle(at call: FunctionCallExprSyntax) -> SystemComponent {
        var node = Syntax(call)
        while let member = node.parent?.as(MemberAccessExprSyntax.self), let outer = member.parent?.as(FunctionCallExprSyntax.self) {
            node = Syntax(outer)
        }
        if node.trimmedDescription.contains("navigationBarTitleDisplayMode(.inline)") { return .navigationTitleInline }
        guard let view = SwiftIndex.enclosingTypes(of: Syntax(call)).last else { return .navigationTitleLarge }
        let hosted = navigation.hosted.contains(view) && !navigation.containers.contains(view) && !navigation.prefersLargeTitles
        return hosted ? .navigationTitleInline : .navigationTitleLarge
    }
}
