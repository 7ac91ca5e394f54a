/// The app's own localization functions and macros, found from their bodies, not named in a list: a function or
/// macro that hands one of its parameters to a localization call (`NSLocalizedString`, `String(localized:)`,
/// `Bundle.localizedString(forKey:value:table:)`, `LocalizedStringKey`, `LocalizedStringResource`, or another
/// wrapper) is a wrapper, and a call of it names a key where that parameter goes. Found in Swift and
/// Objective-C alike (a macro defined in a header is called from Swift too, as a C function).
///
/// One more way a wrapper is found, when its definition is not in the app (a framework the repository does not
/// hold): a function the app does not define, called at least ``minimumEvidence`` times with a string literal
/// first, most of which (``evidenceShare``) are keys of the app's catalogs. The catalogs are the evidence, not
/// the function's name.
package struct LocalizationWrappers: Sendable {
    /// Where a wrapper's key (or table) goes among a call's arguments.
    package enum Slot: Sendable, Hashable {
        /// The n-th argument without a label (0-based): C functions, macros, Swift's `_` parameters.
        case position(Int)
        /// The argument with this label (a Swift parameter's argument label).
        case label(String)
        /// The receiver: `"key".localized` (a member of `String` that localizes `self`).
        case receiver
        /// No argument: the function always names this key (or table): an accessor such as Objective-C's
        /// `NSString *OK_STRING(void) { return NSLocalizedString(@"OK", nil); }`, called from either language.
        case fixed(String)
    }

    /// A wrapper: where its key goes, and its table's, when a parameter gives one.
    package struct Wrapper: Sendable, Hashable {
        package var key: Slot
        package var table: Slot?
        /// How it was found: `defined at File.swift:12`, or the catalog evidence.
        package var source: String

        package init(key: Slot, table: Slot? = nil, source: String) {
            self.key = key
            self.table = table
            self.source = source
        }
    }

    /// Wrappers by name (a function's or macro's base name; for ``Slot/receiver``, the member's name).
    package var byName: [String: Wrapper] = [:]

    /// The wrappers the readers of the app being read consult (set with `$current.withValue(…)` around them).
    @TaskLocal package static var current = LocalizationWrappers()

    package init() {}

    /// Calls with a literal first that make an undefined function a wrapper: at least 3.
    package static let minimumEvidence = 3
    /// The share of those literals that must be catalog keys: 80 %.
    package static let evidenceShare = 0.8

    /// Adds a wrapper found in the app; a name found twice keeps its first definition.
    package mutating func add(_ name: String, _ wrapper: Wrapper) {
        if byName[name] == nil { byName[name] = wrapper }
    }

    /// The wrapper of `name`, if it is one.
    package subscript(name: String) -> Wrapper? { byName[name] }

    /// Adds, as wrappers, functions the app calls but does not define whose literal first arguments are mostly
    /// keys of its catalogs (`calls`: each name's literal first arguments; `defined`: every function or macro the
    /// app defines; `isKey`: whether a text is a catalog key).
    /// `receivers`: each member's literal receivers (`"key".localized`), which make it a ``Slot/receiver`` wrapper.
    package mutating func addFromEvidence(calls: [String: [String]], receivers: [String: [String]] = [:], defined: Set<String>,
                                          isKey: (String) -> Bool) {
        for (literals, slot) in [(calls, Slot.position(0)), (receivers, Slot.receiver)] {
            for (name, texts) in literals.sorted(by: { $0.key < $1.key })
            where byName[name] == nil && !defined.contains(name) && texts.count >= Self.minimumEvidence {
                let keys = texts.filter(isKey).count
                guard Double(keys) >= Double(texts.count) * Self.evidenceShare else { continue }
                add(name, Wrapper(key: slot, source: "not defined in the app; \(keys) of its \(texts.count) uses with a literal "
                    + "name a catalog key"))
            }
        }
    }
}
