import LedgerStore
import SureProtocol

extension SureBatchRecord {
    /// The batch as a chunk of its capture.
    var chunk: SureChunk {
        SureChunk(
            captureID: captureID, sequence: sequence, chunkIndex: chunkIndex, chunkCount: chunkCount,
            captureMode: captureMode, capturedKey: capturedKey)
    }

    /// What a batch sent again with this batch's id must repeat.
    var received: SureReceivedBatch {
        SureReceivedBatch(
            payloadDigest: payloadDigest, sequence: sequence, predecessorDigest: predecessorDigest,
            streamID: streamID)
    }
}
