import Foundation

/// The files of an app that placements read: one walk for every kind of app.
package enum PlacementFiles {
    /// The files under `folder` that `accept` takes (given the path relative to `folder` and the extension), relative
    /// and sorted; folders named in `skipping` (dependencies, build output) and hidden ones are not searched, and
    /// symbolic links are not followed (one may lead out of the app). Past `limit` files, the rest are counted in
    /// `problems` (`maximumFiles`) and not listed.
    package static func walk(_ folder: String, limit: Int, skipping: Set<String>, problems: inout [PlacementProblem],
                             accept: (_ relativePath: String, _ extension: String) -> Bool) -> [String] {
        let root = URL(fileURLWithPath: folder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isSymbolicLinkKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        let rootPath = root.standardizedFileURL.path + "/"
        var found: [String] = []
        var over = 0
        for case let url as URL in walker {
            if skipping.contains(url.lastPathComponent) { walker.skipDescendants(); continue }
            let path = url.standardizedFileURL.path
            let relative = path.hasPrefix(rootPath) ? String(path.dropFirst(rootPath.count)) : path
            guard accept(relative, url.pathExtension) else { continue }
            if (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]))?.isSymbolicLink == true { continue }
            guard found.count < limit else { over += 1; continue }
            found.append(relative)
        }
        if over > 0 {
            problems.append(PlacementProblem(file: ".", message: "\(over) source files not read: over the limit of "
                + "\(limit) files (maximumFiles)"))
        }
        return found.sorted()
    }
}

extension PlacementFiles {
    /// The kinds of file an app's readers read, by extension (Swift, Objective-C, Interface Builder, catalogs, the
    /// Xcode project, Kotlin, Java, Gradle scripts); an XML file is one when it is a resource (under `res/`) or a
    /// manifest.
    static let readExtensions: Set<String> = ["swift", "m", "mm", "h", "storyboard", "xib", "strings", "stringsdict",
                                              "xcstrings", "xliff", "xlf", "pbxproj", "kt", "kts", "java", "gradle"]

    /// Why `output` may not be written, when it is a file the readers of the app in one of `folders` read: the same
    /// file after every link is resolved (the output's and the folder's), inside the folder, of a kind
    /// ``readExtensions`` names. Nil when it may be written (a new file, or a report beside the sources).
    package static func refusal(toWrite output: String, inside folders: [String]) -> String? {
        guard let target = realpath(output) else { return nil }  // a new file is nobody's source
        for folder in folders {
            guard let root = realpath(folder), target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { continue }
            let relative = String(target.dropFirst(root.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            let ext = (relative as NSString).pathExtension.lowercased()
            let isResourceXML = ext == "xml" && (relative.hasPrefix("res/") || relative.contains("/res/")
                || (relative as NSString).lastPathComponent == "AndroidManifest.xml")
            if readExtensions.contains(ext) || isResourceXML {
                return "'\(output)' is \(relative) in the app folder \(folder), a file this reads: refusing to write over it "
                    + "(choose a path that is not one of the app's sources)"
            }
        }
        return nil
    }

    /// The path with every link resolved, or nil when nothing is there.
    private static func realpath(_ path: String) -> String? {
        guard let resolved = Foundation.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
