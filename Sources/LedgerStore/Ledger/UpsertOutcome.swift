/// What writing one record did to the ledger.
public enum UpsertOutcome: Equatable, Sendable {
    case inserted
    case updated
    case unchanged
}
