import Foundation
import Ledger
import WalletExport

extension WalletExportWriter {
    /// Rewrites a stream file longer than the configured threshold as one snapshot of its
    /// records, at the next sequence of the same generation (purse resyncs the stream from it
    /// when it has not read every line before, and otherwise applies it as the next change
    /// set). A file not even twice its first line (already one large snapshot) is left as is,
    /// so a stream bigger than the threshold is not rewritten on every change.
    /// Returns where the stream stands afterwards.
    func compactIfLong(_ stream: LedgerStream, state: ExportStreamState) throws -> ExportStreamState {
        let url = file(of: stream)
        let size = try DurableFile.size(of: url)
        guard size > configuration.compactionThreshold, size > 2 * (try DurableFile.firstLineLength(of: url)) else { return state }
        let records = try Self.replay(url, stream: stream)
        var compacted = state
        compacted.sequence += 1
        return try write(records, to: stream, state: compacted, isSnapshot: true)
    }

    /// The stream's records after every line of its file, read back through purse's own decoder.
    static func replay(_ url: URL, stream: LedgerStream) throws -> StreamChange.Records {
        let data = try Data(contentsOf: url)
        var accounts = RecordState(id: \Account.id)
        var balances = RecordState(id: \AccountBalance.id)
        var transactions = RecordState(id: \Transaction.id)
        try data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var start = 0
            var lineNumber = 0
            while let newline = bytes[start...].firstIndex(of: 0x0A) {
                lineNumber += 1
                let line = UnsafeRawBufferPointer(rebasing: bytes[start..<newline])
                start = newline + 1
                let change = try WalletStreamReader.decodeLine(line, stream: stream, file: url.path + ":\(lineNumber)")
                switch change.records {
                case .accounts(let set): accounts.apply(set, isSnapshot: change.replacesStream)
                case .balances(let set): balances.apply(set, isSnapshot: change.replacesStream)
                case .transactions(let set): transactions.apply(set, isSnapshot: change.replacesStream)
                }
            }
        }
        switch stream {
        case .accounts: return .accounts(accounts.snapshot)
        case .balances: return .balances(balances.snapshot)
        case .transactions: return .transactions(transactions.snapshot)
        }
    }
}
