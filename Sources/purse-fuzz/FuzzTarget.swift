import Foundation
import Sync

/// One fuzz input: the first byte picks the stream kind, the rest is a change-set line for the
/// Wallet export decoder. Any outcome but a crash or a hang is fine; an error must be located.
enum FuzzTarget {
    static func run(_ data: UnsafeRawBufferPointer) {
        guard let selector = data.first else { return }
        let streams: [LedgerStream] = [.accounts, .balances(accountID: "A1"), .transactions(accountID: "A1")]
        let stream = streams[Int(selector) % streams.count]
        let line = UnsafeRawBufferPointer(rebasing: data.dropFirst())
        do {
            _ = try WalletStreamReader.decodeLine(line, stream: stream, file: "fuzz.jsonl")
        } catch let error as SyncError {
            if case .badInput(_, nil, _, _) = error { fatalError("an error without its line: \(error)") }
        } catch {
            fatalError("an error that is not a SyncError: \(error)")
        }
    }
}
