/// `import Overset` gives the engine (`OversetEngine`), the label model (`OversetLabel`) and the findings with their
/// sentences (`OversetReports`): what a user of the label API needs, as one import. The label model states its
/// answers as facts (kinds, numbers, edges, categories); `OversetReports` is the one module that words them.
@_exported import OversetLabel
@_exported import OversetReports
