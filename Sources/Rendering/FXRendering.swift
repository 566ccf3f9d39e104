import Analytics
import Ledger

/// `report fx` as CSV, JSON and text. A markup is exact to 1/10,000 and shown, like every sum,
/// to the currency's minor unit, half to even; its percent is markup / |reference amount| x 100,
/// two decimals, rounded once from the exact amounts (so a refund's percent has its markup's
/// sign). CSV has the rows only, so a spreadsheet can sum its columns; the totals are in the
/// text and the JSON.
public enum FXRendering {
    static let csvHeader = [
        "date", "account_id", "account", "merchant", "foreign_amount", "foreign_currency", "amount", "currency", "card_rate",
        "reference_rate", "markup_percent", "markup",
    ]

    /// A reference rate that never ends (a cross rate) is shown to 8 decimals: more than any
    /// card or the ECB writes.
    static let rateDigits = 8

    /// The markup as shown: to the minor unit of `currency`.
    static func shown(_ units: Int64, currency: String) -> Int64 {
        Money.roundedToMinorUnit(units, currency: currency)
    }

    /// `2.97`; nil when the reference amount is 0.
    static func percent(_ markup: Int64, of reference: Int64) -> String? {
        Percent.text(markup, of: reference == .min ? .max : abs(reference), decimals: 2)
    }

    public static func csv(_ report: FXReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for row in report.rows {
            csv.row(
                [
                    .number(row.date.description), .text(row.accountID), .text(row.accountName), .text(row.merchant),
                    .number(MoneyFormat.machine(row.foreignAmount, currency: row.foreignCurrency)), .text(row.foreignCurrency),
                    .number(MoneyFormat.machine(row.amount, currency: row.currency)), .text(row.currency), .number(row.cardRate),
                ]
                    + (row.reference.map { reference in
                        [
                            .number(RateFormat.decimal(reference.rate, places: rateDigits)),
                            percent(reference.markup, of: reference.amount).map { .number($0) } ?? .empty,
                            .number(MoneyFormat.machine(shown(reference.markup, currency: row.currency), currency: row.currency)),
                        ]
                    } ?? [.empty, .empty, .empty]))
        }
    }

    public static func json(_ report: FXReport) -> JSONOutput {
        func money(_ units: Int64, _ currency: String) -> JSONOutput { .string(MoneyFormat.machine(units, currency: currency)) }
        func markup(_ units: Int64, _ currency: String) -> JSONOutput { money(shown(units, currency: currency), currency) }
        let rows = JSONOutput.elements(count: report.rows.count) { index in
            let row = report.rows[index]
            return JSONOutput.object([
                ("date", .string(row.date.description)),
                ("transaction_id", .string(row.transactionID)),
                ("account_id", .string(row.accountID)),
                ("account", .string(row.accountName)),
                ("merchant", .string(row.merchant)),
                ("foreign_amount", money(row.foreignAmount, row.foreignCurrency)),
                ("foreign_currency", .string(row.foreignCurrency)),
                ("amount", money(row.amount, row.currency)),
                ("currency", .string(row.currency)),
                ("card_rate", .string(row.cardRate)),
                ("reference_rate", .optional(row.reference.map { RateFormat.decimal($0.rate, places: rateDigits) })),
                ("reference_date", .optional(row.reference?.date.description)),
                ("reference_amount", row.reference.map { markup($0.amount, row.currency) } ?? .null),
                ("markup_percent", .optional(row.reference.flatMap { percent($0.markup, of: $0.amount) })),
                ("markup", row.reference.map { markup($0.markup, row.currency) } ?? .null),
            ])
        }
        let totals = report.totals.map { total in
            JSONOutput.object(
                [
                    ("account_id", .string(total.accountID)),
                    ("account", .string(total.accountName)),
                    ("currency", .string(total.currency)),
                    ("foreign_currency", .string(total.foreignCurrency)),
                ] + sums(total.sums, currency: total.currency, foreignCurrency: total.foreignCurrency))
        }
        let missing = report.missing.map { missing in
            JSONOutput.object([
                ("foreign_currency", .string(missing.foreignCurrency)),
                ("currency", .string(missing.currency)),
                ("count", .integer(Int64(missing.count))),
                ("foreign_amount", money(missing.foreignAmount, missing.foreignCurrency)),
                ("first_day", .string(missing.firstDay.description)),
            ])
        }
        return .object(
            [
                ("schema", .string("purse.fx.v1")),
                ("from", .optional(report.first?.description)),
                ("to", .optional(report.last?.description)),
            ] + TimeZoneText.json(report.timeZones) + [
                ("rows", rows), ("totals", .array(totals)), ("without_reference", .array(missing)),
            ])
    }

    /// A total's sums in JSON: those over rows with a reference rate, then the rest.
    static func sums(_ sums: FXReport.Sums, currency: String, foreignCurrency: String) -> [(String, JSONOutput)] {
        [
            ("count", .integer(Int64(sums.count))),
            ("foreign_amount", .string(MoneyFormat.machine(sums.foreignAmount, currency: foreignCurrency))),
            ("amount", .string(MoneyFormat.machine(sums.amount, currency: currency))),
            ("reference_amount", .string(MoneyFormat.machine(shown(sums.referenceAmount, currency: currency), currency: currency))),
            ("markup_percent", .optional(percent(sums.markup, of: sums.referenceAmount))),
            ("markup", .string(MoneyFormat.machine(shown(sums.markup, currency: currency), currency: currency))),
            ("without_reference", .integer(Int64(sums.unreferenced))),
            ("without_reference_foreign_amount", .string(MoneyFormat.machine(sums.unreferencedForeignAmount, currency: foreignCurrency))),
        ]
    }

    /// The text, handed to `write` a part at a time: the rows' table is written a line at a
    /// time, never held whole.
    public static func writeText(_ report: FXReport, style: TextStyle, to write: (String) -> Void) {
        var heading = "What the card's exchange cost"
        if let first = report.first, let last = report.last { heading += ", \(first) to \(last)" }
        heading += " (\(TimeZoneText.times(report.timeZones))).\n"
        guard !report.rows.isEmpty else { return write(heading + "\nNo purchases in another currency in this period.\n") }
        write(heading + "Markup: what was charged over the foreign amount at the imported reference rate of its day.\n\n")
        let columns: [TextTable.Column] = [
            .init("Date"), .init("Account", maximumWidth: 20), .init("Merchant", maximumWidth: 24), .init("Foreign", .right),
            .init("Charged", .right), .init("Card rate", .right), .init("Reference", .right), .init("Markup", .right), .init("%", .right),
        ]
        TextTable.write(columns: columns, rows: report.rows, cells: cells, to: write)
        var output = ""
        var totals = TextTable(columns: [
            .init("Account", maximumWidth: 20), .init("Currency"), .init("Count", .right), .init("Foreign", .right),
            .init("Charged", .right), .init("At reference", .right), .init("Markup", .right), .init("%", .right),
        ])
        for total in report.totals where total.sums.count > 0 {
            let sums = total.sums
            totals.append([
                total.accountLabel, total.foreignCurrency, String(sums.count),
                MoneyFormat.text(sums.foreignAmount, currency: total.foreignCurrency),
                MoneyFormat.text(sums.amount, currency: total.currency),
                MoneyFormat.text(shown(sums.referenceAmount, currency: total.currency), currency: total.currency),
                MoneyFormat.text(shown(sums.markup, currency: total.currency), currency: total.currency),
                percent(sums.markup, of: sums.referenceAmount).map { $0 + "%" } ?? "-",
            ])
        }
        if report.totals.contains(where: { $0.sums.count > 0 }) { output += "\nTotals\n" + totals.rendered() }
        for missing in report.missing {
            output += "\n\(counted(missing)) without a reference rate (\(cause(missing))): no markup, not in the totals.\n"
        }
        write(output)
    }

    /// One row's cells in the text table.
    static func cells(_ row: FXReport.Row) -> [String] {
        let cells = [
            row.date.description, row.accountLabel, row.merchant, MoneyFormat.text(row.foreignAmount, currency: row.foreignCurrency),
            MoneyFormat.text(row.amount, currency: row.currency), row.cardRate,
        ]
        guard let reference = row.reference else { return cells + ["-", "-", "-"] }
        return cells + [
            RateFormat.decimal(reference.rate, places: rateDigits),
            MoneyFormat.text(shown(reference.markup, currency: row.currency), currency: row.currency),
            percent(reference.markup, of: reference.amount).map { $0 + "%" } ?? "-",
        ]
    }

    /// `1 EUR purchase (€8.00)`.
    static func counted(_ missing: FXReport.Missing) -> String {
        "\(missing.count) \(missing.foreignCurrency) purchase\(missing.count == 1 ? "" : "s") "
            + "(\(MoneyFormat.text(missing.foreignAmount, currency: missing.foreignCurrency)))"
    }

    /// `no EUR->USD rate within 7 days before 2026-10-20`, the day being the first without one.
    static func cause(_ missing: FXReport.Missing) -> String {
        "no \(missing.foreignCurrency)->\(missing.currency) rate within \(RateTable.lookbackDays) days before \(missing.firstDay)"
    }

    /// The stderr lines: one per foreign currency (and account currency) without a reference rate.
    public static func warnings(_ report: FXReport) -> [String] {
        report.missing.map { "\(counted($0)) without a reference rate: \(cause($0)); run 'purse prices import'" }
    }
}
