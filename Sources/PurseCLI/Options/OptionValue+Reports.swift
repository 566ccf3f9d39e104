import Analytics
import LedgerStore
import StatementImport

/// `--every` of the balance reports.
extension ReportCalendar.Interval: OptionValue {
    static func refusal(_ text: String, option: String) -> String { refusal(text, option: option, mustBe: "day, week or month") }
}

/// `report spending --by`.
extension SpendingReport.Grouping: OptionValue {
    static func refusal(_ text: String, option: String) -> String {
        refusal(text, option: option, mustBe: "category, mcc, merchant, account, month, tag, person or group")
    }
}

/// `--sort` of the transaction listings.
extension TransactionQuery.Sort: OptionValue {
    static func refusal(_ text: String, option: String) -> String {
        refusal(text, option: option, mustBe: "date, -date, amount or -amount")
    }
}

/// `budget set --rollover`.
extension BudgetRecord.Rollover: OptionValue {
    static func refusal(_ text: String, option: String) -> String { refusal(text, option: option, mustBe: "none, surplus or all") }
}

/// `import --format`, when a statement's contents do not tell.
extension StatementFormat: OptionValue {
    static func refusal(_ text: String, option: String) -> String {
        "unknown --\(option) '\(text)' (applecard-csv, ofx or csv)"
    }
}

/// `import --sign`: which way a bank CSV's amount column counts.
extension BankCSVLayout.Sign: OptionValue {
    static func refusal(_ text: String, option: String) -> String {
        "unknown --\(option) '\(text)' (account-positive or spend-positive)"
    }
}
