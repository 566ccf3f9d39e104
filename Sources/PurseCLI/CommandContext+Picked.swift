import Analytics
import Foundation
import Ledger
import LedgerStore
import Rendering
import Sync
import WalletExport

/// `--input FILE` of the spending-shaped reports (README, "Picked transactions").
extension CommandContext {
    /// A ledger in memory holding the file's transactions, made by the sync engine as a sync
    /// makes one: the database is neither opened nor created, and nothing is written anywhere.
    /// The file is JSON lines of FinanceKit transactions (and accounts, and first the zones their
    /// days are in, which the source gives the ledger as a Wallet export's manifest does), or a
    /// `purse export transactions` CSV.
    func pickedLedger(_ path: String) throws -> LedgerStore {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SourceError.notFound(path: path, what: "no such file")
        }
        guard !isDirectory.boolValue else { throw SourceError.notFound(path: path, what: "a folder, not a file of transactions") }
        guard let bytes = InputFile.bytes(path) else { throw SourceError.notFound(path: path, what: "cannot read the file") }
        // An export written with --bom (for Excel), or saved again by a spreadsheet, starts with one.
        let csv = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let picked =
            PickedTransactions.isExportCSV(csv, header: TransactionsRendering.csvHeader)
            ? try PickedTransactions.exportCSV(csv, header: TransactionsRendering.csvHeader, file: path, zone: try reportTimeZone())
            : try PickedTransactions.jsonLines(bytes, file: path)
        let store = try LedgerStore(
            path: ":memory:", mode: .create(keeper: ClassificationKeeper(base: try environmentTimeZone())), now: now)
        let report = try SyncEngine(store: store, now: now).sync(PickedSource(picked, file: path))
        for stream in report.streams {
            for warning in stream.warnings { warn(warning.description) }
        }
        if let failure = report.failures.first { throw failure }
        return store
    }
}
