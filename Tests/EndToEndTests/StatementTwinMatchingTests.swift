import Foundation
import PurseTestSupport
import Storage
import Testing

/// Statement twins matched as a whole through the real binary: two synced $55 charges on the
/// 10th and 12th and the same two imported from a statement on the 12th and 14th are two
/// transactions, whichever came first. Closest first paired the 12th with the 12th, left the
/// 10th and the 14th apart, and counted $165.
@Suite("Statement twins beside Wallet data")
struct StatementTwinMatchingTests: PurseLedgerSuite {
    typealias F = ExportFixture

    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()
    let statement: String

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        statement = folder.file("card.csv")
        try """
        Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD)
        10/12/2026,10/13/2026,CORNER MARKET,Corner Market,Grocery,Purchase,55.00
        10/14/2026,10/15/2026,CORNER MARKET,Corner Market,Grocery,Purchase,55.00

        """.write(toFile: statement, atomically: true, encoding: .utf8)
    }

    /// A Wallet export of the card, with its two charges when `charges` is true.
    func export(_ name: String, charges: Bool) throws -> String {
        let export = try ExportFixture(in: folder.url.appendingPathComponent(name))
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1", kind: "liability", name: "Card")]))
        if charges {
            try export.append(
                "transactions/A1",
                F.changeSet(
                    "T", 1, snapshot: true,
                    inserted: [
                        F.transaction("w1", account: "A1", date: "2026-10-10T12:00:00-04:00", amount: "55.00", merchant: "Corner Market"),
                        F.transaction("w2", account: "A1", date: "2026-10-12T12:00:00-04:00", amount: "55.00", merchant: "Corner Market"),
                    ]))
        }
        return export.path
    }

    let environment = ["TZ": "America/New_York"]

    static let expected = """
        period,category,currency,spent,refunded,net,count
        2026-10,Groceries,USD,110.00,0.00,110.00,2

        """

    func expectTwoCharges() throws {
        let spending = try run(["report", "spending", "--month", "2026-10", "--format", "csv"])
        #expect(spending.status == 0, "\(spending.stderr)")
        #expect(spending.stdout == Self.expected)
        #expect(spending.stderr == "")
        let listed = CSVRows.parse(try run(["export", "transactions"]).stdout)
        #expect(listed.filter { $0["counted"] == "true" }.map { $0["id"]! }.sorted() == ["W1", "W2"])
        let check = try run(["status", "--check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test("Sync, then import: the 10th pairs with the 12th and the 12th with the 14th: $110, not $165")
    func syncThenImport() throws {
        try #require(try run(["sync", try export("full", charges: true)]).status == 0)
        let imported = try run(["import", statement, "--account", "A1"])
        #expect(imported.status == 0, "\(imported.stderr)")
        try expectTwoCharges()
    }

    @Test("Import, then sync: the same pairs")
    func importThenSync() throws {
        try #require(try run(["sync", try export("accounts", charges: false)]).status == 0)
        try #require(try run(["import", statement, "--account", "Card"]).status == 0)
        try #require(try run(["sync", try export("full", charges: true)]).status == 0)
        try expectTwoCharges()
    }

    @Test("A ledger whose twins were stored closest first (schema 15) is classified again by the sync that upgrades it")
    func upgradeRematches() throws {
        try #require(try run(["sync", try export("full", charges: true)]).status == 0)
        try #require(try run(["import", statement, "--account", "A1"]).status == 0)
        // What closest first stored: the 12th's statement row the twin of W2, the 14th's counted.
        do {
            let connection = try Connection(path: database)
            let twelfth = "(SELECT id FROM transactions WHERE id LIKE 'statement-%' ORDER BY transaction_time LIMIT 1)"
            let fourteenth = "(SELECT id FROM transactions WHERE id LIKE 'statement-%' ORDER BY transaction_time DESC LIMIT 1)"
            try connection.execute("UPDATE transactions SET class_partner = 'W2' WHERE id = \(twelfth)")
            try connection.execute("UPDATE transactions SET class_state = 'counted', class_partner = NULL WHERE id = \(fourteenth)")
            try connection.execute("DROP TABLE exchange_rates")
            try connection.execute("ALTER TABLE budgets DROP COLUMN all_currencies")
            try connection.execute("ALTER TABLE budgets DROP COLUMN period")
            try connection.execute("DROP INDEX transactions_foreign")
            try connection.execute("DROP TABLE goals")
            try connection.execute("ALTER TABLE transaction_overrides DROP COLUMN not_anomaly")
            try connection.execute(
                """
                DROP TRIGGER pack_inserted; DROP TRIGGER pack_deleted; DROP TRIGGER pack_updated; DROP TRIGGER pack_account_deleted;
                DROP TABLE charge_packs;
                """)
            try connection.execute("DROP TABLE category_groups")
            try connection.execute("ALTER TABLE budgets DROP COLUMN scope")
            try connection.execute("DROP INDEX transactions_people")
            try connection.execute("ALTER TABLE transactions DROP COLUMN person")
            try connection.execute("ALTER TABLE transaction_overrides DROP COLUMN person")
            // The rules as schema 10 made them: no rename, a category or flow required.
            try connection.execute(
                """
                DROP TABLE rules;
                CREATE TABLE rules (id INTEGER PRIMARY KEY, position INTEGER NOT NULL, merchant TEXT, description TEXT,
                    description_regex TEXT, mcc INTEGER, account TEXT, type TEXT,
                    direction TEXT CHECK (direction IN ('credit', 'debit')), amount_min INTEGER, amount_max INTEGER,
                    category TEXT, flow TEXT CHECK (flow IN ('expense', 'income', 'transfer')), created_at TEXT NOT NULL,
                    CHECK (category IS NOT NULL OR flow IS NOT NULL));
                CREATE TRIGGER reclassify_on_rule_insert AFTER INSERT ON rules
                BEGIN UPDATE classification_state SET rebuild_needed = 1; END;
                CREATE TRIGGER reclassify_on_rule_update AFTER UPDATE ON rules
                BEGIN UPDATE classification_state SET rebuild_needed = 1; END;
                CREATE TRIGGER reclassify_on_rule_delete AFTER DELETE ON rules
                BEGIN UPDATE classification_state SET rebuild_needed = 1; END;
                """)
            try connection.execute("DROP TABLE ledger_settings")
            try connection.execute("DELETE FROM schema_migrations WHERE id > 15")
            try connection.execute("PRAGMA user_version = 15")
        }
        // Read as it is, the older ledger's classification is not what reports read: they run the
        // keeper's pass, which pairs as a whole.
        let stale = try run(["report", "spending", "--month", "2026-10", "--format", "csv"])
        #expect(stale.stdout.contains("2026-10,Groceries,USD,110.00,0.00,110.00,2"), "\(stale.stdout)")
        try #require(try run(["sync", try export("full", charges: true)]).status == 0)
        try expectTwoCharges()
    }
}
