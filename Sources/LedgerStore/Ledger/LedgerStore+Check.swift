import Ledger
import Storage

extension LedgerStore {
    /// SQLite's integrity check plus the ledger's own invariants; each finding is one sentence.
    public func check() throws -> [String] {
        var findings: [String] = []
        let integrity = try connection.prepare("PRAGMA integrity_check")
        while try integrity.step() {
            let message = integrity.text(0)
            if message != "ok" { findings.append("integrity: \(message)") }
        }
        let foreignKeys = try connection.prepare("PRAGMA foreign_key_check")
        while try foreignKeys.step() {
            findings.append("\(foreignKeys.text(0)) row \(foreignKeys.int64(1)) refers to a missing row of \(foreignKeys.text(2))")
        }
        let invariants: [(String, String)] = [
            (
                "SELECT count(*) FROM transactions t WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = t.account_id)",
                "transactions whose account does not exist"
            ),
            (
                "SELECT count(*) FROM balances b WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = b.account_id)",
                "balance observations whose account does not exist"
            ),
            (
                "SELECT count(*) FROM streams s WHERE NOT EXISTS (SELECT 1 FROM sources o WHERE o.id = s.source_id)",
                "stream tokens whose source does not exist"
            ),
            (
                "SELECT count(*) FROM accounts a WHERE NOT EXISTS (SELECT 1 FROM sources o WHERE o.id = a.source_id)",
                "accounts whose source does not exist"
            ),
            (
                "SELECT count(*) FROM transactions WHERE amount < 0 OR amount > \(Money.maximumUnits)",
                "transactions with an amount out of range"
            ),
            (
                "SELECT count(*) FROM transactions WHERE signed_amount <> CASE credit_debit WHEN 'debit' THEN -amount ELSE amount END",
                "transactions whose signed amount does not match amount and direction"
            ),
            (
                "SELECT count(*) FROM balances WHERE abs(observed_signed) > \(Money.maximumUnits) OR coalesce(booked_amount, available_amount) IS NULL",
                "balance observations with no value or one out of range"
            ),
            ("SELECT count(*) FROM streams WHERE sequence < 1", "stream tokens with a sequence below 1"),
        ]
        for (sql, what) in invariants {
            let count = try connection.scalarInt(sql) ?? 0
            if count > 0 { findings.append("\(count) \(what)") }
        }
        return findings
    }
}
