import Foundation
import PurseTestSupport
import Testing

/// One small bad input per user-visible sync error, with the exact message and exit code, run
/// through the real binary. Every error leaves what was applied before it in place.
@Suite("Sync error catalogue")
struct SyncErrorCatalogueTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        /// Lines of transactions/A1.jsonl after the good snapshot on line 1.
        let lines: [String]
        /// The message after "Error: <export>/".
        let message: String
        var description: String { name }
    }

    static let good = ExportFixture.changeSet("T", 1, snapshot: true, inserted: [ExportFixture.transaction("t1", account: "A1")])

    static let cases: [Case] = [
        Case(
            name: "malformed JSON", lines: ["{\"generation\":\"T\",\"sequence\":2,"],
            message: "transactions/A1.jsonl:2: not valid JSON: unexpected end of the text at byte 32"),
        Case(
            name: "a JSON number where an amount belongs",
            lines: [
                ExportFixture.changeSet(
                    "T", 2, inserted: [ExportFixture.transaction("t2", account: "A1").replacingOccurrences(of: "\"54.20\"", with: "54.2")])
            ],
            message:
                "transactions/A1.jsonl:2: inserted[0].transactionAmount.amount: a JSON number (54.2) where an amount belongs; amounts are decimal strings such as \"12.50\""
        ),
        Case(
            name: "five fraction digits",
            lines: [ExportFixture.changeSet("T", 2, inserted: [ExportFixture.transaction("t2", account: "A1", amount: "54.20001")])],
            message: "transactions/A1.jsonl:2: inserted[0].transactionAmount.amount: '54.20001' has more than 4 fraction digits"),
        Case(
            name: "unknown credit/debit indicator (the sign cannot be guessed)",
            lines: [ExportFixture.changeSet("T", 2, updated: [ExportFixture.transaction("t1", account: "A1", indicator: "sideways")])],
            message: "transactions/A1.jsonl:2: updated[0].creditDebitIndicator: unknown value 'sideways' (expected one of credit, debit)"),
        Case(
            name: "empty status",
            lines: [ExportFixture.changeSet("T", 2, updated: [ExportFixture.transaction("t1", account: "A1", status: "")])],
            message: "transactions/A1.jsonl:2: updated[0].status: must not be empty"),
        Case(
            name: "record of another account",
            lines: [ExportFixture.changeSet("T", 2, inserted: [ExportFixture.transaction("t2", account: "A2")])],
            message: "transactions/A1.jsonl:2: inserted[0].accountID: A2 does not match the account A1 this file is for"),
        Case(
            name: "sequence gap",
            lines: [ExportFixture.changeSet("T", 3, inserted: [ExportFixture.transaction("t2", account: "A1")])],
            message: "transactions/A1.jsonl:2: sequence: sequence 3 follows 1: a gap"),
        Case(
            name: "sequence repeat",
            lines: [ExportFixture.changeSet("T", 1, inserted: [ExportFixture.transaction("t2", account: "A1")])],
            message: "transactions/A1.jsonl:2: sequence: sequence 1 repeats or goes back (the line before has 1)"),
        Case(
            name: "missing field",
            lines: [
                ExportFixture.changeSet(
                    "T", 2,
                    inserted: [
                        ExportFixture.transaction("t2", account: "A1").replacingOccurrences(of: "\"status\":\"booked\"", with: "\"x\":1")
                    ])
            ],
            message: "transactions/A1.jsonl:2: inserted[0].status: missing"),
        Case(
            name: "bad date",
            lines: [ExportFixture.changeSet("T", 2, inserted: [ExportFixture.transaction("t2", account: "A1", date: "2026-10-03 12:00")])],
            message:
                "transactions/A1.jsonl:2: inserted[0].transactionDate: '2026-10-03 12:00' is not an RFC 3339 date with an offset (e.g. 2026-10-03T12:34:56-04:00)"
        ),
    ]

    @Test("each bad change set exits 65 with FILE:LINE: field: message and keeps what came before", arguments: cases)
    func badChangeSet(_ testCase: Case) throws {
        let folder = try TemporaryFolder()
        let export = try ExportFixture(in: folder.url)
        try export.append("accounts", ExportFixture.changeSet("G", 1, snapshot: true, inserted: [ExportFixture.account("A1")]))
        try export.append("transactions/A1", Self.good)
        for line in testCase.lines { try export.append("transactions/A1", line) }
        let database = folder.file("ledger.sqlite")
        let purse = PurseBinary()

        let result = try purse.run(["--db", database, "sync", export.path])

        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr.hasSuffix("Error: \(export.path)/\(testCase.message)\n"), "stderr: \(result.stderr)")
        let listed = try purse.run(["--db", database, "export", "transactions"])
        #expect(listed.stdout.split(separator: "\n").count == 2, "the snapshot before the bad line stays applied")
        #expect(listed.stdout.contains("T1,A1,"))
    }

    @Test("a first line that is not a snapshot, with no saved token, is refused")
    func firstLineNotSnapshot() throws {
        let folder = try TemporaryFolder()
        let export = try ExportFixture(in: folder.url)
        try export.append("accounts", ExportFixture.changeSet("G", 1, inserted: [ExportFixture.account("A1")]))
        let result = try PurseBinary().run(["--db", folder.file("ledger.sqlite"), "sync", export.path])
        #expect(result.status == 65)
        #expect(
            result.stderr
                == "Error: \(export.path)/accounts.jsonl:1: sequence: the first change set of a stream with no saved token must be a snapshot\n"
        )
    }

    @Test("a missing folder exits 66")
    func missingFolder() throws {
        let folder = try TemporaryFolder()
        let result = try PurseBinary().run(["--db", folder.file("ledger.sqlite"), "sync", folder.file("nope")])
        #expect(result.status == 66)
        #expect(result.stderr == "Error: \(folder.file("nope")): no such file or directory\n")
    }

    @Test("a folder without export.json exits 66")
    func missingManifest() throws {
        let folder = try TemporaryFolder()
        let result = try PurseBinary().run(["--db", folder.file("ledger.sqlite"), "sync", folder.path])
        #expect(result.status == 66)
        #expect(
            result.stderr
                == "Error: \(folder.path): not a Wallet export (no export.json in it) or a Sure inbox (no connection.json or batches/)\n")
    }

    @Test(
        "a wrong format, version, time zone or date in export.json exits 65",
        arguments: [
            ("{\"format\":\"csv\",\"version\":1,\"sourceID\":\"S\"}", "format: expected \"wallet-export\", found \"csv\""),
            (
                "{\"format\":\"wallet-export\",\"version\":2,\"sourceID\":\"S\"}",
                "version: version 2 is not supported (this purse reads version 1)"
            ),
            ("{\"format\":\"wallet-export\",\"version\":1}", "sourceID: missing"),
            (
                "{\"format\":\"wallet-export\",\"version\":1,\"sourceID\":\"S\",\"timeZone\":\"New York\"}",
                "timeZone: 'New York' is not an IANA time zone name (such as America/New_York)"
            ),
            (
                "{\"format\":\"wallet-export\",\"version\":1,\"sourceID\":\"S\",\"timeZone\":-5}",
                "timeZone: expected a string, found a number"
            ),
            (
                "{\"format\":\"wallet-export\",\"version\":1,\"sourceID\":\"S\",\"accountTimeZones\":{\"A1\":\"Europe/Londres\"}}",
                "accountTimeZones.A1: 'Europe/Londres' is not an IANA time zone name (such as America/New_York)"
            ),
            (
                "{\"format\":\"wallet-export\",\"version\":1,\"sourceID\":\"S\",\"accountTimeZones\":[\"Europe/London\"]}",
                "accountTimeZones: expected an object, found an array"
            ),
            (
                "{\"format\":\"wallet-export\",\"version\":1,\"sourceID\":\"S\",\"exportedAt\":\"2026-11-01 08:00\"}",
                "exportedAt: '2026-11-01 08:00' is not an RFC 3339 date with an offset (e.g. 2026-10-03T12:34:56-04:00)"
            ),
        ])
    func wrongManifest(manifest: String, message: String) throws {
        let folder = try TemporaryFolder()
        let export = try ExportFixture(in: folder.url)
        try export.writeManifest(manifest)
        let result = try PurseBinary().run(["--db", folder.file("ledger.sqlite"), "sync", export.path])
        #expect(result.status == 65)
        #expect(result.stderr == "Error: \(export.path)/export.json: \(message)\n")
    }

    @Test("an export older than the database exits 65 and changes nothing")
    func sourceBehind() throws {
        let folder = try TemporaryFolder()
        let export = try ExportFixture(in: folder.url)
        try export.append("accounts", ExportFixture.changeSet("G", 1, snapshot: true, inserted: [ExportFixture.account("A1")]))
        try export.append("accounts", ExportFixture.changeSet("G", 2, updated: [ExportFixture.account("A1", name: "Renamed")]))
        let database = folder.file("ledger.sqlite")
        let purse = PurseBinary()
        try purse.run(["--db", database, "sync", export.path])
        let before = try purse.run(["--db", database, "status", "--format", "json"]).stdout
        try export.replace("accounts", lines: [ExportFixture.changeSet("G", 1, snapshot: true, inserted: [ExportFixture.account("A1")])])

        let result = try purse.run(["--db", database, "sync", export.path])

        #expect(result.status == 65)
        #expect(
            result.stderr
                == "Error: \(export.path)/accounts.jsonl: the file ends at sequence 1 of generation G but the database has applied up to 2: is this an older copy of the export? Nothing was changed\n"
        )
        #expect(try purse.run(["--db", database, "status", "--format", "json"]).stdout == before)
    }
}
