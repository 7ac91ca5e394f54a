extension Label {
    /// What the label asks the engine cache for: its fonts, its platform's system fonts, weight and point size.
    public var fontRequest: FontRequest {
        FontRequest(named: fonts.custom, system: platform.rules.systemFonts,
                    platformDirectory: platform.rules.takesPlatformFonts ? fonts.platformDirectory : nil,
                    weight: weight, pointSize: pointSize)
    }

    /// The engine for this label's fonts, weight and point size (cached: one per distinct fonts, weight and design
    /// size in a process; the point size matters only for Inter Display from 20 pt and fonts with an `opsz` axis).
    public func engine() throws(OversetError) -> TextEngine {
        try EngineCache.shared.engine(fontRequest)
    }

    /// Whether a text prepared with `engine` measures as this label would: the same fonts, weight and design size
    /// (``/OversetEngine/FontIdentity/serves(_:)``). An engine the caller made from a font stack always counts as
    /// the label's (the caller chose its fonts); `TextEngine()` is the engine of a regular label below 20 pt with
    /// the bundled fonts, and counts as that.
    public func uses(_ engine: TextEngine) -> Bool {
        guard let identity = engine.identity else { return true }
        return identity.serves(fontRequest)
    }

    /// What a preparation of a text in `language` by this label depends on (``/OversetEngine/PreparationKey``): two
    /// labels with equal keys measure a text prepared by either the same. `measure` keys its preparations on it.
    public func preparationKey(language: String?) throws(OversetError) -> PreparationKey {
        guard let identity = try engine().identity else { preconditionFailure("the engine cache's engines have an identity") }
        return PreparationKey(fonts: identity, language: language, options: prepareOptions, markdown: markdown,
                              upperCased: allCaps)
    }

    /// `prepared` when it was prepared with this label's engine (``uses(_:)``), else its text prepared again with
    /// it: a text prepared at Large and judged at AX3, where Inter Display or a semibold instance measures it.
    public func reprepared(_ prepared: PreparedText) throws(OversetError) -> PreparedText {
        if uses(prepared.engine) { return prepared }
        if let styled = prepared.styledText {
            var options = prepared.options
            options.boldText = boldText
            return try engine().prepare(styled, language: prepared.language, options: options)
        }
        return try engine().prepare(prepared.text, language: prepared.language, options: prepared.options)
    }

    /// Prepares `text` with this label's fonts, weight and features; with ``markdown``, its Markdown read first.
    public func prepare(_ text: String, language: String? = nil) throws(OversetError) -> PreparedText {
        if markdown || allCaps { return try prepare(styled(text), language: language) }
        return try engine().prepare(text, language: language, options: prepareOptions)
    }

    /// Prepares a styled text (an `NSAttributedString`'s runs, Markdown already read) with this label's fonts as
    /// its own: a run's attributes change them (a bold run is the label's fonts in bold), the Bold Text setting
    /// makes a run's weight heavier too.
    public func prepare(_ text: StyledText, language: String? = nil) throws(OversetError) -> PreparedText {
        try engine().prepare(shown(text, language: language), language: language, options: prepareOptions)
    }

    /// ``prepare(_:language:)-(StyledText,_)`` sharing ICU's analysis with the label's other preparations of the
    /// same text (``LabelPreparations``).
    package func prepare(_ text: StyledText, language: String?,
                         sharing analysis: inout SharedAnalysis?) throws(OversetError) -> PreparedText {
        try engine().prepare(shown(text, language: language), language: language, options: prepareOptions,
                             sharing: &analysis)
    }

    /// The text as the label shows it: in capitals with ``allCaps`` (in the text's language), else as it is.
    func shown(_ text: StyledText, language: String?) -> StyledText {
        allCaps ? text.uppercased(language: language) : text
    }

    /// The options a label prepares with: its features, and Bold Text for styled runs.
    private var prepareOptions: PrepareOptions { PrepareOptions(features: fonts.features, boldText: boldText) }

    /// The text ``prepare(_:language:)-(String,_)`` measures for `text`: its Markdown read with ``markdown``, else the
    /// string as it is.
    public func styled(_ text: String) -> StyledText { markdown ? StyledText(markdown: text) : StyledText(text) }

    /// The verdict for a prepared text (prepared with ``prepare(_:language:)-(String,_)``) at the label's category.
    public func verdict(for prepared: PreparedText, policy: VerdictPolicy = VerdictPolicy()) throws(OversetError) -> Verdict {
        try Verdict(prepared, label: self, policy: policy)
    }

    /// Prepares a styled text and judges it at the label's category.
    public func verdict(for text: StyledText, language: String? = nil,
                        policy: VerdictPolicy = VerdictPolicy()) throws(OversetError) -> Verdict {
        try Verdict(prepare(text, language: language), label: self, policy: policy)
    }

    /// Prepares `text` and judges it at the label's category.
    public func verdict(for text: String, language: String? = nil,
                        policy: VerdictPolicy = VerdictPolicy()) throws(OversetError) -> Verdict {
        try Verdict(prepare(text, language: language), label: self, policy: policy)
    }

    /// Whether `text` needs more than ``maxLines`` lines (`titleWillTruncate()`), with the label's strategy.
    public func willTruncate(_ text: String, language: String? = nil) throws(OversetError) -> Bool {
        try validate()
        return try prepare(text, language: language).willTruncate(layoutOptions)
    }

    /// Lays out `text` as the label would show it.
    public func layout(_ text: String, language: String? = nil) throws(OversetError) -> TextLayout {
        try validate()
        return try prepare(text, language: language).layout(layoutOptions)
    }
}

/// One text prepared for a label at several content size categories: once for each distinct set of fonts the
/// categories measure with (the bundled stack uses Inter Display from 20 pt; a font with an optical-size axis is a
/// different instance at every size), then arithmetic at every category.
///
/// ```swift
/// let label = Label(style: .body, width: 160, maxLines: 2)
/// let texts = try LabelPreparations("Nach Updates suchen", language: "de", label: label)
/// for category in ContentSizeCategory.allCases {
///     let verdict = try label.at(category).verdict(for: texts.prepared(for: label.at(category)))
/// }
/// ```
public struct LabelPreparations: Sendable {
    /// The text as shown (for a Markdown label, without its marks).
    public let text: String
    /// The text with its styled runs (none for plain text).
    public let styled: StyledText
    /// Its language.
    public let language: String?
    /// The preparations, one per distinct engine, in the order of the categories that first needed them.
    public let all: [PreparedText]

    /// Prepares `text` for `label` at each of `categories` (every category by default); a ``Label/markdown`` label
    /// reads its Markdown once.
    public init(_ text: String, language: String? = nil, label: Label,
                categories: [ContentSizeCategory] = ContentSizeCategory.allCases) throws(OversetError) {
        try self.init(label.styled(text), language: language, label: label, categories: categories)
    }

    /// Prepares a styled text for `label` at each of `categories` (every category by default).
    public init(_ styled: StyledText, language: String? = nil, label: Label,
                categories: [ContentSizeCategory] = ContentSizeCategory.allCases) throws(OversetError) {
        try self.init(styled, language: language, label: label, sizes: categories.map(TextSize.category))
    }

    /// Prepares a styled text for `label` at each of `sizes` (categories or font scales).
    public init(_ styled: StyledText, language: String? = nil, label: Label, sizes: [TextSize]) throws(OversetError) {
        self.styled = styled
        self.text = styled.string
        self.language = language
        var all: [PreparedText] = []
        var analysis: SharedAnalysis? = nil
        for size in sizes {
            let shown = label.at(size)
            if all.contains(where: { shown.uses($0.engine) }) { continue }
            all.append(try shown.prepare(styled, language: language, sharing: &analysis))
        }
        self.all = all
    }

    /// A set of one preparation, for a text the caller prepared (its engine is used for every label).
    public init(_ prepared: PreparedText) {
        text = prepared.text
        styled = prepared.styledText ?? StyledText(prepared.text)
        language = prepared.language
        all = [prepared]
    }

    /// The preparation `label` measures with: one of ``all``, or the text prepared again for a label none of them
    /// suits (another weight or font).
    public func prepared(for label: Label) throws(OversetError) -> PreparedText {
        if let match = all.first(where: { label.uses($0.engine) }) { return match }
        return try label.prepare(styled, language: language)
    }
}
