import Foundation
import Ledger
import PurseTestSupport
import SureProtocol
import Testing

/// Thousands of seeded mutations of the example inbox's batches: Sure's validator must never
/// crash or hang, and must either accept a batch or refuse it with one of Sure's error codes
/// and a message.
@Suite("Mutation fuzzing of the Sure batch validator")
struct SureMutationFuzzTests {
    static func validator() throws -> SureBatchValidator {
        let bytes = try [UInt8](Data(contentsOf: Examples.sureInbox.appendingPathComponent("connection.json")))
        let parsed = try SureConnectionFile.parse(bytes, file: "connection.json")
        return SureBatchValidator(connection: parsed.identity, mappings: parsed.mappings, now: Timestamp(rfc3339: "2026-11-01T00:00:00Z")!)
    }

    @Test("4,000 mutations of real batches: accepted, or refused with a code, never a crash")
    func mutations() throws {
        let validator = try Self.validator()
        let seeds = try (1...4).map {
            try [UInt8](Data(contentsOf: Examples.sureInbox.appendingPathComponent(String(format: "batches/%04d.json", $0))))
        }
        for seed in seeds { _ = try validator.validate(bytes: seed) }
        var random = SeededRandom(state: 5_302_026)
        var accepted = 0
        var codes: [SureErrorCode: Int] = [:]
        for round in 0..<4000 {
            var bytes = seeds[round % seeds.count]
            for _ in 0...random.below(3) { bytes = JSONMutation.mutate(bytes, &random) }
            do {
                _ = try validator.validate(bytes: bytes)
                accepted += 1
            } catch {
                #expect(!error.message.isEmpty)
                codes[error.code, default: 0] += 1
            }
        }
        #expect(accepted + codes.values.reduce(0, +) == 4000)
        #expect(codes.count >= 3, "mutations reach several of Sure's checks: \(codes)")
    }
}
