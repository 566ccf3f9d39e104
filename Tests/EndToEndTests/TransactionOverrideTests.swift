import Foundation
import PurseTestSupport
import Testing

/// The user's corrections of single transactions through the real binary: set, unset, exclude
/// and split, what reports and the export make of them, and that no sync loses them.
@Suite("Transaction overrides")
struct TransactionOverrideTests: PurseLedgerSuite {
    typealias F = ExportFixture

    let folder: TemporaryFolder
    let export: ExportFixture
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        export = try ExportFixture(in: folder.url)
        database = folder.file("ledger.sqlite")
        try export.append(
            "accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1", kind: "liability", name: "Apple Card")]))
        try export.append(
            "transactions/A1",
            F.changeSet(
                "T1", 1, snapshot: true,
                inserted: [
                    F.transaction("C1-RENT", account: "A1", date: "2026-10-03T12:00:00-04:00", amount: "54.20"),
                    F.transaction(
                        "C2-COFFEE", account: "A1", date: "2026-10-04T09:00:00-04:00", amount: "12.00", mcc: 5814,
                        merchant: "Blue Bottle", description: "BLUE BOTTLE"),
                ]))
        let synced = try purse.run(["--db", database, "sync", export.path])
        try #require(synced.status == 0, "\(synced.stderr)")
    }

    /// id -> the export's row (the last one of a split).
    func exported() throws -> [String: [String: String]] {
        let result = try run(["export", "transactions"])
        #expect(result.status == 0)
        return Dictionary(CSVRows.parse(result.stdout).map { ($0["id"]!, $0) }, uniquingKeysWith: { _, last in last })
    }

    func spending() throws -> [String] {
        let result = try run(["report", "spending", "--month", "2026-10", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        // Sorted by category: the report orders by amount.
        return result.stdout.split(separator: "\n").dropFirst().map(String.init).sorted()
    }

    @Test("set by a unique ID prefix: category, note and tags show in the export, and the category in reports")
    func setCategoryNoteTags() throws {
        let result = try run(["set", "C1", "--category", "Home", "--new", "--note", "new lamp", "--tag", "house", "--tag", "2026"])

        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr == "Set on C1-RENT: category Home, note \"new lamp\", tags 2026;house\n")
        let row = try #require(try exported()["C1-RENT"])
        #expect(row["category"] == "Home")
        #expect(row["category_source"] == "override")
        #expect(row["flow"] == "expense")
        #expect(row["counted"] == "true")
        #expect(row["note"] == "new lamp")
        #expect(row["tags"] == "2026;house")
        #expect(try spending() == ["2026-10,Dining,USD,12.00,0.00,12.00,1", "2026-10,Home,USD,54.20,0.00,54.20,1"])
        let explain = try run(["explain", "--month", "2026-10", "--category", "home", "--format", "csv"])
        #expect(explain.stdout.contains("C1-RENT,Apple Card,Whole Foods Market,5411,booked,expense,Home,true,debit (expense),override,USD"))
    }

    @Test("an ambiguous prefix is a usage error naming the candidates; an unknown one too")
    func ambiguousPrefix() throws {
        let ambiguous = try run(["set", "C", "--note", "x"])
        #expect(ambiguous.status == 64)
        #expect(ambiguous.stdout == "")
        #expect(
            ambiguous.stderr.hasPrefix("Error: 'C' is the start of several transaction IDs (C1-RENT, C2-COFFEE, ...): give more of it."))
        let unknown = try run(["set", "X9", "--note", "x"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("Error: no transaction ID starts with 'X9' (see 'purse transactions')"))
        let nothing = try run(["set", "C1"])
        #expect(nothing.status == 64)
        #expect(
            nothing.stderr.hasPrefix("Error: nothing to set: give --category, --flow, --note, --tag, --exclude, --not-anomaly or --person"))
    }

    @Test("a category purse does not know is a typo in set and split: exit 64 with the closest known one, nothing saved")
    func unknownCategory() throws {
        try #require(try run(["rules", "add", "--merchant", "Foxtons", "--category", "Rent"]).status == 0)
        let usage = "Usage: purse set [options] TRANSACTION\nSee 'purse set --help'.\n"
        let cases: [([String], String)] = [
            (
                ["set", "C1", "--category", "Helth"],
                "Error: unknown category 'Helth' (see 'purse categories'; --new creates it). Did you mean 'Health'?\n" + usage
            ),
            (
                ["set", "C1", "--category", "rnet"],
                "Error: unknown category 'rnet' (see 'purse categories'; --new creates it). Did you mean 'Rent'?\n" + usage
            ),
            (
                ["split", "C1", "Groceries=50", "Helth=4.20"],
                "Error: unknown category 'Helth' (see 'purse categories'; --new creates it). Did you mean 'Health'?\n"
                    + "Usage: purse split [options] TRANSACTION CATEGORY=AMOUNT...\nSee 'purse split --help'.\n"
            ),
        ]
        for (arguments, message) in cases {
            let result = try run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stdout == "")
            #expect(result.stderr == message, "\(arguments): \(result.stderr)")
        }
        #expect(try exported()["C1-RENT"]?["category_source"] == "MCC 5411")

        // Known ones in any case: built-in, a rule's; --new creates one on purpose, known from then on.
        #expect(try run(["set", "C2", "--category", "rent"]).stderr == "Set on C2-COFFEE: category Rent\n")
        #expect(try run(["set", "C2", "--category", "Pets", "--new"]).stderr == "Set on C2-COFFEE: category Pets\n")
        let split = try run(["split", "C1", "pets=50", "health=4.20"])
        #expect(split.status == 0, "\(split.stderr)")
        #expect(split.stderr == "Split C1-RENT: split Pets $50.00, Health $4.20\n")
        #expect(try run(["split", "C1", "Groceries=50", "Toys=4.20", "--new"]).status == 0)
        #expect(try run(["set", "C2", "--category", "toys"]).stderr == "Set on C2-COFFEE: category Toys\n")
    }

    @Test("split on income or a transfer is exit 64 (splits apply to expenses and refunds), nothing saved")
    func splitOnlySpending() throws {
        // A card payment (a credit on a card, no MCC) is a transfer; C1 set to income is income.
        try export.append(
            "transactions/A1",
            F.changeSet(
                "T1", 2,
                inserted: [
                    F.transaction(
                        "C3-PAYMENT", account: "A1", date: "2026-10-05T09:00:00-04:00", amount: "100.00", indicator: "credit",
                        type: "payment", mcc: nil, merchant: nil, description: "PAYMENT THANK YOU")
                ]))
        try #require(try run(["sync", export.path]).status == 0)
        try #require(try run(["set", "C1", "--flow", "income"]).status == 0)
        for (id, what) in [("C3-PAYMENT", "a transfer"), ("C1-RENT", "income")] {
            let result = try run(["split", id, "Groceries=50", "Dining=4.20"])
            #expect(result.status == 64)
            #expect(
                result.stderr.hasPrefix("Error: transaction \(id) is \(what): splits apply to expenses and refunds.\n"),
                "\(result.stderr)")
        }
        #expect(try exported()["C3-PAYMENT"]?["category_source"] == "flow")
        #expect(try exported()["C1-RENT"]?["flow"] == "income")
        // An expense again, it splits.
        #expect(try run(["unset", "C1"]).status == 0)
        #expect(try run(["split", "C1", "Groceries=50", "Dining=4.20"]).status == 0)
    }

    @Test("transactions marks an excluded row in text; CSV and JSON say counted false")
    func excludedListed() throws {
        try #require(try run(["set", "C2", "--exclude"]).status == 0)
        let text = try run(["transactions"])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first { $0.contains("Blue Bottle") }?.contains("pointOfSale  booked, excluded") == true, "\(text.stdout)")
        #expect(lines.first { $0.contains("Whole Foods") }?.contains("excluded") == false)
        #expect(
            CSVRows.parse(try run(["transactions", "--format", "csv"]).stdout).first { $0["id"] == "C2-COFFEE" }?["counted"] == "false")
        let json = try run(["transactions", "--format", "json"]).stdout.split(separator: "\n")
        #expect(json.first { $0.contains("\"id\":\"C2-COFFEE\"") }?.contains("\"counted\":false") == true)
    }

    @Test("--exclude: never counted, explained as excluded, counted false in the export; unset --exclude counts it again")
    func exclude() throws {
        #expect(try run(["set", "C2-COFFEE", "--exclude"]).status == 0)

        #expect(try spending() == ["2026-10,Groceries,USD,54.20,0.00,54.20,1"])
        #expect(try exported()["C2-COFFEE"]?["counted"] == "false")
        let explain = try run(["explain", "--month", "2026-10", "--format", "csv"])
        #expect(
            explain.stdout.contains("C2-COFFEE,Apple Card,Blue Bottle,5814,booked,expense,Dining,false,excluded by the user: never counted")
        )

        let unset = try run(["unset", "C2", "--exclude"])
        #expect(unset.status == 0)
        #expect(unset.stderr == "Unset on C2-COFFEE: nothing is set any more\n")
        #expect(try spending() == ["2026-10,Dining,USD,12.00,0.00,12.00,1", "2026-10,Groceries,USD,54.20,0.00,54.20,1"])
    }

    @Test("--flow income turns an expense into income; unset without options removes everything")
    func flowAndUnsetAll() throws {
        #expect(try run(["set", "C1", "--flow", "income", "--tag", "x"]).status == 0)
        #expect(try spending() == ["2026-10,Dining,USD,12.00,0.00,12.00,1"])
        #expect(try exported()["C1-RENT"]?["flow"] == "income")
        let badTag = try run(["unset", "C1", "--tag", "nope"])
        #expect(badTag.status == 64)
        #expect(
            badTag.stderr
                == "Error: transaction C1-RENT has no tag 'nope'.\nUsage: purse unset [options] TRANSACTION\nSee 'purse unset --help'.\n")
        #expect(try run(["unset", "C1"]).status == 0)
        let row = try #require(try exported()["C1-RENT"])
        #expect(row["flow"] == "expense")
        #expect(row["category_source"] == "MCC 5411")
        #expect(row["tags"] == "")
    }

    @Test("split: the parts must add up exactly (else 64); reports, explain and the export count the parts")
    func split() throws {
        let wrong = try run(["split", "C1", "Groceries=50", "Home=4", "--new"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.hasPrefix("Error: the parts add up to $54.00, not the transaction's $54.20."))
        let badPart = try run(["split", "C1", "Groceries", "Home=4", "--new"])
        #expect(badPart.status == 64)
        #expect(
            badPart.stderr == """
                Error: a part is CATEGORY=AMOUNT such as Groceries=42.50, not 'Groceries'.
                Usage: purse split [options] TRANSACTION CATEGORY=AMOUNT...
                See 'purse split --help'.

                """)

        let result = try run(["split", "C1", "groceries=50.00", "Home=4.20", "--new"])

        #expect(result.status == 0)
        #expect(result.stderr == "Split C1-RENT: split Groceries $50.00, Home $4.20\n")
        #expect(
            try spending() == [
                "2026-10,Dining,USD,12.00,0.00,12.00,1", "2026-10,Groceries,USD,50.00,0.00,50.00,1", "2026-10,Home,USD,4.20,0.00,4.20,1",
            ])
        let rows = CSVRows.parse(try run(["export", "transactions"]).stdout).filter { $0["id"] == "C1-RENT" }
        #expect(rows.map { $0["category"]! } == ["Groceries", "Home"])
        #expect(rows.map { $0["signed_amount"]! } == ["-50.00", "-4.20"])
        #expect(rows.map { $0["category_source"]! } == ["split", "split"])
        let explain = try run(["explain", "--month", "2026-10", "--category", "Home", "--format", "csv"])
        #expect(explain.stdout.contains("expense,Home,true,debit (expense),split,USD,4.20"))
        // A category set on the transaction beats its split.
        #expect(try run(["set", "C1", "--category", "Gifts", "--new"]).status == 0)
        #expect(try spending() == ["2026-10,Dining,USD,12.00,0.00,12.00,1", "2026-10,Gifts,USD,54.20,0.00,54.20,1"])
        #expect(try run(["unset", "C1", "--category", "--split"]).status == 0)
        #expect(try spending() == ["2026-10,Dining,USD,12.00,0.00,12.00,1", "2026-10,Groceries,USD,54.20,0.00,54.20,1"])
    }

    @Test("split refuses one part, a category twice and more decimals than the currency has (64), and saves nothing")
    func splitRefusals() throws {
        let refusals: [([String], String)] = [
            (
                ["Groceries=54.20"],
                "a split needs at least two parts (CATEGORY=AMOUNT CATEGORY=AMOUNT ...); "
                    + "to file the whole transaction in one category use 'purse set --category'"
            ),
            (
                ["Groceries=50", "groceries=4.20"],
                "the category 'Groceries' is in two parts ('Groceries=50' and 'groceries=4.20'): give it once, with the sum of its amounts"
            ),
            (["Groceries=50.001", "Home & Garden=4.199"], "the amount of 'Groceries=50.001' has more decimals than USD has (2)"),
        ]
        for (parts, message) in refusals {
            let result = try run(["split", "C1"] + parts)
            #expect(result.status == 64, "\(parts)")
            #expect(result.stdout == "")
            // One line of error, then the usage every usage error shows.
            #expect(result.stderr.split(separator: "\n").first == "Error: \(message).", "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").dropFirst().first?.hasPrefix("Usage: purse split ") == true)
        }
        #expect(try exported()["C1-RENT"]?["category_source"] == "MCC 5411")
        #expect(try spending() == ["2026-10,Dining,USD,12.00,0.00,12.00,1", "2026-10,Groceries,USD,54.20,0.00,54.20,1"])
    }

    @Test("an excluded split is listed by its parts in the export (CSV and JSON), each counted false")
    func excludedSplit() throws {
        #expect(try run(["split", "C1", "Groceries=50", "Home=4.20", "--new"]).status == 0)
        #expect(try run(["set", "C1", "--exclude"]).status == 0)

        let rows = CSVRows.parse(try run(["export", "transactions"]).stdout).filter { $0["id"] == "C1-RENT" }
        #expect(rows.map { $0["amount"]! } == ["50.00", "4.20"])
        #expect(rows.map { $0["category"]! } == ["Groceries", "Home"])
        #expect(rows.map { $0["category_source"]! } == ["split", "split"])
        #expect(rows.map { $0["counted"]! } == ["false", "false"])
        let json = try run(["export", "transactions", "--format", "json"]).stdout
        #expect(json.components(separatedBy: "\"id\":\"C1-RENT\"").count == 3)
        #expect(json.contains("\"amount\":\"4.20\""))
        #expect(try spending() == ["2026-10,Dining,USD,12.00,0.00,12.00,1"])
    }

    @Test("an override survives a compacted re-sync, sleeps while its transaction is deleted, and comes back with it")
    func survivesCompactionAndDeletion() throws {
        #expect(try run(["set", "C1", "--category", "Home", "--new", "--note", "kept"]).status == 0)
        try export.replace(
            "transactions/A1",
            lines: [
                F.changeSet(
                    "T1", 7, snapshot: true,
                    inserted: [F.transaction("C1-RENT", account: "A1", date: "2026-10-03T12:00:00-04:00", amount: "54.20")])
            ])
        let compacted = try run(["sync", export.path])
        #expect(compacted.status == 0)
        #expect(compacted.stderr == "Ana's iPhone transactions/A1: 0 inserted, 0 updated, 1 deleted (resynced)\n")
        #expect(try exported()["C1-RENT"]?["category"] == "Home")
        #expect(try exported()["C1-RENT"]?["note"] == "kept")

        try export.append("transactions/A1", F.changeSet("T1", 8, deleted: ["C1-RENT"]))
        #expect(try run(["sync", export.path]).status == 0)
        #expect(try exported()["C1-RENT"] == nil)
        #expect(try spending() == [])

        try export.append(
            "transactions/A1",
            F.changeSet("T1", 9, inserted: [F.transaction("C1-RENT", account: "A1", date: "2026-10-03T12:00:00-04:00", amount: "54.20")]))
        #expect(try run(["sync", export.path]).status == 0)
        #expect(try exported()["C1-RENT"]?["category"] == "Home")
        #expect(try spending() == ["2026-10,Home,USD,54.20,0.00,54.20,1"])
    }

    @Test("Sure data alike: overrides survive later captures; a retracted transaction's sleeps and unset still finds it")
    func sureData() throws {
        let inbox = folder.file("sure-inbox")
        try FileManager.default.copyItem(at: Examples.sureInbox, to: URL(fileURLWithPath: inbox))
        let later = folder.file("later")
        try FileManager.default.createDirectory(atPath: later, withIntermediateDirectories: true)
        for batch in ["0002.json", "0003.json", "0004.json"] {
            try FileManager.default.moveItem(atPath: inbox + "/batches/" + batch, toPath: later + "/" + batch)
        }
        #expect(try run(["sync", inbox]).status == 0)
        #expect(try run(["set", "A7E00001", "--category", "Household", "--new", "--tag", "sure"]).status == 0)
        #expect(try run(["set", "A7E00003", "--exclude", "--note", "returned"]).status == 0)
        #expect(try exported()["A7E00003-0000-4000-8000-000000000003"]?["counted"] == "false")

        for batch in ["0002.json", "0003.json", "0004.json"] {
            try FileManager.default.moveItem(atPath: later + "/" + batch, toPath: inbox + "/batches/" + batch)
        }
        let synced = try run(["sync", inbox])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(synced.stderr.contains("1 retracted"))

        let rows = try exported()
        #expect(rows["A7E00001-0000-4000-8000-000000000001"]?["category"] == "Household")
        #expect(rows["A7E00001-0000-4000-8000-000000000001"]?["tags"] == "sure")
        #expect(rows["A7E00003-0000-4000-8000-000000000003"] == nil)
        let unset = try run(["unset", "A7E00003", "--note"])
        #expect(unset.status == 0)
        #expect(unset.stderr == "Unset on A7E00003-0000-4000-8000-000000000003: now excluded\n")
        // `set` needs a transaction in the ledger.
        let set = try run(["set", "A7E00003", "--note", "x"])
        #expect(set.status == 64)
        #expect(
            set.stderr == """
                Error: no transaction ID starts with 'A7E00003' (see 'purse transactions').
                Usage: purse set [options] TRANSACTION
                See 'purse set --help'.

                """)
    }
}
