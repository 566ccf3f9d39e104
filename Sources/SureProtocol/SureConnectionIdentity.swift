/// The connection a batch must belong to: its ids and its current generation and stream, as a
/// batch repeats them.
public struct SureConnectionIdentity: Sendable, Equatable {
    var id: String
    var publisherID: String
    var generation: Int64
    var streamID: String

    public init(id: String, publisherID: String, generation: Int64, streamID: String) {
        self.id = id
        self.publisherID = publisherID
        self.generation = generation
        self.streamID = streamID
    }
}
