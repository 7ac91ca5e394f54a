import Foundation
@_spi(OversetInternals) import OversetEngine

extension StyledText {
    /// The text in capitals as Android's `textAllCaps` shows it (`AllCapsTransformationMethod`: the text's locale's
    /// upper case, so Turkish `i` becomes `İ` and German `ß` becomes `SS`), its runs kept on the same characters.
    /// Foundation's locale-aware upper case is ICU's, as Android's is.
    public func uppercased(language: String?) -> StyledText {
        let locale = Locale(identifier: language ?? "en")
        let units = Array(string.utf16)
        guard !runs.isEmpty else { return StyledText(string.uppercased(with: locale)) }
        // Cut at every run boundary, upper-case each piece, and map the boundaries to the new offsets.
        var bounds = Set([0, units.count])
        for run in runs {
            bounds.insert(min(max(0, run.range.location), units.count))
            bounds.insert(min(max(0, run.range.upperBound), units.count))
        }
        let sorted = bounds.sorted()
        var moved: [Int: Int] = [0: 0]
        var out = ""
        var offset = 0
        for (start, end) in zip(sorted, sorted.dropFirst()) {
            let piece = String(decoding: units[start..<end], as: UTF16.self).uppercased(with: locale)
            out += piece
            offset += piece.utf16.count
            moved[end] = offset
        }
        let mapped = runs.map { run -> Run in
            let start = moved[min(max(0, run.range.location), units.count)] ?? 0
            let end = moved[min(max(0, run.range.upperBound), units.count)] ?? start
            return Run(range: TextRange(location: start, length: end - start), attributes: run.attributes)
        }
        return StyledText(out, runs: mapped)
    }
}
