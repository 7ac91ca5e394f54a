/// The slack allowed when comparing lengths computed in floating point.
///
/// Widths are sums of advances in ems times a point size; two ways of adding the same advances can differ in the
/// last bits. A line whose width exceeds the limit by less than this is treated as fitting, everywhere: the breaker,
/// the clipping analysis and every report use this one constant.
public enum Tolerance {
    /// A billionth of a point (or em): far below anything a display shows, far above rounding noise.
    public static let width = 1e-9
}
