extension LedgerStore {
    /// A stored enumeration's value; the schema's CHECK constraints keep out any other.
    static func stored<Value: RawRepresentable>(_ text: String, column: String) throws -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: text) else { throw LedgerStoreError.unexpectedValue(column: column, value: text) }
        return value
    }
}
