/// A stored chunk of a capture, as the capture rules look at it.
public struct SureChunk: Sendable, Equatable {
    var captureID: String
    var sequence: Int64
    var chunkIndex: Int
    var chunkCount: Int
    var captureMode: String
    var capturedKey: String

    public init(
        captureID: String, sequence: Int64, chunkIndex: Int, chunkCount: Int, captureMode: String,
        capturedKey: String
    ) {
        self.captureID = captureID
        self.sequence = sequence
        self.chunkIndex = chunkIndex
        self.chunkCount = chunkCount
        self.captureMode = captureMode
        self.capturedKey = capturedKey
    }
}
