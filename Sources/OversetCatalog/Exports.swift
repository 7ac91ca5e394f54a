/// `import OversetCatalog` gives the check with what it reads and writes: the catalog formats (`OversetFormats`)
/// and a check's report, its findings and its writers (`OversetReports`).
@_exported import OversetFormats
@_exported import OversetReports
