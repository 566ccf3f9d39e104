import Analytics
import Ledger
import Testing

@testable import LedgerStore
@testable import Rendering

@Suite("Status rendering")
struct StatusRenderingTests {
    static let report = StatusReport(
        database: "/data/ledger.sqlite", schemaVersion: 12, accounts: 2, balanceObservations: 5, transactions: 40,
        sources: [
            SourceStatus(
                kind: "wallet-export", externalID: "SRC-1", name: "Ana's iPhone", location: "/data/export",
                createdAt: "2026-10-01T00:00:00Z",
                lastSyncedAt: "2026-11-01T08:00:00Z", exportedAt: "2026-11-01T07:00:00Z", lastCapturedAt: nil, newestRecordAt: nil,
                streams: [
                    .init(
                        name: "accounts", token: StreamToken(generation: "g1", sequence: 3), changedAt: "2026-11-01T08:00:00Z", records: 2),
                    .init(
                        name: "transactions", token: StreamToken(generation: "g1", sequence: 120), changedAt: "2026-11-01T08:00:01Z",
                        records: 40),
                ]),
            SourceStatus(
                kind: "sure", externalID: "C-9", name: "Sure publisher", location: nil, createdAt: "2026-10-02T00:00:00Z",
                lastSyncedAt: nil, exportedAt: nil, lastCapturedAt: nil, newestRecordAt: nil, streams: []),
        ],
        statementImports: [
            StatementImportRecord(
                accountID: "ACC-CARD-0001", file: "oct.csv", sha256: "0123456789abcdef0123", format: "apple-card-csv",
                importedAt: "2026-11-02T10:00:00Z", transactions: 30, inserted: 28, updated: 1),
            StatementImportRecord(
                accountID: "ACC-GONE", file: "old.ofx", sha256: "fedcba9876543210", format: "ofx", importedAt: "2026-11-03T10:00:00Z",
                transactions: 3, inserted: 0, updated: 0),
        ],
        accountNames: ["ACC-CARD-0001": "Apple Card"])

    static let empty = StatusReport(
        database: "/data/ledger.sqlite", schemaVersion: 12, accounts: 0, balanceObservations: 0, transactions: 0, sources: [],
        statementImports: [], accountNames: [:])

    @Test("Text: each source with its streams, then the statement imports")
    func text() {
        #expect(
            StatusRendering.text(Self.report) == #"""
                Database: /data/ledger.sqlite
                Schema version: 12
                Ledger: 2 accounts, 5 balance observations, 40 transactions

                Source: Ana's iPhone (wallet-export SRC-1)
                  Location: /data/export
                  Last sync: 2026-11-01T08:00:00Z
                  Data as of: 2026-11-01T07:00:00Z
                  Stream        Generation  Sequence  Records  Changed
                  ------------  ----------  --------  -------  --------------------
                  accounts      g1                 3        2  2026-11-01T08:00:00Z
                  transactions  g1               120       40  2026-11-01T08:00:01Z

                Source: Sure publisher (sure C-9)
                  Last sync: never
                  Data as of: no data yet
                  Stream  Generation  Sequence  Records  Changed
                  ------  ----------  --------  -------  -------

                Statement imports:
                  Account     File     Format          Imported              Rows  New  Changed  SHA-256
                  ----------  -------  --------------  --------------------  ----  ---  -------  ------------
                  Apple Card  oct.csv  apple-card-csv  2026-11-02T10:00:00Z    30   28        1  0123456789ab
                  ACC-GONE    old.ofx  ofx             2026-11-03T10:00:00Z     3    0        0  fedcba987654

                """#)
        #expect(
            StatusRendering.text(Self.empty) == #"""
                Database: /data/ledger.sqlite
                Schema version: 12
                Ledger: 0 accounts, 0 balance observations, 0 transactions

                No sources yet: run 'purse sync PATH' on a Wallet export.

                """#)
    }

    @Test("JSON: purse.status.v1, a source with its streams, a statement import with its account's name")
    func json() {
        #expect(
            StatusRendering.json(Self.empty).pretty + "\n" == #"""
                {
                  "schema": "purse.status.v1",
                  "database": "/data/ledger.sqlite",
                  "schema_version": 12,
                  "accounts": 0,
                  "balance_observations": 0,
                  "transactions": 0,
                  "sources": [],
                  "statement_imports": []
                }

                """#)
        #expect(
            StatusRendering.sourceJSON(Self.report.sources[0]).pretty + "\n" == #"""
                {
                  "kind": "wallet-export",
                  "id": "SRC-1",
                  "name": "Ana's iPhone",
                  "location": "/data/export",
                  "created_at": "2026-10-01T00:00:00Z",
                  "last_synced_at": "2026-11-01T08:00:00Z",
                  "data_as_of": "2026-11-01T07:00:00Z",
                  "streams": [
                    {
                      "name": "accounts",
                      "token": {
                        "generation": "g1",
                        "sequence": 3
                      },
                      "records": 2,
                      "changed_at": "2026-11-01T08:00:00Z"
                    },
                    {
                      "name": "transactions",
                      "token": {
                        "generation": "g1",
                        "sequence": 120
                      },
                      "records": 40,
                      "changed_at": "2026-11-01T08:00:01Z"
                    }
                  ]
                }

                """#)
        #expect(
            StatusRendering.importJSON(Self.report.statementImports[0], accountName: "Apple Card").compact
                == #"{"account_id":"ACC-CARD-0001","account":"Apple Card","file":"oct.csv","format":"apple-card-csv","sha256":"0123456789abcdef0123","imported_at":"2026-11-02T10:00:00Z","transactions":30,"inserted":28,"updated":1}"#
        )
        guard case .object(let members) = StatusRendering.json(Self.report) else { Issue.record("not an object"); return }
        #expect(
            members.map(\.0) == [
                "schema", "database", "schema_version", "accounts", "balance_observations", "transactions", "sources", "statement_imports",
            ])
        #expect(members[7].1.compact.contains(#""account_id":"ACC-GONE","account":null"#))
    }

    @Test("Check: ok, or a line per finding")
    func check() {
        #expect(
            StatusRendering.checkText(database: "/l.sqlite", findings: [])
                == "/l.sqlite: ok (integrity check, ledger invariants, stored classification, summary and charge packs)\n")
        #expect(StatusRendering.checkText(database: "/l.sqlite", findings: ["a", "b"]) == "a\nb\n")
        #expect(
            StatusRendering.checkJSON(database: "/l.sqlite", findings: ["a"]).compact
                == #"{"schema":"purse.check.v1","database":"/l.sqlite","ok":false,"findings":["a"]}"#)
        #expect(
            StatusRendering.checkJSON(database: "/l.sqlite", findings: []).compact
                == #"{"schema":"purse.check.v1","database":"/l.sqlite","ok":true,"findings":[]}"#)
    }
}
