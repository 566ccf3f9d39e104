/// How chunks make a capture: a capture is applied only whole, its chunks come in
/// order with consecutive sequences, and a generation starts no capture while another is
/// incomplete.
public enum SureCaptureRules {
    /// Whether a capture's accepted chunks, in sequence order, are all of it.
    public static func isComplete(chunkIndexes: [Int], chunkCount: Int) -> Bool {
        chunkIndexes.count == chunkCount && chunkIndexes == Array(0..<chunkCount)
    }

    /// Whether `batch` may take its place: as the first chunk of a new capture while no other
    /// capture of the generation waits for chunks (`openChunksOfOtherCaptures`, asked only
    /// then), or as the next chunk of its capture (`captureChunks`, those already received).
    public static func checkPlace(
        of batch: SureBatch, captureChunks: [SureChunk],
        openChunksOfOtherCaptures: () throws -> [SureChunk]
    ) throws {
        guard let last = captureChunks.max(by: { $0.chunkIndex < $1.chunkIndex }) else {
            guard batch.chunkIndex == 0 else {
                throw SureError(.captureConflict, "capture \(batch.captureID) must start with chunk 0, not \(batch.chunkIndex)")
            }
            let byCapture = Dictionary(grouping: try openChunksOfOtherCaptures(), by: \.captureID)
            if let incomplete = byCapture.first(where: { $0.value.count < $0.value[0].chunkCount }) {
                throw SureError(.captureIncomplete, "capture \(incomplete.key) is still missing chunks")
            }
            return
        }
        guard batch.chunkCount == last.chunkCount, batch.captureMode == last.captureMode, batch.capturedKey == last.capturedKey,
            batch.chunkIndex == last.chunkIndex + 1, batch.sequence == (captureChunks.map(\.sequence).max() ?? 0) + 1
        else {
            throw SureError(
                .captureConflict,
                "chunk \(batch.chunkIndex) does not continue capture \(batch.captureID) (same chunk_count, capture_mode and captured_at, next index, next sequence)"
            )
        }
    }
}
