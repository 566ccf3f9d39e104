/// What Sure checks when it accepts a batch once the batch is valid: a batch id sent
/// again must be the same batch, a sequence is taken only once and never behind the cursor, and
/// the inbox holds a bounded window of batches waiting.
public enum SureAcceptanceRules {
    /// A batch whose id was already received must repeat its bytes, sequence, predecessor and stream.
    public static func checkResend(_ batch: SureBatch, digest: String, received: SureReceivedBatch) throws(SureError) {
        guard received.payloadDigest == digest, received.sequence == batch.sequence,
            received.predecessorDigest == batch.predecessorDigest, received.streamID == batch.streamID
        else {
            throw SureError(.batchConflict, "batch \(batch.batchID) was already received with other content")
        }
    }

    /// A sequence before the cursor, or one another batch holds, is taken.
    public static func checkSequence(_ sequence: Int64, nextSequence: Int64, isHeld: Bool) throws(SureError) {
        if sequence < nextSequence || isHeld {
            throw SureError(.sequenceConflict, "sequence \(sequence) is already taken (next expected: \(nextSequence))")
        }
    }

    /// The inbox takes a batch only within `SureBatchValidator.maximumQueuedBatches` of the cursor
    /// and while fewer than that many wait (Sure: app/models/financekit_batch.rb, `accept!`).
    /// Sure answers both with `inbox_full` and no text; the message says which it is.
    public static func checkRoom(sequence: Int64, nextSequence: Int64, queued: Int) throws(SureError) {
        let window = Int64(SureBatchValidator.maximumQueuedBatches)
        guard sequence < nextSequence + window else {
            throw SureError(
                .inboxFull,
                "sequence \(sequence) is \(window) or more past the next expected sequence \(nextSequence) (the inbox takes sequences \(nextSequence) to \(nextSequence + window - 1)); send the batches before it first"
            )
        }
        guard queued < SureBatchValidator.maximumQueuedBatches else {
            throw SureError(
                .inboxFull,
                "the inbox already holds \(queued) batches waiting, its limit; try again once they are applied")
        }
    }
}
