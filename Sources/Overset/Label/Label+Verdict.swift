extension Label {
    /// The engine for this label's fonts and weight (cached: one per distinct fonts and weight in a process).
    public func engine() throws(OversetError) -> TextEngine {
        try EngineCache.shared.engine(fonts: fonts.custom, weight: bundledWeight)
    }

    /// Prepares `text` with this label's fonts, weight and features.
    public func prepare(_ text: String, language: String? = nil) throws(OversetError) -> PreparedText {
        try engine().prepare(text, language: language, options: PrepareOptions(features: fonts.features))
    }

    /// The verdict for a prepared text (prepared with ``prepare(_:language:)``) at the label's category.
    public func verdict(for prepared: PreparedText, policy: VerdictPolicy = VerdictPolicy()) throws(OversetError) -> Verdict {
        try Verdict(prepared, label: self, policy: policy)
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
