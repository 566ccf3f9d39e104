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
                the part's amount), order_id (the Wallet order linked to the transaction, else empty), \
                merchant_shown (the name reports show: a rename rule's, else merchant, else description), person \
                (who it is of: set, a rule, or the statement; else empty). Dates are local days of each account's \
                time zone.
                """,
            options: TransactionFilterOptions.options + [
                OutputOptions.format(["csv", "json"], fallback: "csv"), OutputOptions.output, OutputOptions.bom,
            ])

        static func run(_ context: CommandContext) throws { try TransactionsCommand.run(context, export: true) }
    }

    static func run(_ context: CommandContext) throws { try run(context, export: false) }

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
        let people = classifier
        // The Wallet order each transaction is linked to, computed once for the whole listing.
        let orders = format == .text ? [:] : try OrderLinker.ordersByTransaction(store)
        func listed(_ record: TransactionRecord) throws -> ListedTransaction {
            ListedTransaction(
                record: record, lines: try classifier.lines(record), override: classifier.override(for: record),
                orderID: orders[record.transaction.id]?.id, person: classifier.person(of: record))
        }
        let renamed = { [classifier] (record: TransactionRecord) in classifier.renamedMerchant(of: record) }
        switch format {
        case .csv:
            let csv = TransactionsRendering.CSV(accounts: accounts, write: sink.write)
            try filter.forEach(store, renamed: renamed, person: people.person(of:)) { record in
                try sink.throwIfFailed()
                csv.append(try listed(record))
            }
        case .json:
            var json = TransactionsRendering.JSON(accounts: accounts, write: sink.write)
            try filter.forEach(store, renamed: renamed, person: people.person(of:)) { record in
                try sink.throwIfFailed()
                json.append(try listed(record))
            }
            json.finish()
        case .text:
            var text = TransactionsRendering.Text(accounts: accounts)
            try filter.forEach(store, renamed: renamed, person: people.person(of:)) { record in text.append(try listed(record)) }
            let (output, note) = text.finish()
            sink.write(output)
            if let note { context.note(note) }
        }
    }
}
