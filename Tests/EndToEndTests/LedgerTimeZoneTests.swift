import Foundation
import Ledger
import LedgerStore
import PurseTestSupport
import Testing

/// The ledger's zone (README, "What counts"): an account with no zone of its own has its days in
/// the zone the ledger recorded at its first write, whatever `TZ` a later run has, until
/// `purse config set time-zone` moves it.
@Suite("The ledger's time zone")
struct LedgerTimeZoneTests: PurseLedgerSuite {
    typealias F = ExportFixture
    let folder: TemporaryFolder
    let export: ExportFixture
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        // No zone in the manifest: the account has none of its own.
        export = try ExportFixture(in: folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("CHK", name: "Checking")]))
        // 23:30 on 31 October in New York: 1 November in UTC.
        try export.append(
            "transactions/CHK",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction("LATE", account: "CHK", date: "2026-10-31T23:30:00-04:00"),
                    F.transaction("NOON", account: "CHK", date: "2026-10-20T12:00:00-04:00", amount: "10.00", mcc: 5812, merchant: "Cafe"),
                ]))
    }

    /// A sync that brings one new transaction (change set `sequence`), so it writes and its keeper runs.
    func syncNew(_ sequence: Int, tz: String) throws {
        try export.append(
            "transactions/CHK",
            F.changeSet(
                "T", sequence,
                inserted: [
                    F.transaction(
                        "N\(sequence)", account: "CHK", date: "2026-10-1\(sequence)T12:00:00Z", amount: "1.00", mcc: 5812, merchant: "Cafe")
                ]))
        let sync = try run(["sync", export.path], environment: ["TZ": tz])
        #expect(sync.status == 0, "\(sync.stderr)")
    }

    /// The zone each account's stored months are in: a writer whose zone moved them would
    /// have classified the whole ledger again into another.
    func storedZones() throws -> [String: String] {
        try LedgerStore(path: database, mode: .readOnly, now: Timestamp.utc(epochSeconds: 0)).classificationZones()
    }

    func spending(_ month: String, tz: String) throws -> String {
        let result = try run(["report", "spending", "--month", month, "--format", "csv"], environment: ["TZ": tz])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    func expectClean(tz: String) throws {
        let check = try run(["status", "--check"], environment: ["TZ": tz])
        let clean = ": ok (integrity check, ledger invariants, stored classification, summary and charge packs)\n"
        #expect(check.status == 0 && check.stdout.hasSuffix(clean), "\(check.stdout)")
    }

    @Test("syncs under New York, UTC and New York again keep the first writer's zone: nothing is classified again, reports agree")
    func alternatingWriters() throws {
        let first = try run(["sync", export.path], environment: ["TZ": "America/New_York"])
        try #require(first.status == 0, "\(first.stderr)")
        #expect(try storedZones() == ["CHK": "America/New_York"])
        try syncNew(2, tz: "UTC")
        #expect(try storedZones() == ["CHK": "America/New_York"])
        try syncNew(3, tz: "America/New_York")
        #expect(try storedZones() == ["CHK": "America/New_York"])

        let october = try spending("2026-10", tz: "UTC")
        #expect(october.contains(",Groceries,USD,54.20,0.00,54.20,1\n"), "\(october)")
        #expect(october == (try spending("2026-10", tz: "America/New_York")))
        #expect((try spending("2026-11", tz: "UTC")) == (try spending("2026-11", tz: "America/New_York")))
        try expectClean(tz: "UTC")
        try expectClean(tz: "America/New_York")
        #expect(try run(["config", "get", "time-zone"], environment: ["TZ": "UTC"]).stdout == "America/New_York\n")
        #expect(try run(["config"], environment: ["TZ": "UTC"]).stdout == "time-zone America/New_York\n")
        // `--tz` still forces every account's zone.
        #expect(
            !(try run(
                ["--tz", "UTC", "report", "spending", "--month", "2026-10", "--format", "csv"], environment: ["TZ": "America/New_York"]))
                .stdout
                .contains("Groceries"))
    }

    @Test("config set time-zone moves a transaction at 23:30 across the month's edge, classifies again, and the check stays clean")
    func changeZone() throws {
        try #require(try run(["sync", export.path], environment: ["TZ": "America/New_York"]).status == 0)
        #expect(try spending("2026-10", tz: "UTC").contains(",Groceries,"))

        let set = try run(["config", "set", "time-zone", "UTC"], environment: ["TZ": "America/New_York"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "")
        #expect(set.stderr == "time-zone: UTC\n")
        #expect(try storedZones() == ["CHK": "UTC"])
        for tz in ["UTC", "America/New_York"] {
            let october = try spending("2026-10", tz: tz)
            #expect(!october.contains(",Groceries,") && october.contains(",Dining,USD,10.00,"), "\(october)")
            #expect(try spending("2026-11", tz: tz).contains(",Groceries,USD,54.20,0.00,54.20,1\n"))
            try expectClean(tz: tz)
        }
        #expect(try run(["config", "get", "time-zone"], environment: ["TZ": "America/New_York"]).stdout == "UTC\n")
    }

    @Test("config set time-zone with a zone that is none: exit 64 naming it, and nothing changes")
    func unknownZone() throws {
        try #require(try run(["sync", export.path], environment: ["TZ": "America/New_York"]).status == 0)
        let set = try run(["config", "set", "time-zone", "Mars/Olympus"], environment: ["TZ": "UTC"])
        #expect(set.status == 64)
        #expect(set.stdout == "")
        #expect(
            set.stderr.hasPrefix("Error: unknown time zone 'Mars/Olympus' (use an IANA name such as Europe/London).\n"), "\(set.stderr)")
        let other = try run(["config", "set", "time-zon", "UTC"], environment: ["TZ": "UTC"])
        #expect(other.status == 64)
        #expect(
            other.stderr.hasPrefix("Error: unknown setting 'time-zon' (one of time-zone). Did you mean 'time-zone'?\n"), "\(other.stderr)")
        #expect(try run(["config", "get", "time-zone"], environment: ["TZ": "UTC"]).stdout == "America/New_York\n")
    }

    @Test("before its first write a ledger has no zone: config shows TZ's, which the first write records")
    func unrecorded() throws {
        _ = try LedgerStore(path: database, mode: .create(keeper: UnkeptLedger()), now: Timestamp.utc(epochSeconds: 0))
        #expect(
            try run(["config"], environment: ["TZ": "Asia/Tokyo"]).stdout
                == "time-zone Asia/Tokyo (TZ's, until the ledger's next write records it)\n")
        #expect(try run(["config", "get", "time-zone"], environment: ["TZ": "Asia/Tokyo"]).stdout == "Asia/Tokyo\n")
        try #require(try run(["sync", export.path], environment: ["TZ": "Europe/Paris"]).status == 0)
        #expect(try run(["config"], environment: ["TZ": "Asia/Tokyo"]).stdout == "time-zone Europe/Paris\n")
    }

    @Test("statement rows imported into an account of the ledger's zone keep their days when config set time-zone moves it")
    func importedRowsKeepTheirDays() throws {
        try #require(try run(["sync", export.path], environment: ["TZ": "UTC"]).status == 0)
        let statement = Examples.statements.appendingPathComponent("current-account-2026-10.csv").path
        let importing = [
            "import", statement, "--account", "Checking", "--columns",
            "date=Date,type=Type,description=Details,debit=Money Out,credit=Money In,balance=Balance", "--date-format", "DD/MM/YYYY",
        ]
        try #require(try run(importing, environment: ["TZ": "UTC"]).status == 0)
        func statementDays() throws -> [String] {
            CSVRows.parse(try run(["export", "transactions", "--sort", "date"], environment: ["TZ": "UTC"]).stdout)
                .filter { $0["id"]?.hasPrefix("statement-") == true }.map { $0["transaction_date"] ?? "" }
        }
        let days = try statementDays()
        #expect(days.count == 7)
        #expect(try run(["config", "set", "time-zone", "Pacific/Kiritimati"], environment: ["TZ": "UTC"]).status == 0)
        #expect(try statementDays() == days)
        #expect(try run(importing, environment: ["TZ": "UTC"]).stderr.contains("(0 new, 0 changed)"))
        try expectClean(tz: "UTC")
    }
}
