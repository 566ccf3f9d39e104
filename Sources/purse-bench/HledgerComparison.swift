import Foundation

/// The same questions asked of hledger, when it is installed, over a journal of the very rows
/// the sync stored: each purchase posted to `expenses:mcc:CODE`, each credit to `income:mcc:CODE`,
/// against the account. Only a yardstick: hledger knows no money rules, so its sums differ.
struct HledgerComparison {
    let hledger: String
    let journal: String

    /// Untimed: the journal, written by SQLite's shell from the synced database; nil when
    /// hledger is not on the PATH.
    static func prepare(synced: String, shell: String, work: String) throws -> HledgerComparison? {
        guard let hledger = ChildProcess.onPath("hledger") else { return nil }
        let journal = work + "/hledger.journal"
        // Integer arithmetic only: the amount is written from its 1/10,000 units as text.
        let amount = "(abs(signed_amount) / 10000) || '.' || substr('000' || (abs(signed_amount) % 10000), -4)"
        let payee = "replace(replace(coalesce(merchant_name, description), char(10), ' '), ';', ',')"
        let query = """
            SELECT substr(transaction_date, 1, 10) || ' ' || \(payee) || char(10)
                || '    ' || (CASE credit_debit WHEN 'debit' THEN 'expenses' ELSE 'income' END)
                || ':mcc:' || coalesce(mcc, 'none') || '  '
                || (CASE credit_debit WHEN 'debit' THEN '' ELSE '-' END) || \(amount) || ' ' || currency || char(10)
                || '    accounts:' || account_id || char(10)
            FROM transactions ORDER BY transaction_date, row_id;
            """
        let written = try ChildProcess.run(shell, ["-bail", "-readonly", "-list", synced, query], stdout: journal)
        guard written.status == 0 else { throw BenchmarkError("sqlite3 could not write the hledger journal") }
        return HledgerComparison(hledger: hledger, journal: journal)
    }

    /// hledger's arguments for the month's spending and for spending by code over all months.
    func month(_ month: String) -> [String] {
        ["-f", journal, "balance", "^expenses", "-p", month]
    }

    func allMonths(from: String, to: String) -> [String] {
        ["-f", journal, "balance", "^expenses", "-b", from, "-e", to]
    }
}
