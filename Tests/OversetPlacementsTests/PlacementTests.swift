import Testing
@testable import OversetPlacements
