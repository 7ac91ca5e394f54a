import Foundation

/// The app's own CocoaPods ("development pods": `pod 'Name', :path => 'Folder'` in its `Podfile`), whose sources
/// are built into the app although no Xcode project in the repository lists them (CocoaPods generates the Pods
/// project at install). Their sources are the podspec's `source_files` patterns, read as written (a podspec is Ruby:
/// only plain string and array assignments are understood; a pattern built in code is not). Pods from outside the
/// folder (`../`) or from a registry are not the app's and are not read.
package enum CocoaPods {
    /// A development pod: its name and its podspec, relative to the app folder.
    package struct LocalPod: Equatable {
        package var name: String
        package var podspec: String
    }

    /// The development pods the `Podfile` at the folder's root names (commented lines skipped).
    package static func localPods(in folder: String) -> [LocalPod] {
        let path = (folder as NSString).appendingPathComponent("Podfile")
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size <= maximumFileBytes,
              let data = FileManager.default.contents(atPath: path) else { return [] }
        var pods: [LocalPod] = []
        for raw in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard line.trimmingCharacters(in: .whitespaces).hasPrefix("pod "), let pathRange = line.range(of: ":path") else { continue }
            let quoted = quotedStrings(line)
            guard let full = quoted.first, let location = quotedStrings(String(line[pathRange.upperBound...])).first,
                  !location.hasPrefix("/"), !location.hasPrefix("..") else { continue }
            let name = String(full.split(separator: "/").first ?? Substring(full))
            let podspec = location.hasSuffix(".podspec") ? location : (location as NSString).appendingPathComponent(name + ".podspec")
            if !pods.contains(where: { $0.podspec == podspec }) { pods.append(LocalPod(name: name, podspec: podspec)) }
        }
        return pods
    }

    /// The `source_files` patterns of a podspec (every spec and subspec's), relative to the podspec's folder.
    package static func sourcePatterns(podspec text: String) -> [String] {
        var patterns: [String] = []
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard let range = line.range(of: ".source_files"), line[range.upperBound...].contains("=") else { continue }
            patterns += quotedStrings(String(line[range.upperBound...]))
        }
        return patterns
    }

    /// The longest `source_files` pattern read, and the most wildcards in one (a longer or wilder pattern is
    /// skipped: matching it could take time without bound).
    package static let maximumPatternLength = 256
    package static let maximumWildcards = 8
    /// The largest `Podfile` or podspec read: 1 MiB.
    package static let maximumFileBytes = 1 << 20

    /// Whether `path` (relative to the podspec's folder) matches a CocoaPods file pattern: `*` within a folder, `**`
    /// across folders, `?` one character, `{h,m,swift}` alternatives. False for a pattern over the limits.
    package static func matches(_ path: String, pattern: String) -> Bool {
        guard pattern.count <= maximumPatternLength, pattern.filter({ $0 == "*" || $0 == "?" }).count <= maximumWildcards else {
            return false
        }
        var regex = "^"
        var index = pattern.startIndex
        while index < pattern.endIndex {
            let character = pattern[index]
            let next = pattern.index(after: index)
            if pattern[index...].hasPrefix("**/") {
                regex += "(?:.*/)?"
                index = pattern.index(index, offsetBy: 3)
                continue
            }
            switch character {
            case "*": regex += next < pattern.endIndex && pattern[next] == "*" ? ".*" : "[^/]*"
            case "?": regex += "[^/]"
            case "{": regex += "(?:"
            case "}": regex += ")"
            case ",": regex += "|"
            default: regex += NSRegularExpression.escapedPattern(for: String(character))
            }
            index = character == "*" && next < pattern.endIndex && pattern[next] == "*" ? pattern.index(after: next) : next
        }
        regex += "$"
        return path.range(of: regex, options: .regularExpression) != nil
    }

    /// The strings in single or double quotes on a line, in order.
    static func quotedStrings(_ line: String) -> [String] {
        var found: [String] = []
        var quote: Character?
        var current = ""
        for character in line {
            if let open = quote {
                if character == open { found.append(current); current = ""; quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
            }
        }
        return found
    }
}
