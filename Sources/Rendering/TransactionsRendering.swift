import Analytics
import Ledger
import LedgerStore

/// `purse transactions` and `purse export transactions`, written as the listing reads them, one
/// transaction at a time: millions of rows never wait in memory (text excepted: a table is
/// aligned on its widest cell).
public enum TransactionsRendering {
    public static let csvHeader = [
        "id", "account_id", "account", "transaction_date", "posted_date", "status", "type", "direction", "amount",
        "signed_amount", "currency", "foreign_amount", "foreign_currency", "exchange_rate", "mcc", "merchant",
        "description", "original_description", "flow", "category", "category_source", "counted", "note", "tags", "order_id",
        "merchant_shown", "person",
    ]

    /// The merchant reports show the line under: a rename rule's name, else the merchant name,
    /// else the description.
    static func shownMerchant(_ record: TransactionRecord, _ line: ClassificationReader.Line) -> String {
        line.classification.merchant ?? record.transaction.merchantName ?? record.transaction.transactionDescription
    }

    /// The header at once, then a row per line: a split transaction is one row per part, each
    /// with its part's amount (the ID repeats), so the rows of a category add up to what reports
    /// count in it.
    public struct CSV {
        let writer: CSVWriter
        let accounts: ReportAccounts

        public init(accounts: ReportAccounts, write: @escaping (String) -> Void) {
            self.accounts = accounts
            writer = CSVWriter(header: TransactionsRendering.csvHeader, write: write)
        }

        public func append(_ listed: ListedTransaction) {
            let zone = accounts.zone(of: listed.record.transaction.accountID)
            let order = listed.orderID.map { CSVWriter.Cell.number($0) } ?? .empty
            for line in listed.lines {
                let person = listed.person.map { CSVWriter.Cell.text($0.name) } ?? .empty
                // After the older columns, so they stay where they were: the name reports show (a
                // rename rule's or the transaction's own), then the person.
                let shown = CSVWriter.Cell.text(TransactionsRendering.shownMerchant(listed.record, line))
                writer.row(cells(listed.record, line: line, override: listed.override, zone: zone) + [order, shown, person])
            }
        }

        func cells(
            _ record: TransactionRecord, line: ClassificationReader.Line, override: TransactionOverride?, zone: ReportTimeZone
        ) -> [CSVWriter.Cell] {
            let transaction = record.transaction
            let currency = transaction.transactionAmount.currency
            return [
                .text(transaction.id), .text(transaction.accountID), .text(record.accountName),
                .number(zone.date(of: transaction.transactionDate.epochSeconds).description),
                transaction.postedDate.map { .number(zone.date(of: $0.epochSeconds).description) } ?? .empty,
                .text(transaction.status.rawValue), .text(transaction.transactionType.rawValue),
                .text(transaction.creditDebitIndicator.rawValue),
                .number(MoneyFormat.machine(line.amount, currency: currency)),
                .number(MoneyFormat.machine(transaction.creditDebitIndicator.signed(line.amount), currency: currency)), .text(currency),
                transaction.foreignCurrencyAmount.map { .number(MoneyFormat.machine($0)) } ?? .empty,
                transaction.foreignCurrencyAmount.map { .text($0.currency) } ?? .empty,
                transaction.foreignCurrencyExchangeRate.map { .number($0) } ?? .empty,
                transaction.merchantCategoryCode.map { .number(String($0)) } ?? .empty,
                transaction.merchantName.map { .text($0) } ?? .empty,
                .text(transaction.transactionDescription), .text(transaction.originalTransactionDescription),
                .text(line.classification.flow.rawValue), .text(line.classification.category),
                .text(line.classification.categorySource.code),
                .number(line.counted ? "true" : "false"), override?.note.map { .text($0) } ?? .empty,
                line.tags.isEmpty ? .empty : .text(line.tags.joined(separator: ";")),
            ]
        }
    }

    /// `purse.transactions.v1`: the head at once, an object per line as it comes, the end at
    /// `finish()`.
    public struct JSON {
        let accounts: ReportAccounts
        let write: (String) -> Void
        var first = true

        public init(accounts: ReportAccounts, write: @escaping (String) -> Void) {
            self.accounts = accounts
            self.write = write
            var head = "{\n  \"schema\": \"purse.transactions.v1\",\n"
            for (key, value) in TimeZoneText.json(accounts.zoneNames) { head += "  \"\(key)\": \(value.compact),\n" }
            write(head + "  \"transactions\": [")
        }

        public mutating func append(_ listed: ListedTransaction) {
            let zone = accounts.zone(of: listed.record.transaction.accountID)
            for line in listed.lines {
                let object = Self.object(
                    listed.record, line: line, override: listed.override, zone: zone, person: listed.person, orderID: listed.orderID)
                write((first ? "\n    " : ",\n    ") + object.compact)
                first = false
            }
        }

        public func finish() {
            write(first ? "]\n}\n" : "\n  ]\n}\n")
        }

        static func object(
            _ record: TransactionRecord, line: ClassificationReader.Line, override: TransactionOverride?, zone: ReportTimeZone,
            person: TransactionPerson?, orderID: String?
        ) -> JSONOutput {
            let transaction = record.transaction
            let currency = transaction.transactionAmount.currency
            return .object([
                ("id", .string(transaction.id)),
                ("account_id", .string(transaction.accountID)),
                ("account", .string(record.accountName)),
                ("transaction_date", .string(zone.date(of: transaction.transactionDate.epochSeconds).description)),
                ("transaction_timestamp", .string(transaction.transactionDate.text)),
                ("time_zone", .string(zone.identifier)),
                ("posted_date", .optional(transaction.postedDate.map { zone.date(of: $0.epochSeconds).description })),
                ("status", .string(transaction.status.rawValue)),
                ("type", .string(transaction.transactionType.rawValue)),
                ("direction", .string(transaction.creditDebitIndicator.rawValue)),
                ("amount", .string(MoneyFormat.machine(line.amount, currency: currency))),
                (
                    "signed_amount",
                    .string(MoneyFormat.machine(transaction.creditDebitIndicator.signed(line.amount), currency: currency))
                ),
                ("currency", .string(currency)),
                ("foreign_amount", .optional(transaction.foreignCurrencyAmount.map(MoneyFormat.machine))),
                ("foreign_currency", .optional(transaction.foreignCurrencyAmount?.currency)),
                ("exchange_rate", .optional(transaction.foreignCurrencyExchangeRate)),
                ("mcc", transaction.merchantCategoryCode.map { .integer(Int64($0)) } ?? .null),
                ("merchant", .optional(transaction.merchantName)),
                ("description", .string(transaction.transactionDescription)),
                ("original_description", .string(transaction.originalTransactionDescription)),
                ("flow", .string(line.classification.flow.rawValue)),
                ("category", .string(line.classification.category)),
                ("category_source", .string(line.classification.categorySource.code)),
                ("counted", .bool(line.counted)),
                ("note", .optional(override?.note)),
                ("tags", .array(line.tags.map(JSONOutput.string))),
                ("order_id", .optional(orderID)),
                ("merchant_shown", .string(TransactionsRendering.shownMerchant(record, line))),
                ("person", .optional(person?.name)),
            ])
        }
    }

    /// A table to read, a row per transaction (a split one names its parts' categories), written
    /// whole by `finish()`; a Person column when any listed transaction is someone's.
    public struct Text {
        let accounts: ReportAccounts
        var rows: [[String]] = []
        var people: [String] = []
        var count = 0

        public init(accounts: ReportAccounts) {
            self.accounts = accounts
        }

        public mutating func append(_ listed: ListedTransaction) {
            let transaction = listed.record.transaction
            let lines = listed.lines
            people.append(listed.person?.name ?? "")
            rows.append([
                accounts.zone(of: transaction.accountID).date(of: transaction.transactionDate.epochSeconds).description,
                accounts.label(of: transaction.accountID),
                lines.first.map { TransactionsRendering.shownMerchant(listed.record, $0) } ?? "",
                transaction.merchantCategoryCode.map(CategorySource.codeText) ?? "",
                lines.count == 1
                    ? lines[0].classification.category : "Split: " + lines.map(\.classification.category).joined(separator: ", "),
                transaction.transactionType.rawValue,
                // An excluded row is listed like any other, so it says it never counts.
                transaction.status.rawValue + (listed.override?.isExcluded == true ? ", excluded" : ""),
                MoneyFormat.text(transaction.signedUnits, currency: transaction.transactionAmount.currency),
            ])
            count += 1
        }

        /// The table, and the count of transactions for stderr (nil when none matched).
        public func finish() -> (output: String, note: String?) {
            guard count > 0 else { return ("No transactions match.\n", nil) }
            let withPeople = people.contains { !$0.isEmpty }
            var table = TextTable(
                columns: [.init("Date"), .init("Account", maximumWidth: 32)] + (withPeople ? [.init("Person", maximumWidth: 16)] : []) + [
                    .init("Merchant", maximumWidth: 32), .init("MCC", .right), .init("Category", maximumWidth: 24), .init("Type"),
                    .init("Status"), .init("Amount", .right),
                ])
            for (row, person) in zip(rows, people) {
                table.append(withPeople ? Array(row[..<2]) + [person] + row[2...] : row)
            }
            return (table.rendered(), "\(count) transaction\(count == 1 ? "" : "s")")
        }
    }
}
