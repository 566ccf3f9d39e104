import Analytics
import LedgerStore

/// `purse status` as text and JSON, and `purse status --check`'s findings.
public enum StatusRendering {
    public static func json(_ report: StatusReport) -> JSONOutput {
        .object([
            ("schema", .string("purse.status.v1")),
            ("database", .string(report.database)),
            ("schema_version", .integer(Int64(report.schemaVersion))),
            ("accounts", .integer(Int64(report.accounts))),
            ("balance_observations", .integer(Int64(report.balanceObservations))),
            ("transactions", .integer(Int64(report.transactions))),
            ("sources", .array(report.sources.map(sourceJSON))),
            ("statement_imports", .array(report.statementImports.map { importJSON($0, accountName: report.accountNames[$0.accountID]) })),
        ])
    }

    public static func text(_ report: StatusReport) -> String {
        var text = "Database: \(report.database)\nSchema version: \(report.schemaVersion)\n"
        text +=
            "Ledger: \(report.accounts) accounts, \(report.balanceObservations) balance observations, \(report.transactions) transactions\n"
        if report.sources.isEmpty {
            text += "\nNo sources yet: run 'purse sync PATH' on a Wallet export.\n"
        }
        for source in report.sources {
            text += "\nSource: \(source.name) (\(source.kind) \(source.externalID))\n"
            if let location = source.location { text += "  Location: \(location)\n" }
            text += "  Last sync: \(source.lastSyncedAt ?? "never")\n"
            text += "  Data as of: \(source.dataAsOf ?? "no data yet")\n"
            var table = TextTable(columns: [
                .init("Stream"), .init("Generation"), .init("Sequence", .right),
                .init("Records", .right), .init("Changed"),
            ])
            for stream in source.streams {
                table.append([
                    stream.name, stream.token.generation, String(stream.token.sequence),
                    String(stream.records), stream.changedAt,
                ])
            }
            text += indented(table.rendered())
        }
        return text + importsText(report)
    }

    /// `status --check` in JSON: `ok` and the findings.
    public static func checkJSON(database: String, findings: [String]) -> JSONOutput {
        .object([
            ("schema", .string("purse.check.v1")), ("database", .string(database)),
            ("ok", .bool(findings.isEmpty)), ("findings", .array(findings.map(JSONOutput.string))),
        ])
    }

    /// `status --check` in text: a line per finding, or one saying what was checked.
    public static func checkText(database: String, findings: [String]) -> String {
        guard !findings.isEmpty else {
            return "\(database): ok (integrity check, ledger invariants, stored classification, summary and charge packs)\n"
        }
        return findings.map { $0 + "\n" }.joined()
    }

    static func sourceJSON(_ source: SourceStatus) -> JSONOutput {
        .object([
            ("kind", .string(source.kind)),
            ("id", .string(source.externalID)),
            ("name", .string(source.name)),
            ("location", .optional(source.location)),
            ("created_at", .string(source.createdAt)),
            ("last_synced_at", .optional(source.lastSyncedAt)),
            ("data_as_of", .optional(source.dataAsOf)),
            (
                "streams",
                .array(
                    source.streams.map { stream in
                        .object([
                            ("name", .string(stream.name)),
                            (
                                "token",
                                .object([
                                    ("generation", .string(stream.token.generation)),
                                    ("sequence", .integer(stream.token.sequence)),
                                ])
                            ),
                            ("records", .integer(Int64(stream.records))),
                            ("changed_at", .string(stream.changedAt)),
                        ])
                    })
            ),
        ])
    }

    /// The statement files imported, per account, oldest first (README, "Importing statements").
    static func importsText(_ report: StatusReport) -> String {
        guard !report.statementImports.isEmpty else { return "" }
        var table = TextTable(columns: [
            .init("Account"), .init("File"), .init("Format"), .init("Imported"), .init("Rows", .right), .init("New", .right),
            .init("Changed", .right), .init("SHA-256"),
        ])
        for record in report.statementImports {
            table.append([
                report.accountNames[record.accountID] ?? record.accountID, record.file, record.format, record.importedAt,
                String(record.transactions), String(record.inserted), String(record.updated), String(record.sha256.prefix(12)),
            ])
        }
        return "\nStatement imports:\n" + indented(table.rendered())
    }

    static func importJSON(_ record: StatementImportRecord, accountName: String?) -> JSONOutput {
        .object([
            ("account_id", .string(record.accountID)), ("account", .optional(accountName)), ("file", .string(record.file)),
            ("format", .string(record.format)), ("sha256", .string(record.sha256)), ("imported_at", .string(record.importedAt)),
            ("transactions", .integer(Int64(record.transactions))), ("inserted", .integer(Int64(record.inserted))),
            ("updated", .integer(Int64(record.updated))),
        ])
    }

    /// A table under its heading: every line but the empty ones two spaces in.
    static func indented(_ table: String) -> String {
        table.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
    }
}
