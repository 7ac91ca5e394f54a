import Foundation
import Overset
import OversetCatalog
import OversetPlacements

/// The files an iOS app is built from, as its build sees them: with Xcode projects, their iPhone app targets'
/// compiled sources and copied resources (``/OversetPlacements/XcodeProject``); without one, every Swift,
/// Objective-C, storyboard, XIB and catalog file under the folder (dependencies' and build folders skipped).
struct IOSAppFiles {
    var swift: [String] = []
    var objectiveC: [String] = []
    var interfaceBuilder: [String] = []
    /// The catalogs the app ships (relative to the folder): what a check judges.
    var catalogs: [String] = []
    /// The projects read, when the files come from them.
    var projects: [String] = []
    /// The narrowest screen, and why.
    var screen: (width: Double, source: String) = PlatformRules.ios.narrowestScreen

    static let codeExtensions: Set<String> = ["swift", "m", "mm", "h"]
    static let catalogExtensions: Set<String> = ["strings", "stringsdict", "xcstrings"]

    /// The app's files under `folder`; files a project names that are missing are noted in `problems`.
    static func read(_ folder: String, limit: Int, problems: inout [PlacementProblem]) -> IOSAppFiles {
        let walked = PlacementFiles.walk(folder, limit: limit, skipping: Placements.skippedFolders, problems: &problems) { _, ext in
            codeExtensions.contains(ext) || ext == "storyboard" || ext == "xib" || ext == "pbxproj" || catalogExtensions.contains(ext)
        }
        var files = IOSAppFiles()
        let projectFiles = walked.filter { $0.hasSuffix(".xcodeproj/project.pbxproj") }
        var shipped: [XcodeProject.Target] = []
        for file in projectFiles {
            do {
                let project = try XcodeProject.read(file, root: folder)
                let targets = project.shippedTargets
                guard !targets.isEmpty else { continue }
                files.projects.append(file)
                shipped += targets
            } catch {
                problems.append(PlacementProblem(file: file, message: "not read: \(error)"))
            }
        }
        guard !shipped.isEmpty else { return walk(walked, folder: folder) }
        var listed = Set<String>()
        for target in shipped {
            for file in target.sources + target.resources where listed.insert(file).inserted {
                files.add(file, folder: folder)
            }
        }
        // Local Swift packages (by reference, or products of the workspace's packages) and theirs: their `Sources`.
        let packages = SwiftPackages.folders(products: shipped.flatMap(\.localProducts), folders: shipped.flatMap(\.localPackages),
                                             in: SwiftPackages.packages(walked, folder: folder))
        for package in packages {
            let sources = (package.isEmpty ? "" : package + "/") + "Sources/"
            for file in walked where file.hasPrefix(sources) && listed.insert(file).inserted { files.add(file, folder: folder) }
        }
        // Development pods (`pod 'X', :path => '…'`): built into the app, listed by no project in the repository.
        for file in podSources(walked, folder: folder) where listed.insert(file).inserted { files.add(file, folder: folder) }
        // Headers declare the classes, properties, outlets and macros the sources use; no build phase lists them.
        for header in walked where header.hasSuffix(".h") && listed.insert(header).inserted { files.objectiveC.append(header) }
        files.sort()
        let missing = listed.filter { !$0.hasSuffix("/") && !FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent($0)) }
        if !missing.isEmpty {
            problems.append(PlacementProblem(file: files.projects.joined(separator: ", "), message: "names \(missing.count) files "
                + "that are not in the folder (generated at build time?), such as \(missing.sorted().prefix(3).joined(separator: ", "))"))
        }
        let unshipped = walked.filter { catalogExtensions.contains(($0 as NSString).pathExtension) && !listed.contains($0) }.count
        if unshipped > 0 {
            problems.append(PlacementProblem(file: ".", message: "\(Plural.count(unshipped, "catalog file")) under the folder "
                + "not in the app's Copy Bundle Resources (tests, other targets, a translation platform's files): not judged"))
        }
        if let lowest = shipped.filter(\.isIPhoneApp).compactMap(\.deploymentTarget).min() {
            files.screen = IOSAppFiles.narrowestScreen(deploymentTarget: lowest)
        }
        return files
    }

    /// The code files of the app's development pods (``/OversetPlacements/CocoaPods``): those under each podspec's
    /// folder that its `source_files` patterns match.
    static func podSources(_ walked: [String], folder: String) -> [String] {
        var sources: [String] = []
        for pod in CocoaPods.localPods(in: folder) {
            let path = (folder as NSString).appendingPathComponent(pod.podspec)
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= CocoaPods.maximumFileBytes,
                  let data = FileManager.default.contents(atPath: path) else { continue }
            let base = (pod.podspec as NSString).deletingLastPathComponent
            let patterns = CocoaPods.sourcePatterns(podspec: String(decoding: data, as: UTF8.self))
            let prefix = base.isEmpty ? "" : base + "/"
            for file in walked where file.hasPrefix(prefix) && codeExtensions.contains((file as NSString).pathExtension) {
                let inner = String(file.dropFirst(prefix.count))
                if patterns.contains(where: { CocoaPods.matches(inner, pattern: $0) }) { sources.append(file) }
            }
        }
        return sources
    }

    /// Every file of the folder walk, by kind.
    private static func walk(_ walked: [String], folder: String) -> IOSAppFiles {
        var files = IOSAppFiles()
        for file in walked { files.add(file, folder: folder) }
        files.catalogs = Catalog.files(under: folder).map { Placements.relative($0, to: folder) }
        return files
    }

    /// Files sort by kind: code, Interface Builder, catalogs (a folder reference's catalogs found under it).
    private mutating func add(_ file: String, folder: String) {
        if file.hasSuffix("/") {
            for found in Catalog.files(under: (folder as NSString).appendingPathComponent(file)) {
                catalogs.append(Placements.relative(found, to: folder))
            }
            return
        }
        switch (file as NSString).pathExtension.lowercased() {
        case "swift": swift.append(file)
        case "m", "mm", "h": objectiveC.append(file)
        case "storyboard", "xib": interfaceBuilder.append(file)
        case let ext where IOSAppFiles.catalogExtensions.contains(ext): catalogs.append(file)
        default: break
        }
    }

    private mutating func sort() {
        swift.sort()
        objectiveC.sort()
        interfaceBuilder.sort()
        catalogs.sort()
    }

    /// The narrowest iPhone of a deployment target: 320 pt (iPhone SE, 1st generation) below iOS 16, 375 pt
    /// (iPhone SE, 2nd generation, and iPhone 8) from iOS 16, which requires an iPhone 8 or later. Display Zoom still
    /// shows 320 pt on iOS 16–26: `--screen-width 320` checks it.
    static func narrowestScreen(deploymentTarget lowest: Double) -> (width: Double, source: String) {
        let version = Points.format(lowest, decimals: 1)
        return lowest < 16 ? (320, "iOS \(version) deployment target: 320 pt (iPhone SE, 1st generation)")
            : (375, "iOS \(version) deployment target: 375 pt (iPhone SE, 2nd generation)")
    }
}
