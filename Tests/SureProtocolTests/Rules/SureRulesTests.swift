import Ledger
import SureProtocol
import Testing

/// The rules of applying and accepting batches that need no database.
@Suite("Sure rules")
struct SureRulesTests {
    @Test("a failed capture is retried 2, 4, 8 and 16 minutes later, then given up")
    func retrySchedule() {
        #expect((1...4).map { SureApplyRules.retryTime(afterAttempt: $0, now: 1000) } == [1120, 1240, 1480, 1960])
        #expect(SureApplyRules.maximumAttempts == 5)
    }

    @Test("only import_validation and processing_error are retried")
    func permanentCodes() {
        let retried = SureErrorCode.allCases.filter { !SureApplyRules.isPermanent($0) }
        #expect(retried == [.importValidation, .processingError])
    }

    @Test(
        "Sure's free-text types become FinanceKit types",
        arguments: [
            ("pointOfSale", TransactionType.pointOfSale), ("POINT_OF_SALE", .pointOfSale), ("Purchase", .pointOfSale),
            ("directDebit", .directDebit), ("refund", .refund), ("gift card", .unknown),
        ])
    func transactionTypes(text: String, type: TransactionType) {
        #expect(SureApplyRules.transactionType(text) == type)
    }

    @Test("rejected, memo and unknown stay at the source; only booking keeps a pending entry's date")
    func statuses() {
        #expect(["rejected", "memo", "unknown"].allSatisfy { SureApplyRules.isSourceOnly(status: $0) })
        #expect(!["authorized", "pending", "booked"].contains { SureApplyRules.isSourceOnly(status: $0) })
        #expect(SureApplyRules.keepsTransactionDate(storedStatus: "pending", newStatus: "booked"))
        #expect(!SureApplyRules.keepsTransactionDate(storedStatus: "booked", newStatus: "booked"))
        #expect(!SureApplyRules.keepsTransactionDate(storedStatus: "pending", newStatus: "authorized"))
    }

    @Test("a balance conflict's identity reads back into its parts")
    func balanceIdentity() throws {
        let identity = SureApplyRules.balanceIdentity(sourceID: "s", kind: "booked", observedKey: "001700000000.5")
        #expect(identity == "s|booked|001700000000.5")
        let parts = try #require(SureApplyRules.balanceIdentityParts(identity))
        #expect(parts.sourceID == "s" && parts.kind == "booked" && parts.observedKey == "001700000000.5")
        #expect(SureApplyRules.balanceIdentityParts("s|booked") == nil)
    }

    @Test("a capture is complete with every chunk, in order")
    func completeCapture() {
        #expect(SureCaptureRules.isComplete(chunkIndexes: [0, 1, 2], chunkCount: 3))
        #expect(!SureCaptureRules.isComplete(chunkIndexes: [0, 2], chunkCount: 3))
        #expect(!SureCaptureRules.isComplete(chunkIndexes: [1, 0], chunkCount: 2))
    }

    @Test("a sequence behind the cursor or held by another batch is taken; the inbox holds 100 waiting")
    func acceptance() throws {
        #expect(throws: SureError(.sequenceConflict, "sequence 2 is already taken (next expected: 3)")) {
            try SureAcceptanceRules.checkSequence(2, nextSequence: 3, isHeld: false)
        }
        #expect(throws: SureError.self) { try SureAcceptanceRules.checkSequence(4, nextSequence: 3, isHeld: true) }
        try SureAcceptanceRules.checkSequence(4, nextSequence: 3, isHeld: false)
        #expect(
            throws: SureError(.inboxFull, "the inbox already holds 100 batches waiting, its limit; try again once they are applied")
        ) {
            try SureAcceptanceRules.checkRoom(sequence: 5, nextSequence: 3, queued: 100)
        }
        try SureAcceptanceRules.checkRoom(sequence: 102, nextSequence: 3, queued: 99)
    }

    @Test(
        "a sequence 100 or more past the next expected one is inbox_full, and the message says so (Sure: app/models/financekit_batch.rb, accept!)"
    )
    func sequenceTooFarAhead() {
        #expect(
            throws: SureError(
                .inboxFull,
                "sequence 103 is 100 or more past the next expected sequence 3 (the inbox takes sequences 3 to 102); send the batches before it first"
            )
        ) {
            try SureAcceptanceRules.checkRoom(sequence: 103, nextSequence: 3, queued: 0)
        }
    }
}
