import Analytics
import Ledger

/// `report summary --year` as CSV: first the month rows, `month,currency,spent,refunded,net,
/// income,saved,savings_rate` with a `YYYY` total row per currency, then, from its own header
/// row, the rest in the monthly summary's long form `section,currency,item,measure,value`.
public enum YearSummaryCSVRendering {
    static let header = ["month", "currency", "spent", "refunded", "net", "income", "saved", "savings_rate"]

    public static func csv(_ report: YearSummaryReport, write: @escaping (String) -> Void) {
        let months = CSVWriter(header: header, write: write)
        for section in report.currencies {
            let c = section.currency
            for row in section.months + [section.total] {
                months.row([
                    .number(row.month?.description ?? String(report.year)), .text(c), amount(row.spent, c), amount(row.refunded, c),
                    amount(row.net, c), amount(row.income, c), amount(row.saved, c),
                    Percent.text(row.saved, of: row.income).map { .number($0) } ?? .empty,
                ])
            }
        }
        let table = SummaryCSVRendering.LongTable(csv: CSVWriter(header: SummaryCSVRendering.header, write: write))
        table.row("summary", "", "", "year", .number(String(report.year)))
        table.row("summary", "", "", "last_month", .number(report.lastMonth.description))
        table.row("summary", "", "", "generated_at", .number(report.generatedAt.text))
        for zone in report.timeZones { table.row("summary", "", "", "time_zone", .text(zone)) }
        table.row("summary", "", "", "year_complete", .number(report.isYearComplete ? "true" : "false"))
        table.row("summary", "", "", "headline", .text(YearSummaryTextRendering.headline(report)))
        for section in report.currencies {
            let c = section.currency
            table.row("total", c, "", "previous_net", amount(section.previousNet, c))
            table.row("total", c, "", "change", amount(section.change, c))
            for line in section.categories {
                table.row("category", c, line.category, "net", amount(line.net, c))
                table.row("category", c, line.category, "previous_net", amount(line.previousNet, c))
                table.row("category", c, line.category, "change", amount(line.change, c))
                table.row("category", c, line.category, "count", .number(String(line.count)))
            }
            for line in section.merchants {
                table.row("merchant", c, line.merchant, "net", amount(line.net, c))
                table.row("merchant", c, line.merchant, "count", .number(String(line.count)))
            }
            for (cost, name) in YearSummaryTextRendering.named(section.recurring) {
                table.row("recurring", c, name, "total", amount(cost.total, c))
                table.row("recurring", c, name, "count", .number(String(cost.count)))
                table.row("recurring", c, name, "cadence", .text(cost.item.cadence.rawValue))
            }
        }
    }

    static func amount(_ units: Int64, _ currency: String) -> CSVWriter.Cell {
        .number(MoneyFormat.machine(units, currency: currency))
    }
}
