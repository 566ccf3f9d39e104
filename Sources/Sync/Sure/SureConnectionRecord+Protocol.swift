import LedgerStore
import SureProtocol

extension SureConnectionRecord {
    /// The ids, generation and stream a batch of this connection must name.
    var identity: SureConnectionIdentity {
        SureConnectionIdentity(id: id, publisherID: publisherID, generation: generation, streamID: streamID)
    }
}
