/// How chunks make a capture: a capture is applied only whole, its chunks come in
/// order with consecutive sequences, and a generation starts no capture while another is
/// incomplete.
public enum SureCaptureRules {
    /// Whether a capture's accepted chunks, in sequence order, are all of it.
    public static func isComplete(chunkIndexes: [Int], chunkCount: Int) -> Bool {
        chunkIndexes.count == chunkCount && chunkIndexes == Array(0..<chunkCount)
    }

    /// The sequences of the chunks before `batch` that have not arrived, when it is a later chunk
    /// that the missing ones could still precede: a folder may deliver chunk 1 before chunk 0, and
    /// such a chunk waits for its siblings rather than being a `capture_conflict`. Nil when no
    /// chunk is missing before it, or when none could fill the gap (the capture's first chunk
    /// would come before `nextSequence`, or the batch does not continue the chunks received).
    public static func missingSiblings(of batch: SureBatch, captureChunks: [SureChunk], nextSequence: Int64) -> ClosedRange<Int64>? {
        let last = captureChunks.max { $0.chunkIndex < $1.chunkIndex }
        let nextIndex = last.map { $0.chunkIndex + 1 } ?? 0
        guard batch.chunkIndex > nextIndex, batch.chunkIndex < batch.chunkCount else { return nil }
        if let last {
            guard batch.chunkCount == last.chunkCount, batch.captureMode == last.captureMode, batch.capturedKey == last.capturedKey,
                batch.sequence - last.sequence == Int64(batch.chunkIndex - last.chunkIndex)
            else { return nil }
        }
        let first = batch.sequence - Int64(batch.chunkIndex - nextIndex)
        guard first >= nextSequence else { return nil }
        return first...(batch.sequence - 1)
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
