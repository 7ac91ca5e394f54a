import Foundation

/// The app's own Swift packages: folders with a `Package.swift` inside the app's folder that its Xcode project uses
/// without naming a package (a product of a package in the workspace, or of a package folder dragged into the
/// project: `XCSwiftPackageProductDependency` with no `package`), and the local packages those depend on
/// (`.package(path: "../Strings")`). Their `Sources` are built into the app, and their resources (catalogs
/// included) ship in its bundle. A manifest is Swift; it is read as written, for the two declarations above only
/// (`.library(name: "X"` and `.package(path: "…")`): a product or path built in code is not understood. Packages from
/// a registry or a URL are not the app's and are not read.
package enum SwiftPackages {
    /// The largest `Package.swift` read: 1 MiB.
    package static let maximumFileBytes = 1 << 20

    /// A local package: its folder (relative to the app folder), its library products, its local dependencies'
    /// folders.
    package struct Package: Equatable {
        package var folder: String
        package var products: [String]
        package var dependencies: [String]
    }

    /// The packages whose manifests are among `walked` (paths relative to `folder`).
    package static func packages(_ walked: [String], folder: String) -> [Package] {
        var found: [Package] = []
        for manifest in walked where manifest == "Package.swift" || manifest.hasSuffix("/Package.swift") {
            let path = (folder as NSString).appendingPathComponent(manifest)
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= maximumFileBytes,
                  let data = FileManager.default.contents(atPath: path) else { continue }
            let base = (manifest as NSString).deletingLastPathComponent
            let text = uncommented(String(decoding: data, as: UTF8.self))
            let products = text.matches(of: /\.library\(\s*name:\s*"([^"\\]+)"/).map { String($0.1) }
            let dependencies = text.matches(of: /\.package\(\s*(?:name:\s*"[^"\\]*"\s*,\s*)?path:\s*"([^"\\]+)"/).compactMap {
                resolve(String($0.1), from: base)
            }
            found.append(Package(folder: base, products: products, dependencies: dependencies))
        }
        return found
    }

    /// The folders of the packages that make `products` and of the local packages they depend on, recursively;
    /// `folders` are packages already known by their folder (an `XCLocalSwiftPackageReference`).
    package static func folders(products: [String], folders known: [String], in packages: [Package]) -> [String] {
        var wanted: [String] = known
        for product in products {
            for package in packages where package.products.contains(product) && !wanted.contains(package.folder) {
                wanted.append(package.folder)
            }
        }
        var queue = wanted
        while let folder = queue.popLast() {
            guard let package = packages.first(where: { $0.folder == folder }) else { continue }
            for dependency in package.dependencies where !wanted.contains(dependency) {
                wanted.append(dependency)
                queue.append(dependency)
            }
        }
        return wanted.sorted()
    }

    /// A dependency's path from its manifest's folder, inside the app folder; nil when it leads out of it.
    static func resolve(_ path: String, from base: String) -> String? {
        guard !path.hasPrefix("/") else { return nil }
        let joined = PathResolver.normalized((base as NSString).appendingPathComponent(path))
        return joined.hasPrefix("..") ? nil : joined
    }

    /// The manifest without its `//` comments (a commented-out dependency is not one).
    static func uncommented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let range = line.range(of: "//") else { return String(line) }
            return String(line[..<range.lowerBound])
        }.joined(separator: "\n")
    }
}
