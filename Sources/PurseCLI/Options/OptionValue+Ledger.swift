import Ledger

/// `--from`, `--to` of days.
extension CivilDate: OptionValue {
    static func parse(_ text: String) -> CivilDate? { CivilDate(iso: text) }
    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs a date YYYY-MM-DD, not '\(text)'"
    }
}

/// `--from` of a budget: the month it starts or stops in.
extension YearMonth: OptionValue {
    static func parse(_ text: String) -> YearMonth? { YearMonth(iso: text) }
    static func refusal(_ text: String, option: String) -> String {
        "option '--\(option)' needs YYYY-MM, not '\(text)'"
    }
}

/// `budget set --period`: how long one amount of a budget lasts.
extension BudgetPeriod: OptionValue {
    static func refusal(_ text: String, option: String) -> String { refusal(text, option: option, mustBe: "month, quarter or year") }
}

/// The kind of an account a statement import creates, in any case.
extension AccountKind: OptionValue {
    static func parse(_ text: String) -> AccountKind? {
        let kind = AccountKind(rawValue: text.lowercased())
        return knownCases.contains(kind) ? kind : nil
    }
    static func refusal(_ text: String, option: String) -> String {
        "unknown --\(option) '\(text)' (asset or liability)"
    }
}

/// The flows a rule or a correction may set: an expense is a refund when it is a credit.
extension Flow: OptionValue {
    static let settable: [Flow] = [.expense, .income, .transfer]

    static func parse(_ text: String) -> Flow? {
        Flow(rawValue: text).flatMap { settable.contains($0) ? $0 : nil }
    }
    static func refusal(_ text: String, option: String) -> String { refusal(text, option: option, mustBe: "expense, income or transfer") }
}

extension CreditDebitIndicator: OptionValue {
    static func refusal(_ text: String, option: String) -> String { refusal(text, option: option, mustBe: "credit or debit") }
}

/// Only the case names purse knows: a name it does not know is in the data as given, but the
/// user must type a real one.
extension TransactionStatus: OptionValue {
    static func parse(_ text: String) -> TransactionStatus? { knownCase(text) }
    static func refusal(_ text: String, option: String) -> String { unknownCase(text, option: option) }
}

extension TransactionType: OptionValue {
    static func parse(_ text: String) -> TransactionType? { knownCase(text) }
    static func refusal(_ text: String, option: String) -> String { unknownCase(text, option: option) }
}

extension OpenEnumeration {
    fileprivate static func knownCase(_ text: String) -> Self? {
        let value = Self(rawValue: text)
        return value.isKnown ? value : nil
    }

    fileprivate static func unknownCase(_ text: String, option: String) -> String {
        "option '--\(option)': unknown value '\(text)' (one of \(knownCases.map(\.rawValue).joined(separator: ", ")))"
    }
}
