import Ledger
import Testing

/// FIPS 180-4 SHA-256 against the NIST example vectors.
@Suite("SHA-256")
struct SHA256Tests {
    @Test("the empty message")
    func empty() {
        #expect(SHA256.hexDigest([UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("abc")
    func abc() {
        #expect(SHA256.hexDigest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("the 448-bit message")
    func twoBlocks() {
        let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(SHA256.hexDigest(Array(message.utf8)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("the 896-bit message")
    func longer() {
        let message = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(SHA256.hexDigest(Array(message.utf8)) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test("one million times 'a', fed in pieces")
    func millionA() {
        var hasher = SHA256()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(piece) }
        #expect(SHA256.hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("messages around the padding boundary", arguments: [55, 56, 63, 64, 65])
    func boundaries(length: Int) {
        // Known digests of length repetitions of 'a' would need a table; check chunked == whole.
        let message = [UInt8](repeating: 0x61, count: length)
        var hasher = SHA256()
        for byte in message { hasher.update([byte]) }
        #expect(SHA256.hex(hasher.finalize()) == SHA256.hexDigest(message))
    }
}
