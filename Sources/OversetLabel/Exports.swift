/// `OversetLabel` is the label model (settings, resolution, the verdict, reflow) over the engine (fonts, preparation,
/// layout) in `OversetEngine`, which it re-exports. Users import `Overset`, which adds the sentences
/// (`OversetReports`).
@_exported import OversetEngine
