import Foundation
import PurseTestSupport
import Testing

/// `purse import` through the real binary: each file whole or not at all, nothing twice over
/// re-imported or overlapping files, bad input located with exit 65, profiles.
@Suite("Statement import")
struct StatementImportTests: PurseLedgerSuite {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
    }

    func write(_ name: String, _ text: String) throws -> String {
        let path = folder.file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The account's transactions as `export transactions` writes them: date, amount, description.
    @Test("a statement piped in is read to its end: cat FILE | purse import /dev/stdin")
    func pipedStatement() throws {
        let statement = Examples.statements.appendingPathComponent("apple-card-2026-10.csv").path
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = [
            "-c", "cat \"$1\" | \"$0\" --db \"$2\" import /dev/stdin --new-account Card --kind liability --currency USD",
            purse.url.path, statement, database,
        ]
        shell.environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "HOME": folder.path]
        let errors = Pipe()
        shell.standardError = errors
        try shell.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0, "\(stderr)")
        #expect(stderr == "/dev/stdin: 10 transactions (10 new, 0 changed), 0 balances into 'Card'\n")
    }

    func rows() throws -> [String] {
        let csv = try run(["export", "transactions", "--from", "2000-01-01", "--to", "2030-12-31"]).stdout
        let lines = csv.split(separator: "\n").map(String.init)
        guard let header = lines.first?.split(separator: ",").map(String.init),
            let date = header.firstIndex(of: "transaction_date"), let amount = header.firstIndex(of: "signed_amount"),
            let description = header.firstIndex(of: "description")
        else { return [] }
        return lines.dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return "\(fields[date].prefix(10)) \(fields[amount]) \(fields[description])"
        }.sorted()
    }

    static func ofxRow(_ fitID: String, _ date: String, _ amount: String, _ name: String) -> String {
        "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>\(date)120000[0:GMT]<TRNAMT>\(amount)<FITID>\(fitID)<NAME>\(name)</STMTTRN>"
    }

    static func ofx(_ rows: [String], balance: String = "-100.00", asOf: String = "20250331", account: String = "9") -> String {
        """
        OFXHEADER:100
        DATA:OFXSGML
        VERSION:102
        SECURITY:NONE
        ENCODING:USASCII
        CHARSET:1252
        COMPRESSION:NONE
        OLDFILEUID:NONE
        NEWFILEUID:NONE

        <OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>\(account)</CCACCTFROM><BANKTRANLIST>
        \(rows.joined(separator: "\n"))
        </BANKTRANLIST><LEDGERBAL><BALAMT>\(balance)<DTASOF>\(asOf)</LEDGERBAL></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>

        """
    }

    static let newCard = ["--new-account", "Fruit Card", "--kind", "liability", "--currency", "USD", "--institution", "Fruit"]

    @Test("The same file twice and an overlapping quarter add each transaction once")
    func idempotentOverlap() throws {
        let march = try write(
            "march.ofx", Self.ofx([Self.ofxRow("m1", "20250303", "-4.50", "COFFEE"), Self.ofxRow("m2", "20250320", "-60.00", "GROCER")]))
        let quarter = try write(
            "q1.ofx",
            Self.ofx([
                Self.ofxRow("j1", "20250115", "-12.00", "BOOKS"), Self.ofxRow("m1", "20250303", "-4.50", "COFFEE"),
                Self.ofxRow("m2", "20250320", "-60.00", "GROCER"),
            ]))
        let first = try run(["import", march] + Self.newCard)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr == "\(march): 2 transactions (2 new, 0 changed), 1 balances into 'Fruit Card'\n")
        #expect(first.stdout.isEmpty)
        let again = try run(["import", march, quarter] + Self.newCard)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stderr == """
                \(march): 2 transactions (0 new, 0 changed), 1 balances into 'Fruit Card'
                \(quarter): 3 transactions (1 new, 0 changed), 1 balances into 'Fruit Card'

                """)
        #expect(try rows() == ["2025-01-15 -12.00 BOOKS", "2025-03-03 -4.50 COFFEE", "2025-03-20 -60.00 GROCER"])
        // A unique start of the account's ID names it too.
        let exported = try run(["export", "transactions"]).stdout.split(separator: "\n")[1].split(separator: ",")[1]
        let byPrefix = try run(["import", march, "--account", String(exported.prefix(22))])
        #expect(byPrefix.status == 0, "\(byPrefix.stderr)")
        #expect(byPrefix.stderr == "\(march): 2 transactions (0 new, 0 changed), 1 balances into 'Fruit Card'\n")
        let status = try run(["status"])
        #expect(status.stdout.contains("\nStatement imports:\n"), "\(status.stdout)")
        #expect(status.stdout.components(separatedBy: "Fruit Card  ").count == 5, "\(status.stdout)")
        #expect(status.stdout.contains(march) && status.stdout.contains(quarter))
        let json = try run(["status", "--format", "json"])
        #expect(json.stdout.contains("\"statement_imports\": ["), "\(json.stdout)")
        let accounts = try run(["accounts"])
        #expect(accounts.stdout.components(separatedBy: "Fruit Card").count == 2, "\(accounts.stdout)")
    }

    @Test("A later statement's correction replaces a row or takes it back")
    func corrections() throws {
        let first = try write(
            "first.ofx", Self.ofx([Self.ofxRow("a1", "20250303", "-4.50", "COFFEE"), Self.ofxRow("a2", "20250304", "-9.00", "LUNCH")]))
        let second = try write(
            "second.ofx",
            Self.ofx([
                "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250303<TRNAMT>-5.50<FITID>a9<CORRECTFITID>a1<CORRECTACTION>REPLACE<NAME>COFFEE</STMTTRN>",
                "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250304<TRNAMT>-9.00<FITID>a8<CORRECTFITID>a2<CORRECTACTION>DELETE</STMTTRN>",
            ]))
        try #require(try run(["import", first] + Self.newCard).status == 0)
        let corrected = try run(["import", second, "--account", "Fruit Card"])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        #expect(corrected.stderr == "\(second): 1 transactions (0 new, 2 changed), 1 balances into 'Fruit Card'\n")
        #expect(try rows() == ["2025-03-03 -5.50 COFFEE"])
    }

    @Test("A statement day whose instant falls outside the years 1900 to 9999 is exit 65 naming its line and field")
    func yearsOutOfRange() throws {
        let header = "Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD)\n"
        let good = "03/02/2025,03/03/2025,BLUE BOTTLE OAKLAND,Blue Bottle,Restaurants,Purchase,4.50\n"
        let cases = [
            ("zero.csv", "10/28/0000,,OLD,Old,Other,Purchase,1.00\n", "3: date: '0000-10-28' is in the year 0"),
            ("far.csv", "03/02/2025,12/31/9999,FAR,Far,Other,Purchase,1.00\n", "3: posted date: '9999-12-31' is in the year 10000 in UTC"),
        ]
        for (name, row, error) in cases {
            let file = try write(name, header + good + row)
            // Noon of 9999-12-31 at UTC-12 is midnight of the year 10000 in UTC.
            let result = try run([
                "--tz", "Etc/GMT+12", "import", file, "--new-account", "Card", "--kind", "liability", "--currency", "USD",
            ])
            #expect(result.status == 65, "\(name): \(result.stderr)")
            #expect(
                result.stderr.hasPrefix("Error: \(file):\(error); purse takes instants from the years 1900 to 9999"), "\(result.stderr)")
            #expect(try rows().isEmpty, "nothing of \(name) applied")
        }
    }

    @Test("Apple Card CSV by --account; identical rows of one day stay two; re-import changes nothing")
    func appleCardCSV() throws {
        let csv = try write(
            "apple.csv",
            """
            Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD)
            03/02/2025,03/03/2025,BLUE BOTTLE OAKLAND,Blue Bottle,Restaurants,Purchase,4.50
            03/02/2025,03/03/2025,BLUE BOTTLE OAKLAND,Blue Bottle,Restaurants,Purchase,4.50
            03/01/2025,03/01/2025,ACH DEPOSIT,Ach Deposit,Payment,Payment,"-1,050.00"

            """)
        try #require(try run(["import", try write("empty.ofx", Self.ofx([]))] + Self.newCard).status == 0)
        for _ in 0..<2 {
            let result = try run(["import", csv, "--account", "fruit card"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try rows() == ["2025-03-01 1050.00 Ach Deposit", "2025-03-02 -4.50 Blue Bottle", "2025-03-02 -4.50 Blue Bottle"])
        // Apple's category stands in for the MCC a statement does not have.
        let spending = try run(["report", "spending", "--month", "2025-03", "--format", "csv"])
        #expect(spending.stdout.contains("2025-03,Dining,USD,9.00,0.00,9.00,2\n"), "\(spending.stdout)")
        let explain = try run(["explain", "--month", "2025-03", "--category", "Dining"])
        #expect(explain.stdout.contains("statement category"), "\(explain.stdout)")
    }

    @Test("A bad file is left out whole, with FILE:LINE: field, exit 65; the other files are imported")
    func badFile() throws {
        let good = try write("good.ofx", Self.ofx([Self.ofxRow("g1", "20250303", "-4.50", "COFFEE")]))
        let bad = try write(
            "bad.ofx", Self.ofx([Self.ofxRow("b1", "20250304", "-1.00", "FIRST"), Self.ofxRow("b2", "20250305", "-1.2.3", "SECOND")]))
        let result = try run(["import", bad, good] + Self.newCard)
        #expect(result.status == 65)
        #expect(
            result.stderr == """
                Error: \(bad):13: TRNAMT: '-1.2.3' is not an amount (FITID b2)
                \(good): 1 transactions (1 new, 0 changed), 1 balances into 'Fruit Card'

                """)
        #expect(try rows() == ["2025-03-03 -4.50 COFFEE"])
    }

    @Test("Malformed digit groups in CSV and OFX amounts are exit 65 naming the cell, never a rescaled amount")
    func malformedDigitGroups() throws {
        let bank = ["--new-account", "Bank", "--kind", "asset", "--currency", "EUR", "--columns", "date=1,description=2,amount=3"]
        let cases: [(name: String, text: String, options: [String], error: String)] = [
            (
                "comma.csv", "Date,Text,Amount\n2025-03-01,A,\"1,250.40\"\n2025-03-02,B,\"12,50\"\n", [],
                "3: Amount: '12,50' is not an amount (a decimal comma needs --decimal-comma)"
            ),
            ("groups.csv", "Date,Text,Amount\n2025-03-01,A,\"1,5,5\"\n", [], "2: Amount: '1,5,5' is not an amount"),
            (
                "tiny.csv", "Date,Text,Amount\n2025-03-01,A,\"0,0001\"\n", [],
                "2: Amount: '0,0001' is not an amount (a decimal comma needs --decimal-comma)"
            ),
            (
                "point.csv", "Date;Text;Amount\n2025-03-01;A;1.250,40\n2025-03-02;B;-54.2\n", ["--decimal-comma", "--delimiter", ";"],
                "3: Amount: '-54.2' is not an amount with --decimal-comma"
            ),
        ]
        for item in cases {
            let file = try write(item.name, item.text)
            let result = try run(["import", file] + bank + item.options)
            #expect(result.status == 65, "\(item.name): \(result.stderr)")
            #expect(result.stderr == "Error: \(file):\(item.error)\n")
        }
        let ofx = try write(
            "groups.ofx", Self.ofx([Self.ofxRow("a", "20250303", "-4.50", "COFFEE"), Self.ofxRow("b", "20250304", "-1,5,5", "LUNCH")]))
        let refused = try run(["import", ofx] + Self.newCard)
        #expect(refused.status == 65)
        #expect(refused.stderr == "Error: \(ofx):13: TRNAMT: '-1,5,5' is not an amount (FITID b)\n")
        #expect(try rows().isEmpty)
        // In OFX a comma alone is the decimal mark, whatever digits follow it.
        let comma = try write(
            "comma.ofx", Self.ofx([Self.ofxRow("c", "20250303", "-0,0001", "TINY"), Self.ofxRow("d", "20250304", "-1,00000", "ONE")]))
        let imported = try run(["import", comma] + Self.newCard)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try rows() == ["2025-03-03 -0.0001 TINY", "2025-03-04 -1.00 ONE"])
    }

    @Test("An OFX nested 40,000 deep is exit 65, not a crash")
    func deepOFX() throws {
        let file = try write("deep.ofx", "OFXHEADER:100\n\n<OFX>" + String(repeating: "<A>", count: 40_000))
        let result = try run(["import", file] + Self.newCard)
        #expect(result.status == 65)
        #expect(result.stderr == "Error: \(file):3: A: nesting deeper than 64 levels\n")
        #expect(try run(["accounts"]).stdout.contains("Fruit Card") == false)
    }

    @Test("A description past 4096 bytes is exit 65 naming its line and column; nothing of the file is applied")
    func longDescription() throws {
        let lines = (1...3).map { "2025-03-0\($0),SHOP \($0),-1.00" }.joined(separator: "\n")
        let file = try write("long.csv", "Date,Text,Amount\n" + lines + "\n2025-03-04,\(String(repeating: "x", count: 5000)),-1.00\n")
        let result = try run(
            ["import", file, "--new-account", "Bank", "--kind", "asset", "--currency", "EUR", "--columns", "date=1,description=2,amount=3"])
        #expect(result.status == 65)
        #expect(result.stderr == "Error: \(file):5: Text: longer than 4096 bytes\n")
        #expect(try rows().isEmpty)
        let ofx = try write("long.ofx", Self.ofx([Self.ofxRow("a", "20250303", "-4.50", String(repeating: "n", count: 5000))]))
        let refused = try run(["import", ofx] + Self.newCard)
        #expect(refused.status == 65)
        #expect(refused.stderr == "Error: \(ofx):12: NAME: longer than 4096 bytes\n")
    }

    @Test("A UTF-16 CSV, with or without its byte order mark, is refused by name")
    func utf16() throws {
        let text = "Date,Text,Amount\n2025-03-01,Caf\u{E9},-4.50\n"
        let little = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        for (name, bytes) in [("bom.csv", [0xFF, 0xFE] + little), ("bare.csv", little)] {
            let file = folder.file(name)
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            let result = try run(
                [
                    "import", file, "--new-account", "Bank", "--kind", "asset", "--currency", "EUR", "--columns",
                    "date=1,description=2,amount=3",
                ])
            #expect(result.status == 65)
            #expect(result.stderr == "Error: \(file): UTF-16 is not supported; save as UTF-8\n")
        }
    }

    /// What `accounts` and `export transactions` show: all a refused file could have changed.
    func ledgerView() throws -> [String] {
        [try run(["accounts", "--format", "csv"]).stdout] + (try rows())
    }

    @Test("A statement of another account number is refused, both numbers masked, nothing of it applied")
    func otherAccountNumber() throws {
        let march = try write("march.ofx", Self.ofx([Self.ofxRow("m1", "20250303", "-4.50", "COFFEE")], account: "4111000011112222"))
        let other = try write(
            "other.ofx",
            Self.ofx([Self.ofxRow("o1", "20250305", "-80.00", "HOTEL")], balance: "-900.00", asOf: "20250401", account: "4111000033334444"))
        try #require(try run(["import", march] + Self.newCard).status == 0)
        let before = try ledgerView()

        let refused = try run(["import", other, "--account", "Fruit Card"])

        #expect(refused.status == 65)
        #expect(
            refused.stderr
                == "Error: \(other):11: ACCTID: the statement is of account ****4444, but 'Fruit Card' holds the statements of "
                + "account ****2222; give --force if the card or account was reissued with a new number\n")
        #expect(refused.stdout == "")
        #expect(!refused.stderr.contains("4111000033334444") && !refused.stderr.contains("4111000011112222"))
        #expect(try ledgerView() == before)
        #expect(!(try run(["status"])).stdout.contains(other))
    }

    @Test("--force takes a reissued card's statement and records its number: the old number is then the other one")
    func reissuedCard() throws {
        let old = try write("old.ofx", Self.ofx([Self.ofxRow("m1", "20250303", "-4.50", "COFFEE")], account: "4111000011112222"))
        let new = try write(
            "new.ofx",
            Self.ofx([Self.ofxRow("n1", "20250405", "-80.00", "HOTEL")], balance: "-84.50", asOf: "20250430", account: "4111000055556666"))
        let older = try write("older.ofx", Self.ofx([Self.ofxRow("e1", "20250210", "-2.00", "GUM")], account: "4111000011112222"))
        try #require(try run(["import", old] + Self.newCard).status == 0)

        let forced = try run(["import", new, "--account", "Fruit Card", "--force"])

        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stderr == "\(new): 1 transactions (1 new, 0 changed), 1 balances into 'Fruit Card'\n")
        #expect(try rows() == ["2025-03-03 -4.50 COFFEE", "2025-04-05 -80.00 HOTEL"])
        let refused = try run(["import", older, "--account", "Fruit Card"])
        #expect(refused.status == 65)
        #expect(
            refused.stderr.contains(
                "ACCTID: the statement is of account ****2222, but 'Fruit Card' holds the statements of account ****6666"))
        // The new card's next statement needs nothing.
        let next = try write("next.ofx", Self.ofx([Self.ofxRow("n2", "20250506", "-1.00", "PEN")], account: "4111000055556666"))
        #expect(try run(["import", next, "--account", "Fruit Card"]).status == 0)
    }

    @Test("The same file imported into a second account is refused, naming the first; the second account is not made")
    func sameFileIntoAnotherAccount() throws {
        let march = try write("march.ofx", Self.ofx([Self.ofxRow("m1", "20250303", "-4.50", "COFFEE")], account: "4111000011112222"))
        try #require(try run(["import", march] + Self.newCard).status == 0)
        let id = try #require(try run(["export", "transactions"]).stdout.split(separator: "\n")[1].split(separator: ",").dropFirst().first)
        let before = try ledgerView()

        let refused = try run(["import", march, "--new-account", "Other Card", "--kind", "liability", "--currency", "USD"])

        #expect(refused.status == 65)
        #expect(
            refused.stderr
                == "Error: \(march): the same file was already imported into the account 'Fruit Card' (\(id)); "
                + "a statement belongs to one account\n")
        #expect(try ledgerView() == before)
        #expect(!(try run(["accounts"])).stdout.contains("Other Card"))
        // Into its own account again, it changes nothing and is fine.
        let again = try run(["import", march, "--account", "Fruit Card"])
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test("Another month of one account's statements into a second account is refused, naming the first; --force takes it")
    func sameNumberIntoAnotherAccount() throws {
        let march = try write("march.ofx", Self.ofx([Self.ofxRow("m1", "20250303", "-4.50", "COFFEE")], account: "4111000011112222"))
        let april = try write("april.ofx", Self.ofx([Self.ofxRow("a1", "20250403", "-5.00", "TEA")], account: "4111000011112222"))
        try #require(try run(["import", march] + Self.newCard).status == 0)
        let id = try #require(try run(["export", "transactions"]).stdout.split(separator: "\n")[1].split(separator: ",").dropFirst().first)
        let other = ["--new-account", "Other Card", "--kind", "liability", "--currency", "USD"]
        let before = try ledgerView()

        let refused = try run(["import", april] + other)

        #expect(refused.status == 65)
        #expect(
            refused.stderr
                == "Error: \(april):11: ACCTID: the statement is of account ****2222, whose statements go into 'Fruit Card' (\(id)); "
                + "give --force to import it into 'Other Card' all the same\n")
        #expect(try ledgerView() == before)
        let forced = try run(["import", april, "--force"] + other)
        #expect(forced.status == 0, "\(forced.stderr)")
    }

    @Test("A fee past the 64-bit range on top of its row is exit 65 naming the fee, not a crash")
    func feeOverflow() throws {
        let file = try write("fee.csv", "Date,Text,Out,In,Fee\n2025-03-01,A,900000000000000,,900000000000000\n")
        let result = try run(
            [
                "import", file, "--new-account", "Bank", "--kind", "asset", "--currency", "EUR", "--columns",
                "date=1,description=2,debit=3,credit=4,fee=5",
            ])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("Error: \(file):2: Fee: "), "\(result.stderr)")
        #expect(try rows().isEmpty)
    }

    @Test("A bank CSV needs its columns; a saved profile reads the next month")
    func profiles() throws {
        let january = try write("jan.csv", "Date,Details,Out,In,Balance\n15/01/2024,SHOP,9.00,,91.00\n02/01/2024,PAY,,100,100.00\n")
        let february = try write("feb.csv", "Date,Details,Out,In,Balance\n13/02/2024,CAFE,3.00,,88.00\n")
        let bank = ["--new-account", "Bank", "--kind", "asset", "--currency", "GBP"]
        let missing = try run(["import", january] + bank)
        #expect(missing.status == 65)
        #expect(missing.stderr == "Error: \(january):1: not OFX or Apple Card CSV; give the CSV's --columns (or a saved --profile)\n")
        let saved = try run(
            [
                "import", january, "--columns", "date=Date,description=Details,debit=Out,credit=In,balance=Balance", "--save-profile",
                "mybank",
            ]
                + bank)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(saved.stderr.hasPrefix("Saved the import profile 'mybank'.\n"))
        let next = try run(["import", february, "--profile", "MyBank", "--account", "Bank"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try rows() == ["2024-01-02 100.00 PAY", "2024-01-15 -9.00 SHOP", "2024-02-13 -3.00 CAFE"])
        let unknown = try run(["import", february, "--profile", "other", "--account", "Bank"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no import profile named 'other' (save one with --save-profile)"))
    }

    @Test("A profile keeps the date format its first file showed: a later file with no day past the 12th reads the same way")
    func profileKeepsDateFormat() throws {
        let january = try write("jan.csv", "Date,Details,Amount\n15/01/2024,SHOP,-9.00\n02/01/2024,PAY,100\n")
        let february = try write("feb.csv", "Date,Details,Amount\n03/02/2024,CAFE,-3.00\n11/02/2024,BOOKS,-7.00\n")
        let bank = ["--new-account", "Bank", "--kind", "asset", "--currency", "GBP"]
        let saved = try run(
            ["import", january, "--columns", "date=Date,description=Details,amount=Amount", "--save-profile", "mybank"] + bank)
        #expect(saved.status == 0, "\(saved.stderr)")
        #expect(
            saved.stderr == """
                Saved the import profile 'mybank'.
                The import profile 'mybank' keeps the date format DD/MM/YYYY of \(january).
                \(january): 2 transactions (2 new, 0 changed), 0 balances into 'Bank'

                """)
        let next = try run(["import", february, "--profile", "MyBank", "--account", "Bank"])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr == "\(february): 2 transactions (2 new, 0 changed), 0 balances into 'Bank'\n")
        #expect(try rows() == ["2024-01-02 100.00 PAY", "2024-01-15 -9.00 SHOP", "2024-02-03 -3.00 CAFE", "2024-02-11 -7.00 BOOKS"])
        // A profile saved without a file learns its format from the first file it reads.
        let only = try run(["import", "--columns", "date=Date,description=Details,amount=Amount", "--save-profile", "other"])
        #expect(only.status == 0, "\(only.stderr)")
        let first = try run(["import", january, "--profile", "other", "--account", "Bank"])
        #expect(first.stderr.hasPrefix("The import profile 'other' keeps the date format DD/MM/YYYY of \(january).\n"), "\(first.stderr)")
        let second = try run(["import", february, "--profile", "other", "--account", "Bank"])
        #expect(second.status == 0, "\(second.stderr)")
    }

    @Test("Usage errors: no account said, an unknown kind, options that do not go together")
    func usage() throws {
        let file = try write("s.ofx", Self.ofx([]))
        let noAccount = try run(["import", file])
        #expect(noAccount.status == 64)
        #expect(noAccount.stderr.contains("say which account: --account ACCOUNT, or --new-account NAME --kind KIND --currency CODE"))
        let kind = try run(["import", file, "--new-account", "X", "--kind", "card", "--currency", "USD"])
        #expect(kind.status == 64)
        #expect(kind.stderr.contains("unknown --kind 'card' (asset or liability)"))
        let missing = try run(["import", folder.file("nope.ofx"), "--new-account", "X", "--kind", "asset", "--currency", "USD"])
        #expect(missing.status == 66)
        #expect(missing.stderr == "Error: \(folder.file("nope.ofx")): no such file\n")
    }
}

/// A statement imported into an account that a Wallet export also syncs: the rows the sync
/// already has are counted once, whichever came first, and a later snapshot keeps the rest.
@Suite("Statement import beside Wallet data")
struct StatementBesideWalletTests: PurseLedgerSuite {
    typealias F = ExportFixture

    let folder: TemporaryFolder
    let export: ExportFixture
    let database: String
    let purse = PurseBinary()
    let statement: String

    init() throws {
        folder = try TemporaryFolder()
        export = try ExportFixture(in: folder.url)
        database = folder.file("ledger.sqlite")
        try export.append("accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1", kind: "liability", name: "Card")]))
        // Balances before and after October agree with the synced rows and the statement's second coffee.
        try export.append(
            "balances/A1",
            F.changeSet(
                "B", 1, snapshot: true,
                inserted: [
                    F.balance("b1", account: "A1", amount: "0.00", asOf: "2026-10-01T04:00:00Z"),
                    F.balance("b2", account: "A1", amount: "162.60", asOf: "2026-10-31T23:00:00Z", indicator: "debit"),
                ]))
        try export.append(
            "transactions/A1",
            F.changeSet(
                "T", 1, snapshot: true,
                inserted: [
                    F.transaction("w1", account: "A1", date: "2026-10-03T12:34:56-04:00", amount: "54.20"),
                    F.transaction("w2", account: "A1", date: "2026-10-20T09:00:00-04:00", amount: "54.20"),
                ]))
        // The first coffee matches w1 (a day apart); the second is 10 days from w2: its own row.
        statement = folder.file("card.csv")
        try """
        Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD)
        10/04/2026,10/05/2026,WHOLE FOODS,Whole Foods Market,Grocery,Purchase,54.20
        10/10/2026,10/11/2026,WHOLE FOODS,Whole Foods Market,Grocery,Purchase,54.20

        """.write(toFile: statement, atomically: true, encoding: .utf8)
    }

    func spending() throws -> String {
        try run(["report", "spending", "--month", "2026-10", "--tz", "America/New_York", "--format", "csv"]).stdout
    }

    static let expected = """
        period,category,currency,spent,refunded,net,count
        2026-10,Groceries,USD,162.60,0.00,162.60,3

        """

    @Test("Sync, then import: the imported twin of a synced row counts once, and explain names the twin")
    func syncThenImport() throws {
        try #require(try run(["sync", export.path]).status == 0)
        let imported = try run(["import", statement, "--account", "A1"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let spent = try spending()
        #expect(spent == Self.expected, "\(spent)")
        // Drift does not see the twin's money twice.
        let drift = try run(["report", "drift"])
        #expect(drift.stdout.hasPrefix("No drift"), "\(drift.stdout)")
        let explain = try run(["explain", "--month", "2026-10", "--tz", "America/New_York", "--format", "csv"])
        #expect(
            explain.stdout.contains("imported from a statement; the same as synced transaction W1, which stands for it"),
            "\(explain.stdout)")
        // A later snapshot of the account leaves the imported rows alone.
        try export.append("transactions/A1", F.changeSet("T", 2, snapshot: true, inserted: [F.transaction("w1", account: "A1")]))
        try #require(try run(["sync", export.path]).status == 0)
        let rows = try run(["export", "transactions"]).stdout.split(separator: "\n").count - 1
        #expect(rows == 3)
    }

    @Test("A split twin is listed by its parts, counted false; fed back with --input it is left out, so the numbers stay the ledger's")
    func aSplitTwinIsListedByPartsAndLeftOutOfPickedReports() throws {
        try #require(try run(["sync", export.path]).status == 0)
        try #require(try run(["import", statement, "--account", "A1"]).status == 0)
        let twin = try #require(
            CSVRows.parse(try run(["export", "transactions", "--tz", "America/New_York"]).stdout).first {
                $0["id"]!.hasPrefix("statement-transaction-") && $0["transaction_date"] == "2026-10-04"
            })
        let id = twin["id"]!
        #expect(twin["counted"] == "false")
        try #require(try run(["split", id, "Groceries=50", "Home=4.20", "--new"]).status == 0)

        let exported = try run(["export", "transactions", "--tz", "America/New_York"]).stdout
        let parts = CSVRows.parse(exported).filter { $0["id"] == id }
        #expect(parts.map { $0["amount"]! } == ["50.00", "4.20"])
        #expect(parts.map { $0["counted"]! } == ["false", "false"])
        #expect(try spending() == Self.expected)

        let input = folder.file("october.csv")
        try exported.write(toFile: input, atomically: true, encoding: .utf8)
        // By account: the export has no column for a statement's own category, so by category
        // the statement's other row would be Uncategorized in the file.
        let report = ["report", "spending", "--by", "account", "--month", "2026-10", "--tz", "America/New_York", "--format", "csv"]
        let ledger = try run(report)
        let picked = try purse.run(report + ["--input", input])
        #expect(picked.status == 0, "\(picked.stderr)")
        #expect(ledger.stdout.hasSuffix(",USD,162.60,0.00,162.60,3\n"), "\(ledger.stdout)")
        #expect(picked.stdout == ledger.stdout)
    }

    @Test("A sync's snapshot keeps the balances and transactions a statement brought into its account")
    func snapshotKeepsStatementRows() throws {
        try #require(try run(["sync", export.path]).status == 0)
        let ofx = folder.file("card.ofx")
        try StatementImportTests.ofx(
            [StatementImportTests.ofxRow("x1", "20261012", "-9.99", "BOOKS")], balance: "-172.59", asOf: "20261031"
        )
        .write(toFile: ofx, atomically: true, encoding: .utf8)
        try #require(try run(["import", ofx, "--account", "A1"]).status == 0)
        let before = try run(["status"]).stdout
        #expect(before.contains("Ledger: 1 accounts, 3 balance observations, 3 transactions\n"), "\(before)")
        try export.append(
            "balances/A1",
            F.changeSet("B", 2, snapshot: true, inserted: [F.balance("b2", account: "A1", amount: "162.60", indicator: "debit")]))
        try export.append("transactions/A1", F.changeSet("T", 2, snapshot: true, inserted: [F.transaction("w2", account: "A1")]))
        try #require(try run(["sync", export.path]).status == 0)
        let after = try run(["status"]).stdout
        #expect(after.contains("Ledger: 1 accounts, 2 balance observations, 2 transactions\n"), "\(after)")
    }

    @Test("Import, then sync: the same numbers")
    func importThenSync() throws {
        // The account must exist to import into: sync the accounts only first.
        let accountsOnly = try ExportFixture(in: folder.url.appendingPathComponent("first"))
        try accountsOnly.append(
            "accounts", F.changeSet("G", 1, snapshot: true, inserted: [F.account("A1", kind: "liability", name: "Card")]))
        try #require(try run(["sync", accountsOnly.path]).status == 0)
        try #require(try run(["import", statement, "--account", "Card"]).status == 0)
        try #require(try run(["sync", export.path]).status == 0)
        let spent = try spending()
        #expect(spent == Self.expected, "\(spent)")
    }
}
