/// Overset's release, as `overset --version`, the JSON and SARIF reports and `CHANGELOG.md` name it. A team pinning
/// Overset in CI can say which release gave a verdict.
public enum OversetVersion {
    /// The release: semantic versioning, `MAJOR.MINOR.PATCH`.
    public static let current = "0.19.0"
}
