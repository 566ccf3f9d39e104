import Foundation

/// Where one stream of the export stands: the generation and sequence of its last change set,
/// and the FinanceKit history token that resumes after it (nil: none yet, read from the start).
public struct ExportStreamState: Codable, Equatable, Sendable {
    public var generation: String
    public var sequence: Int64
    public var historyToken: Data?

    public init(generation: String, sequence: Int64, historyToken: Data?) {
        self.generation = generation
        self.sequence = sequence
        self.historyToken = historyToken
    }
}
