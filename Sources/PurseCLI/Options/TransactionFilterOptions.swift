import Ledger
import LedgerStore

/// The filters of `transactions` and `export transactions`, besides the accounts: the period
/// (each account's own days), codes, statuses, types, the merchant text, the order and a page.
struct TransactionFilterOptions {
    static let mcc = OptionSpec("mcc", value: "N[,N...]", help: "Only these merchant category codes.", repeatable: true)
    static let merchant = OptionSpec(
        "merchant", value: "TEXT",
        help: "Merchant name contains TEXT, ignoring case (the description when there is no merchant name), or the name a rule shows.")
    static let status = OptionSpec(
        "status", value: "LIST", help: "Only these statuses: authorized, booked, memo, pending, rejected (comma list).", repeatable: true)
    static let type = OptionSpec(
        "type", value: "LIST", help: "Only these FinanceKit transaction types, e.g. pointOfSale,refund (comma list).", repeatable: true)
    static let limit = OptionSpec("limit", value: "N", help: "At most N transactions.")
    static let offset = OptionSpec("offset", value: "N", help: "Skip the first N transactions.")
    static let sort = OptionSpec("sort", value: "ORDER", help: "date, -date, amount or -amount (amounts unsigned; default date).")
    static let options: [OptionSpec] = [
        AccountScope.account, AccountScope.all, PeriodOptions.from, PeriodOptions.to, PeriodOptions.month(default: nil), mcc, merchant,
        status, type, PersonOptions.person, limit, offset, sort,
    ]

    let period: PeriodOptions.Days
    let codes: [Int]
    let statuses: [TransactionStatus]
    let types: [TransactionType]
    let sort: TransactionQuery.Sort?
    /// Lower-cased, as it is matched.
    let merchant: String?
    let limit: Int?
    let offset: Int

    /// `current` is this month in the report time zone.
    init(_ parsed: ParsedCommand, current: YearMonth) throws(CommandError) {
        period = try PeriodOptions(parsed, current: current).days
        codes = try parsed.list(Self.mcc, as: MerchantCategoryCode.self).map(\.code)
        statuses = try parsed.list(Self.status)
        types = try parsed.list(Self.type)
        sort = try parsed.value(Self.sort)
        merchant = parsed.text(Self.merchant).map { $0.lowercased() }
        limit = try parsed.value(Self.limit, as: Count.self)?.value
        offset = try parsed.value(Self.offset, as: Count.self)?.value ?? 0
    }
}
