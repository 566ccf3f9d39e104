/// A statement read one row at a time, so an import writes each row as it is read and holds no
/// row after it: memory stays flat however many rows a file has.
public protocol StatementRowReader {
    /// The next row, nil after the last.
    mutating func next() throws(StatementError) -> StatementEntry?
    /// After the last row: the statement without its rows (its currency, balances, warnings,
    /// corrections), or the error that only the whole file shows.
    mutating func finish() throws(StatementError) -> Statement
}

extension StatementRowReader {
    /// Every row, held: for tests and small files.
    public mutating func readAll() throws(StatementError) -> Statement {
        var entries: [StatementEntry] = []
        while let entry = try next() { entries.append(entry) }
        var statement = try finish()
        statement.entries = entries
        return statement
    }
}
