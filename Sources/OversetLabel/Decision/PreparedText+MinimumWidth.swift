extension PreparedText {
    /// The narrowest width, in points, at which the text fits in `maxLines` lines at `pointSize` (within 1/100 pt),
    /// or nil when it never does (a line limit smaller than the mandatory breaks need).
    public func minimumWidth(toFitIn maxLines: Int, pointSize: Double,
                             strategy: LineBreakStrategy = .pushOut) throws(OversetError) -> Double? {
        guard maxLines > 0 else {
            throw .invalidArgument(name: "maxLines", value: "\(maxLines)", expected: "1 or more")
        }
        var high = naturalWidth(pointSize: pointSize) + 1
        guard try !willTruncate(width: high, pointSize: pointSize, maxLines: maxLines, strategy: strategy) else {
            return nil
        }
        var low = 0.0
        while high - low > 0.01 {
            let mid = (low + high) / 2
            if try willTruncate(width: mid, pointSize: pointSize, maxLines: maxLines, strategy: strategy) {
                low = mid
            } else {
                high = mid
            }
        }
        return high
    }
}
