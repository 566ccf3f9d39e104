import Foundation
import LedgerStore
import PurseTestSupport
import Storage
import Testing

/// The schema a new ledger gets, every object of `sqlite_master` with its SQL, is
/// Golden/SchemaGoldenTests/ledger-schema.txt, and a ledger of every earlier schema that purse
/// upgrades ends up with the very same. A new migration changes the golden: `RECORD_GOLDEN=1 swift
/// test --filter SchemaGoldenTests` rewrites it (and fails), then the run without it compares.
@Suite("Schema golden")
struct SchemaGoldenTests {
    let folder: TemporaryFolder
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
    }

    /// Writes to the ledger at `path` with a command that creates or upgrades it, as a user would.
    func write(_ path: String) throws {
        let result = try purse.run(["--db", path, "rules", "add", "--merchant", "Corner Shop", "--category", "Groceries"])
        try #require(result.status == 0, "\(result.stderr)")
    }

    /// The ledger's version, identity and every object of its schema with the SQL SQLite keeps
    /// for it, by type and name.
    static func dump(_ path: String) throws -> String {
        let connection = try Connection(path: path, readOnly: true)
        var text = "PRAGMA user_version = \(try connection.scalarInt("PRAGMA user_version") ?? -1)\n"
        text += "PRAGMA application_id = \(try connection.scalarInt("PRAGMA application_id") ?? -1)\n"
        let objects = try connection.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
        while try objects.step() {
            // An index SQLite makes for a PRIMARY KEY or UNIQUE constraint has no SQL of its own.
            let sql = objects.optionalText(3) ?? "(made by SQLite for a constraint)"
            text += "\n\(objects.text(0)) \(objects.text(1)) on \(objects.text(2))\n\(sql)\n"
        }
        return text
    }

    @Test("a new ledger's schema is Golden/SchemaGoldenTests/ledger-schema.txt")
    func newLedger() throws {
        let path = folder.file("new.sqlite")
        try write(path)
        let dump = try Self.dump(path)
        #expect(dump.hasPrefix("PRAGMA user_version = \(LedgerSchema.latestVersion)\n"))
        try expectGolden(dump, "ledger-schema.txt")
    }

    @Test("a ledger of every earlier schema, upgraded, has a new ledger's schema", arguments: 1..<LedgerSchema.latestVersion)
    func upgradedLedger(version: Int) throws {
        let new = folder.file("new.sqlite")
        try write(new)
        let old = folder.file("v\(version).sqlite")
        // The first `version` migrations, as the purse of that schema left its ledger.
        do {
            let connection = try Connection(path: old)
            #expect(
                try Migrator.migrate(connection, Array(LedgerSchema.migrations.prefix(version)), now: "2025-06-01T00:00:00Z") == version)
        }
        #expect(try Self.dump(old) != Self.dump(new))
        try write(old)
        #expect(try Self.dump(old) == Self.dump(new))
    }
}
