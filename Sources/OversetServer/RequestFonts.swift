import Foundation
import Overset
import OversetMeasure

/// The font files a request may name in `fonts` and `platformFonts`: the bundled fonts by their file names (listed
/// at start, `GET /v1/settings` says which), and, with `--fonts-dir`, the files and folders inside that folder by
/// their paths in it (links resolved, never leaving it). Nothing else: no absolute path, no `..`, no installed
/// family. A name refused gets the same words whether or not a file of that name exists anywhere.
public struct RequestFonts: Sendable {
    /// The bundled fonts' paths by file name.
    let bundled: [String: String]
    /// The folder requests may name files in, its links resolved; nil without `--fonts-dir`.
    let folder: String?

    /// Lists the bundled fonts and checks `folder`.
    /// - Throws: when `folder` is given and is not a folder (said at start, never to a request).
    public init(folder: String? = nil) throws(ServerError) {
        var bundled: [String: String] = [:]
        if let directory = try? FontStack.bundledFontsDirectory(),
           let names = try? FileManager.default.contentsOfDirectory(atPath: directory) {
            for name in names where ["ttf", "otf", "ttc"].contains((name as NSString).pathExtension.lowercased()) {
                bundled[name] = directory + "/" + name
            }
        }
        self.bundled = bundled
        guard let folder else {
            self.folder = nil
            return
        }
        guard let resolved = Self.resolved(folder), Self.kind(resolved) == .folder else {
            throw ServerError(.invalidRequest, "\(folder) is not a folder")
        }
        self.folder = resolved
    }

    /// The bundled fonts' file names, sorted.
    public var names: [String] { bundled.keys.sorted() }

    /// The rule as ``/OversetMeasure/RequestFiles`` applies it to every request.
    var files: RequestFiles {
        let fonts = self
        return RequestFiles(
            font: { name in fonts.font(name) },
            folder: { name in fonts.inside(name, kind: .folder) },
            refusal: { key, value in fonts.refusal(key: key, value: value) })
    }

    /// The path a `fonts` entry stands for: a bundled font's name, or a file in the folder (`#index` kept for a
    /// collection's face).
    func font(_ name: String) -> String? {
        var file = Substring(name), face = ""
        if let hash = name.lastIndex(of: "#"), name[name.index(after: hash)...].allSatisfy(\.isASCII),
           Int(name[name.index(after: hash)...]) != nil {
            file = name[..<hash]
            face = String(name[hash...])
        }
        if let path = bundled[String(file)] { return path + face }
        return inside(String(file), kind: .file).map { $0 + face }
    }

    enum Kind { case file, folder, other }

    /// The real path of `name` inside the folder when it is of `kind` there; nil for anything else (absolute,
    /// `..`, a link out of the folder, missing), without saying which.
    func inside(_ name: String, kind: Kind) -> String? {
        guard let folder, !name.isEmpty, !name.hasPrefix("/"), !name.contains("\u{0}"),
              !name.split(separator: "/").contains("..") else { return nil }
        guard let resolved = Self.resolved(folder + "/" + name), resolved.hasPrefix(folder + "/"),
              Self.kind(resolved) == kind else { return nil }
        return resolved
    }

    /// The words of every refusal of `key`'s `value`.
    func refusal(key: String, value: String) -> String {
        let shown = String(value.unicodeScalars.filter { $0.value >= 0x20 }.prefix(100).map(Character.init))
        let what = key == "platformFonts" ? "a folder of fonts" : "a font"
        let allowed = key == "platformFonts"
            ? (folder == nil ? "none: the server was started without --fonts-dir" : "a folder in the server's --fonts-dir, by its path in it")
            : "a bundled font by its file name (GET /v1/settings lists them)"
                + (folder == nil ? "" : ", or a file in the server's --fonts-dir by its path in it")
        return "\(key): \"\(shown)\" is not \(what) this server serves; it serves \(allowed)"
    }

    /// `path` with its links resolved, or nil when it does not exist.
    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    static func kind(_ path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }
}
