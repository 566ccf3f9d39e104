/// The order stored batches are listed in.
enum SureBatchOrder: Sendable {
    /// The order they were received in.
    case received
    /// By generation, then sequence: the order they apply in.
    case sequence
}
