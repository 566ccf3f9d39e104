import Foundation
import PurseTestSupport
import Testing

/// `purse orders add|show`, `purse orders`, and orders linked to transactions in `explain` and
/// `export transactions`, through the real binary with packages built by the test suite.
@Suite("Wallet orders: add, versions, tampered manifest, list, show, links")
struct WalletOrdersTests: PurseLedgerSuite {
    typealias F = ExportFixture
    typealias P = OrderPackageFixture

    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()
    static let notice =
        "Note: the signature of an order package is NOT verified: purse checks every file against the SHA-256 digests "
        + "of its manifest.json, not who signed it\n"

    /// Card purchases at Example Shop of 54.20 on October 3 and 5 (16:34:56 UTC), the same
    /// amount at another merchant on October 3, and 40.00 at Example Shop on October 20.
    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        let export = try ExportFixture(in: folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1", kind: "liability", name: "Card")]))
        try export.append(
            "transactions/A1",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction("T1", account: "A1", merchant: "Example Shop", description: "EXAMPLE SHOP"),
                    F.transaction(
                        "T2", account: "A1", date: "2026-10-05T12:34:56-04:00", merchant: "Example Shop", description: "EXAMPLE SHOP"),
                    F.transaction("T3", account: "A1", merchant: "Other Store", description: "OTHER STORE"),
                    F.transaction(
                        "T4", account: "A1", date: "2026-10-20T12:00:00-04:00", amount: "40.00", merchant: nil,
                        description: "EXAMPLE SHOP #12 ONLINE"),
                ]))
        let sync = try run(["sync", export.path])
        try #require(sync.status == 0, "\(sync.stderr)")
    }

    func package(_ name: String, _ json: String) throws -> String {
        let path = folder.file(name)
        try P(orderJSON: json).write(to: path)
        return path
    }

    static let orderA = P.orderJSON(orderIdentifier: "A", orderNumber: "1001", createdAt: "2026-10-03T16:00:00Z")
    static let idA = "25db01a5440c2681"

    @Test("add: stored with a note that the signature is not verified; the same version again changes nothing")
    func addAndSameVersion() throws {
        let path = try package("a.order", Self.orderA)

        let added = try run(["orders", "add", path])

        #expect(added.status == 0)
        #expect(added.stdout == "")
        #expect(added.stderr == "Added order 1001 from Example Shop (\(Self.idA)), version 2026-10-02T15:00:00Z\n" + Self.notice)

        let again = try run(["orders", "add", path])
        #expect(again.status == 0)
        #expect(
            again.stderr == "Unchanged order 1001 from Example Shop (\(Self.idA)): version 2026-10-02T15:00:00Z is already stored\n"
                + Self.notice)
    }

    @Test("an older version than the one stored is refused with exit 65; a newer one replaces it")
    func versions() throws {
        let old = try package("old.order", Self.orderA)
        let new = try package(
            "new.order",
            P.orderJSON(
                orderIdentifier: "A", orderNumber: "1001", status: "completed", createdAt: "2026-10-03T16:00:00Z",
                updatedAt: "2026-10-06T09:00:00.250Z"))
        try #require(try run(["orders", "add", old]).status == 0)

        let newer = try run(["orders", "add", new])
        #expect(newer.status == 0)
        #expect(
            newer.stderr
                == "Updated order 1001 from Example Shop (\(Self.idA)) to version 2026-10-06T09:00:00.250Z (was 2026-10-02T15:00:00Z)\n"
                + Self.notice)

        let older = try run(["orders", "add", old])
        #expect(older.status == 65)
        #expect(older.stdout == "")
        #expect(
            older.stderr
                == "Error: \(old): order.json: updatedAt: 2026-10-02T15:00:00Z is older than the version stored (2026-10-06T09:00:00.250Z) "
                + "of order 1001 from Example Shop (\(Self.idA)); nothing was changed\n" + Self.notice)
        #expect(try run(["orders", "show", "1001"]).stdout.contains("Status            completed\n"))
    }

    @Test("a tampered manifest is refused with exit 65 and nothing of it is stored; the good package beside it is added")
    func tamperedManifest() throws {
        var tampered = P(orderJSON: P.orderJSON(orderIdentifier: "B"))
        tampered.tamper("order.json", with: P.orderJSON(orderIdentifier: "B", total: "0.01"))
        let bad = folder.file("bad.order")
        try tampered.write(to: bad)
        let good = try package("a.order", Self.orderA)

        let result = try run(["orders", "add", bad, good])

        #expect(result.status == 65)
        #expect(
            result.stderr
                == "Error: \(bad): manifest.json: 'order.json' does not match its SHA-256 digest: the file was changed after the manifest was made\n"
                + "Added order 1001 from Example Shop (\(Self.idA)), version 2026-10-02T15:00:00Z\n" + Self.notice)
        let list = try run(["orders", "--format", "csv"])
        #expect(list.stdout.split(separator: "\n").count == 2)
        #expect(list.stdout.contains(",A,1001,"))

        let alone = try purse.run(["--db", folder.file("other.sqlite"), "orders", "add", bad])
        #expect(alone.status == 65)
        #expect(
            alone.stderr
                == "Error: \(bad): manifest.json: 'order.json' does not match its SHA-256 digest: the file was changed after the manifest was made\n"
                + Self.notice)
        #expect(!FileManager.default.fileExists(atPath: folder.file("other.sqlite")))
    }

    @Test("the same updatedAt with other contents: the stored order is kept, with a warning")
    func sameVersionOtherContents() throws {
        try #require(try run(["orders", "add", try package("a.order", Self.orderA)]).status == 0)
        let changed = try package(
            "changed.order", P.orderJSON(orderIdentifier: "A", orderNumber: "1001", status: "cancelled", createdAt: "2026-10-03T16:00:00Z"))

        let result = try run(["orders", "add", changed])

        #expect(result.status == 0)
        #expect(
            result.stderr
                == "Unchanged order 1001 from Example Shop (\(Self.idA)): version 2026-10-02T15:00:00Z is already stored\n"
                + "Warning: \(changed): order.json differs from the stored one although its updatedAt (2026-10-02T15:00:00Z) is the same; "
                + "the stored one is kept (a merchant changes updatedAt with every change)\n" + Self.notice)
        #expect(try run(["orders", "show", Self.idA]).stdout.contains("Status            open\n"))
    }

    @Test("a missing package is exit 66 before anything is stored; an unknown order is a usage error")
    func missingAndUnknown() throws {
        let good = try package("a.order", Self.orderA)
        let missing = try run(["orders", "add", good, folder.file("nowhere.order")])
        #expect(missing.status == 66)
        #expect(missing.stderr == "Error: \(folder.file("nowhere.order")): no such file\n")
        #expect(try run(["orders", "--format", "csv"]).stdout.split(separator: "\n").count == 1)

        let unknown = try run(["orders", "show", "9999"])
        #expect(unknown.status == 64)
        #expect(unknown.stdout == "")
        #expect(unknown.stderr.hasPrefix("Error: there is no order '9999' (see 'purse orders')"))
    }

    @Test(
        "links: nearest date wins, one to one, merchant words in the description, a payment's amount; shown by orders, show, explain and export"
    )
    func links() throws {
        // B is a day after A: A takes T1 (35 minutes away), B gets T2 although T1 is nearer to it.
        let b = P.orderJSON(orderIdentifier: "B", orderNumber: "1002", createdAt: "2026-10-04T16:00:00Z")
        // C costs 100.00 in all, paid 40.00 on October 20 and 60.00 later.
        let c = P.orderJSON(
            orderIdentifier: "C", orderNumber: "1003", createdAt: "2026-10-18T10:00:00Z", total: "100.00",
            lineItems: [("Lamp", 1, "100.00")], payments: [("40.00", "2026-10-20T15:00:00Z"), ("60.00", "2026-11-20T15:00:00Z")])
        let added = try run(["orders", "add", try package("a.order", Self.orderA), try package("b.order", b), try package("c.order", c)])
        try #require(added.status == 0, "\(added.stderr)")

        let list = try run(["orders"])
        #expect(list.status == 0)
        #expect(
            list.stdout == """
                Wallet orders (time zone UTC)
                ID                Created     Merchant      Order  Status    Total  Items  Transaction
                ----------------  ----------  ------------  -----  ------  -------  -----  ---------------
                25db01a5440c2681  2026-10-03  Example Shop  1001   open     $54.20      2  2026-10-03 Card
                705a147041216432  2026-10-04  Example Shop  1002   open     $54.20      2  2026-10-05 Card
                51da617377fc13e8  2026-10-18  Example Shop  1003   open    $100.00      1  2026-10-20 Card

                """)

        let export = try run(["export", "transactions"])
        let rows = export.stdout.split(separator: "\n").map(String.init)
        #expect(
            rows.first?.hasSuffix(",original_description,flow,category,category_source,counted,note,tags,order_id,merchant_shown,person")
                == true)
        let orderIDs = Dictionary(CSVRows.parse(export.stdout).map { ($0["id"]!, $0["order_id"]!) }) { first, _ in first }
        #expect(orderIDs["T1"] == Self.idA)
        #expect(orderIDs["T2"] == "705a147041216432")
        #expect(rows.filter { $0.hasPrefix("T3,") }.first?.contains("OTHER STORE 0001,") == true)
        #expect(orderIDs["T3"] == "")
        #expect(orderIDs["T4"] == "51da617377fc13e8")

        let show = try run(["orders", "show", "1002"])
        #expect(show.stdout.contains("Transaction       T2, 2026-10-05, Card, -$54.20\n"))

        let explain = try run(["explain", "--month", "2026-10", "--merchant", "example"])
        #expect(explain.status == 0)
        #expect(
            explain.stdout.contains(
                """
                2026-10-03  Card     Example Shop             5411  expense  Groceries  debit (expense)  MCC 5411        $54.20
                    order 1001 from Example Shop (25db01a5440c2681):
                      2 x Coffee beans  $20.00
                      1 x Mug  $14.20
                2026-10-05  Card     Example Shop             5411  expense  Groceries  debit (expense)  MCC 5411        $54.20
                    order 1002 from Example Shop (705a147041216432):
                      2 x Coffee beans  $20.00
                      1 x Mug  $14.20
                2026-10-20  Card     EXAMPLE SHOP #12 ONLINE  5411  expense  Groceries  debit (expense)  MCC 5411        $40.00
                    order 1003 from Example Shop (51da617377fc13e8):
                      1 x Lamp  $100.00
                Total
                """))
        let json = try run(["explain", "--month", "2026-10", "--merchant", "example", "--format", "json"])
        #expect(json.stdout.contains("\"order_id\": \"51da617377fc13e8\""))
        #expect(json.stdout.contains("\"title\": \"Lamp\""))
    }

    @Test("a linked transaction's day is its account's, as every listing has it, not the report zone's")
    func linkedDayInAccountZone() throws {
        try #require(try run(["orders", "add", try package("a.order", Self.orderA)]).status == 0)
        // T1 is 2026-10-03T16:34:56Z: already October 4 at +14:00.
        try #require(try run(["accounts", "set", "Card", "--tz", "Pacific/Kiritimati"]).status == 0)

        let list = try run(["orders"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("25db01a5440c2681  2026-10-03  Example Shop  1001   open    $54.20      2  2026-10-04 Card\n"))
        let show = try run(["orders", "show", "1001"])
        #expect(show.stdout.contains("Transaction       T1, 2026-10-04, Card, -$54.20\n"), "\(show.stdout)")
        // The same day the listings give it.
        let exported = CSVRows.parse(try run(["export", "transactions"]).stdout).first { $0["id"] == "T1" }
        #expect(exported?["transaction_date"] == "2026-10-04")
    }

    @Test("an order's merchant with bidirectional controls reaches no terminal raw: spaces in orders and orders show")
    func controlsInOrderText() throws {
        let order = P.orderJSON(
            orderIdentifier: "E", orderNumber: "1009", createdAt: "2026-10-03T16:00:00Z", merchant: "Evil\u{202E}gpj.exe\u{2066}")
        try #require(try run(["orders", "add", try package("e.order", order)]).status == 0)
        for arguments in [["orders"], ["orders", "show", "1009"]] {
            let result = try run(arguments)
            #expect(result.status == 0)
            #expect(result.stdout.contains("Evil gpj.exe"), "\(result.stdout)")
            #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{2066}" }, "\(arguments)")
        }
    }
}
