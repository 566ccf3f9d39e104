import CSQLite

/// A prepared statement. Not Sendable: it belongs to its connection's thread. It is finalized
/// when released.
///
/// A statement stopped before it returned its last row keeps its read snapshot open; `reset()`
/// it (the `Connection` helpers do) when stopping early outside a transaction.
public final class Statement {
    let sql: String
    private let handle: DatabaseHandle
    private let pointer: OpaquePointer
    /// Released after `deinit` has finalized the statement, never while SQLite may read it.
    private let boundBytes = BoundBytes()

    init(handle: DatabaseHandle, sql: String, persistent: Bool) throws {
        self.pointer = try Self.prepare(sql, on: handle, persistent: persistent)
        self.handle = handle
        self.sql = sql
    }

    deinit {
        // Finalize returns the last step's error, which was already thrown from step().
        _ = sqlite3_finalize(pointer)
    }

    private static func prepare(_ sql: String, on handle: DatabaseHandle, persistent: Bool) throws -> OpaquePointer {
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        return try sql.withCString { text in
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            try handle.check(sqlite3_prepare_v3(handle.pointer, text, -1, flags, &statement, &tail), sql: sql)
            guard let statement else {
                throw StorageError.misuse("there is no SQL statement to prepare", sql: sql)
            }
            // A second statement would be silently ignored; only comments and spaces may follow.
            if let tail, tail.pointee != 0 {
                var extra: OpaquePointer?
                let extraCode = sqlite3_prepare_v3(handle.pointer, tail, -1, 0, &extra, nil)
                if extraCode != SQLITE_OK || extra != nil {
                    _ = sqlite3_finalize(extra)
                    _ = sqlite3_finalize(statement)
                    throw StorageError.misuse(
                        "a prepared statement takes exactly one SQL statement; use execute for several", sql: sql)
                }
            }
            return statement
        }
    }

    private func check(_ resultCode: Int32) throws {
        try handle.check(resultCode, sql: sql)
    }

    // MARK: Binding (parameters are numbered from 1)

    public func bind(_ value: Int64?, at index: Int32) throws {
        guard let value else { return try bindNull(at: index) }
        try check(sqlite3_bind_int64(pointer, index, value))
    }

    func bind(_ value: Int?, at index: Int32) throws {
        try bind(value.map { Int64($0) }, at: index)
    }

    func bind(_ value: Bool?, at index: Int32) throws {
        try bind(value.map { $0 ? Int64(1) : Int64(0) }, at: index)
    }

    public func bind(_ value: String?, at index: Int32) throws {
        guard var value else { return try bindNull(at: index) }
        if value.isEmpty {
            // An empty buffer may have no address, and a NULL pointer would bind NULL, not ''.
            return try check(sqlite3_bind_text(pointer, index, "", 0, sqliteTransient))
        }
        let resultCode = value.withUTF8 { bytes in
            let kept = boundBytes.keep(UnsafeRawBufferPointer(bytes))
            return sqlite3_bind_text64(
                pointer, index, kept.assumingMemoryBound(to: CChar.self), UInt64(bytes.count), sqliteStatic, UInt8(SQLITE_UTF8))
        }
        try check(resultCode)
    }

    func bind(_ value: [UInt8]?, at index: Int32) throws {
        guard let value else { return try bindNull(at: index) }
        if value.isEmpty {
            // As for text: a zero-length blob, not NULL.
            return try check(sqlite3_bind_zeroblob(pointer, index, 0))
        }
        let resultCode = value.withUnsafeBytes { bytes in
            sqlite3_bind_blob64(pointer, index, boundBytes.keep(bytes), UInt64(bytes.count), sqliteStatic)
        }
        try check(resultCode)
    }

    public func bind(_ value: SQLValue, at index: Int32) throws {
        switch value {
        case .null: try bindNull(at: index)
        case .integer(let integer): try bind(integer, at: index)
        case .text(let text): try bind(text, at: index)
        case .blob(let bytes): try bind(bytes, at: index)
        }
    }

    /// Binds `values` to parameters 1, 2, ... in order.
    public func bind(_ values: [SQLValue]) throws {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    func bindNull(at index: Int32) throws {
        try check(sqlite3_bind_null(pointer, index))
    }

    /// The number of parameters (the highest index, for numbered ones).
    var parameterCount: Int32 { sqlite3_bind_parameter_count(pointer) }

    /// Binds exactly one value per parameter: a missing value would silently be NULL.
    func bindAll(_ values: [SQLValue]) throws {
        guard values.count == Int(parameterCount) else {
            throw StorageError.misuse(
                "the statement has \(parameterCount) parameter(s) but \(values.count) value(s) were given", sql: sql)
        }
        try bind(values)
    }

    // MARK: Running

    /// Advances to the next row: `true` when a row is available, `false` when done.
    ///
    /// After an error the statement is reset (its bindings kept), so a failed statement never
    /// holds on to a lock or a stale read snapshot: a statement that failed with SQLITE_BUSY
    /// would otherwise stay active and keep its connection's snapshot open.
    public func step() throws -> Bool {
        let resultCode = sqlite3_step(pointer)
        do {
            try check(resultCode)
        } catch {
            // The error was built from sqlite3_errmsg above; reset repeats the same code.
            _ = sqlite3_reset(pointer)
            throw error
        }
        return resultCode == SQLITE_ROW
    }

    /// Resets, binds `values` (one per parameter) and steps to completion, discarding rows.
    public func run(_ values: [SQLValue] = []) throws {
        reset()
        try bindAll(values)
        while try step() {}
    }

    /// Makes the statement ready to run again, with every parameter NULL.
    public func reset() {
        // sqlite3_reset repeats the last step's error, already thrown by step(); clearing
        // bindings cannot fail.
        _ = sqlite3_reset(pointer)
        _ = sqlite3_clear_bindings(pointer)
        boundBytes.clear()
    }

    // MARK: Reading the current row (columns are numbered from 0)

    public var columnCount: Int32 { sqlite3_column_count(pointer) }

    func columnName(_ column: Int32) -> String {
        guard let name = sqlite3_column_name(pointer, column) else { return "" }
        return String(cString: name)
    }

    public func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(pointer, column) == SQLITE_NULL
    }

    /// The column as an integer; 0 if NULL.
    public func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(pointer, column)
    }

    public func int(_ column: Int32) -> Int {
        Int(int64(column))
    }

    public func optionalInt64(_ column: Int32) -> Int64? {
        isNull(column) ? nil : int64(column)
    }

    /// The column as text; "" if NULL.
    public func text(_ column: Int32) -> String {
        withText(column) { String(decoding: $0, as: UTF8.self) }
    }

    /// Hands `body` the column's text bytes where SQLite holds them, without making a string:
    /// they are gone once the statement steps on. Empty if NULL.
    public func withText<Result>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        // The column's value is found once for its text and its length: each call that names a
        // column checks it and the connection's error state again, a tenth of a year's read.
        // Its value is the statement's own, used on the thread stepping it (the connection
        // takes no locks of its own), so reading it directly is safe. Text first, then its
        // length in bytes (the order SQLite documents).
        let value = sqlite3_column_value(pointer, column)
        guard let characters = sqlite3_value_text(value) else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try body(UnsafeBufferPointer(start: characters, count: Int(sqlite3_value_bytes(value))))
    }

    public func optionalText(_ column: Int32) -> String? {
        isNull(column) ? nil : text(column)
    }

    /// The column as bytes; empty if NULL.
    public func blob(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(pointer, column) else { return [] }
        let count = Int(sqlite3_column_bytes(pointer, column))
        return [UInt8](UnsafeRawBufferPointer(start: bytes, count: count))
    }
}

@available(*, unavailable, message: "a Statement belongs to its connection's thread")
extension Statement: Sendable {}
