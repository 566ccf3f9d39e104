import CSQLite

extension Connection {
    /// Runs `body` and returns, beside its result, the SQL of every statement it ran, as
    /// written (parameters unbound), in the order run: what a test reads the query plans of.
    public func tracingStatements<Result>(_ body: () throws -> Result) throws -> (result: Result, statements: [String]) {
        let trace = StatementTrace()
        let context = Unmanaged.passRetained(trace).toOpaque()
        defer { Unmanaged<StatementTrace>.fromOpaque(context).release() }
        try handle.check(
            sqlite3_trace_v2(
                handle.pointer, UInt32(SQLITE_TRACE_STMT),
                { _, context, _, sql in
                    guard let context, let sql else { return 0 }
                    let text = String(cString: sql.assumingMemoryBound(to: CChar.self))
                    // A trigger's statements come as comments; only the statements prepared are kept.
                    if !text.hasPrefix("--") { Unmanaged<StatementTrace>.fromOpaque(context).takeUnretainedValue().statements.append(text) }
                    return 0
                }, context), sql: nil)
        defer { sqlite3_trace_v2(handle.pointer, 0, nil, nil) }
        let result = try body()
        return (result, trace.statements)
    }
}

/// The statements `tracingStatements` saw.
private final class StatementTrace {
    var statements: [String] = []
}
