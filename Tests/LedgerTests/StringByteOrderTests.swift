import Ledger
import PurseTestSupport
import Testing

@Suite struct StringByteOrderTests {
    /// What SQLite's BINARY collation does: the bytes compared in turn, a prefix first.
    static func reference(_ left: String, _ right: String) -> Bool {
        Array(left.utf8).lexicographicallyPrecedes(Array(right.utf8))
    }

    @Test("byte order is not Swift's order where canonically equal spellings or case differ")
    func knownPairs() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        // Swift's `<` takes the two as one; their bytes are 0xC3 0xA9 and 0x65 0xCC 0x81.
        #expect(!(composed < decomposed) && !(decomposed < composed))
        #expect(decomposed.precedesInBytes(composed))
        #expect(!composed.precedesInBytes(decomposed))
        #expect("Z".precedesInBytes("a"))
        #expect("T-1".precedesInBytes("T-10"))
        #expect(!"T-10".precedesInBytes("T-1"))
        #expect("".precedesInBytes("\u{0}"))
        #expect(!"same".precedesInBytes("same"))
        #expect(!"".precedesInBytes(""))
    }

    @Test("byte order agrees with the bytes compared in turn, for short and long text of any script")
    func agreesWithTheReference() {
        let pieces = ["a", "b", "A", "\u{0}", "\u{7F}", "e\u{301}", "\u{E9}", "\u{FF}", "\u{100}", "\u{FFFF}", "\u{1F600}", "-", "0"]
        var random = SeededRandom(state: 29)
        func text() -> String {
            // Short ones stay inside the string, long ones (over 15 bytes) go to the heap.
            (0..<random.below(24)).map { _ in pieces[random.below(pieces.count)] }.joined()
        }
        for _ in 0..<5_000 {
            let (left, right) = (text(), text())
            #expect(left.precedesInBytes(right) == Self.reference(left, right), "\(Array(left.utf8)) \(Array(right.utf8))")
            #expect(left.precedesInBytes(left) == false)
        }
    }
}
