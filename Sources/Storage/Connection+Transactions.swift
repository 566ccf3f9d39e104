extension Connection {
    /// Runs `body` inside `BEGIN <mode>` ... `COMMIT` and returns its result.
    ///
    /// If `body` (or the commit) throws, the transaction is rolled back and that original error
    /// is rethrown; a failing rollback never replaces it. Transactions do not nest: use
    /// `savepoint` inside one.
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

    /// Runs `body` inside `SAVEPOINT name` ... `RELEASE name` and returns its result.
    ///
    /// If `body` throws, only the work since the savepoint is undone (`ROLLBACK TO`, then
    /// `RELEASE`) and the original error is rethrown; earlier work in the enclosing transaction
    /// stays. Outside a transaction a savepoint behaves like a deferred transaction.
    public func savepoint<T>(_ name: String, _ body: () throws -> T) throws -> T {
        let quotedName = Self.quotedIdentifier(name)
        try execute("SAVEPOINT \(quotedName)")
        let result: T
        do {
            result = try body()
            try execute("RELEASE SAVEPOINT \(quotedName)")
        } catch {
            // Either may fail if SQLite already rolled everything back (e.g. SQLITE_FULL):
            // the original error is the one that matters.
            try? execute("ROLLBACK TO SAVEPOINT \(quotedName)")
            try? execute("RELEASE SAVEPOINT \(quotedName)")
            throw error
        }
        return result
    }

    private func rollbackIgnoringErrors() {
        // SQLite rolls back by itself after some errors (SQLITE_FULL, SQLITE_IOERR, ...).
        guard isInTransaction else { return }
        try? cached("ROLLBACK TRANSACTION").run()
    }

    /// `name` as an SQL identifier in double quotes, inner quotes doubled.
    private static func quotedIdentifier(_ name: String) -> String {
        var quoted = "\""
        for character in name {
            quoted.append(character)
            if character == "\"" { quoted.append("\"") }
        }
        quoted.append("\"")
        return quoted
    }
}
