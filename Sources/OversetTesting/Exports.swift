// The helpers take a `Label`, a `ContentSizeCategory` and a `LayoutChoice`: a test file that imports OversetTesting
// names them without importing Overset too.
@_exported import Overset
