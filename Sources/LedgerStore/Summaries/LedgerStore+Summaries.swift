import Ledger
import Storage

extension LedgerStore {
    /// Every month a summary has reported, ascending.
    public func summaryRecords() throws -> [SummaryRecord] {
        let query = try connection.prepare("SELECT month, digest, first_reported_at, reported_at FROM summaries ORDER BY month")
        var records: [SummaryRecord] = []
        while try query.step() {
            guard let month = YearMonth(iso: query.text(0)) else { continue }
            records.append(
                SummaryRecord(
                    month: month, digest: query.text(1), firstReportedAt: query.text(2),
                    reportedAt: query.text(3), totals: []))
        }
        let totals = try connection.prepare(
            """
            SELECT month, currency, spent, refunded, income, count FROM summary_totals ORDER BY month, currency
            """)
        var byMonth: [String: [SummaryRecord.Totals]] = [:]
        while try totals.step() {
            byMonth[totals.text(0), default: []].append(
                SummaryRecord.Totals(
                    currency: totals.text(1), spent: totals.int64(2), refunded: totals.int64(3), income: totals.int64(4),
                    count: Int(totals.int64(5))))
        }
        return records.map {
            SummaryRecord(
                month: $0.month, digest: $0.digest, firstReportedAt: $0.firstReportedAt, reportedAt: $0.reportedAt,
                totals: byMonth[$0.month.description] ?? [])
        }
    }

    /// Remembers what one summary reported, for each of its months (replacing what was
    /// remembered), in one transaction: the months are remembered together or not at all.
    public func saveSummaryRecords(_ records: [SummaryRecord]) throws {
        try transaction {
            let upsert = try connection.prepare(
                """
                INSERT INTO summaries (month, digest, first_reported_at, reported_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (month) DO UPDATE SET digest = excluded.digest, reported_at = excluded.reported_at
                """)
            let deleteTotals = try connection.prepare("DELETE FROM summary_totals WHERE month = ?")
            let insertTotals = try connection.prepare(
                """
                INSERT INTO summary_totals (month, currency, spent, refunded, income, count) VALUES (?, ?, ?, ?, ?, ?)
                """)
            for record in records {
                let month = SQLValue.text(record.month.description)
                try upsert.run([month, .text(record.digest), .text(record.firstReportedAt), .text(record.reportedAt)])
                try deleteTotals.run([month])
                for totals in record.totals {
                    try insertTotals.run([
                        month, .text(totals.currency), .integer(totals.spent), .integer(totals.refunded),
                        .integer(totals.income), .integer(Int64(totals.count)),
                    ])
                }
            }
        }
    }
}
