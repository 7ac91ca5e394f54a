import Overset
import OversetCatalog
import OversetTesting
import Testing

/// `expectFits(key:in:…)`: a String Catalog key in every language, in one line. `SourceLocation` is Swift Testing's
/// here, with `OversetCatalog` imported beside it (the catalog's own is `CatalogLocation`).
@Suite struct CatalogKeyTests {
    /// Relative to the package root, as a user's test names its own catalog.
    static let catalog = "Tests/OversetTests/Fixtures/catalogs/Localizable.xcstrings"
    static let spec = "Tests/OversetTests/Fixtures/catalogs/layout.yml"

    /// hb-shape --font-file=Fonts/Inter-roman.var.ttf --variations=wght=400 --language=en 'Check for updates':
    /// 24,528 units, × 17 / 2,816 = 148.07 pt at body Large; 'Nach Updates suchen' (--language=de): 29,420 units
    /// = 177.61 pt. So at 160 pt the English fits on one line and the German does not: it needs two lines,
    /// 'Nach' (6,944 units = 41.92 pt) and 'Updates suchen' (21,684 units = 130.90 pt).
    static let label = Label(style: .body, width: 160, maxLines: 1)

    /// The key's English string fits: no issue.
    @Test func keyThatFits_passes() throws {
        let report = expectFits(key: "Check for updates", in: Self.catalog, label: Self.label, languages: ["en"],
                                categories: [.large])
        #expect(report?.passed == true)
        #expect(report?.checked == 1)
    }

    /// The German string does not: one issue, naming the key, `de`, the category and the line against the limit.
    @Test func germanThatDoesNotFit_failsNamingLanguageCategoryAndLine() throws {
        withKnownIssue("Nach Updates suchen is 177.61 pt, the label 160 pt") {
            expectFits(key: "Check for updates", in: Self.catalog, label: Self.label, languages: ["en", "de"],
                       categories: [.large])
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.hasPrefix("Check for updates (de) at ") && text.contains("in 1 of 1 categories (first: Large)")
                && text.contains("needs 2 lines, 1 allowed")
                && text.contains("│Nach│ 41.92 of 160 pt") && text.contains("│Updates suchen│ 130.90 of 160 pt")
        }
        let report = try CatalogFitCheck(keys: ["Check for updates"], catalog: CatalogKeyTests.root + "/" + Self.catalog,
                                         label: Self.label, languages: ["en", "de"], categories: [.large]).evaluate()
        #expect(!report.passed)
        #expect(report.failures.map(\.language) == ["de"])
    }

    /// A key in no catalog is a failure, never a pass, and says which key.
    @Test func missingKey_fails() {
        withKnownIssue("no such key") {
            expectFits(key: "Check for update", in: Self.catalog, label: Self.label)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("no key \"Check for update\" in the catalog")
        }
    }

    /// A language asked for that the key has no string in is a failure too.
    @Test func missingLanguage_fails() {
        withKnownIssue("no French") {
            expectFits(key: "Check for updates", in: Self.catalog, label: Self.label, languages: ["fr"])
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("no string of \"Check for updates\" in language \"fr\"")
        }
    }

    /// Plural variants are checked one by one, each named: `%lld neue Nachrichten` with the sample 1,234,567 needs
    /// more than 80 pt at body Large, and the issue names the variant.
    @Test func pluralVariants_areCheckedAndNamed() throws {
        let report = try CatalogFitCheck(keys: ["%lld new messages"], catalog: CatalogKeyTests.root + "/" + Self.catalog,
                                         label: Label(style: .body, width: 80, maxLines: 1), languages: ["de"],
                                         categories: [.large]).evaluate()
        let variants = report.failures.compactMap(\.variant).sorted()
        #expect(variants == ["plural.one", "plural.other"], "\(report.messages)")
        #expect(report.failures.allSatisfy { $0.result.text.hasPrefix("1,234,567 neue Nachricht") })
        #expect(report.messages.contains { $0.hasPrefix("%lld new messages [plural.other] (de)") })
    }

    /// A spec overload: the key's rule (`Check for updates`: body, 150 pt, one line) at the spec's categories and
    /// languages; the German string is 177.61 pt at Large.
    @Test func specRule_isTheRuleOfTheKey() throws {
        withKnownIssue("the German string is longer than the rule's 150 pt") {
            expectFits(key: "Check for updates", in: Self.catalog, spec: Self.spec, languages: ["de"])
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.hasPrefix("Check for updates (de)") && text.contains("rule key Check for updates")
        }
    }

    /// The same judgement as `overset check`: the keys the helper finds failing are the check's failing keys.
    @Test func everyKey_agreesWithTheCheck() throws {
        let spec = try LayoutSpec.read(path: CatalogKeyTests.root + "/" + Self.spec)
        let catalogPath = CatalogKeyTests.root + "/" + Self.catalog
        let helper = try CatalogFitCheck(keys: nil, catalog: catalogPath, spec: spec).evaluate()
        let check = try CatalogChecker(spec: spec).check([Catalog.read(path: catalogPath)])
        let failing = Set(check.results.filter { $0.status.fails }.map { "\($0.displayKey) \($0.language)" })
        #expect(Set(helper.failures.filter { $0.result.status.fails }.map { "\($0.result.displayKey) \($0.language)" }) == failing)
        #expect(!failing.isEmpty)
        #expect(helper.checked == check.counts.checks)
    }

    /// The package root (this file is Tests/OversetTestingTests/CatalogKeyTests.swift).
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()
}
