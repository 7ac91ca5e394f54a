import Foundation
import Overset
import OversetPlacements

extension Placements.Reader {
        package mutating func interfaceBuilder(_ files: [String], screenWidth: Double) -> [IBDocument] {
            var documents: [IBDocument] = []
            for file in files {
                guard let data = read(file) else { continue }
                do {
                    documents.append(try InterfaceBuilderReader.read(data: data, file: file, screenWidth: screenWidth))
                } catch {
                    problems.append(PlacementProblem(file: file, message: "not read: \(error)"))
                }
            }
            return documents
        }
}

extension Placements {
    package static func placement(key: String, table: String, element: IBElement) -> Placement {
        var placement = Placement(key: key, table: table, file: element.file, line: element.line, component: element.component)
        for setting in element.settings { placement.set(setting.name, setting.value, from: setting.from) }
        placement.notes = element.notes
        return placement
    }

    package static func outletElement(_ outlet: (type: String, property: String), in documents: [IBDocument]) -> IBElement? {
        for document in documents {
            for connection in document.outlets where connection.ownerClass == outlet.type && connection.property == outlet.property {
                if let element = document.elements.first(where: { $0.id == connection.destination }) { return element }
            }
        }
        return nil
    }
}
