import Foundation
import Ledger
import PurseTestSupport
import Storage
import Testing

@testable import LedgerStore

/// How each open mode treats a missing, empty, older or newer database, and the one read
/// transaction reports read in.
@Suite("Ledger open modes")
struct LedgerStoreOpenModeTests {
    /// The mode by its name (a mode that writes holds its keeper, which test arguments cannot).
    static func mode(_ name: String) -> LedgerStore.OpenMode {
        let keeper = UnkeptLedger()
        switch name {
        case "readOnly": return .readOnly
        case "writeExisting": return .writeExisting(keeper: keeper)
        default: return .create(keeper: keeper)
        }
    }

    let folder: URL
    let now = Timestamp.utc(epochSeconds: 1_793_520_000)

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("LedgerOpenModeTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// A database with only the first `version` migrations, as an older purse left it.
    func olderLedger(_ name: String, version: Int) throws -> String {
        let path = path(name)
        let connection = try Connection(path: path)
        _ = try Migrator.migrate(connection, Array(LedgerSchema.migrations.prefix(version)), now: now.text)
        return path
    }

    func userVersion(_ path: String) throws -> Int64? {
        try Connection(path: path, readOnly: true).scalarInt("PRAGMA user_version")
    }

    @Test(
        "reading or writing a missing database is 'no ledger', and creates neither the file nor its folder",
        arguments: ["readOnly", "writeExisting"])
    func missing(modeName: String) throws {
        let mode = Self.mode(modeName)
        let path = path("typo/ledger.sqlite")
        #expect(throws: LedgerOpenError.missing(path: path)) { try LedgerStore(path: path, mode: mode, now: now) }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("typo").path))
    }

    @Test("an empty file holds no ledger: refused, and left empty")
    func emptyFile() throws {
        let path = path("empty.sqlite")
        FileManager.default.createFile(atPath: path, contents: nil)
        #expect(throws: LedgerOpenError.missing(path: path)) { try LedgerStore(path: path, mode: .readOnly, now: now) }
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == 0)
    }

    @Test(
        "another application's database is no ledger in any mode, even with a user_version, and keeps its journal mode",
        arguments: ["readOnly", "writeExisting", "create"])
    func foreignDatabase(modeName: String) throws {
        let mode = Self.mode(modeName)
        let path = path("other.sqlite")
        try Connection(path: path).execute(
            "PRAGMA journal_mode = DELETE; CREATE TABLE schema_migrations (version TEXT); PRAGMA user_version = 7;")
        #expect(throws: LedgerOpenError.notALedger(path: path)) { try LedgerStore(path: path, mode: mode, now: now) }
        #expect(try Connection(path: path, readOnly: true).scalarText("PRAGMA journal_mode") == "delete")
        #expect(LedgerOpenError.notALedger(path: path).description == "\(path) is not a purse ledger")
    }

    @Test("only .create makes a database, with its folder")
    func create() throws {
        let path = path("new/ledger.sqlite")
        let store = try LedgerStore(path: path, mode: .create(keeper: UnkeptLedger()), now: now)
        #expect(store.openedSchemaVersion == LedgerSchema.latestVersion)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("a read-only store cannot write")
    func readOnlyCannotWrite() throws {
        let path = path("ledger.sqlite")
        _ = try LedgerStore(path: path, mode: .create(keeper: UnkeptLedger()), now: now)
        let store = try LedgerStore(path: path, mode: .readOnly, now: now)
        let error = try #require(throws: StorageError.self) { try store.connection.execute("CREATE TABLE notes (text TEXT)") }
        #expect(error.isReadOnly)
    }

    @Test("an older schema is read as it is, never migrated; a query needing what it lacks asks for a sync")
    func olderSchemaReadThrough() throws {
        let path = try olderLedger("old.sqlite", version: 1)
        let store = try LedgerStore(path: path, mode: .readOnly, now: now)
        #expect(store.openedSchemaVersion == 1)
        #expect(try store.readSnapshot { try store.counts().transactions } == 0)
        #expect(throws: LedgerOpenError.schemaTooOld(path: path, found: 1, current: LedgerSchema.latestVersion)) {
            try store.readSnapshot { try store.rules() }
        }
        #expect(try userVersion(path) == 1)
        #expect(
            LedgerOpenError.schemaTooOld(path: path, found: 1, current: 5).description
                == "the ledger at \(path) was written by an older purse (schema 1, this purse uses 5); run 'purse sync EXPORT' once to update it"
        )
        #expect(
            LedgerOpenError.missing(path: path).description
                == "no ledger at \(path) (run 'purse sync EXPORT' first, or set --db / PURSE_DB)")
    }

    @Test("writing to an existing database without migrating refuses an older schema and leaves it as it is")
    func olderSchemaWriteExisting() throws {
        let path = try olderLedger("old.sqlite", version: LedgerSchema.latestVersion - 1)
        #expect(
            throws: LedgerOpenError.schemaTooOld(
                path: path, found: LedgerSchema.latestVersion - 1,
                current: LedgerSchema.latestVersion)
        ) {
            try LedgerStore(path: path, mode: .writeExisting(keeper: UnkeptLedger()), now: now)
        }
        #expect(try userVersion(path) == Int64(LedgerSchema.latestVersion - 1))
        // .create brings it up to date.
        #expect(
            try LedgerStore(path: path, mode: .create(keeper: UnkeptLedger()), now: now).openedSchemaVersion
                == LedgerSchema.latestVersion)
    }

    @Test("a newer schema is refused in every mode", arguments: ["readOnly", "writeExisting", "create"])
    func newerSchema(modeName: String) throws {
        let mode = Self.mode(modeName)
        let path = path("newer.sqlite")
        _ = try LedgerStore(path: path, mode: .create(keeper: UnkeptLedger()), now: now)
        try Connection(path: path).execute("PRAGMA user_version = \(LedgerSchema.latestVersion + 1)")
        #expect(throws: SchemaTooNewError(found: LedgerSchema.latestVersion + 1, supported: LedgerSchema.latestVersion)) {
            try LedgerStore(path: path, mode: mode, now: now)
        }
    }

    @Test("everything read in one readSnapshot comes from one state of the ledger, even while another connection commits")
    func oneSnapshot() throws {
        let path = path("ledger.sqlite")
        let writer = try LedgerStore(path: path, mode: .create(keeper: UnkeptLedger()), now: now)
        let source = try writer.sourceRowID(kind: "wallet-export", externalID: "S", name: "Phone", location: nil, now: now)
        func addAccount(_ id: String) throws {
            let account = Account(
                id: id, kind: .asset, displayName: id, institutionName: "Apple", currencyCode: "USD",
                openingDate: nil, creditInformation: nil)
            _ = try writer.transaction { try writer.upsertAccount(account, sourceRowID: source) }
        }
        try addAccount("A")
        let reader = try LedgerStore(path: path, mode: .readOnly, now: now)

        let (first, nested, second) = try reader.readSnapshot {
            let first = try reader.counts().accounts
            try addAccount("B")
            // A nested snapshot (a report built from other reports) reads in the same one.
            let nested = try reader.readSnapshot { try reader.counts().accounts }
            return (first, nested, try reader.counts().accounts)
        }

        #expect(first == 1)
        #expect(nested == 1)
        #expect(second == 1)
        #expect(try reader.readSnapshot { try reader.counts().accounts } == 2)
        #expect(!reader.connection.isInTransaction)
    }

    @Test("a sum SQLite cannot hold is the same overflow error as one summed in Swift")
    func sqlSumOverflow() throws {
        let store = try LedgerStore(path: path("ledger.sqlite"), mode: .create(keeper: UnkeptLedger()), now: now)
        let source = try store.sourceRowID(kind: "wallet-export", externalID: "S", name: "Phone", location: nil, now: now)
        try store.transaction {
            _ = try store.upsertAccount(
                Account(
                    id: "A", kind: .asset, displayName: "A", institutionName: "Apple", currencyCode: "USD",
                    openingDate: nil, creditInformation: nil), sourceRowID: source)
            for id in ["T1", "T2"] {
                _ = try store.upsertTransaction(
                    Transaction(
                        id: id, accountID: "A", transactionDate: Timestamp(rfc3339: "2026-10-03T12:00:00Z")!,
                        transactionAmount: Money(units: Money.maximumUnits, currency: "USD"), creditDebitIndicator: .debit,
                        transactionDescription: "HUGE", originalTransactionDescription: "HUGE", merchantCategoryCode: 5411,
                        merchantName: nil, transactionType: .pointOfSale, status: .booked))
            }
        }
        #expect(throws: MoneyError.overflow("USD")) {
            try store.bookedSignedSum(accountID: "A", currency: "USD", after: 0, through: Int64.max)
        }
    }
}
