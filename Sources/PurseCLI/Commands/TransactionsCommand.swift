import Analytics
import Foundation
import Ledger
import LedgerStore
import Rendering

/// `purse transactions` (a table to read) and `purse export transactions` (every column, for
/// spreadsheets and scripts): the same filters, different defaults.
enum TransactionsCommand: PurseCommand {
    static let spec = CommandSpec(
        ["transactions"], summary: "List transactions with filters.",
        options: TransactionFilterOptions.options + OutputOptions.listing)

    enum Export: PurseCommand {
        static let spec = CommandSpec(
            ["export", "transactions"], summary: "Every column of the transactions, as spreadsheet-safe CSV or JSON.",
            discussion: """
                CSV columns: id, account_id, account, transaction_date, posted_date, status, type, direction, \
                amount, signed_amount, currency, foreign_amount, foreign_currency, exchange_rate, mcc, merchant, \
                description, original_description, flow, category, category_source, counted, note, tags (the \
                classification every report uses, overrides applied; a split transaction is one row per part, with \
                the part's amount), order_id (the Wallet order linked to the transaction, else empty). Dates are \
                local days of each account's time zone.
                """,
            options: TransactionFilterOptions.options + [
                OutputOptions.format(["csv", "json"], fallback: "csv"), OutputOptions.output, OutputOptions.bom,
            ])

        static func run(_ context: CommandContext) throws { try TransactionsCommand.run(context, export: true) }
    }

    static func run(_ context: CommandContext) throws { try run(context, export: false) }

    static let csvHeader = [
        "id", "account_id", "account", "transaction_date", "posted_date", "status", "type", "direction", "amount",
        "signed_amount", "currency", "foreign_amount", "foreign_currency", "exchange_rate", "mcc", "merchant",
        "description", "original_description", "flow", "category", "category_source", "counted", "note", "tags", "order_id",
    ]

    static func run(_ context: CommandContext, export: Bool) throws {
        let format = try context.outputFormat(
            allowed: export ? [.csv, .json] : [.text, .csv, .json],
            fallback: export ? .csv : .text)
        // Before the ledger is opened, so a bad TZ is a usage error even without one.
        _ = try context.reportTimeZone()
        // The listing streams out while it reads, inside the one read transaction.
        try context.reading { store in
            let filter = try TransactionFilter(context: context, store: store)
            try context.writingData { sink in
                try write(filter, store: store, format: format, to: sink, context: context)
            }
        }
    }

    static func write(
        _ filter: TransactionFilter, store: LedgerStore, format: OutputFormat, to sink: TextSink, context: CommandContext
    ) throws {
        let accounts = filter.accounts
        var classifier = try ClassificationReader(store, accounts: accounts)
        // The Wallet order each transaction is linked to, computed once for the whole listing.
        let orders = format == .text ? [:] : try OrderLinker.ordersByTransaction(store)
        switch format {
        case .csv:
            let csv = CSVWriter(header: csvHeader, write: sink.write)
            try filter.forEach(store) { record in
                try sink.throwIfFailed()
                let override = classifier.override(for: record)
                let order = orders[record.transaction.id].map { CSVWriter.Cell.number($0.id) } ?? .empty
                for line in try classifier.lines(record) {
                    csv.row(
                        csvCells(record, line: line, override: override, zone: accounts.zone(of: record.transaction.accountID))
                            + [order])
                }
            }
        case .json:
            var head = "{\n  \"schema\": \"purse.transactions.v1\",\n"
            for (key, value) in TimeZoneText.json(accounts.zoneNames) { head += "  \"\(key)\": \(value.compact),\n" }
            sink.write(head + "  \"transactions\": [")
            var first = true
            try filter.forEach(store) { record in
                try sink.throwIfFailed()
                let override = classifier.override(for: record)
                for line in try classifier.lines(record) {
                    let object = jsonObject(
                        record, line: line, override: override, zone: accounts.zone(of: record.transaction.accountID),
                        orderID: orders[record.transaction.id]?.id)
                    sink.write((first ? "\n    " : ",\n    ") + object.compact)
                    first = false
                }
            }
            sink.write(first ? "]\n}\n" : "\n  ]\n}\n")
        case .text:
            var table = TextTable(columns: [
                .init("Date"), .init("Account", maximumWidth: 32), .init("Merchant", maximumWidth: 32),
                .init("MCC", .right), .init("Category", maximumWidth: 24), .init("Type"), .init("Status"), .init("Amount", .right),
            ])
            var count = 0
            try filter.forEach(store) { record in
                let transaction = record.transaction
                let lines = try classifier.lines(record)
                table.append([
                    accounts.zone(of: transaction.accountID).date(of: transaction.transactionDate.epochSeconds).description,
                    accounts.label(of: transaction.accountID),
                    transaction.merchantName ?? transaction.transactionDescription,
                    transaction.merchantCategoryCode.map(CategorySource.codeText) ?? "",
                    lines.count == 1
                        ? lines[0].classification.category : "Split: " + lines.map(\.classification.category).joined(separator: ", "),
                    // An excluded row is listed like any other, so it says it never counts.
                    transaction.transactionType.rawValue,
                    transaction.status.rawValue
                        + (classifier.override(for: record)?.isExcluded == true ? ", excluded" : ""),
                    MoneyFormat.text(transaction.signedUnits, currency: transaction.transactionAmount.currency),
                ])
                count += 1
            }
            if count == 0 {
                sink.write("No transactions match.\n")
            } else {
                sink.write(table.rendered())
                context.note("\(count) transaction\(count == 1 ? "" : "s")")
            }
        }
    }

    /// A split transaction is one row per part, each with its part's amount (the ID repeats), so
    /// the rows of a category add up to what reports count in it.
    static func csvCells(
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
            .text(line.classification.flow.rawValue), .text(line.classification.category), .text(line.classification.categorySource.code),
            .number(line.counted ? "true" : "false"), override?.note.map { .text($0) } ?? .empty,
            override.map { .text($0.tags.joined(separator: ";")) } ?? .empty,
        ]
    }

    static func jsonObject(
        _ record: TransactionRecord, line: ClassificationReader.Line, override: TransactionOverride?, zone: ReportTimeZone,
        orderID: String?
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
            ("signed_amount", .string(MoneyFormat.machine(transaction.creditDebitIndicator.signed(line.amount), currency: currency))),
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
            ("tags", .array((override?.tags ?? []).map(JSONOutput.string))),
            ("order_id", .optional(orderID)),
        ])
    }
}
