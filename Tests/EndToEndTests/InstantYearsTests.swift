import Foundation
import Ledger
import PurseTestSupport
import Testing

/// Instants outside the years 1900 to 9999, local or UTC, through the real binary: refused with
/// exit 65 naming the file, line and field, in every reader that takes an instant; the other
/// streams of the same sync still apply, and the ledger stays consistent.
@Suite("Instants outside 1900...9999: refused by every reader")
struct InstantYearsTests: PurseLedgerSuite {
    typealias F = ExportFixture

    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
    }

    static let yearZero = "0000-01-01T00:00:00+14:00"
    static let year10000 = "9999-12-31T23:59:59-14:00"
    static let years = "purse takes instants from the years 1900 to 9999 only, local and UTC"

    func exportedIDs() throws -> [String] {
        try run(["export", "transactions"]).stdout.split(separator: "\n").dropFirst().map { String($0.prefix { $0 != "," }) }.sorted()
    }

    @Test(
        "a Wallet export record in year 0 or 10000: its stream is refused (exit 65, file, line, field), the others apply; status --check passes",
        arguments: [
            (yearZero, "inserted[0].transactionDate", "'\(yearZero)' is in the year 0; \(years)"),
            (year10000, "inserted[0].transactionDate", "'\(year10000)' is in the year 10000 in UTC; \(years)"),
        ])
    func walletExport(date: String, field: String, message: String) throws {
        let export = try ExportFixture(in: folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1"), F.account("A2")]))
        try export.append(
            "transactions/A1", F.changeSet("T", 1, snapshot: true, inserted: [F.transaction("c1", account: "A1", date: date)]))
        try export.append("transactions/A2", F.changeSet("T", 1, snapshot: true, inserted: [F.transaction("d1", account: "A2")]))

        let result = try run(["sync", export.path])

        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("Error: \(export.path)/transactions/A1.jsonl:1: \(field): \(message)\n"), "\(result.stderr)")
        #expect(result.stderr.contains("Ana's iPhone transactions/A2: 1 inserted, 0 updated, 0 deleted\n"), "\(result.stderr)")
        #expect(try exportedIDs() == ["D1"])
        let check = try run(["status", "--check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test("an account's credit information and the manifest's exportedAt are checked too")
    func everyExportField() throws {
        let export = try ExportFixture(in: folder.url)
        let account = F.account("A1", kind: "liability").replacingOccurrences(of: "2026-11-30T00:00:00Z", with: Self.year10000)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [account]))

        let result = try run(["sync", export.path])

        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "Error: \(export.path)/accounts.jsonl:1: inserted[0].creditInformation.nextPaymentDueDate: '\(Self.year10000)' is in the year 10000 in UTC; \(Self.years)\n"
            ), "\(result.stderr)")

        let manifest = try ExportFixture(in: folder.url, name: "manifest-export")
        try manifest.writeManifest(
            #"{"format":"wallet-export","version":1,"sourceID":"5B0C6E86-2F57-4C8E-9B7A-0D6B1F3E9A11","exportedAt":"1899-12-31T23:59:59Z"}"#
        )
        let refused = try run(["sync", manifest.path])
        #expect(refused.status == 65)
        #expect(
            refused.stderr.contains(
                "Error: \(manifest.path)/export.json: exportedAt: '1899-12-31T23:59:59Z' is in the year 1899; \(Self.years)"),
            "\(refused.stderr)")
        #expect(try run(["status", "--check"]).status == 0)
    }

    @Test("a balance's asOfDate in the year 0 stops its stream only")
    func balance() throws {
        let export = try ExportFixture(in: folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1")]))
        try export.append(
            "balances/A1", F.changeSet("B", 1, snapshot: true, inserted: [F.balance("b1", account: "A1", asOf: Self.yearZero)]))
        try export.append("transactions/A1", F.changeSet("T", 1, snapshot: true, inserted: [F.transaction("c1", account: "A1")]))

        let result = try run(["sync", export.path])

        #expect(result.status == 65)
        #expect(
            result.stderr.contains(
                "Error: \(export.path)/balances/A1.jsonl:1: inserted[0].booked.asOfDate: '\(Self.yearZero)' is in the year 0; \(Self.years)\n"
            ),
            "\(result.stderr)")
        #expect(try exportedIDs() == ["C1"])
        #expect(try run(["status", "--check"]).status == 0)
    }

    @Test("picked transactions (--input), JSON lines and CSV: a date outside the years is exit 65 naming the line and field")
    func picked() throws {
        let jsonLines = folder.file("picked.jsonl")
        try Data((F.transaction("c1", account: "A1", date: Self.year10000) + "\n").utf8).write(to: URL(fileURLWithPath: jsonLines))
        let json = try purse.run(["report", "spending", "--input", jsonLines])
        #expect(json.status == 65)
        #expect(json.stdout == "")
        #expect(json.stderr == "Error: \(jsonLines):1: transactionDate: '\(Self.year10000)' is in the year 10000 in UTC; \(Self.years)\n")

        let export = try ExportFixture(in: folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1")]))
        try export.append("transactions/A1", F.changeSet("T", 1, snapshot: true, inserted: [F.transaction("c1", account: "A1")]))
        #expect(try run(["sync", export.path]).status == 0)
        let csv = folder.file("picked.csv")
        try Data(try run(["export", "transactions"]).stdout.replacingOccurrences(of: ",2026-10-03,", with: ",0000-10-03,").utf8)
            .write(to: URL(fileURLWithPath: csv))
        let fromCSV = try purse.run(["report", "spending", "--input", csv])
        #expect(fromCSV.status == 65)
        #expect(fromCSV.stderr == "Error: \(csv):2: transaction_date: '0000-10-03' is in the year 0; \(Self.years)\n")
    }

    @Test("an order's dates: exit 65 naming the package and the field; nothing stored")
    func order() throws {
        let path = folder.file("zero.order")
        try OrderPackageFixture(orderJSON: OrderPackageFixture.orderJSON(createdAt: Self.yearZero)).write(to: path)
        let late = folder.file("late.order")
        try OrderPackageFixture(orderJSON: OrderPackageFixture.orderJSON(payments: [("54.20", Self.year10000)])).write(to: late)

        let result = try run(["orders", "add", path, late])

        #expect(result.status == 65)
        #expect(result.stderr.contains("Error: \(path): order.json: createdAt: '\(Self.yearZero)' is in the year 0; \(Self.years)\n"))
        #expect(
            result.stderr.contains(
                "Error: \(late): order.json: payment.transactions[0].createdAt: '\(Self.year10000)' is in the year 10000 in UTC; \(Self.years)\n"
            ), "\(result.stderr)")
        #expect(try run(["orders", "--format", "csv"]).stdout.split(separator: "\n").count <= 1)
    }

    @Test(
        "a Sure batch with a transaction before 1900, local or UTC: that batch is refused (invalid_timestamp, exit 65), the ones before apply",
        arguments: [
            (yearZero, "'\(yearZero)' is in the year 0; \(years)"),
            ("1900-01-01T00:00:00+00:01", "'1900-01-01T00:00:00+00:01' is in the year 1899 in UTC; \(years)"),
        ])
    // Sure's own rules keep a record from being after its capture and a capture from being in
    // the future, so only the far past reaches purse's range check.
    func sure(date: String, message: String) throws {
        let inbox = folder.file("sure-inbox")
        try FileManager.default.copyItem(at: Examples.sureInbox, to: URL(fileURLWithPath: inbox))
        let last = inbox + "/batches/0004.json"
        try String(contentsOfFile: last, encoding: .utf8)
            .replacingOccurrences(of: #""transacted_at":"2026-10-30T15:00:00Z""#, with: "\"transacted_at\":\"\(date)\"")
            .write(toFile: last, atomically: true, encoding: .utf8)

        let result = try run(["sync", inbox])

        #expect(result.status == 65)
        #expect(
            result.stderr.contains("batches/0004.json: refused: invalid_timestamp: events[0].transaction.transacted_at \(message)\n"),
            "\(result.stderr)")
        #expect(result.stderr.contains("batches/0003.json: applied"), "\(result.stderr)")
        #expect(!(try exportedIDs().contains("A7E00006-0000-4000-8000-000000000006")))
        let check = try run(["status", "--check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}
