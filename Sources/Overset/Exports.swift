/// `Overset` is the label model (settings, resolution, the verdict, reflow) over the engine (fonts, preparation,
/// layout) in `OversetEngine`; importing `Overset` gives both, as before the two were split.
@_exported import OversetEngine
