/// A check's report (``/OversetReports/CheckReport``), its findings and its writers live in `OversetReports`;
/// `import OversetCatalog` gives them with the checker that makes them.
@_exported import OversetReports
