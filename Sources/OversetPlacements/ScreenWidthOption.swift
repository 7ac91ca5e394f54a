import ArgumentParser

/// `--screen-width`, declared once for every command that reads an app's placements (`overset check APP_DIR`,
/// `overset spec init`, `overset placements`): the width, in points or dp, the placements' widths are read at.
public struct ScreenWidthOption: ParsableArguments, Sendable {
    @Option(help: """
        The screen width, in points (dp on Android), an app's placements read widths at (default: the narrowest \
        screen the app supports: 320 pt below iOS 16, 375 pt from iOS 16, 320 dp on Android; 320 checks Display Zoom).
        """)
    public var screenWidth: Double?

    public init() {}

    public func validate() throws {
        if let screenWidth, !PlacementReport.screenWidthRange.contains(screenWidth) {
            throw ValidationError(PlacementReport.screenWidthError(screenWidth))
        }
    }
}
