import ArgumentParser
import Foundation
import Overset
import OversetCatalog

extension Check {
    /// `--font-scales 1,1.3,2` (or `130%`, `1.3×`), each within ``/OversetLabel/FontScale/limits``.
    static func parseFontScales(_ text: String) throws -> [FontScale] {
        try text.split(separator: ",").map { part in
            guard let scale = FontScale(setting: .string(String(part))) else {
                throw ValidationError("--font-scales: '\(part)' is not a font scale from "
                    + "\(Points.format(FontScale.limits.lowerBound)) to \(Points.format(FontScale.limits.upperBound))")
            }
            return scale
        }
    }

    /// Sizes of the other platform (`--categories` for Android labels, `--font-scales` for iOS ones) are a usage
    /// mistake, stopped (exit 2) before anything is read.
    func refuseOtherPlatformSizes(_ spec: LayoutSpec) throws {
        if let refusal = spec.platform.rules.refusalOfOtherSizes(categories: categories != nil,
                                                                 fontScales: fontScales != nil, option: true) {
            throw ValidationError(refusal)
        }
    }
}
