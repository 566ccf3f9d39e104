import Ledger

/// A publisher credential: 32 random bytes as URL-safe base64 without padding (43 characters).
/// Only its SHA-256 is stored; the text is shown once.
public struct SureCredential: Sendable {
    public let text: String
    public var digest: String { SHA256.hexDigest(Array(text.utf8)) }

    public init(text: String) {
        self.text = text
    }

    public static func generate() -> SureCredential {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return SureCredential(text: Base64URL.encode(bytes))
    }
}
