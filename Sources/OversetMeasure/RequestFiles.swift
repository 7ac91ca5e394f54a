import Overset

/// Which files a request's `fonts` and `platformFonts` may reach: every path (the CLI's `measure`, whose requests
/// are its user's own), or only those a server allows (`overset serve`: the fonts it serves, by name, and a folder
/// given at its start). A name it refuses is answered with ``refusal``, the same words whether or not a file of
/// that name exists, so that a request cannot probe the file system.
public struct RequestFiles: Sendable {
    /// The path a `fonts` entry stands for (a file, `path#index` for a collection's face), or nil when refused.
    public var font: @Sendable (String) -> String?
    /// The folder a `platformFonts` value stands for, or nil when refused.
    public var folder: @Sendable (String) -> String?
    /// Why a value of `key` was refused, naming what may be given instead.
    public var refusal: @Sendable (_ key: String, _ value: String) -> String

    /// - Parameters are the properties of the same names.
    public init(font: @escaping @Sendable (String) -> String?, folder: @escaping @Sendable (String) -> String?,
                refusal: @escaping @Sendable (_ key: String, _ value: String) -> String) {
        self.font = font
        self.folder = folder
        self.refusal = refusal
    }

    /// A label's named fonts and platform folder replaced by the paths they stand for.
    /// - Throws: ``refusal``'s words for the first name refused.
    func resolve(_ label: inout Label) throws(MeasureRequest.Failure) {
        var custom: [String] = []
        for name in label.fonts.custom {
            guard let path = font(name) else {
                throw MeasureRequest.Failure(message: refusal("fonts", name), idJSON: nil)
            }
            custom.append(path)
        }
        label.fonts.custom = custom
        if let name = label.fonts.platform {
            guard let path = folder(name) else {
                throw MeasureRequest.Failure(message: refusal("platformFonts", name), idJSON: nil)
            }
            label.fonts.platform = path
        }
    }
}
