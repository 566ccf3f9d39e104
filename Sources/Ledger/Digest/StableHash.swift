/// 64-bit FNV-1a over the bytes fed to it: the same text gives the same value on every platform
/// and in every run, unlike `Hasher`. It detects change, not tampering (SHA-256 does that).
///
/// Its values are kept: a summary's digest of a month is stored in the ledger and compared with
/// the next run's, and a mail's MIME boundaries and Message-ID are built from it.
public struct StableHash: Sendable {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    /// Feeds the UTF-8 bytes of `text`, and nothing else (no separator).
    public mutating func add(_ text: String) {
        for byte in text.utf8 {
            state ^= UInt64(byte)
            state = state &* 0x0000_0100_0000_01b3
        }
    }

    /// The value as 16 lowercase hexadecimal digits.
    public var hex: String {
        let text = String(state, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
