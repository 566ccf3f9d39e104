import Foundation
import Ledger
import PurseTestSupport
import Testing
import WalletExport

/// Thousands of seeded mutations of valid change-set lines: the decoder must never crash or
/// hang, and must either accept a line or refuse it with an error that names the file and line.
@Suite("Mutation fuzzing of the Wallet export decoder")
struct MutationFuzzTests {
    typealias F = ExportFixture

    static let seeds: [(LedgerStream, String)] = [
        (
            .accounts,
            F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1", kind: "liability", name: "Apple Card"), F.account("A2")])
        ),
        (
            .transactions(accountID: "A1"),
            F.changeSet(
                "T", 2,
                inserted: [
                    F.transaction("t1", account: "A1"),
                    F.transaction(
                        "t2", account: "A1", amount: "3.1415", indicator: "credit", type: "refund", mcc: nil, merchant: "Café \"Luna\""),
                ], updated: [F.transaction("t0", account: "A1", status: "pending")], deleted: ["t9"])
        ),
        (.balances(accountID: "A1"), F.changeSet("B", 3, snapshot: true, inserted: [F.balance("b1", account: "A1", indicator: "debit")])),
    ]

    @Test("5,000 mutations: each line is accepted or refused with its file and line, never a crash")
    func mutations() {
        var random = SeededRandom(state: 20_261_129)
        var accepted = 0
        var refused = 0
        for round in 0..<5000 {
            let (stream, seed) = Self.seeds[round % Self.seeds.count]
            var line = Array(seed.utf8)
            for _ in 0...random.below(3) { line = JSONMutation.mutate(line, &random) }
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
