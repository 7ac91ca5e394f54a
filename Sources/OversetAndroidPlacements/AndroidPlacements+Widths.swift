import Foundation
import Overset
import OversetCatalog
import OversetPlacements

/// Widths and lines as a layout's views get them beyond their own `layout_width`: views beside them in a
/// `RelativeLayout` or a `ConstraintLayout` chain, compound drawables, a fixed height that shows a number of lines,
/// single-line inputs and hints. Each figure with its source.
extension AndroidPlacements.LayoutReader {
    /// A `ConstraintLayout` child's width: the parent's (less its margins) when constrained to both of its sides,
    /// less the views it is constrained beside (`layout_constraintStart_toEndOf="@id/icon"`); a `wrap_content` view
    /// grows up to that room and no further (it is bounded by it).
    func constraintWidth(_ element: XMLElementNode, attributes: [String: String], declared: String, available: Double,
                         in parent: XMLElementNode) -> Double? {
        if declared == "match_parent" { return available }
        let start = attributes["app:layout_constraintStart_toStartOf"] ?? attributes["app:layout_constraintLeft_toLeftOf"]
        let end = attributes["app:layout_constraintEnd_toEndOf"] ?? attributes["app:layout_constraintRight_toRightOf"]
        let after = attributes["app:layout_constraintStart_toEndOf"] ?? attributes["app:layout_constraintLeft_toRightOf"]
        let before = attributes["app:layout_constraintEnd_toStartOf"] ?? attributes["app:layout_constraintRight_toLeftOf"]
        guard start != nil || after != nil, end != nil || before != nil else { return nil }
        var room = available
        for reference in [after, before].compactMap({ $0 }) where reference != "parent" {
            guard let sibling = sibling(reference, in: parent), let width = fixedWidth(of: sibling) else { return nil }
            room -= width
        }
        return max(0, room)
    }

    /// A `RelativeLayout` child's width: the parent's (less its margins) less the views it is laid out beside
    /// (`layout_toEndOf`, `layout_toStartOf`, `toRightOf`, `toLeftOf`); a `wrap_content` view is bounded by it.
    func relativeWidth(_ element: XMLElementNode, attributes: [String: String], declared: String, available: Double,
                       in parent: XMLElementNode) -> Double? {
        var room = available
        for name in ["android:layout_toEndOf", "android:layout_toStartOf", "android:layout_toRightOf", "android:layout_toLeftOf"] {
            guard let reference = attributes[name] else { continue }
            guard let sibling = sibling(reference, in: parent), let width = fixedWidth(of: sibling) else { return nil }
            room -= width
        }
        return max(0, room)
    }

    /// The sibling an `@id/name` (or `@+id/name`) names, in `parent`.
    func sibling(_ reference: String, in parent: XMLElementNode) -> XMLElementNode? {
        guard let slash = reference.firstIndex(of: "/") else { return nil }
        let id = reference[reference.index(after: slash)...]
        return parent.children.first { child in
            guard let own = child.attributes["android:id"], let mark = own.firstIndex(of: "/") else { return false }
            return own[own.index(after: mark)...] == id
        }
    }

    /// A sibling's width with its margins, when it does not size to text: a fixed `layout_width`, or an icon's (an
    /// `ImageView` 24 dp, an `ImageButton` 48 dp, `wrap_content`: Material's icon and touch-target sizes).
    func fixedWidth(of sibling: XMLElementNode) -> Double? {
        let attributes = attributes(of: sibling)
        let margins = horizontal(attributes, "android:layout_margin")
        if let fixed = resources.dimension(attributes["android:layout_width"]), fixed.unit != "px", fixed.value > 0 {
            return fixed.value + margins
        }
        let short = sibling.name.split(separator: ".").last.map(String.init) ?? sibling.name
        switch short {
        case "ImageView", "AppCompatImageView", "ShapeableImageView": return 24 + margins
        case "ImageButton", "AppCompatImageButton": return 48 + margins
        default: return nil
        }
    }

    /// Compound drawables beside the text (`drawableStart`, `drawableEnd`, their Compat and left/right forms): 24 dp
    /// each (Material icons' size) and the `drawablePadding` between.
    func compoundDrawables(_ attributes: [String: String]) -> (width: Double, source: String)? {
        let sides = [["android:drawableStart", "app:drawableStartCompat", "android:drawableLeft", "app:drawableLeftCompat"],
                     ["android:drawableEnd", "app:drawableEndCompat", "android:drawableRight", "app:drawableRightCompat"]]
        let count = sides.filter { names in names.contains { attributes[$0] != nil } }.count
        guard count > 0 else { return nil }
        let padding = resources.dimension(attributes["android:drawablePadding"]).flatMap { $0.unit == "px" ? nil : $0.value } ?? 0
        let width = Double(count) * (24 + padding)
        return (width, "\(Plural.count(count, "compound drawable")) of 24 dp and drawablePadding \(Points.format(padding)) dp "
                + "(TextView.getCompoundPaddingLeft/Right)")
    }

    /// The lines a view shows when its attributes do not say: a single-line input (`inputType` without
    /// `textMultiLine`), a `TextInputLayout`'s hint (one line, ellipsized: `CollapsingTextHelper`), a toolbar's
    /// title, or the lines a fixed `layout_height` holds at its text size (Roboto's line, 1.17 em, with the
    /// paddings off).
    func applyLineLimits(_ attributes: [String: String], component: String, hint: Bool, to placement: inout Placement) {
        let stated = placement.from["maxLines"].map { $0.hasPrefix("android:") } ?? false
        guard !stated else { return }
        if component.hasSuffix("Toolbar") {
            placement.set("maxLines", .number(1), from: "Toolbar.setTitle: setSingleLine()")
            placement.set("ellipsize", .name("end"), from: "Toolbar.setTitle: setEllipsize(END)")
            return
        }
        if hint && (component == "TextInputLayout" || component.hasSuffix("TextInputEditText")) {
            placement.set("maxLines", .number(1), from: "TextInputLayout's hint: CollapsingTextHelper maxLines 1")
            placement.set("ellipsize", .name("end"), from: "TextInputLayout's hint: ellipsize END")
            return
        }
        if let inputType = attributes["android:inputType"], !inputType.contains("textMultiLine"), !inputType.contains("none") {
            placement.set("maxLines", .number(1), from: "android:inputType \(inputType): a single-line input")
            return
        }
        var size: Double?
        if case .number(let given)? = placement.label["size"] { size = given }
        if size == nil, case .name(let name)? = placement.label["textAppearance"] { size = TextAppearance.named(name)?.size }
        guard let height = resources.dimension(attributes["android:layout_height"]), height.unit != "px", height.value > 0,
              let size else { return }
        let vertical = vertical(attributes, "android:padding")
        let lines = max(1, Int(((height.value - vertical) / (size * 1.1719)).rounded(.down)))
        placement.set("maxLines", .number(Double(lines)), from: "layout_height \(Points.format(height.value)) dp holds "
            + "\(Plural.count(lines, "line")) of \(Points.format(size)) sp text (Roboto's line 1.17 em)")
    }

    /// Top plus bottom of a padding in dp.
    func vertical(_ attributes: [String: String], _ prefix: String) -> Double {
        func value(_ name: String) -> Double? {
            resources.dimension(attributes[prefix + name]).flatMap { $0.unit == "px" ? nil : $0.value }
        }
        if let all = value("") { return 2 * all }
        if let both = value("Vertical") { return 2 * both }
        return (value("Top") ?? 0) + (value("Bottom") ?? 0)
    }
}
