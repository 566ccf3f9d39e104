/// Where a stream's history stands: the generation and sequence of the last change set applied,
/// plus where in the source file the next one starts (a hint that is always verified).
public struct StreamToken: Equatable, Sendable {
    public var generation: String
    public var sequence: Int64
    public var resumeOffset: Int64?
    public var resumeLine: Int?

    public init(generation: String, sequence: Int64, resumeOffset: Int64? = nil, resumeLine: Int? = nil) {
        self.generation = generation
        self.sequence = sequence
        self.resumeOffset = resumeOffset
        self.resumeLine = resumeLine
    }

    /// Two tokens name the same point in history whatever their resume hints.
    public func isSamePoint(as other: StreamToken?) -> Bool {
        guard let other else { return false }
        return generation == other.generation && sequence == other.sequence
    }

    var description: String { "\(generation)#\(sequence)" }
}
