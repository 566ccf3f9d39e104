public struct SureTombstone: Sendable {
    public let binding: SureBinding
    public let sourceID: String
}
