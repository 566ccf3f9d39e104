import Ledger

/// `purse prices`: the exchange rates the ledger knows, imported and the card's, as text, CSV
/// and JSON. Each rate is 1 `from` = `rate` `to`, shown as the exact decimal it was read from.
public enum PricesRendering {
    static let csvHeader = ["date", "from", "to", "rate", "source"]

    public static func csv(_ rates: [DatedRate], write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for rate in rates {
            csv.row([
                .number(rate.date.description), .text(rate.from), .text(rate.to), .number(RateFormat.decimal(rate.rate)),
                .text(rate.source.rawValue),
            ])
        }
    }

    public static func json(_ rates: [DatedRate]) -> JSONOutput {
        .object([
            ("schema", .string("purse.prices.v1")),
            (
                "rates",
                .array(
                    rates.map { rate in
                        .object([
                            ("date", .string(rate.date.description)), ("from", .string(rate.from)), ("to", .string(rate.to)),
                            ("rate", .string(RateFormat.decimal(rate.rate))), ("source", .string(rate.source.rawValue)),
                        ])
                    })
            ),
        ])
    }

    public static func text(_ rates: [DatedRate]) -> String {
        guard !rates.isEmpty else {
            return "No exchange rates. Import some with 'purse prices import FILE...' (the ECB's eurofxref-hist.csv, say).\n"
        }
        var table = TextTable(columns: [.init("Date"), .init("From"), .init("To"), .init("Rate", .right), .init("Source")])
        for rate in rates {
            table.append([rate.date.description, rate.from, rate.to, RateFormat.decimal(rate.rate), rate.source.rawValue])
        }
        return table.rendered()
    }
}
