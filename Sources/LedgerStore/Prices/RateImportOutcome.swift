/// What importing one rate file did to the stored rates.
public struct RateImportOutcome: Sendable, Equatable {
    /// Rates for a (day, from, to) the ledger had none for.
    public var added = 0
    /// Rates that took the place of a different stored rate for the same (day, from, to).
    public var replaced = 0
    /// Rates the ledger already held, exactly.
    public var unchanged = 0

    public init(added: Int = 0, replaced: Int = 0, unchanged: Int = 0) {
        self.added = added
        self.replaced = replaced
        self.unchanged = unchanged
    }
}
