import Analytics
import Foundation
import Ledger
import LedgerStore
import SampleData
import SureProtocol
import Sync

/// The one place an error becomes a message on stderr and an exit code.
enum ErrorFunnel {
    static func report(_ error: any Error, parser: ArgumentParser, stderr: TextSink) -> ExitStatus {
        if error is CheckFailed { return .checkFailed }
        if let reported = error as? FailuresReported { return reported.status }
        let (message, status) = classify(error, parser: parser)
        write(message, to: stderr)
        return status
    }

    /// Writes the message of an error a command reports itself before going on; returns its exit status.
    @discardableResult
    static func report(_ error: any Error, stderr: TextSink) -> ExitStatus {
        let (message, status) = classify(error)
        write(message, to: stderr)
        return status
    }

    private static func write(_ message: String, to stderr: TextSink) {
        stderr.write(message.hasPrefix("Error: ") ? message + "\n" : "Error: " + message + "\n")
    }

    static func classify(_ error: any Error, parser: ArgumentParser) -> (String, ExitStatus) {
        switch error {
        case let error as CommandError:
            return (parser.usageError(error.message, suggestions: error.suggestions, for: error.commandPath).description, .usage)
        case let error as UsageError:
            return (error.description, .usage)
        default:
            return classify(error)
        }
    }

    /// Why a write to the ledger at `path` failed, as the first clause of a sentence (for a
    /// warning about what a command could not keep, after it did the rest).
    static func writeFailureCause(_ error: any Error, ledger path: String) -> String {
        switch DatabaseFailure(error) {
        case .readOnly: return "the ledger at \(path) is read-only"
        case .cannotOpen where isReadOnly(ledger: path): return "the ledger at \(path) is read-only"
        case .busy: return locked
        default: break
        }
        return classify(error).0
    }

    /// A file, or a folder where SQLite cannot make the files a write needs, that this process may not write.
    private static func isReadOnly(ledger path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        return access(path, W_OK) != 0 || access(folder.isEmpty ? "." : folder, W_OK) != 0
    }

    static let locked = "the database is locked by another purse run"

    /// Every error but those of how purse was called.
    static func classify(_ error: any Error) -> (String, ExitStatus) {
        switch error {
        case let error as SyncInterrupted:
            return classify(error.underlying)
        case let error as SourceError:
            switch error {
            case .notFound: return (error.description, .notFound)
            case .badInput, .sourceBehind: return (error.description, .badInput)
            }
        case let error as SyncError:
            switch error {
            case .concurrentSync: return (error.description, .temporaryFailure)
            }
        case let error as SampleDataError:
            switch error {
            case .invalidParameter: return (error.description, .usage)
            case .cannotWrite: return (error.description, .ioError)
            }
        case let error as SureError:
            switch error.code {
            case .notFound: return (error.description, .notFound)
            case .invalidResolution, .invalidDisposition, .validationFailed, .invalidTimezone, .invalidCurrency:
                return (error.description, .usage)
            default: return (error.description, .badInput)
            }
        case let error as SureSyncFailure:
            return (error.description, error.temporary ? .temporaryFailure : .badInput)
        case let error as ConversionFailure:
            return (error.description, .badInput)
        case let error as ExchangeRateError:
            return (error.description + "; see 'purse prices'", .badInput)
        case let error as MoneyError:
            // Only absurd ledgers (totals past 900 trillion) get here: the data, not the program.
            return (error.description, .badInput)
        case let error as LedgerStoreError:
            switch error {
            case .accountOfOtherSource, .recordOfOtherAccount, .unknownAccount: return (error.description, .badInput)
            case .missingRecord: return (error.description, .temporaryFailure)
            case .unexpectedValue: return (error.description, .ioError)
            }
        case let error as LedgerOpenError:
            switch error {
            case .missing: return (error.description, .notFound)
            case .notALedger, .schemaTooOld: return (error.description, .ioError)
            }
        case let error as OutputError:
            return (error.description, .ioError)
        case _ where DatabaseFailure(error) == .busy:
            return (locked + "; try again in a moment", .temporaryFailure)
        case let error as CocoaError:
            let path = (error.userInfo[NSFilePathErrorKey] as? String).map { $0 + ": " } ?? ""
            return (path + "cannot read or write the file (\(error.localizedDescription))", .ioError)
        default:
            return ("\(error)", .ioError)
        }
    }
}
