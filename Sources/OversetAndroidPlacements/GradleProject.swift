import Foundation
import OversetPlacements

/// An Android project read as Gradle builds it: the modules `settings.gradle(.kts)` includes, which of them are
/// applications (`com.android.application`), the modules each depends on (`implementation(project(":core"))`,
/// `api(projects.core.ui)`), their `minSdk`, and their source sets (`src/main` and each flavor's and build type's,
/// never `src/test` or `src/androidTest`). What the app ships is its application modules and the project modules
/// they depend on: resources and code of other modules (samples, tests, a library the app does not use) are not
/// read.
///
/// Gradle's build scripts are programs; this reads the few declarations above as text, the way they are written in
/// practice, and says so: a module it cannot tell is read as shipped (never dropped silently).
package struct GradleProject: Sendable {
    /// A module: its Gradle path (`:app`), its folder (relative to the project), whether it is an application, the
    /// modules it depends on, its minSdk.
    package struct Module: Sendable {
        package var path: String
        package var folder: String
        package var isApplication: Bool
        package var dependencies: [String]
        package var minSdk: Int?
    }

    package var modules: [Module]

    /// The modules the app is built from: its application modules and, recursively, their project dependencies.
    package var shipped: [Module] {
        var wanted = modules.filter(\.isApplication)
        var names = Set(wanted.map(\.path))
        var queue = wanted
        while let module = queue.popLast() {
            for dependency in module.dependencies where !names.contains(dependency) {
                guard let found = modules.first(where: { $0.path == dependency }) else { continue }
                names.insert(dependency)
                wanted.append(found)
                queue.append(found)
            }
        }
        return wanted
    }

    /// Whether a file (relative to the project) is in a shipped module's source sets.
    package func ships(_ file: String, modules shipped: [Module]) -> Bool {
        for module in shipped {
            let prefix = module.folder.isEmpty ? "" : module.folder + "/"
            guard file.hasPrefix(prefix) else { continue }
            let inside = file.dropFirst(prefix.count)
            guard inside.hasPrefix("src/") else { continue }
            let sourceSet = inside.dropFirst(4).prefix { $0 != "/" }
            if sourceSet == "test" || sourceSet.hasPrefix("test") || sourceSet.hasPrefix("androidTest") || sourceSet == "debug" { return false }
            // A nested module's files belong to it, not to the module around it.
            if modules.contains(where: { $0.folder != module.folder && $0.folder.hasPrefix(prefix) && file.hasPrefix($0.folder + "/") }) {
                continue
            }
            return true
        }
        return false
    }

    /// Reads `settings.gradle(.kts)` under `folder` and each included module's build script; nil when there is no
    /// settings file (not a Gradle project: every file is read).
    package static func read(_ folder: String) -> GradleProject? {
        let root = URL(fileURLWithPath: folder)
        guard let settings = ["settings.gradle.kts", "settings.gradle"].lazy.compactMap({
            try? String(contentsOf: root.appendingPathComponent($0), encoding: .utf8)
        }).first else { return nil }
        var modules: [Module] = []
        for path in includes(in: settings) {
            let folderName = path.split(separator: ":").joined(separator: "/")
            let script = ["build.gradle.kts", "build.gradle"].lazy.compactMap {
                try? String(contentsOf: root.appendingPathComponent(folderName).appendingPathComponent($0), encoding: .utf8)
            }.first ?? ""
            let application = script.contains("com.android.application") || script.contains("android.application")
                || script.contains("alias(libs.plugins.android.application)")
            modules.append(Module(path: path, folder: folderName, isApplication: application,
                                  dependencies: projectDependencies(in: script), minSdk: minSdk(in: script)))
        }
        // Typesafe accessors (`projects.core.ui`) name modules by their path's words in camel case: matched to the
        // included paths by those words.
        let byWords = Dictionary(modules.map { (words($0.path), $0.path) }, uniquingKeysWith: { first, _ in first })
        for index in modules.indices {
            modules[index].dependencies = modules[index].dependencies.map { byWords[words($0)] ?? $0 }
        }
        return GradleProject(modules: modules)
    }

    /// The module paths `include(":app", ":core:ui")` (on one line or several), `include ':app', ':core'` name;
    /// commented lines are not read.
    static func includes(in settings: String) -> [String] {
        let lines = settings.split(separator: "\n").map { line -> Substring in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return trimmed.hasPrefix("//") ? "" : trimmed
        }
        var found: [String] = []
        func add(_ text: Substring) {
            for match in text.matches(of: /["']:?([A-Za-z0-9_\-:.]+)["']/) {
                let path = ":" + String(match.1).trimmingCharacters(in: [":"])
                if !found.contains(path) { found.append(path) }
            }
        }
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix("include"), !line.hasPrefix("includeBuild") else { continue }
            add(line)
            // `include(` whose list goes on past its line: up to the closing parenthesis (at most 500 lines).
            guard let open = line.firstIndex(of: "("), !line[open...].contains(")") else { continue }
            var taken = 0
            while index < lines.count, taken < 500 {
                let next = lines[index]
                index += 1
                taken += 1
                add(next.prefix { $0 != ")" })
                if next.contains(")") { break }
            }
        }
        return found
    }

    /// The project modules a build script depends on (`project(":core")`, `projects.core.ui`), in any configuration
    /// but tests'.
    static func projectDependencies(in script: String) -> [String] {
        var found: [String] = []
        for line in script.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("test"), !trimmed.hasPrefix("androidTest"), !trimmed.hasPrefix("//") else { continue }
            for match in trimmed.matches(of: /project\(\s*(?:path\s*[:=]\s*)?["'](:[A-Za-z0-9_\-:.]+)["']/) { found.append(String(match.1)) }
            for match in trimmed.matches(of: /projects\.([A-Za-z0-9_.]+)/) {
                found.append(":" + match.1.split(separator: ".").joined(separator: ":"))
            }
        }
        return found
    }

    /// `minSdk = 24`, `minSdkVersion 21`.
    static func minSdk(in script: String) -> Int? {
        script.firstMatch(of: /minSdk(?:Version)?\s*[=(]?\s*(\d+)/).flatMap { Int($0.1) }
    }

    /// A module path's words, lower-cased, for typesafe accessors: `:core:ui-kit` and `:core:uiKit` are
    /// `core ui kit`.
    static func words(_ path: String) -> String {
        var out = ""
        for character in path {
            if character == ":" || character == "-" || character == "_" || character == "." { out.append(" "); continue }
            if character.isUppercase { out.append(" ") }
            out += character.lowercased()
        }
        return out.split(separator: " ").joined(separator: " ")
    }
}
