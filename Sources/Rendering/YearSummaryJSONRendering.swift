import Analytics
import Ledger

/// `report summary --year` as JSON (`purse.summary.year.v1`): the same facts as the text, amounts as strings.
public enum YearSummaryJSONRendering {
    public static func json(_ report: YearSummaryReport) -> JSONOutput {
        .object(
            [
                ("schema", .string("purse.summary.year.v1")),
                ("year", .integer(Int64(report.year))),
                ("last_month", .string(report.lastMonth.description)),
                ("generated_at", .string(report.generatedAt.text)),
            ] + TimeZoneText.json(report.timeZones) + [
                ("year_complete", .bool(report.isYearComplete)),
                ("headline", .string(YearSummaryTextRendering.headline(report))),
                ("currencies", .array(report.currencies.map(currency))),
            ])
    }

    static func amount(_ units: Int64, _ currency: String) -> JSONOutput {
        .string(MoneyFormat.machine(units, currency: currency))
    }

    static func totals(_ row: YearSummaryReport.Totals, _ c: String) -> [(String, JSONOutput)] {
        [
            ("spent", amount(row.spent, c)), ("refunded", amount(row.refunded, c)), ("net", amount(row.net, c)),
            ("income", amount(row.income, c)), ("saved", amount(row.saved, c)),
            ("savings_rate_pct", .optional(Percent.text(row.saved, of: row.income))),
        ]
    }

    static func currency(_ section: YearSummaryReport.CurrencySection) -> JSONOutput {
        let c = section.currency
        return .object(
            [
                ("currency", .string(c)),
                ("months", .array(section.months.map { .object([("month", .optional($0.month?.description))] + totals($0, c)) })),
                ("total", .object(totals(section.total, c))),
                ("previous_net", amount(section.previousNet, c)),
                ("change", amount(section.change, c)),
                (
                    "categories",
                    .array(
                        section.categories.map {
                            .object([
                                ("category", .string($0.category)), ("net", amount($0.net, c)), ("previous_net", amount($0.previousNet, c)),
                                ("change", amount($0.change, c)), ("count", .integer(Int64($0.count))),
                            ])
                        })
                ),
                (
                    "merchants",
                    .array(
                        section.merchants.map {
                            .object([
                                ("merchant", .string($0.merchant)), ("category", .string($0.category)), ("net", amount($0.net, c)),
                                ("count", .integer(Int64($0.count))),
                            ])
                        })
                ),
                (
                    "recurring",
                    .array(
                        YearSummaryTextRendering.named(section.recurring).map { cost, name in
                            .object([
                                ("merchant", .string(name)), ("account_id", .string(cost.item.accountID)),
                                ("cadence", .string(cost.item.cadence.rawValue)), ("total", amount(cost.total, c)),
                                ("count", .integer(Int64(cost.count))),
                            ])
                        })
                ),
            ])
    }
}
