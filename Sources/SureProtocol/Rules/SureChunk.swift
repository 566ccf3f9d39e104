/// A stored chunk of a capture, as the capture rules look at it.
public struct SureChunk: Sendable, Equatable {
    public var captureID: String
    public var sequence: Int64
    public var chunkIndex: Int
    public var chunkCount: Int
    public var captureMode: String
    public var capturedKey: String

    public init(captureID: String, sequence: Int64, chunkIndex: Int, chunkCount: Int, captureMode: String,
                capturedKey: String) {
        self.captureID = captureID
        self.sequence = sequence
        self.chunkIndex = chunkIndex
        self.chunkCount = chunkCount
        self.captureMode = captureMode
        self.capturedKey = capturedKey
    }
}
