import Ledger

/// 128 bits of a text's SHA-256: what a reader keeps of a row it must know again (its identity,
/// its content) instead of the row, so memory stays small per row.
struct RowKey: Hashable {
    let high: UInt64
    let low: UInt64

    init(_ text: String) {
        var hasher = SHA256()
        hasher.update(text.utf8)
        let digest = hasher.finalize()
        high = digest[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
        low = digest[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
    }

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }
}
