import ArgumentParser
import Foundation
import Overset
import OversetCatalog
import OversetReports

/// The one mapping from outcomes and errors to exit statuses, the same for every subcommand (the root `--help` and
/// the README's "Exit status" list it).
enum ExitStatus: Int32, Sendable {
    /// Everything judged passed (warnings allowed), or the command judges nothing (`fonts`, `pseudo`, `annotate`).
    case passed = 0
    /// Something judged failed or could not be measured (a missing glyph, a string or catalog that could not be
    /// read in full); the report was written.
    case failed = 1
    /// The command could not run: a usage error, an option out of range, or an input it cannot use at all (a font,
    /// a spec, a report to merge).
    case unusableInput = 2
    /// The output could not be written (a full disk, an unwritable path, a closed pipe): no report.
    case outputNotWritten = 3

    /// The text the root `--help` and the README show.
    static let help = """
    Exit status, the same for every subcommand: 0 when everything judged passes (warnings allowed); 1 when a \
    string fails or cannot be measured (the report is still written); 2 when the command cannot run (a usage \
    error, a value out of range, an input it cannot use); 3 when the output cannot be written.
    """

    /// The status of findings: ``failed`` when one of them fails, else ``passed``.
    static func of(_ findings: [Finding]) -> ExitStatus { findings.contains { $0.fails } ? .failed : .passed }

    /// The status of a check: ``failed`` when it did not pass (new failures against a baseline, or an input error).
    static func of(_ report: CheckReport) -> ExitStatus { report.passed ? .passed : .failed }

    /// The status of an error that stopped a command.
    static func of(_ error: any Error) -> ExitStatus {
        switch error {
        case OversetError.outputFailed: return .outputNotWritten
        case is OversetError: return .unusableInput
        case let failure as RuntimeFailure: return failure.status
        default: return .unusableInput
        }
    }

    /// Ends the process with this status unless it is ``passed`` (then the command returns as usual).
    func exit() throws {
        if self != .passed { throw ExitCode(rawValue) }
    }
}
