import Foundation
import Ledger
import PurseTestSupport
import Sync
import Testing

/// Thousands of seeded mutations of valid change-set lines: the decoder must never crash or
/// hang, and must either accept a line or refuse it with an error that names the file and line.
@Suite("Mutation fuzzing of the Wallet export decoder")
struct MutationFuzzTests {
    typealias F = ExportFixture

    static let seeds: [(LedgerStream, String)] = [
        (.accounts, F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1", kind: "liability", name: "Apple Card"), F.account("A2")])),
        (.transactions(accountID: "A1"), F.changeSet("T", 2, inserted: [
            F.transaction("t1", account: "A1"),
            F.transaction("t2", account: "A1", amount: "3.1415", indicator: "credit", type: "refund", mcc: nil, merchant: "Café \"Luna\""),
        ], updated: [F.transaction("t0", account: "A1", status: "pending")], deleted: ["t9"])),
        (.balances(accountID: "A1"), F.changeSet("B", 3, snapshot: true, inserted: [F.balance("b1", account: "A1", indicator: "debit")])),
    ]

    /// A small deterministic generator (SplitMix64) so every run tries the same mutations.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
    }

    static func mutate(_ line: [UInt8], _ random: inout Random) -> [UInt8] {
        var bytes = line
        let text = String(decoding: line, as: UTF8.self)
        switch random.below(10) {
        case 0:
            for _ in 0...random.below(4) where !bytes.isEmpty {
                bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8))
            }
        case 1:
            bytes = Array(bytes.prefix(random.below(bytes.count)))
        case 2:
            // Delete one "key":value member.
            let keys = ["\"generation\":", "\"sequence\":", "\"amount\":", "\"status\":", "\"id\":", "\"accountID\":",
                        "\"transactionDate\":", "\"kind\":", "\"booked\":", "\"currencyCode\":"]
            let key = keys[random.below(keys.count)]
            if let range = text.range(of: key) {
                var end = range.upperBound
                var depth = 0
                var inString = false
                while end < text.endIndex {
                    let character = text[end]
                    if character == "\"" { inString.toggle() }
                    if !inString {
                        if character == "{" || character == "[" { depth += 1 }
                        if character == "}" || character == "]" {
                            if depth == 0 { break }
                            depth -= 1
                        }
                        if character == ",", depth == 0 { break }
                    }
                    end = text.index(after: end)
                }
                bytes = Array((text[..<range.lowerBound] + text[end...]).utf8)
            }
        case 3:
            // Duplicate a key.
            bytes = Array(text.replacingOccurrences(of: "\"status\":\"booked\"", with: "\"status\":\"booked\",\"status\":\"memo\"").utf8)
        case 4:
            // Type swaps.
            let swaps = [("\"54.20\"", "54.20"), ("true", "\"true\""), ("5411", "\"5411\""), ("\"debit\"", "0"),
                         ("[", "{"), ("\"USD\"", "null"), ("\"sequence\":2", "\"sequence\":\"2\"")]
            let (from, to) = swaps[random.below(swaps.count)]
            bytes = Array(text.replacingOccurrences(of: from, with: to).utf8)
        case 5:
            // Huge numbers.
            let huge = String(repeating: "9", count: 1 + random.below(400))
            bytes = Array(text.replacingOccurrences(of: "5411", with: huge).replacingOccurrences(of: "\"sequence\":2", with: "\"sequence\":" + huge)
                .replacingOccurrences(of: "54.20", with: huge + ".5").utf8)
        case 6:
            // Deep nesting.
            let depth = 1 + random.below(200)
            bytes = Array((String(repeating: "[", count: depth) + text + String(repeating: "]", count: depth)).utf8)
        case 7:
            // Invalid UTF-8.
            bytes.insert(contentsOf: [0xFF, 0xC3][...random.below(1)], at: random.below(bytes.count + 1))
        case 8:
            // Nesting inside a record.
            let depth = 1 + random.below(100)
            bytes = Array(text.replacingOccurrences(of: "\"WHOLE FOODS\"", with: String(repeating: "{\"a\":", count: depth) + "1" + String(repeating: "}", count: depth)).utf8)
        default:
            // Random bytes spliced in.
            let count = 1 + random.below(8)
            let position = random.below(bytes.count + 1)
            bytes.insert(contentsOf: (0..<count).map { _ in UInt8(random.below(256)) }, at: position)
        }
        return bytes
    }

    @Test("5,000 mutations: each line is accepted or refused with its file and line, never a crash")
    func mutations() {
        var random = Random(state: 20_261_129)
        var accepted = 0
        var refused = 0
        for round in 0..<5000 {
            let (stream, seed) = Self.seeds[round % Self.seeds.count]
            var line = Array(seed.utf8)
            for _ in 0...random.below(3) { line = Self.mutate(line, &random) }
            do {
                _ = try line.withUnsafeBytes { bytes in try WalletStreamReader.decodeLine(bytes, stream: stream, file: "fuzz.jsonl") }
                accepted += 1
            } catch let error as SourceError {
                guard case .badInput(let file, let number, _, let message) = error else {
                    Issue.record("round \(round): unexpected \(error)")
                    continue
                }
                #expect(file == "fuzz.jsonl")
                #expect(number == 1)
                #expect(!message.isEmpty)
                refused += 1
            } catch {
                Issue.record("round \(round): an error that is not a located SourceError: \(error)")
            }
        }
        #expect(accepted + refused == 5000)
        #expect(refused > 2500, "most mutations break the line")
        #expect(accepted > 50, "some mutations keep it valid")
    }
}
