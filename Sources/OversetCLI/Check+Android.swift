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
        if spec.platform == .android, categories != nil {
            throw ValidationError("--categories are iOS's; these labels are Android's: give --font-scales (such as 1,1.3,2)")
        }
        if spec.platform == .ios, fontScales != nil {
            throw ValidationError("--font-scales are Android's; these labels are iOS's: give --categories, or "
                + "platform: android in the spec")
        }
    }
}
