extension Connection {
    /// Runs `body` inside `BEGIN <mode>` ... `COMMIT` and returns its result.
    ///
    /// If `body` (or the commit) throws, the transaction is rolled back and that original error
    /// is rethrown; a failing rollback never replaces it. Transactions do not nest.
    public func transaction<T>(_ mode: TransactionMode = .immediate, _ body: () throws -> T) throws -> T {
        try cached("BEGIN \(mode.rawValue) TRANSACTION").run()
        let result: T
        do {
            result = try body()
            try cached("COMMIT TRANSACTION").run()
        } catch {
            rollbackIgnoringErrors()
            throw error
        }
        return result
    }

    private func rollbackIgnoringErrors() {
        // SQLite rolls back by itself after some errors (SQLITE_FULL, SQLITE_IOERR, ...).
        guard isInTransaction else { return }
        try? cached("ROLLBACK TRANSACTION").run()
    }
}
