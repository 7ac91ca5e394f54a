import Foundation

/// An Xcode project (`project.pbxproj`) read as the build reads it: each target's compiled sources and copied
/// resources (localized variant groups, Xcode 16's synchronized folders and local Swift packages included), its
/// deployment target, devices and the targets it depends on. Parsed with Foundation's property-list reader (the
/// file is an old-style property list), not by hand.
///
/// What the app ships is its iPhone application targets and the targets they depend on (frameworks, app
/// extensions), not tests, watch apps or Mac targets: their source files are the code placements read, their
/// resources the catalogs and Interface Builder files a check judges.
package struct XcodeProject: Sendable {
    /// A target, with its files relative to the app folder.
    package struct Target: Sendable {
        package var name: String
        package var productType: String
        package var sources: [String] = []
        package var resources: [String] = []
        /// The lowest iOS deployment target of its configurations (or the project's).
        package var deploymentTarget: Double?
        /// `TARGETED_DEVICE_FAMILY`: 1 iPhone, 2 iPad.
        package var deviceFamilies: Set<Int> = [1]
        /// `SDKROOT` / `SUPPORTED_PLATFORMS`: whether it builds for iOS.
        package var isIOS = true
        package var dependencies: [String] = []
        /// Local Swift packages it uses, by folder (relative to the app folder).
        package var localPackages: [String] = []
        /// Products it uses that no package reference names (a workspace's package, found by its manifest).
        package var localProducts: [String] = []

        /// An iPhone application.
        package var isIPhoneApp: Bool {
            productType == "com.apple.product-type.application" && isIOS && deviceFamilies.contains(1)
        }
        /// Built into an app but not an app of its own: frameworks, libraries, app extensions.
        package var isPartOfApp: Bool {
            productType.hasPrefix("com.apple.product-type.framework") || productType.hasPrefix("com.apple.product-type.library")
                || productType == "com.apple.product-type.app-extension" || productType == "com.apple.product-type.bundle"
        }
    }

    /// The project file, relative to the app folder.
    package var path: String
    package var targets: [Target]

    /// The targets an iPhone app is built from: its application targets and, recursively, the frameworks and
    /// extensions they depend on.
    package var shippedTargets: [Target] {
        var wanted = targets.filter(\.isIPhoneApp)
        var names = Set(wanted.map(\.name))
        var queue = wanted
        while let target = queue.popLast() {
            for dependency in target.dependencies where !names.contains(dependency) {
                guard let found = targets.first(where: { $0.name == dependency }), found.isPartOfApp, found.isIOS else { continue }
                names.insert(dependency)
                wanted.append(found)
                queue.append(found)
            }
        }
        return wanted
    }

    /// Reads `project.pbxproj` at `file` (relative to `root`, the app folder).
    /// - Throws: an error naming the file when it is not a property list Xcode writes.
    package static func read(_ file: String, root: String) throws -> XcodeProject {
        let url = URL(fileURLWithPath: root).appendingPathComponent(file)
        let data = try Data(contentsOf: url)
        guard let plist = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let objects = plist["objects"] as? [String: [String: Any]], let rootID = plist["rootObject"] as? String,
              let project = objects[rootID] else {
            throw PlacementError(message: "\(file): not an Xcode project (no objects or root object)")
        }
        // The folder the project's paths start from: the one holding the .xcodeproj, and its projectDirPath.
        let projectFolder = ((file as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let base = (projectFolder as NSString).appendingPathComponent(project["projectDirPath"] as? String ?? "")
        let paths = PathResolver(objects: objects, sourceRoot: base, mainGroup: project["mainGroup"] as? String)
        let projectSettings = Self.settings(objects, list: project["buildConfigurationList"] as? String)
        var targets: [Target] = []
        for id in project["targets"] as? [String] ?? [] {
            guard let object = objects[id], object["isa"] as? String == "PBXNativeTarget" else { continue }
            targets.append(Self.target(object, id: id, objects: objects, paths: paths, projectSettings: projectSettings, root: root))
        }
        return XcodeProject(path: file, targets: targets)
    }

    private static func target(_ object: [String: Any], id: String, objects: [String: [String: Any]], paths: PathResolver,
                               projectSettings: [[String: Any]], root: String) -> Target {
        var target = Target(name: object["name"] as? String ?? "", productType: object["productType"] as? String ?? "")
        for phaseID in object["buildPhases"] as? [String] ?? [] {
            guard let phase = objects[phaseID], let isa = phase["isa"] as? String,
                  isa == "PBXSourcesBuildPhase" || isa == "PBXResourcesBuildPhase" else { continue }
            for buildFileID in phase["files"] as? [String] ?? [] {
                guard let reference = objects[buildFileID]?["fileRef"] as? String else { continue }
                let files = paths.files(of: reference)
                if isa == "PBXSourcesBuildPhase" { target.sources += files } else { target.resources += files }
            }
        }
        for groupID in object["fileSystemSynchronizedGroups"] as? [String] ?? [] {
            let (sources, resources) = paths.synchronized(groupID, target: id, root: root)
            target.sources += sources
            target.resources += resources
        }
        for dependencyID in object["dependencies"] as? [String] ?? [] {
            guard let targetID = objects[dependencyID]?["target"] as? String, let name = objects[targetID]?["name"] as? String else { continue }
            target.dependencies.append(name)
        }
        for productID in object["packageProductDependencies"] as? [String] ?? [] {
            guard let product = objects[productID] else { continue }
            guard let packageID = product["package"] as? String else {
                // A product of a package the workspace or a dragged-in folder provides: found by its manifest.
                if let name = product["productName"] as? String, !name.hasPrefix("plugin:") { target.localProducts.append(name) }
                continue
            }
            guard let package = objects[packageID], package["isa"] as? String == "XCLocalSwiftPackageReference",
                  let relative = package["relativePath"] as? String else { continue }
            target.localPackages.append(paths.localPackageFolder(relative))
        }
        let settings = Self.settings(objects, list: object["buildConfigurationList"] as? String)
        func setting(_ name: String) -> [String] {
            (settings + projectSettings).compactMap { $0[name] }.flatMap { value -> [String] in
                if let text = value as? String { return [text] }
                return value as? [String] ?? []
            }
        }
        target.deploymentTarget = setting("IPHONEOS_DEPLOYMENT_TARGET").compactMap(Double.init).min()
        let families = setting("TARGETED_DEVICE_FAMILY").first.map { $0.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        if let families, !families.isEmpty { target.deviceFamilies = Set(families) }
        let platforms = (setting("SDKROOT") + setting("SUPPORTED_PLATFORMS")).joined(separator: " ")
        target.isIOS = platforms.isEmpty || platforms.contains("iphoneos") || platforms.contains("auto")
        return target
    }

    /// The build settings of a configuration list's configurations.
    private static func settings(_ objects: [String: [String: Any]], list: String?) -> [[String: Any]] {
        guard let list, let ids = objects[list]?["buildConfigurations"] as? [String] else { return [] }
        return ids.compactMap { objects[$0]?["buildSettings"] as? [String: Any] }
    }
}

/// Where a project's file references are, relative to the app folder: through their groups (`<group>`), from the
/// project's folder (`SOURCE_ROOT`), or absolute under the app folder; build products and SDK files are not files
/// of the app.
struct PathResolver {
    let objects: [String: [String: Any]]
    let sourceRoot: String
    let mainGroup: String?
    /// Each object's parent group.
    private let parents: [String: String]

    init(objects: [String: [String: Any]], sourceRoot: String, mainGroup: String?) {
        self.objects = objects
        self.sourceRoot = sourceRoot
        self.mainGroup = mainGroup
        var parents: [String: String] = [:]
        for (id, object) in objects {
            for child in object["children"] as? [String] ?? [] { parents[child] = id }
        }
        self.parents = parents
    }

    /// The path of an object relative to the app folder, nil when it is not in the app (a build product, the SDK).
    func path(of id: String, depth: Int = 0) -> String? {
        guard depth < 64, let object = objects[id] else { return nil }
        let own = object["path"] as? String
        switch object["sourceTree"] as? String ?? "<group>" {
        case "<group>":
            let parent = parents[id].flatMap { path(of: $0, depth: depth + 1) } ?? sourceRoot
            return PathResolver.normalized((parent as NSString).appendingPathComponent(own ?? ""))
        case "SOURCE_ROOT":
            return PathResolver.normalized((sourceRoot as NSString).appendingPathComponent(own ?? ""))
        default:
            return nil
        }
    }

    /// The files a build file's reference stands for: a file, a localized variant group's languages, or every file
    /// of a folder reference.
    func files(of reference: String) -> [String] {
        guard let object = objects[reference] else { return [] }
        switch object["isa"] as? String {
        case "PBXVariantGroup":
            return (object["children"] as? [String] ?? []).compactMap { path(of: $0) }
        case "PBXFileReference":
            guard let file = path(of: reference) else { return [] }
            if object["lastKnownFileType"] as? String == "folder" { return [file + "/"] }
            return [file]
        default:
            return []
        }
    }

    /// The files of an Xcode 16 synchronized folder that belong to `target` (every file under it but the
    /// membership exceptions of `target`'s own exception sets: another target's exceptions say what that target
    /// leaves out), as sources and resources.
    func synchronized(_ id: String, target: String, root: String) -> (sources: [String], resources: [String]) {
        guard let group = objects[id], let folder = path(of: id) else { return ([], []) }
        var excluded: Set<String> = []
        for exceptionID in group["exceptions"] as? [String] ?? [] {
            guard let exception = objects[exceptionID], (exception["target"] as? String).map({ $0 == target }) ?? true else { continue }
            for member in exception["membershipExceptions"] as? [String] ?? [] { excluded.insert(member) }
        }
        return PathResolver.classify(folder: folder, root: root) { !excluded.contains($0) }
    }

    /// The folder of a local Swift package the target uses (relative to the app folder).
    func localPackageFolder(_ relative: String) -> String {
        PathResolver.normalized((sourceRoot as NSString).appendingPathComponent(relative))
    }

    /// Every file under `folder` (relative to `root`) that `keep` keeps (by its path within the folder), as
    /// sources (code) and resources (everything else); at most 20,000.
    static func classify(folder: String, root: String, keep: (String) -> Bool) -> (sources: [String], resources: [String]) {
        var sources: [String] = [], resources: [String] = []
        let base = URL(fileURLWithPath: root).appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return ([], []) }
        let prefix = base.standardizedFileURL.path + "/"
        for case let url as URL in walker {
            guard sources.count + resources.count < 20_000 else { break }
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let inside = String(url.standardizedFileURL.path.dropFirst(prefix.count))
            guard keep(inside) else { continue }
            let file = (folder as NSString).appendingPathComponent(inside)
            if ["swift", "m", "mm", "c", "h"].contains(url.pathExtension.lowercased()) { sources.append(file) } else { resources.append(file) }
        }
        return (sources, resources)
    }

    /// A relative path without `.` and with `..` applied; leading `..` kept.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }
}
