/// Something a sync took as it stands but the user should hear of: a FinanceKit case name purse
/// does not know (a newer iOS), stored as given. Named like an error: file, line and field.
public struct SyncWarning: Equatable, Sendable, CustomStringConvertible {
    var file: String
    var line: Int?
    /// The field's path in the change set, e.g. `inserted[3].transactionType`.
    var field: String
    var value: String

    init(file: String, line: Int?, field: String, value: String) {
        self.file = file
        self.line = line
        self.field = field
        self.value = value
    }

    /// The record's key without its path (`transactionType`): one warning per key and value and ledger.
    var key: Substring { field.split(separator: ".").last ?? Substring(field) }

    /// How the money rules count the value (see `TransactionType.forMoneyRules` and friends).
    var treatment: String {
        switch key {
        case "transactionType": "counted as type unknown"
        case "status": "never counted"
        case "kind": "counted as an asset"
        default: "ignored"
        }
    }

    public var description: String {
        var text = file
        if let line { text += ":\(line)" }
        return text + ": \(field): unknown value '\(value)' stored as given (\(treatment))"
    }
}
