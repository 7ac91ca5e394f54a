import Overset
import OversetCatalog
import OversetMeasure
import OversetPictures

/// What `/v1/preview` reads beside `measure`'s request: the categories, the picture, and the component the text sits
/// in (a reflowing header, or candidate layouts), each decoded as `matrix` and a spec rule decode them.
struct PreviewOptions {
    /// The members beyond `measure`'s.
    static let keys = ["categories", "picture", "palette", "imageWidth", "spacing", "candidates"]

    /// The text sizes judged: categories for an iOS label, font scales for an Android one.
    var categories: [TextSize]
    var drawing = true
    var palette = PicturePalette.light
    /// A reflowing header beside an image (`imageWidth`, `spacing`), as `matrix` and a spec's `reflow:` make it.
    var header: ReflowComponent?
    /// Candidate layouts, as a spec rule's `candidates:`.
    var candidates: CandidateLayouts?

    /// Reads the options from the members `MeasureRequest` kept aside (``keys``), as the project's JSON reader read
    /// them.
    init(_ request: MeasureRequest, limits: ServerLimits) throws {
        let label = request.label
        let extras = request.extras
        let byFontScale = label.platform.rules.scalesByFontScale
        switch extras["categories"] {
        case nil, .null?: categories = [label.textSize]
        case .string(let name)? where name == "all": categories = TextSize.all(on: label.platform)
        case .list(let names)?:
            guard !names.isEmpty else { throw ServerError(.invalidRequest, "categories: an empty list (give \"all\" or names)") }
            // Counted before any is read: a list of 30,000 names is refused at once, not judged or drawn one by one.
            guard names.count <= limits.maximumPreviewSizes else {
                throw ServerError(.invalidRequest, "categories: \(names.count) entries, more than maximumPreviewSizes "
                    + "(\(limits.maximumPreviewSizes)): ask for fewer, or \"all\"")
            }
            categories = try names.map { name in
                // An Android label's sizes are font scales (1.3, "1.3×"); an iOS label's, categories.
                if byFontScale {
                    guard let scale = FontScale(setting: name) else {
                        throw ServerError(.invalidRequest, "categories: \(name.written.prefix(40)) is not a font scale (0.5 … 4)")
                    }
                    return .fontScale(scale)
                }
                guard case .string(let name) = name, let category = ContentSizeCategory(name) else {
                    throw ServerError(.invalidRequest, "categories: \(name.written.prefix(40)) is not a category (xSmall … AX5)")
                }
                return .category(category)
            }
            categories = Array(Set(categories)).sorted()  // a size given twice is judged and drawn once
        default:
            throw ServerError(.invalidRequest, "categories: expected \"all\" or a list of category names")
        }
        switch extras["picture"] {
        case nil, .null?: break
        case .bool(let picture)?: drawing = picture
        default: throw ServerError(.invalidRequest, "picture: expected true or false")
        }
        switch extras["palette"] {
        case nil, .null?: break
        case .string(let name)? where name == "light" || name == "dark": palette = name == "dark" ? .dark : .light
        default: throw ServerError(.invalidRequest, "palette: expected \"light\" or \"dark\"")
        }
        if extras["imageWidth"] != nil || extras["spacing"] != nil {
            guard extras["candidates"] == nil else {
                throw ServerError(.invalidRequest, "give either imageWidth (a reflowing header) or candidates, not both")
            }
            let image = try Self.points(extras["imageWidth"] ?? .number(64), "imageWidth")
            let spacing = try Self.points(extras["spacing"] ?? .number(12), "spacing")
            header = ReflowComponent(title: label, imageWidth: image, spacing: spacing, policy: .truncation)
        }
        if let refusal = label.platform.rules.reflowRefusal,
           extras["imageWidth"] != nil || extras["spacing"] != nil || extras["candidates"] != nil {
            throw ServerError(.invalidRequest, "imageWidth, spacing and candidates: " + refusal)
        }
        if let value = extras["candidates"] {
            // The spec's own reader of `candidates:`.
            do {
                candidates = try CandidateLayouts(value, origin: "candidates")
            } catch {
                throw ServerError(.invalidRequest, error.description)
            }
        }
    }

    /// A number of points within a width's range.
    static func points(_ value: SettingValue, _ name: String) throws -> Double {
        guard case .number(let number) = value, number.isFinite, LayoutLimits.width.contains(number) else {
            throw ServerError(.invalidRequest, "\(name): expected points from 0 to \(Int(LayoutLimits.width.upperBound))")
        }
        return number
    }

    /// The text at `category`: alone, or in the layout its component chooses there (the verdict `check` judges),
    /// with the layout's name and why.
    func judge(_ prepared: PreparedText, request: MeasureRequest,
               at size: TextSize) throws(OversetError) -> (verdict: Verdict, layout: String?, reason: String?) {
        let label = request.label.at(size)
        if let header, case .category(let category) = size {
            let decision = try ReflowHeader(component: header, title: prepared)
                .effectiveOrientation(for: request.label.width, category: category)
            return (decision.title.judged(by: request.policy), decision.orientation.rawValue, decision.reason)
        }
        if let candidates, case .category(let category) = size {
            let decision = try candidates.choice(text: LabelPreparations(prepared), label: request.label, policy: request.policy)
                .choose(width: request.label.width, category: category)
            let tried = decision.attempts.dropLast().map { "\($0.arrangement.name): \($0.reason)" }
            return (decision.chosen.texts[0], decision.arrangement.name, tried.isEmpty ? nil : tried.joined(separator: "; "))
        }
        return (try label.verdict(for: prepared, policy: request.policy), nil, nil)
    }
}
