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
            return ("\(column) NOT IN (" + Array(repeating: "?", count: others.count).joined(separator: ", ") + ")",
                    others.map { .text($0.rawValue) })
        }
        return ("\(column) IN (" + Array(repeating: "?", count: types.count).joined(separator: ", ") + ")",
                types.map { .text($0.rawValue) })
    }
}
