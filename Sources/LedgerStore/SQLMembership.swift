import Storage

/// The condition `column IN (?, ?, ...)` (or `NOT IN`) with one placeholder per value, and the
/// values to bind to them: the one place such a list is written, so a value is always bound
/// and never spelled into the SQL.
struct SQLMembership {
    let sql: String
    let values: [SQLValue]

    init(_ column: String, _ values: [SQLValue], negated: Bool = false) {
        sql = column + (negated ? " NOT IN (" : " IN (") + Array(repeating: "?", count: values.count).joined(separator: ", ") + ")"
        self.values = values
    }
}
