import Ledger
import Storage

extension TransactionType {
    /// The SQL condition "`column` is one of `types`", where `unknown` also stands for every
    /// type purse does not know (the money rules count those as unknown). Nil: no condition.
    static func sqlCondition(_ column: String, oneOf types: [TransactionType]) -> (sql: String, values: [SQLValue])? {
        guard !types.isEmpty else { return nil }
        if types.contains(.unknown) {
            let others = knownCases.filter { !types.contains($0) }
            guard !others.isEmpty else { return nil }
            let membership = SQLMembership(column, others.map { .text($0.rawValue) }, negated: true)
            return (membership.sql, membership.values)
        }
        let membership = SQLMembership(column, types.map { .text($0.rawValue) })
        return (membership.sql, membership.values)
    }
}
