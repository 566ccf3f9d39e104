import Analytics
import Ledger

/// `report anomalies` as text, CSV and JSON; `detail` is the same sentence in each.
public enum AnomalyRendering {
    static let csvHeader = ["kind", "date", "account_id", "account", "merchant", "category", "amount", "currency", "baseline", "detail"]

    /// Why the row is listed, in a sentence.
    public static func detail(_ anomaly: AnomalyReport.Anomaly) -> String {
        let currency = anomaly.currency
        switch anomaly.reason {
        case .sameAs(let earlierID, let earlierDate, let seconds):
            let when =
                seconds.map { seconds in
                    seconds < 60 ? "within the same minute" : "\(seconds / 60) minute\(seconds / 60 == 1 ? "" : "s") after it"
                } ?? "on the same day (a statement row has no time)"
            return "the same charge as \(earlierID) of \(earlierDate), \(when)"
        case .aboveAverage(let months, let isMerchant):
            let rise = anomaly.amount - (anomaly.baseline ?? 0)
            return "\(isMerchant ? "this merchant's" : "this category's") net is +\(MoneyFormat.text(rise, currency: currency))"
                + " over its average of \(MonthName.span(months))"
        case .firstCharge(let floor):
            return "the first charge ever from this merchant, over \(MoneyFormat.text(floor, currency: currency))"
        case .priceChange(let cadence, _):
            let change = anomaly.amount - (anomaly.baseline ?? 0)
            return "\(cadence.rawValue) charge of usually \(MoneyFormat.text(anomaly.baseline ?? 0, currency: currency)), "
                + "now \(MoneyFormat.text(anomaly.amount, currency: currency)) (\(change > 0 ? "+" : "")\(MoneyFormat.text(change, currency: currency)))"
        case .missed(let cadence, let lastDate):
            return "\(cadence.rawValue) charge expected on \(anomaly.date) did not come (the last was on \(lastDate))"
        }
    }

    public static func csv(_ report: AnomalyReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for anomaly in report.anomalies {
            csv.row([
                .number(anomaly.kind.rawValue), .number(anomaly.date.description), .text(anomaly.accountID), .text(anomaly.accountName),
                .text(anomaly.merchant), .text(anomaly.category), .number(MoneyFormat.machine(anomaly.amount, currency: anomaly.currency)),
                .text(anomaly.currency), anomaly.baseline.map { .number(MoneyFormat.machine($0, currency: anomaly.currency)) } ?? .empty,
                .text(detail(anomaly)),
            ])
        }
    }

    public static func json(_ report: AnomalyReport) -> JSONOutput {
        .object([
            ("schema", .string("purse.anomalies.v1")),
            ("month", .string(report.month.description)),
            ("time_zones", .array(report.timeZones.map(JSONOutput.string))),
            (
                "anomalies",
                .array(
                    report.anomalies.map(jsonObject))
            ),
        ])
    }

    /// One row, as `report anomalies` and the summary's `anomalies` give it.
    static func jsonObject(_ anomaly: AnomalyReport.Anomaly) -> JSONOutput {
        func money(_ units: Int64, _ currency: String) -> JSONOutput { .string(MoneyFormat.machine(units, currency: currency)) }
        return .object([
            ("kind", .string(anomaly.kind.rawValue)),
            ("date", .string(anomaly.date.description)),
            ("transaction_id", .optional(anomaly.transactionID.isEmpty ? nil : anomaly.transactionID)),
            ("account_id", .optional(anomaly.accountID.isEmpty ? nil : anomaly.accountID)),
            ("account", .optional(anomaly.accountName.isEmpty ? nil : anomaly.accountName)),
            ("merchant", .optional(anomaly.merchant.isEmpty ? nil : anomaly.merchant)),
            ("category", .optional(anomaly.category.isEmpty ? nil : anomaly.category)),
            ("amount", money(anomaly.amount, anomaly.currency)),
            ("currency", .string(anomaly.currency)),
            ("baseline", anomaly.baseline.map { money($0, anomaly.currency) } ?? .null),
            ("detail", .string(detail(anomaly))),
        ])
    }

    public static func text(_ report: AnomalyReport, style: TextStyle) -> String {
        let output = "Anomalies in \(MonthName.text(report.month)) (\(TimeZoneText.times(report.timeZones))).\n"
        guard !report.anomalies.isEmpty else { return output + "\nNothing looks out of the ordinary.\n" }
        var table = TextTable(columns: [
            .init("Date"), .init("Kind"), .init("Merchant or category", maximumWidth: 24), .init("Account", maximumWidth: 20),
            .init("Amount", .right), .init("Usual", .right),
        ])
        for anomaly in report.anomalies {
            table.append([
                anomaly.date.description, anomaly.kind.rawValue, anomaly.merchant.isEmpty ? anomaly.category : anomaly.merchant,
                anomaly.accountLabel, MoneyFormat.text(anomaly.amount, currency: anomaly.currency),
                anomaly.baseline.map { MoneyFormat.text($0, currency: anomaly.currency) } ?? "",
            ])
            table.appendNote(detail(anomaly))
        }
        return output + "\n" + table.rendered()
            + "\n'purse set ID --not-anomaly' dismisses one (each one's transaction ID is in --format json).\n"
    }
}
