import Ledger
import Testing

/// StableHash is 64-bit FNV-1a: its values are stored in ledgers (summary digests) and make
/// mail boundaries, so they must never change.
@Suite("StableHash")
struct StableHashTests {
    @Test(
        "FNV-1a 64 reference values",
        arguments: [
            ("", "cbf29ce484222325"),
            ("a", "af63dc4c8601ec8c"),
            ("foobar", "85944171f73967e8"),
        ])
    func reference(text: String, hex: String) {
        var hash = StableHash()
        hash.add(text)
        #expect(hash.hex == hex)
    }

    @Test("adding in pieces is adding the whole: no separator between pieces")
    func pieces() {
        var whole = StableHash()
        whole.add("foobar")
        var pieces = StableHash()
        pieces.add("foo")
        pieces.add("")
        pieces.add("bar")
        #expect(pieces.hex == whole.hex)
    }
}
