import Foundation
import Overset

/// Which checked strings a ``/OversetReports/CheckReport`` keeps in ``/OversetReports/CheckReport/results`` (its ``/OversetReports/CheckReport/counts`` count every
/// one).
public enum KeptResults: String, Sendable, CaseIterable {
    /// Every string, passing ones too.
    case all
    /// Only strings with a problem in some category (failed, warned or unknown): a report's memory then grows with
    /// the problems found, not with the catalog.
    case problems
    /// None: the results go only to the handler given to ``CatalogChecker/check(_:progress:results:)``.
    case none
}

/// Options for a check beyond the spec.
public struct CheckOptions: Sendable {
    /// Languages to check, overriding the spec's.
    public var languages: [String]?
    /// Categories to check, overriding the spec's (an iOS spec).
    public var categories: [ContentSizeCategory]?
    /// Font scales to check, overriding the spec's (an Android spec).
    public var fontScales: [FontScale]? = nil

    /// The sizes these options ask for on `platform`, or nil when they ask for none of its kind.
    func textSizes(on platform: Platform) -> [TextSize]? {
        platform.rules.scalesByFontScale ? fontScales.map { $0.map(TextSize.fontScale) } : categories.map { $0.map(TextSize.category) }
    }
    /// Check pseudo-localized source strings instead of the translations.
    public var pseudo: PseudoLocalization?
    /// Worker threads; 0 uses every core.
    public var threads: Int
    /// Check only shard `index` (0-based) of `count`: a deterministic share of the keys.
    public var shard: (index: Int, count: Int)?
    /// Draws the layout that failed first, for a report that shows pictures (the HTML report); nil keeps none.
    /// The catalogs do not draw: the caller hands in the drawing (`OversetPictures`' `verdict.picture().svg()`).
    public var pictureOfFailure: (@Sendable (Verdict) -> String)?
    /// The most failing strings that keep a picture: the first ones in catalog order (the same ones in every run).
    /// Strings are judged a chunk at a time, so no more than one chunk's failures are drawn past the limit, and
    /// those pictures are dropped at once: an HTML report of a catalog with thousands of failures draws and holds
    /// a few hundred pictures, not thousands. Nil keeps every picture.
    public var pictureLimit: Int? = nil
    /// Which strings the report keeps (every one by default).
    public var keptResults: KeptResults
    /// Check only these keys (every variant and language of each); a key in no catalog is an error. Nil checks
    /// every key.
    public var keys: [String]? = nil
    /// Check only these keys, the ones an app's placements give a label (`overset check APP_DIR` with no spec);
    /// the others are skipped and counted as ``CheckOptions/unplacedReason``. Nil checks every key.
    public var placedKeys: Set<String>? = nil
    /// Whether an empty catalog is a warning rather than an error: for catalogs found by searching folders
    /// (`overset check App`), where an empty `.strings` file is a language added and not yet filled.
    public var emptyCatalogsAreWarnings = false
    /// Why a key outside ``placedKeys`` is not checked, as the report's skipped counts say it.
    public static let unplacedReason = "unplaced: no label known (give one in a spec, or see `overset placements`)"

    public init(languages: [String]? = nil, categories: [ContentSizeCategory]? = nil, pseudo: PseudoLocalization? = nil,
                threads: Int = 0, shard: (index: Int, count: Int)? = nil,
                pictureOfFailure: (@Sendable (Verdict) -> String)? = nil,
                keptResults: KeptResults = .all, keys: [String]? = nil) {
        self.keys = keys
        self.pictureOfFailure = pictureOfFailure
        self.keptResults = keptResults
        self.languages = languages
        self.categories = categories
        self.pseudo = pseudo
        self.threads = threads
        self.shard = shard
    }
}

/// What a check measures (``CatalogChecker/select(_:)``): the strings, and what the report says about the rest.
public struct CheckSelection: Sendable {
    /// The catalogs as checked (Android references resolved, Base.lproj read as English where no en.lproj is),
    /// without their entries: those were moved into ``entries``, not copied.
    public var catalogs: [Catalog]
    /// The strings to judge, each (table, key, variant, language) once, in catalog order.
    public var entries: [CatalogEntry]
    /// The languages checked (canonical BCP 47 tags).
    public var languages: [String]
    /// The text sizes checked: categories (iOS) or font scales (Android).
    public var categories: [TextSize]
    /// The spec's and catalogs' diagnostics, and the errors of a selection that measures nothing.
    public var diagnostics: [CatalogDiagnostic]
    /// Strings not checked, by reason.
    public var skipped: [String: Int]
    /// Keys (with their variant) that have a string in some language but none in a selected one.
    public var untranslated: [(key: String, language: String)]
    /// Where the language selection came from, for its errors.
    var languagePlace: CatalogLocation
    /// Whether no catalog could be read at all: their errors are then the only ones (no error per language or rule,
    /// no ``nothingChecked``).
    var nothingRead = false

    /// The error of a selection that measured nothing and said no other error (never a pass with 0 checks).
    public var nothingChecked: CatalogDiagnostic {
        CatalogDiagnostic(.error, languagePlace, "nothing was checked: no string of the catalogs is in the selected "
            + "languages (\(languages.joined(separator: ", ")))")
    }
}
