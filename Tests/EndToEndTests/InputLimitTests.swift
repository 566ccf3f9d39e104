import Foundation
import PurseTestSupport
import Testing

/// Small hostile files through the real binary: a text field past 4096 bytes and an order
/// package that unpacks into far more than it holds are refused with exit 65 naming the file
/// and the field or member, and what else the command was given still goes in.
@Suite("Input limits: long texts, order packages that unpack too far")
struct InputLimitTests: PurseLedgerSuite {
    typealias F = ExportFixture
    typealias P = OrderPackageFixture

    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
    }

    @Test("a description of 4097 bytes stops its stream (exit 65, file, line, field); 4096 bytes and the other streams go in")
    func longDescription() throws {
        let export = try ExportFixture(in: folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1"), F.account("A2")]))
        try export.append(
            "transactions/A1",
            F.changeSet(
                "T", 1, snapshot: true, inserted: [F.transaction("c1", account: "A1", description: String(repeating: "x", count: 4097))]))
        try export.append(
            "transactions/A2",
            F.changeSet(
                "T", 1, snapshot: true, inserted: [F.transaction("d1", account: "A2", description: String(repeating: "y", count: 4091))]))

        let result = try run(["sync", export.path])

        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(
            result.stderr.contains(
                "Error: \(export.path)/transactions/A1.jsonl:1: inserted[0].transactionDescription: 4097 bytes of text is more than the 4096 a text field may have\n"
            ), "\(result.stderr)")
        #expect(result.stderr.contains("Ana's iPhone transactions/A2: 1 inserted, 0 updated, 0 deleted\n"))
        // The fixture's original description is the description and " 0001": 4096 bytes.
        let exported = try run(["export", "transactions"]).stdout.split(separator: "\n")
        #expect(exported.count == 2)
        #expect(exported.last?.hasPrefix("D1,") == true)
        #expect(exported.last?.contains(String(repeating: "y", count: 4091) + " 0001") == true)
    }

    @Test("orders add: a package whose order.json unpacks past 1 MiB is refused before it is unpacked; the good one beside it is added")
    func orderBomb() throws {
        // 60 MB of order.json packed into 380 KB, its headers saying so, or saying 1 MiB.
        let good = folder.file("good.order")
        try P(orderJSON: P.orderJSON()).write(to: good)
        var packages: [String] = []
        for (name, claimed) in [("claims.order", 60_000_000), ("lies.order", 1 << 20)] {
            let fixture = P(orderJSON: P.orderJSON(orderIdentifier: name))
            let entries = fixture.entries.map { entry in
                entry.name == "order.json"
                    ? StoredZipWriter.RawEntry(
                        name: entry.name, method: 8, data: RepeatedByteDeflate.stream(of: UInt8(ascii: " "), count: 60_000_000),
                        size: claimed, crc: 0)
                    : StoredZipWriter.RawEntry(
                        name: entry.name, method: 0, data: entry.bytes, size: entry.bytes.count, crc: StoredZipWriter.crc32(entry.bytes))
            }
            let path = folder.file(name)
            try Data(StoredZipWriter.archive(raw: entries)).write(to: URL(fileURLWithPath: path))
            packages.append(path)
        }

        let result = try run(["orders", "add"] + packages + [good])

        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(
            result.stderr.contains(
                "Error: \(packages[0]): order.json: unpacks to 60000000 bytes, more than the 1048576 this file of an order package may have\n"
            ))
        #expect(
            result.stderr.contains(
                "Error: \(packages[1]): order.json: cannot inflate: inflates to more than the 1048576 bytes the archive says\n"),
            "\(result.stderr)")
        #expect(result.stderr.contains("Added order 1001 from Example Shop"))
        let orders = try run(["orders", "--format", "csv"]).stdout.split(separator: "\n")
        #expect(orders.count == 2, "the header and the good order")
    }

    @Test(
        "nesting 100,000 levels deep in every JSON reader (export line, manifest, picked transactions, Sure batch, order.json): exit 65, no crash"
    )
    func deepNesting() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let export = try ExportFixture(in: folder.url)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1"), F.account("A2")]))
        try export.append(
            "transactions/A1", F.changeSet("T", 1, snapshot: true, inserted: [F.transaction("c1", account: "A1", extra: ",\"x\":" + deep)]))
        try export.append("transactions/A2", F.changeSet("T", 1, snapshot: true, inserted: [F.transaction("d1", account: "A2")]))
        let sync = try run(["sync", export.path])
        #expect(sync.status == 65)
        #expect(
            sync.stderr.contains("Error: \(export.path)/transactions/A1.jsonl:1: not valid JSON: nesting deeper than 64 levels"),
            "\(sync.stderr)")
        #expect(sync.stderr.contains("Ana's iPhone transactions/A2: 1 inserted"))

        let manifest = try ExportFixture(in: folder.url, name: "deep-manifest")
        try manifest.writeManifest(#"{"format":"wallet-export","version":1,"sourceID":"S","x":"# + deep + "}")
        let refused = try run(["sync", manifest.path])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("export.json: not valid JSON: nesting deeper than 64 levels"), "\(refused.stderr)")

        let picked = folder.file("deep.jsonl")
        try Data((deep + "\n").utf8).write(to: URL(fileURLWithPath: picked))
        let report = try purse.run(["report", "spending", "--input", picked])
        #expect(report.status == 65)
        #expect(report.stderr.hasPrefix("Error: \(picked):1: not valid JSON: nesting deeper than 64 levels"), "\(report.stderr)")

        let inbox = folder.file("sure-inbox")
        try FileManager.default.copyItem(at: Examples.sureInbox, to: URL(fileURLWithPath: inbox))
        try deep.write(toFile: inbox + "/batches/0004.json", atomically: true, encoding: .utf8)
        let sure = try run(["sync", inbox])
        #expect(sure.status == 65)
        #expect(sure.stderr.contains("batches/0004.json: refused: invalid_json"), "\(sure.stderr)")

        let order = folder.file("deep.order")
        try P(orderJSON: String(P.orderJSON().dropLast()) + ",\"x\":" + deep + "}").write(to: order)
        let add = try run(["orders", "add", order])
        #expect(add.status == 65)
        #expect(add.stderr.hasPrefix("Error: \(order): order.json: not valid JSON: nesting deeper than 64 levels"), "\(add.stderr)")
    }
}
