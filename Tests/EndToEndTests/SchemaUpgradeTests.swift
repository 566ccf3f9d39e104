import Foundation
import LedgerStore
import PurseTestSupport
import Testing

@testable import Storage

/// A ledger written at every earlier schema version, with data in each of its tables, is
/// upgraded by today's purse on first use: every row keeps every value, and the reports and
/// exports show them as they show a ledger that never needed upgrading.
@Suite("Schema upgrades")
struct SchemaUpgradeTests {
    let folder: TemporaryFolder
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
    }

    /// The commands whose output must not change, with the version whose tables they read.
    static let reports: [(arguments: [String], since: Int)] = [
        (["export", "transactions", "--format", "json"], 1),
        (["accounts", "--format", "json"], 1),
        (["report", "spending", "--month", "2026-10", "--format", "csv"], 1),
        (["rules", "list", "--format", "json"], 2),
        (["budget", "list", "--format", "json"], 3),
        (["sure", "status", "--format", "json"], 4),
        (["sure", "conflicts", "--format", "json"], 4),
        (["orders", "--format", "json"], 9),
    ]

    /// A ledger of today's schema with rows in every table an earlier version has: a synced
    /// sample export, rules, budgets, an account's settings, and (`withSure`) the example Sure inbox with an open and a
    /// settled conflict.
    func writtenToday(_ name: String, withSure: Bool) throws -> String {
        let database = folder.file(name + ".sqlite")
        let export = folder.file("export")
        if !FileManager.default.fileExists(atPath: export) {
            try #require(try purse.run(["sample", "--out", export, "--transactions", "300", "--months", "3", "--seed", "4"]).status == 0)
            try Self.appendUnknownType(to: export)
        }
        var commands = [
            ["sync", export],
            ["rules", "add", "--merchant", "Whole Foods", "--category", "Dining"],
            ["rules", "add", "--mcc", "4829", "--flow", "transfer"],
            ["budget", "set", "Groceries", "400", "--currency", "USD", "--rollover", "surplus", "--from", "2026-08"],
            ["budget", "set", "Dining", "150.50", "--currency", "GBP", "--from", "2026-09"],
            // So that schema 26's table has a row too.
            ["categories", "group", "Food", "Groceries", "Dining"],
            ["report", "summary", "--month", "2026-10"],
            ["accounts", "set", "Savings", "--name", "Rainy day", "--tz", "Europe/Paris"],
            ["orders", "add", try orderPackage()],
            [
                "import", Examples.statements.appendingPathComponent("apple-card-2026-10.csv").path, "--new-account", "Card statement",
                "--kind", "liability", "--currency", "USD",
            ],
            [
                "import", Examples.statements.appendingPathComponent("current-account-2026-10.csv").path, "--new-account",
                "Bank statement", "--kind", "asset", "--currency", "USD", "--columns",
                "date=Date,description=Details,debit=Money Out,credit=Money In", "--save-profile", "bank",
            ],
            // An OFX statement gives its account's number.
            [
                "import", Examples.statements.appendingPathComponent("travel-card-2026-10.ofx").path, "--new-account",
                "Travel statement", "--kind", "liability", "--currency", "USD",
            ],
        ]
        if withSure { commands.append(["sync", Examples.sureInbox.path]) }
        for command in commands {
            let result = try purse.run(["--db", database] + command)
            try #require(result.status == 0, "\(command): \(result.stderr)")
        }
        // A correction and a split of two purchases, so schema 10's tables have rows too.
        let purchases = try Connection(path: database, readOnly: true).prepare(
            "SELECT id, amount FROM transactions WHERE credit_debit = 'debit' AND status = 'booked' AND amount > 20000 ORDER BY id LIMIT 2")
        var picked: [(id: String, amount: Int64)] = []
        while try purchases.step() { picked.append((purchases.text(0), purchases.int64(1))) }
        try #require(picked.count == 2)
        let rest = picked[1].amount - 10000
        for command in [
            ["set", picked[0].id, "--category", "Gifts", "--new", "--note", "birthday", "--tag", "family"],
            [
                "split", picked[1].id, "Groceries=1",
                "Dining=\(rest / 10000).\(String(repeating: "0", count: 4 - String(rest % 10000).count))\(rest % 10000)",
            ],
        ] {
            let result = try purse.run(["--db", database] + command)
            try #require(result.status == 0, "\(command): \(result.stderr)")
        }
        // An imported rate, so schema 18's table has a row too, and a goal for schema 22's.
        try Connection(path: database).execute(
            """
            INSERT INTO exchange_rates (rate_date, from_currency, to_currency, numerator, denominator) VALUES ('2026-10-01', 'EUR', 'USD', 11, 10);
            INSERT INTO goals (name, account_id, target, currency, by_month)
            SELECT 'Rainy day', id, 50000000, currency, '2027-06' FROM accounts ORDER BY id LIMIT 1;
            """)
        if withSure {
            let connection = try Connection(path: database)
            try connection.execute(
                """
                INSERT INTO sure_conflicts (id, connection_id, lineage_id, kind, identity, status, details, created_at)
                SELECT 'c0f11c70-0000-4000-8000-000000000001', connection_id, lineage_id, 'balance_observation_conflict',
                    source_id || '|booked|2026-10-30T00:00:00.000000Z', 'open',
                    '{"source_id":"' || source_id || '","kind":"booked","observed_at":"2026-10-30T00:00:00Z"}', '2026-11-01T08:00:00Z'
                FROM sure_balance_observations ORDER BY row_id LIMIT 1;
                INSERT INTO sure_conflicts (id, connection_id, lineage_id, kind, identity, status, details, resolution, created_at, resolved_at)
                SELECT 'c0f11c70-0000-4000-8000-000000000002', connection_id, lineage_id, 'source_reappeared', source_id, 'resolved',
                    '{"source_id":"' || source_id || '"}', 'keep_sure', '2026-11-01T08:00:00Z', '2026-11-02T08:00:00Z'
                FROM sure_transactions ORDER BY source_id LIMIT 1;
                INSERT INTO sure_settlements (lineage_id, scope, identity, settled_at)
                SELECT lineage_id, 'transaction', source_id, '2026-11-02T08:00:00Z' FROM sure_transactions ORDER BY source_id LIMIT 1;
                """)
        }
        return database
    }

    /// An order package with rows for every orders table: line items, a summary item, a payment, a shipment.
    func orderPackage() throws -> String {
        let path = folder.file("shop.order")
        let json = OrderPackageFixture.orderJSON(payments: [("54.20", "2026-10-02T15:01:00Z")])
        try OrderPackageFixture(orderJSON: json).write(to: path)
        return path
    }

    /// A ledger at `version`: the first `version` migrations, then the rows of `source` in every
    /// table that version has, with that version's columns.
    func ledger(atVersion version: Int, copying source: String) throws -> String {
        let database = folder.file("v\(version).sqlite")
        let connection = try Connection(path: database)
        #expect(try Migrator.migrate(connection, Array(LedgerSchema.migrations.prefix(version)), now: "2025-06-01T00:00:00Z") == version)
        try connection.prepare("ATTACH DATABASE ? AS source").run([.text(source)])
        // A table a migration rebuilt comes after its children in creation order: foreign keys
        // are checked once every table is copied.
        try connection.execute("PRAGMA foreign_keys = OFF")
        for table in try Self.tables(connection) {
            let names = try Self.columns(of: table, connection)
            let columns = names.joined(separator: ", ")
            // Schema 12 kept each sum of the spending summary in one column, and a flag of a sum
            // too large for it.
            let values = names.map { name in
                switch (table, name) {
                case ("spending_summary", "spent"), ("spending_summary", "refunded"): "\(name)_high * 1000000000000 + \(name)_low"
                case ("classification_state", "summary_overflow"): "0"
                default: name
                }
            }.joined(separator: ", ")
            // (The row of classification_state its migration made is replaced.)
            try connection.execute("INSERT OR REPLACE INTO main.\(table) (\(columns)) SELECT \(values) FROM source.\(table)")
            // (The queue is empty between transactions.)
            #expect(
                try connection.scalarInt("SELECT count(*) FROM main.\(table)")! > 0 || table == "classification_queue",
                "version \(version) table \(table)")
        }
        // A table a migration rebuilt after the classification state (schema 24's rules) fires its
        // triggers as it is copied, asking for a rebuild the source never needed: the state is the source's.
        if try Self.tables(connection).contains("classification_state") {
            let names = try Self.columns(of: "classification_state", connection)
            let values = names.map { $0 == "summary_overflow" ? "0" : $0 }.joined(separator: ", ")
            try connection.execute(
                "INSERT OR REPLACE INTO main.classification_state (\(names.joined(separator: ", "))) SELECT \(values) FROM source.classification_state"
            )
        }
        try connection.execute("PRAGMA foreign_keys = ON")
        #expect(try connection.prepare("PRAGMA main.foreign_key_check").step() == false, "version \(version)")
        try connection.execute("DETACH DATABASE source")
        return database
    }

    @Test("a ledger of every earlier version upgrades and keeps every row", arguments: 1..<LedgerSchema.latestVersion)
    func upgradeKeepsEveryRow(version: Int) throws {
        let source = try writtenToday("today", withSure: version >= 4)
        let old = try ledger(atVersion: version, copying: source)
        let oldConnection = try Connection(path: old)
        let tables = try Self.tables(oldConnection)
        let oldColumns = try Dictionary(uniqueKeysWithValues: tables.map { ($0, Set(try Self.columns(of: $0, oldConnection))) })
        // The sync that upgrades the ledger also notes when it ran.
        func ignored(_ table: String) -> Set<String> { table == "sources" ? ["last_synced_at"] : [] }
        let before = try LedgerContents(path: old, tables: tables.map { ($0, ignored($0)) } + [("schema_migrations", [])])

        // Reports never migrate; the next sync does, even one that brings nothing new.
        let sync = try purse.run(["--db", old, "sync", folder.file("export")])
        #expect(sync.status == 0, "\(sync.stderr)")
        let status = try purse.run(["--db", old, "status", "--check"])
        #expect(status.status == 0, "\(status.stdout)\(status.stderr)")
        let upgraded = try Connection(path: old)
        #expect(try Migrator.currentVersion(upgraded) == LedgerSchema.latestVersion)
        // Its first write classified every transaction, old ones too (and the check above compared them with the rules).
        #expect(try upgraded.scalarInt("SELECT built FROM classification_state") == 1)
        #expect(try upgraded.scalarInt("SELECT count(*) FROM transactions WHERE class_state IS NULL") == 0)
        #expect(try upgraded.scalarInt("SELECT count(*) FROM spending_summary")! > 0)
        // Columns added since `version` hold what the sync brought (a source's time zone): the old ones are compared.
        let after = try LedgerContents(
            path: old,
            tables: try tables.map { table in
                (table, ignored(table).union(Set(try Self.columns(of: table, upgraded)).subtracting(oldColumns[table] ?? [])))
            })
        // A table that lost columns was summed again by its migration (schema 12's summary): the check compared it.
        let reshaped = try tables.filter { !oldColumns[$0, default: []].isSubset(of: Set(try Self.columns(of: $0, upgraded))) }
        // An upgrade may classify everything again (the twins' migration), which sums the summary
        // afresh without the rows whose count had fallen to 0.
        func emptySummary(_ row: String) -> Bool { row.hasPrefix("spending_summary: ") && row.hasSuffix("|0|0|0|0|0") }
        func kept(_ row: String) -> Bool { !reshaped.contains { row.hasPrefix($0 + ": ") } && !emptySummary(row) }
        #expect(after.rows.filter(kept) == before.rows.filter { !$0.hasPrefix("schema_migrations: ") && kept($0) })
        // The old migrations keep their record; the new ones are added after them.
        let migrations = try LedgerContents(path: old, tables: [("schema_migrations", ["applied_at"])]).rows
        // (The rows come sorted as text, where 10 sorts before 2.)
        #expect(migrations.sorted() == LedgerSchema.migrations.map { "schema_migrations: \($0.id)|'\($0.name)'" }.sorted())
        #expect(before.rows.filter { $0.hasPrefix("schema_migrations: ") }.count == version)
        // The tables new since `version` are empty, but for what the upgrading sync read from the export.
        for table in try Self.tables(upgraded) where !tables.contains(table) && !Self.filledBySync.contains(table) {
            #expect(try upgraded.scalarInt("SELECT count(*) FROM \(table)") == 0, "\(table)")
        }

        // The same rows kept at today's schema all along: the source without the tables newer than `version`.
        let expectedLedger = folder.file("expected-v\(version).sqlite")
        try FileManager.default.copyItem(atPath: source, toPath: expectedLedger)
        let expectedConnection = try Connection(path: expectedLedger)
        for table in try Self.tables(expectedConnection).reversed() where !tables.contains(table) && !Self.filledBySync.contains(table) {
            try expectedConnection.execute("DELETE FROM \(table)")
        }
        // A statement row imported before schema 25 kept no Purchased By: it names nobody.
        if version < 25 { try expectedConnection.execute("UPDATE transactions SET person = NULL") }
        for report in Self.reports {
            let expected = try purse.run(["--db", expectedLedger] + report.arguments)
            let actual = try purse.run(["--db", old] + report.arguments)
            #expect(actual.status == 0 && expected.status == 0, "\(report.arguments): \(actual.stderr)")
            #expect(actual.stdout == expected.stdout, "\(report.arguments)")
            if report.since <= version { #expect(actual.stdout.count > 100, "\(report.arguments): \(actual.stdout)") }
        }
    }

    /// A transaction of a type a newer FinanceKit might send, appended to the export's first
    /// transactions stream: the ledger then remembers an unknown value.
    static func appendUnknownType(to export: String) throws {
        let folder = export + "/transactions"
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).sorted().first)
        let stream = URL(fileURLWithPath: folder + "/" + name)
        let last = try #require(try String(contentsOf: stream, encoding: .utf8).split(separator: "\n").last)
        let changeSet = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        let generation = try #require(changeSet["generation"] as? String)
        let sequence = try #require(changeSet["sequence"] as? Int)
        let transaction = ExportFixture.transaction(
            "C0C0C0C0-0000-4000-8000-000000000001", account: String(name.dropLast(".jsonl".count)), date: "2026-10-20T12:00:00Z",
            type: "cryptoPurchase")
        let handle = try FileHandle(forWritingTo: stream)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data((ExportFixture.changeSet(generation, sequence + 1, inserted: [transaction]) + "\n").utf8))
    }

    /// Tables a sync fills from the export itself (its manifest's zones of single accounts),
    /// those of the stored classification, which the upgrading sync builds for the whole ledger,
    /// and the ledger's settings, where its first write records the ledger's zone.
    static let filledBySync: Set<String> = [
        "source_account_time_zones", "classification_state", "classification_zones", "spending_summary", "ledger_settings",
        "charge_packs",
    ]

    /// The ledger's tables, in the order they were created.
    static func tables(_ connection: Connection) throws -> [String] {
        let query = try connection.prepare(
            """
            SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                AND name <> 'schema_migrations' ORDER BY rowid
            """)
        var names: [String] = []
        while try query.step() { names.append(query.text(0)) }
        return names
    }

    static func columns(of table: String, _ connection: Connection) throws -> [String] {
        let query = try connection.prepare("SELECT name FROM main.pragma_table_info(?) ORDER BY cid")
        try query.bind([.text(table)])
        var names: [String] = []
        while try query.step() { names.append(query.text(0)) }
        return names
    }
}
