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
