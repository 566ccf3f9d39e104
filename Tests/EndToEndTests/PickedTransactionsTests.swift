import Foundation
import PurseTestSupport
import Testing

/// `--input FILE` of the spending-shaped reports, through the real binary: the same numbers as
/// the same transactions synced, with no database opened or written.
@Suite("Picked transactions: reports on a file, identical to the synced ledger")
struct PickedTransactionsTests {
    typealias F = ExportFixture

    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    /// The reports that take --input, each in every format.
    static let reports: [[String]] = [
        ["report", "spending"], ["report", "spending", "--by", "merchant"], ["report", "spending", "--by", "account", "--compare"],
        ["report", "income"], ["report", "cashflow"], ["explain"], ["explain", "--category", "Dining"],
    ].flatMap { report in ["text", "csv", "json"].map { report + ["--month", "2026-10", "--format", $0] } }

    /// A checking account and a card: expenses, a refund, income, a card payment matched as a
    /// transfer, a pending one, a foreign-currency one and one in September.
    static let accounts = [F.account("A1", name: "Checking"), F.account("C1", kind: "liability", name: "Card")]
    static let transactions = [
        F.transaction("E1", account: "C1"),
        F.transaction(
            "E2", account: "C1", date: "2026-10-09T19:00:00Z", amount: "40.00", mcc: 5812, merchant: "Café Luna", description: "CAFE"),
        F.transaction(
            "R1", account: "C1", date: "2026-10-10T09:00:00Z", amount: "12.50", indicator: "credit", type: "refund", mcc: 5812,
            merchant: "Café Luna", description: "CAFE REFUND"),
        F.transaction(
            "I1", account: "A1", date: "2026-10-01T08:00:00Z", amount: "3000.00", indicator: "credit", type: "deposit", mcc: nil,
            merchant: "ACME, Inc.", description: "PAYROLL"),
        F.transaction(
            "D1", account: "A1", date: "2026-10-25T10:00:00Z", amount: "500.00", type: "transfer", mcc: nil, merchant: nil,
            description: "APPLE CARD PAYMENT"),
        F.transaction(
            "P1", account: "C1", date: "2026-10-26T10:00:00Z", amount: "500.00", indicator: "credit", type: "transfer", mcc: nil,
            merchant: nil, description: "PAYMENT THANK YOU"),
        F.transaction("Q1", account: "C1", date: "2026-10-28T10:00:00Z", amount: "9.99", status: "pending"),
        // Exported with the formula guard ('=SUM(1)), read back without it.
        F.transaction("G1", account: "A1", date: "2026-10-15T10:00:00Z", amount: "5.00", merchant: "=SUM(1)", description: "-GUARD"),
        F.transaction(
            "X1", account: "C1", date: "2026-10-12T10:00:00Z", amount: "20.00", mcc: 5812, merchant: "Bistro", description: "BISTRO",
            extra: ",\"foreignCurrencyAmount\":{\"amount\":\"18.00\",\"currencyCode\":\"EUR\"},\"foreignCurrencyExchangeRate\":\"1.1111\""),
        F.transaction(
            "S1", account: "C1", date: "2026-09-20T10:00:00Z", amount: "70.00", mcc: 5812, merchant: "Bistro", description: "BISTRO"),
    ]

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        try sync(Self.accounts, into: database)
    }

    /// Syncs `accounts` with `transactions` into the ledger at `path`.
    func sync(_ accounts: [String], into path: String) throws {
        let export = try ExportFixture(in: folder.url, name: "export-" + (path as NSString).lastPathComponent)
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: accounts))
        for account in ["A1", "C1"] {
            let mine = Self.transactions.filter { $0.contains("\"accountID\":\"\(account)\"") }
            try export.append("transactions/\(account)", F.changeSet("T", 1, snapshot: true, inserted: mine))
        }
        let sync = try purse.run(["--db", path, "sync", export.path])
        try #require(sync.status == 0, "\(sync.stderr)")
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = folder.file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("JSON lines of accounts and transactions: every report, in every format, is the synced ledger's; no database is opened or made")
    func jsonLines() throws {
        let input = try write("picked.jsonl", (Self.accounts + Self.transactions).joined(separator: "\n") + "\n")
        let nowhere = folder.file("none/ledger.sqlite")
        for report in Self.reports {
            let synced = try purse.run(["--db", database] + report)
            let picked = try purse.run(["--db", nowhere] + report + ["--input", input])
            #expect(synced.status == 0)
            #expect(picked.status == 0, "\(report): \(picked.stderr)")
            #expect(picked.stdout == synced.stdout, "\(report)")
            #expect(picked.stderr == synced.stderr, "\(report)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("none")))
    }

    /// A CSV does not say an account's kind (a card is a liability): its accounts are assets, so
    /// the ledger it is compared with has the card as an asset too.
    @Test(
        "an 'export transactions' CSV of asset accounts: spending, income and cashflow are the synced ledger's; the database given is not changed"
    )
    func exportedCSV() throws {
        let database = folder.file("assets.sqlite")
        try sync([F.account("A1", name: "Checking"), F.account("C1", name: "Card")], into: database)
        let exported = try purse.run(["--db", database, "export", "transactions"])
        let input = try write("picked.csv", exported.stdout)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        for report in Self.reports where report[0] == "report" {
            let synced = try purse.run(["--db", database] + report)
            let picked = try purse.run(["--db", folder.file("nowhere.sqlite")] + report + ["--input", input])
            #expect(picked.status == 0, "\(report): \(picked.stderr)")
            #expect(picked.stdout == synced.stdout, "\(report)")
        }
        let other = try purse.run(["--db", database, "report", "spending", "--month", "2026-10", "--input", input])
        #expect(other.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.file("nowhere.sqlite")))
    }

    /// The CSV carries no corrections: a split transaction is whole again, counted as in the
    /// ledger without its split; a booked row not counted is left out, a pending one kept.
    @Test(
        "an export with a split and an excluded transaction: the parts are one transaction again, the excluded one is left out, with or without --include-pending"
    )
    func exportedSplit() throws {
        let database = folder.file("assets.sqlite")
        try sync([F.account("A1", name: "Checking"), F.account("C1", name: "Card")], into: database)
        for command in [["split", "E2", "Dining=30.01", "Groceries=9.99"], ["set", "G1", "--exclude"]] {
            let result = try purse.run(["--db", database] + command)
            try #require(result.status == 0, "\(result.stderr)")
        }
        let exported = try purse.run(["--db", database, "export", "transactions"])
        let rows = CSVRows.parse(exported.stdout)
        #expect(rows.filter { $0["id"] == "E2" }.map { $0["amount"]! } == ["30.01", "9.99"])
        #expect(rows.first { $0["id"] == "G1" }?["counted"] == "false")
        #expect(rows.first { $0["id"] == "Q1" }?["counted"] == "false")
        let input = try write("split.csv", exported.stdout)
        #expect(try purse.run(["--db", database, "unset", "E2", "--split"]).status == 0)
        for report in Self.reports where report[0] == "report" {
            for pending in [[], ["--include-pending"]] {
                let synced = try purse.run(["--db", database] + report + pending)
                let picked = try purse.run(report + pending + ["--input", input])
                #expect(synced.status == 0, "\(report + pending): \(synced.stderr)")
                #expect(picked.status == 0, "\(report + pending): \(picked.stderr)")
                #expect(picked.stdout == synced.stdout, "\(report + pending)")
            }
        }
        let explain = try purse.run(["explain", "--month", "2026-10", "--format", "csv", "--input", input])
        #expect(explain.stdout.contains(",40.00"))
        #expect(!explain.stdout.contains("G1,"))
    }

    @Test("an export's repeated ID: a split's rows must agree but in their parts, and follow one another (else 65, the ID as written)")
    func exportedSplitErrors() throws {
        let database = folder.file("assets.sqlite")
        try sync([F.account("A1", name: "Checking"), F.account("C1", name: "Card")], into: database)
        try #require(try purse.run(["--db", database, "split", "E2", "Dining=30", "Groceries=10"]).status == 0)
        let lines = try purse.run(["--db", database, "export", "transactions"]).stdout.components(separatedBy: "\n")
        let parts = lines.indices.filter { lines[$0].hasPrefix("E2,") }
        try #require(parts.count == 2)

        var differing = lines
        differing[parts[1]] = differing[parts[1]].replacingOccurrences(of: "Café Luna", with: "Cafe Luna")
        let disagree = try write("disagree.csv", differing.joined(separator: "\n"))
        let result = try purse.run(["report", "spending", "--input", disagree])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "Error: \(disagree):\(parts[1] + 1): merchant: 'Cafe Luna' where line \(parts[0] + 1), the first row of transaction 'E2', "
                + "has 'Café Luna' (the rows of a split's parts differ only in amount, category, category_source, signed_amount)\n")

        // A statement row's ID is lower-case: the error quotes it as the file has it.
        let e1 = try #require(lines.first { $0.hasPrefix("E1,") })
        let statementRow = "statement-transaction-ec77" + e1.dropFirst(2)
        let apart = try write("apart.csv", [lines[0], statementRow, lines[parts[0]], statementRow].joined(separator: "\n") + "\n")
        let twice = try purse.run(["report", "spending", "--input", apart])
        #expect(twice.status == 65)
        #expect(
            twice.stderr
                == "Error: \(apart):4: id: transaction 'statement-transaction-ec77' appears twice "
                + "(the rows of a split's parts follow one another)\n")

        var cells = e1.components(separatedBy: ",")
        try #require(cells.count == 27 && cells[21] == "true")
        cells[21] = "yes"
        let counted = try write("counted.csv", [lines[0], cells.joined(separator: ",")].joined(separator: "\n"))
        let badCounted = try purse.run(["report", "spending", "--input", counted])
        #expect(badCounted.status == 65)
        #expect(badCounted.stderr == "Error: \(counted):2: counted: must be true or false, not 'yes'\n")
    }

    @Test("a realistic sample: spending by merchant from its exported CSV is the synced ledger's, month by month")
    func sample() throws {
        let export = folder.file("sample")
        try #require(try purse.run(["sample", "--out", export, "--transactions", "400", "--months", "3", "--seed", "7"]).status == 0)
        let ledger = folder.file("sample.sqlite")
        try #require(try purse.run(["--db", ledger, "sync", export]).status == 0)
        let input = try write("sample.csv", try purse.run(["--db", ledger, "export", "transactions"]).stdout)
        for month in ["2026-08", "2026-09", "2026-10"] {
            let arguments = ["report", "spending", "--by", "merchant", "--month", month, "--format", "csv"]
            let synced = try purse.run(["--db", ledger] + arguments)
            #expect(synced.stdout.split(separator: "\n").count > 5)
            #expect(try purse.run(arguments + ["--input", input]).stdout == synced.stdout, "\(month)")
        }
    }

    @Test("transactions without their accounts: each account is an asset account named by its ID")
    func impliedAccounts() throws {
        let input = try write("bare.jsonl", Self.transactions.joined(separator: "\n"))
        let result = try purse.run(["report", "spending", "--by", "account", "--month", "2026-10", "--format", "csv", "--input", input])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                period,account_id,account,currency,spent,refunded,net,count
                2026-10,C1,C1,USD,114.20,12.50,101.70,4
                2026-10,A1,A1,USD,5.00,0.00,5.00,1

                """)
    }

    @Test("a pipe is read to its end: cat FILE | purse report spending --input /dev/stdin")
    func pipe() throws {
        let input = try write("piped.jsonl", Self.transactions.joined(separator: "\n"))
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = [
            "-c", "cat \"$1\" | \"$0\" report spending --by account --month 2026-10 --format csv --input /dev/stdin", purse.url.path,
            input,
        ]
        shell.environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": folder.path]
        let output = Pipe()
        shell.standardOutput = output
        shell.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try shell.run()
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(stdout.hasPrefix("period,account_id,account,currency,spent,refunded,net,count\n2026-10,C1,C1,USD,114.20,"), "\(stdout)")
    }

    /// A card purchase at 23:30 in New York on 31 October: 1 November in UTC.
    static let lateNight = [Self.accounts[1], F.transaction("L1", account: "C1", date: "2026-10-31T23:30:00-04:00", amount: "7.25")]
    static let lateNightOctober = """
        period,category,currency,spent,refunded,net,count
        2026-10,Groceries,USD,7.25,0.00,7.25,1

        """
    static let nothingSpent = "period,category,currency,spent,refunded,net,count\n"

    @Test("a first line naming the phone's zone: its accounts keep that zone's days whatever TZ is; --tz still forces one zone")
    func zoneLine() throws {
        let input = try write("zoned.jsonl", (["{\"timeZone\": \"America/New_York\"}"] + Self.lateNight).joined(separator: "\n") + "\n")
        let spending = ["report", "spending", "--month", "2026-10", "--format", "csv", "--input", input]
        for zone in ["UTC", "Pacific/Kiritimati", "America/New_York"] {
            let result = try purse.run(spending, environment: ["TZ": zone])
            #expect(result.status == 0, "\(zone): \(result.stderr)")
            #expect(result.stdout == Self.lateNightOctober, "\(zone)")
            let explain = try purse.run(["explain", "--month", "2026-10", "--input", input], environment: ["TZ": zone])
            #expect(explain.stdout.contains("\nTime zone America/New_York. "), "\(zone): \(explain.stdout)")
            #expect(explain.stdout.contains("\n2026-10-31  "), "\(zone): \(explain.stdout)")
        }
        let forced = try purse.run(["--tz", "UTC"] + spending, environment: ["TZ": "America/New_York"])
        #expect(forced.status == 0)
        #expect(forced.stdout == Self.nothingSpent)
    }

    @Test("a file without the zone line keeps the report's zone (TZ here), as before the line existed")
    func noZoneLine() throws {
        let input = try write("unzoned.jsonl", Self.lateNight.joined(separator: "\n") + "\n")
        let spending = ["report", "spending", "--month", "2026-10", "--format", "csv", "--input", input]
        #expect(try purse.run(spending, environment: ["TZ": "UTC"]).stdout == Self.nothingSpent)
        #expect(try purse.run(spending, environment: ["TZ": "America/New_York"]).stdout == Self.lateNightOctober)
        let explain = try purse.run(["explain", "--month", "2026-10", "--input", input], environment: ["TZ": "UTC"])
        #expect(explain.stdout.contains("\nTime zone UTC. "), "\(explain.stdout)")
    }

    @Test("a bad zone line is bad input naming the file, line 1 and the field (exit 65); the zone line comes first or not at all")
    func badZoneLine() throws {
        let cases = [
            ("{\"timeZone\":\"New York\"}", "timeZone: 'New York' is not an IANA time zone name (such as America/New_York)"),
            (
                "{\"timeZone\":\"America/New_York\",\"accountTimeZones\":{\"C1\":\"Europe/Londres\"}}",
                "accountTimeZones.C1: 'Europe/Londres' is not an IANA time zone name (such as America/New_York)"
            ),
            ("{\"timeZone\":7}", "timeZone: expected a string, found a number"),
        ]
        for (index, (line, message)) in cases.enumerated() {
            let input = try write("zone\(index).jsonl", ([line] + Self.lateNight).joined(separator: "\n") + "\n")
            let result = try purse.run(["report", "spending", "--input", input])
            #expect(result.status == 65)
            #expect(result.stdout == "")
            #expect(result.stderr == "Error: \(input):1: \(message)\n")
        }
        let late = try write("late.jsonl", (Self.lateNight + ["{\"timeZone\":\"America/New_York\"}"]).joined(separator: "\n") + "\n")
        let result = try purse.run(["explain", "--input", late])
        #expect(result.status == 65)
        #expect(result.stderr == "Error: \(late):3: timeZone: the time zone line must come first, before any account or transaction\n")
    }

    @Test("bad input names the file, line and field (exit 65); a missing file is exit 66")
    func badInput() throws {
        let broken = try write(
            "broken.jsonl", Self.transactions[0] + "\n" + Self.transactions[1].replacingOccurrences(of: "\"40.00\"", with: "40") + "\n")
        let result = try purse.run(["report", "spending", "--input", broken])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("Error: \(broken):2: transactionAmount.amount: "))

        let twice = try write("twice.jsonl", Self.transactions[0] + "\n" + Self.transactions[0] + "\n")
        let duplicate = try purse.run(["report", "spending", "--input", twice])
        #expect(duplicate.status == 65)
        #expect(duplicate.stderr == "Error: \(twice):2: id: transaction E1 appears twice\n")

        let missing = try purse.run(["report", "income", "--input", folder.file("none.jsonl")])
        #expect(missing.status == 66)
        #expect(missing.stderr == "Error: \(folder.file("none.jsonl")): no such file\n")
    }
}
