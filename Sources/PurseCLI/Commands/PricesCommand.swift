import Analytics
import Foundation
import Ledger
import LedgerStore
import Prices
import Rendering

/// `purse prices` and `purse prices import FILE...`: the exchange rates reports convert with
/// (README, "Exchange rates").
enum PricesCommand: PurseCommand {
    static let spec = CommandSpec(
        ["prices"], summary: "Exchange rates: the imported ones and the ones your card charged.",
        discussion: """
            Lists date,from,to,rate,source: on that day 1 FROM was worth RATE TO, by an imported rate file \
            (source imported) or by a foreign-currency purchase on your card (source card: its account's \
            currency per 1 unit of the foreign one, on the purchase's local day; one row per distinct rate).
            """,
        options: [from, to, currency] + OutputOptions.listing)

    static let from = OptionSpec(
        "from", value: "YYYY-MM-DD",
        help: "First day of the rates listed, inclusive: a file's date; a card's rate, its purchase's local day.")
    static let to = OptionSpec(
        "to", value: "YYYY-MM-DD", help: "Last day of the rates listed, inclusive: a file's date; a card's rate, its purchase's local day.")
    static let currency = OptionSpec("currency", value: "CODE", help: "Only the rates from or to this currency, e.g. GBP.")

    enum Import: PurseCommand {
        static let spec = CommandSpec(
            ["prices", "import"], summary: "Import exchange rate files (the ECB's reference rates, or date,from,to,rate).",
            discussion: """
                Reads the ECB's historical reference rates CSV (Date,USD,JPY,..., rates per 1 EUR: the file \
                eurofxref-hist.csv inside eurofxref-hist.zip on the ECB's site), or a CSV with the header \
                date,from,to,rate (1 FROM = RATE TO). Each file is one database transaction: a file with bad \
                input changes nothing (exit 65 after the other files are imported). Importing a file again \
                changes nothing; a rate for a (date, from, to) the ledger holds replaces it.
                """,
            positionals: [PositionalSpec("FILE", help: "A rate file.", minCount: 1, maxCount: nil)])

        static func run(_ context: CommandContext) throws { try importFiles(context) }
    }

    static func run(_ context: CommandContext) throws { try list(context) }

    /// Each file in its own transaction, read row by row into it: a bad row rolls its file back
    /// whole, and the next files are still imported. A missing file stops everything first.
    static func importFiles(_ context: CommandContext) throws {
        let files = context.command.positionals
        for file in files where !FileManager.default.fileExists(atPath: file) {
            throw SourceError.notFound(path: file, what: "no such file")
        }
        let store = try context.openStore(.create)
        var badInput = false
        for file in files {
            do {
                let outcome = try store.importRates { add in try RateFileReader.forEach(path: file, add) }
                let total = outcome.added + outcome.replaced + outcome.unchanged
                context.note(
                    "\(file): \(total) rates (\(outcome.added) added, \(outcome.replaced) replaced, \(outcome.unchanged) unchanged)")
            } catch let error as SourceError where error.isBadInput {
                ErrorFunnel.report(error, stderr: context.stderr)
                badInput = true
            }
        }
        if badInput { throw FailuresReported(status: .badInput) }
    }

    static func list(_ context: CommandContext) throws {
        try ReportRunner.run(
            context,
            options: { () throws -> (first: CivilDate?, last: CivilDate?, currencies: [String]) in
                let first = try context.command.value(Self.from, as: CivilDate.self)
                let last = try context.command.value(Self.to, as: CivilDate.self)
                if let first, let last, last < first { throw context.usageError("--to \(last) is before --from \(first)") }
                return (first, last, try context.command.value(Self.currency, as: KnownCurrency.self).map { [$0.code] } ?? [])
            },
            analyse: { store, options in
                let imported = try store.importedRates(firstDay: options.first, lastDay: options.last, currencies: options.currencies)
                // One row per distinct (day, from, to, rate): a day of ten purchases at one rate is one.
                let card = Set(
                    try RateTable.cardRates(store, accounts: context.reportAccounts(store), firstDay: options.first, lastDay: options.last)
                        .filter { options.currencies.isEmpty || options.currencies.contains($0.from) || options.currencies.contains($0.to) }
                )
                return (imported + card).sorted(by: listed)
            },
            text: { rates, _ in PricesRendering.text(rates) }, csv: PricesRendering.csv, json: PricesRendering.json)
    }

    /// By day, from and to; an imported rate before the card's of the same pair, as a conversion
    /// prefers it; then by rate.
    private static func listed(_ left: DatedRate, _ right: DatedRate) -> Bool {
        let order = { (rate: DatedRate) in (rate.date.daysSinceEpoch, rate.from, rate.to, rate.source == .imported ? 0 : 1) }
        if order(left) != order(right) { return order(left) < order(right) }
        return left.rate < right.rate
    }
}
