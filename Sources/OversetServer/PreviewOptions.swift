import Foundation
import Overset
import OversetCatalog
import OversetMeasure
import OversetPictures

/// What `/v1/preview` reads beside `measure`'s request: the categories, the picture, and the component the text sits
/// in (a reflowing header, or candidate layouts), each decoded as `matrix` and a spec rule decode them.
struct PreviewOptions {
    /// The members beyond `measure`'s.
    static let keys = ["categories", "picture", "palette", "imageWidth", "spacing", "candidates"]

    var categories: [ContentSizeCategory]
    var drawing = true
    var palette = PicturePalette.light
    /// A reflowing header beside an image (`imageWidth`, `spacing`), as `matrix` and a spec's `reflow:` make it.
    var header: ReflowComponent?
    /// Candidate layouts, as a spec rule's `candidates:`.
    var candidates: CandidateLayouts?

    init(_ body: [UInt8], label: Label) throws {
        let object = (try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]) ?? [:]
        switch object["categories"] {
        case nil: categories = [label.category]
        case let name as String where name == "all": categories = ContentSizeCategory.allCases
        case let names as [String]:
            guard !names.isEmpty else { throw ServerError(.invalidRequest, "categories: an empty list (give \"all\" or names)") }
            categories = try names.map { name in
                guard let category = ContentSizeCategory(name) else {
                    throw ServerError(.invalidRequest, "categories: \"\(name.prefix(40))\" is not a category (xSmall … AX5)")
                }
                return category
            }.sorted()
        default:
            throw ServerError(.invalidRequest, "categories: expected \"all\" or a list of category names")
        }
        if let picture = object["picture"] {
            guard let picture = picture as? Bool else { throw ServerError(.invalidRequest, "picture: expected true or false") }
            drawing = picture
        }
        if let name = object["palette"] {
            guard let name = name as? String, ["light", "dark"].contains(name) else {
                throw ServerError(.invalidRequest, "palette: expected \"light\" or \"dark\"")
            }
            palette = name == "dark" ? .dark : .light
        }
        if object["imageWidth"] != nil || object["spacing"] != nil {
            guard object["candidates"] == nil else {
                throw ServerError(.invalidRequest, "give either imageWidth (a reflowing header) or candidates, not both")
            }
            let image = try Self.points(object["imageWidth"] ?? 64.0, "imageWidth")
            let spacing = try Self.points(object["spacing"] ?? 12.0, "spacing")
            header = ReflowComponent(title: label, imageWidth: image, spacing: spacing, policy: .truncation)
        }
        if object["candidates"] != nil {
            // The spec's own reader of `candidates:`, from the request's own bytes (JSON is YAML).
            guard let value = try JSONRequest(bytes: body).fields["candidates"] else {
                throw ServerError(.invalidRequest, "candidates: expected a list of layouts")
            }
            do {
                candidates = try CandidateLayouts(value, origin: "candidates")
            } catch {
                throw ServerError(.invalidRequest, error.description)
            }
        }
    }

    /// A number of points within a width's range.
    static func points(_ value: Any, _ name: String) throws -> Double {
        guard !(value is Bool), let number = (value as? NSNumber)?.doubleValue, number.isFinite, LayoutLimits.width.contains(number) else {
            throw ServerError(.invalidRequest, "\(name): expected points from 0 to \(Int(LayoutLimits.width.upperBound))")
        }
        return number
    }

    /// The text at `category`: alone, or in the layout its component chooses there (the verdict `check` judges),
    /// with the layout's name and why.
    func judge(_ prepared: PreparedText, request: MeasureRequest,
               at category: ContentSizeCategory) throws(OversetError) -> (verdict: Verdict, layout: String?, reason: String?) {
        let label = request.label.at(category)
        if let header {
            let decision = try ReflowHeader(component: header, title: prepared)
                .effectiveOrientation(for: request.label.width, category: category)
            return (decision.title.judged(by: request.policy), decision.orientation.rawValue, decision.reason)
        }
        if let candidates {
            let decision = try candidates.choice(text: LabelPreparations(prepared), label: request.label, policy: request.policy)
                .choose(width: request.label.width, category: category)
            let tried = decision.attempts.dropLast().map { "\($0.arrangement.name): \($0.reason)" }
            return (decision.chosen.texts[0], decision.arrangement.name, tried.isEmpty ? nil : tried.joined(separator: "; "))
        }
        return (try label.verdict(for: prepared, policy: request.policy), nil, nil)
    }
}
