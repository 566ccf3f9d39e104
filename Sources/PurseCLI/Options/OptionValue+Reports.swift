import Analytics
import LedgerStore
import StatementImport

/// `--every` of the balance reports.
extension ReportCalendar.Interval: OptionValue {
    static func parse(_ text: String) -> ReportCalendar.Interval? { Self(rawValue: text) }
    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' must be day, week or month, not '\(text)'"
    }
}

/// `report spending --by`.
extension SpendingReport.Grouping: OptionValue {
    static func parse(_ text: String) -> SpendingReport.Grouping? { Self(rawValue: text) }
    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' must be category, mcc, merchant, account or month, not '\(text)'"
    }
}

/// `--sort` of the transaction listings.
extension TransactionQuery.Sort: OptionValue {
    static func parse(_ text: String) -> TransactionQuery.Sort? { Self(rawValue: text) }
    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' must be date, -date, amount or -amount, not '\(text)'"
    }
}

/// `budget set --rollover`.
extension BudgetRecord.Rollover: OptionValue {
    static func parse(_ text: String) -> BudgetRecord.Rollover? { Self(rawValue: text) }
    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' must be none, surplus or all, not '\(text)'"
    }
}

/// `import --format`, when a statement's contents do not tell.
extension StatementFormat: OptionValue {
    static func parse(_ text: String) -> StatementFormat? { Self(rawValue: text) }
    static func refusal(_ text: String, option: String) -> String {
        "unknown --\(option) '\(text)' (applecard-csv, ofx or csv)"
    }
}

/// `import --sign`: which way a bank CSV's amount column counts.
extension BankCSVLayout.Sign: OptionValue {
    static func parse(_ text: String) -> BankCSVLayout.Sign? { Self(rawValue: text) }
    static func refusal(_ text: String, option: String) -> String {
        "unknown --\(option) '\(text)' (account-positive or spend-positive)"
    }
}
