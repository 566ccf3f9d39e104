import Foundation
import PurseTestSupport
import Testing

/// People through the real binary, over the example ledger and an Apple Card Family statement:
/// `--by person` and `--person` against the sums of `export transactions`' person column, the
/// user's `set --person` beating the statement, and a statement row's person reaching its synced twin.
@Suite("People")
struct PeopleTests: PurseLedgerSuite {
    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()

    /// Two people on one card, a return, a row nobody is named on, and the card's payment.
    static let familyStatement = """
        Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD),Purchased By
        10/05/2026,10/06/2026,"TRADER JOE'S #123 OAKLAND CA",Trader Joe's,Grocery,Purchase,84.10,Ana Doe
        10/07/2026,10/08/2026,"SHELL OIL 5744 OAKLAND CA",Shell,Gas,Purchase,41.25,Ben Doe
        10/09/2026,10/10/2026,"TRADER JOE'S #123 OAKLAND CA",Trader Joe's,Grocery,Return,-12.30,Ana Doe
        10/12/2026,10/13/2026,"AMC THEATRES 1000 OAKLAND CA",AMC,Entertainment,Purchase,30.00,
        10/20/2026,10/20/2026,"ACH DEPOSIT INTERNET TRANSFER",Payment,Payment,Payment,-150.00,Ana Doe

        """

    /// The synced Apple Card expense the second statement repeats.
    let twinID: String

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        try Examples.syncedLedger(at: database)
        let family = folder.file("family.csv")
        try Self.familyStatement.write(toFile: family, atomically: true, encoding: .utf8)
        let imported = try purse.run([
            "--db", database, "import", family, "--new-account", "Family Card", "--kind", "liability", "--currency", "USD",
        ])
        try #require(imported.status == 0, "\(imported.stderr)")
        // A statement of the synced Apple Card repeating one of its October expenses, bought by Ben.
        let october = CSVRows.parse(try purse.run(["--db", database, "export", "transactions", "--month", "2026-10"]).stdout)
        let synced = try #require(october.first { $0["account"] == "Apple Card" && $0["flow"] == "expense" && $0["counted"] == "true" })
        twinID = try #require(synced["id"])
        let day = try #require(synced["transaction_date"]).split(separator: "-")
        let twin = folder.file("twin.csv")
        try """
        Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD),Purchased By
        \(day[1])/\(day[2])/\(day[0]),,"\(synced["merchant"] ?? "X")",\(synced["merchant"] ?? "X"),Other,Purchase,\(synced["amount"]!),Ben Doe

        """.write(toFile: twin, atomically: true, encoding: .utf8)
        let repeated = try purse.run(["--db", database, "import", twin, "--account", try #require(synced["account_id"])])
        try #require(repeated.status == 0, "\(repeated.stderr)")
    }

    func exported(_ arguments: [String] = []) throws -> [[String: String]] {
        let result = try run(["export", "transactions", "--month", "2026-10"] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        return CSVRows.parse(result.stdout)
    }

    /// Whole cents of a machine amount ("-12.30"), without floating point.
    static func cents(_ text: String) throws -> Int64 {
        let negative = text.hasPrefix("-")
        let parts = text.drop { $0 == "-" }.split(separator: ".", omittingEmptySubsequences: false)
        let whole = try #require(Int64(parts[0]))
        let fraction = parts.count > 1 ? try #require(Int64(parts[1].padding(toLength: 2, withPad: "0", startingAt: 0))) : 0
        return (negative ? -1 : 1) * (whole * 100 + fraction)
    }

    /// Net and count per "person currency" of the export's counted spending rows, and the total per currency.
    static func byPerson(_ rows: [[String: String]]) throws -> (rows: [String: String], totals: [String: Int64]) {
        var sums: [String: (net: Int64, count: Int)] = [:]
        var totals: [String: Int64] = [:]
        for row in rows where row["counted"] == "true" && (row["flow"] == "expense" || row["flow"] == "refund") {
            let amount = try cents(try #require(row["amount"]))
            let net = row["flow"] == "refund" ? -amount : amount
            let person = row["person"].flatMap { $0.isEmpty ? nil : $0 } ?? "(no person)"
            let key = "\(person) \(try #require(row["currency"]))"
            let known = sums[key] ?? (0, 0)
            sums[key] = (known.net + net, known.count + 1)
            totals[row["currency"]!, default: 0] += net
        }
        return (sums.mapValues { "\($0.net) \($0.count)" }, totals)
    }

    /// `report spending`'s CSV rows as "key currency" -> "net count" (the key: its grouping's
    /// column, the header's second), and its JSON totals' nets.
    func reported(_ arguments: [String]) throws -> (rows: [String: String], totals: [String: Int64]) {
        let csv = try run(["report", "spending", "--month", "2026-10", "--format", "csv"] + arguments)
        try #require(csv.status == 0, "\(csv.stderr)")
        let key = String(try #require(csv.stdout.split(separator: "\n").first?.split(separator: ",").dropFirst().first))
        var rows: [String: String] = [:]
        for row in CSVRows.parse(csv.stdout) {
            rows["\(row[key]!) \(row["currency"]!)"] = "\(try Self.cents(row["net"]!)) \(row["count"]!)"
        }
        let json = try run(["report", "spending", "--month", "2026-10", "--format", "json"] + arguments)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        var totals: [String: Int64] = [:]
        for total in try #require(object["totals"] as? [[String: Any]]) {
            totals[total["currency"] as! String] = try Self.cents(total["net"] as! String)
        }
        return (rows, totals)
    }

    @Test("by person: each person's net and count, and the totals, equal the export's counted rows summed by its person column")
    func totalsFromExport() throws {
        let rows = try exported()
        let expected = try Self.byPerson(rows)
        #expect(Set(expected.rows.keys).isSuperset(of: ["Ana Doe USD", "Ben Doe USD", "(no person) USD", "(no person) GBP"]))
        // Ben's: his Family Card purchase and the synced twin of his statement row, which stands for it.
        #expect(expected.rows["Ben Doe USD"]?.hasSuffix(" 2") == true)
        let twin = try #require(rows.first { $0["id"] == twinID })
        #expect(twin["person"] == "Ben Doe")
        #expect(twin["counted"] == "true")
        let repeats = rows.filter { $0["account"] == "Apple Card" && ($0["id"] ?? "").hasPrefix("statement-") }
        #expect(repeats.count == 1)
        #expect(repeats.first?["counted"] == "false")
        #expect(repeats.first?["person"] == "Ben Doe")

        let header = try run(["report", "spending", "--by", "person", "--month", "2026-10", "--format", "csv"])
        #expect(header.stdout.hasPrefix("period,person,currency,spent,refunded,net,count\n"))
        let byPerson = try reported(["--by", "person"])
        #expect(byPerson.rows == expected.rows)
        #expect(byPerson.totals == expected.totals)
        #expect(try reported([]).totals == expected.totals)

        let text = try run(["report", "spending", "--by", "person", "--month", "2026-10"])
        #expect(text.status == 0)
        try expectGolden(text.stdout, "by-person.txt")
    }

    @Test("set --person beats the statement in every report and unset --person gives it back; explain says where each came from")
    func setPerson() throws {
        let ana = try #require(try exported().first { $0["person"] == "Ana Doe" && $0["flow"] == "expense" }?["id"])
        let nobody = try #require(try exported().first { $0["person"] == "" && $0["flow"] == "expense" && $0["counted"] == "true" }?["id"])
        for id in [ana, nobody] {
            let set = try run(["set", id, "--person", "Ben Doe"])
            #expect(set.status == 0, "\(set.stderr)")
            #expect(set.stderr.contains("person Ben Doe"))
        }
        let rows = try exported()
        #expect(rows.filter { $0["id"] == ana || $0["id"] == nobody }.map { $0["person"] } == ["Ben Doe", "Ben Doe"])
        let expected = try Self.byPerson(rows)
        #expect(try reported(["--by", "person"]).rows == expected.rows)

        let explain = try run(["explain", "--month", "2026-10", "--person", "ben doe", "--format", "csv"])
        let sources = Dictionary(uniqueKeysWithValues: CSVRows.parse(explain.stdout).map { ($0["transaction_id"]!, $0["person_source"]!) })
        #expect(sources[ana] == "set")
        #expect(sources[nobody] == "set")
        #expect(sources[twinID] == "statement")
        let text = try run(["explain", "--month", "2026-10", "--person", "Ben Doe"])
        #expect(text.stdout.contains("    person Ben Doe (set)\n"))
        #expect(text.stdout.contains("    person Ben Doe (statement)\n"))

        #expect(try run(["unset", ana, "--person"]).status == 0)
        #expect(try exported().first { $0["id"] == ana }?["person"] == "Ana Doe")
        #expect(try run(["unset", nobody, "--person"]).status == 0)
        #expect(try exported().first { $0["id"] == nobody }?["person"] == "")
    }

    @Test("names that differ only in case are one person in --by person, as --person matches them")
    func oneSpelling() throws {
        let nobody = try #require(try exported().first { $0["person"] == "" && $0["flow"] == "expense" && $0["counted"] == "true" }?["id"])
        #expect(try run(["set", nobody, "--person", "ANA DOE"]).status == 0)
        let rows = try exported()
        #expect(rows.first { $0["id"] == nobody }?["person"] == "ANA DOE")
        // The export keeps each spelling; the report folds them under one.
        let folded = rows.map { row in row.merging(["person": row["person"]!.lowercased() == "ana doe" ? "Ana Doe" : row["person"]!]) { $1 }
        }
        let reported = try reported(["--by", "person"]).rows
        let spellings = Set(reported.keys.filter { $0.lowercased().hasPrefix("ana doe ") })
        #expect(spellings.count == Set(rows.filter { $0["person"]!.lowercased() == "ana doe" }.map { $0["currency"]! }).count)
        #expect(
            Dictionary(uniqueKeysWithValues: reported.map { ($0.key.lowercased(), $0.value) })
                == Dictionary(uniqueKeysWithValues: try Self.byPerson(folded).rows.map { ($0.key.lowercased(), $0.value) }))
        let filtered = try run(["export", "transactions", "--person", "ana doe"])
        #expect(CSVRows.parse(filtered.stdout).contains { $0["id"] == nobody })
    }

    @Test("a rule's amount bounds match the whole transaction, so both parts of a split are its person's and share its tags")
    func splitParts() throws {
        let row = try #require(
            try exported().first {
                $0["person"] == "" && $0["flow"] == "expense" && $0["counted"] == "true" && $0["currency"] == "USD"
                    && (try? Self.cents($0["amount"]!)).map { $0 >= 10_000 && $0 % 2 == 0 } == true
            })
        let id = row["id"]!
        let whole = try Self.cents(row["amount"]!)
        let half = String(format: "%d.%02d", whole / 2 / 100, whole / 2 % 100)
        #expect(try run(["split", id, "Groceries=\(half)", "Dining=\(half)"]).status == 0)
        // Each part is half the amount: only the whole reaches the rule's minimum.
        let minimum = String(format: "%d.%02d", whole / 100, whole % 100)
        let account = row["account"]!
        #expect(
            try run(["rules", "add", "--account", account, "--amount-min", minimum, "--person", "Dana Doe", "--tag", "big"]).status == 0)
        let parts = try exported().filter { $0["id"] == id }
        #expect(parts.count == 2)
        #expect(parts.allSatisfy { $0["person"] == "Dana Doe" && $0["tags"] == "big" }, "\(parts)")
        let dana = try reported(["--by", "person"]).rows.filter { $0.key.hasPrefix("Dana Doe ") }
        let expected = try Self.byPerson(try exported()).rows.filter { $0.key.hasPrefix("Dana Doe ") }
        #expect(dana == expected && !dana.isEmpty, "\(dana)")
    }

    @Test("a rule by account names the person: it beats the statement, your set --person beats it, and --by person sums it")
    func rulePerson() throws {
        let added = try run(["rules", "add", "--account", "Current Account", "--person", "Ana Doe"])
        #expect(added.status == 0, "\(added.stderr)")
        let overStatement = try run(["rules", "add", "--account", "Family Card", "--person", "Carol Doe"])
        #expect(overStatement.status == 0, "\(overStatement.stderr)")
        var rows = try exported()
        #expect(rows.filter { $0["account"] == "Current Account" }.allSatisfy { $0["person"] == "Ana Doe" })
        #expect(rows.filter { $0["account"] == "Family Card" }.allSatisfy { $0["person"] == "Carol Doe" })
        // The synced Apple Card row keeps its statement twin's person: no rule names its account.
        #expect(rows.first { $0["id"] == twinID }?["person"] == "Ben Doe")
        let pound = try #require(rows.first { $0["account"] == "Current Account" && $0["flow"] == "expense" }?["id"])
        #expect(try run(["set", pound, "--person", "Ben Doe"]).status == 0)
        rows = try exported()
        #expect(rows.first { $0["id"] == pound }?["person"] == "Ben Doe")
        let expected = try Self.byPerson(rows)
        #expect(expected.rows["Ana Doe GBP"] != nil)
        #expect(expected.rows["Carol Doe USD"] != nil)
        #expect(try reported(["--by", "person"]).rows == expected.rows)

        let explain = CSVRows.parse(try run(["explain", "--month", "2026-10", "--person", "carol doe", "--format", "csv"]).stdout)
        #expect(!explain.isEmpty)
        #expect(explain.allSatisfy { $0["person_source"] == "rule #2" })
        #expect(try run(["explain", "--month", "2026-10"]).stdout.contains("    person Ana Doe (rule #1)\n"))
    }

    @Test("--by merchant --person: a person's rows by the name reports show (a rename rule's), as the export's merchant_shown sums them")
    func merchantOfPerson() throws {
        #expect(try run(["rules", "add", "--merchant", "Trader Joe", "--rename", "Trader Joe's Market"]).status == 0)
        var expected: [String: String] = [:]
        var sums: [String: (net: Int64, count: Int)] = [:]
        for row in try exported(["--person", "Ana Doe"])
        where row["counted"] == "true" && row["flow"] != "transfer" && row["flow"] != "income" {
            let amount = try Self.cents(try #require(row["amount"]))
            let key = "\(try #require(row["merchant_shown"])) \(try #require(row["currency"]))"
            let known = sums[key] ?? (0, 0)
            sums[key] = (known.net + (row["flow"] == "refund" ? -amount : amount), known.count + 1)
        }
        expected = sums.mapValues { "\($0.net) \($0.count)" }
        #expect(expected["Trader Joe's Market USD"] == "7180 2")
        #expect(try reported(["--by", "merchant", "--person", "ana doe"]).rows == expected)
    }

    @Test("--person (any case, repeatable) keeps only those people's transactions in report spending, explain, transactions and export")
    func personFilter() throws {
        let rows = try exported()
        let ana = rows.filter { $0["person"] == "Ana Doe" }
        let both = rows.filter { $0["person"] == "Ana Doe" || $0["person"] == "Ben Doe" }
        #expect(try exported(["--person", "ANA DOE"]).map { $0["id"]! } == ana.map { $0["id"]! })
        let listed = try run(["transactions", "--month", "2026-10", "--person", "ana doe", "--person", "Ben Doe", "--format", "csv"])
        #expect(CSVRows.parse(listed.stdout).map { $0["id"]! } == both.map { $0["id"]! })

        #expect(try reported(["--person", "ana doe"]).totals == (try Self.byPerson(ana)).totals)
        #expect(try reported(["--person", "Ana Doe", "--person", "ben doe"]).totals == (try Self.byPerson(both)).totals)
        #expect(
            try reported(["--by", "person", "--person", "ben doe"]).rows
                == (try Self.byPerson(rows.filter { $0["person"] == "Ben Doe" })).rows)

        let explain = CSVRows.parse(try run(["explain", "--month", "2026-10", "--person", "ana doe", "--format", "csv"]).stdout)
        #expect(Set(explain.map { $0["transaction_id"]! }) == Set(ana.map { $0["id"]! }))
        #expect(explain.allSatisfy { $0["person"] == "Ana Doe" && $0["person_source"] == "statement" })

        let text = try run(["report", "spending", "--month", "2026-10", "--person", "Ana Doe"])
        #expect(text.stdout.hasPrefix("Spending by category, October 2026\nOnly of: Ana Doe\n"))
        // A name no transaction is of is a typo: exit 64 with the closest names, on every command.
        for command in [["report", "spending"], ["explain"], ["transactions"], ["export", "transactions"]] {
            let typo = try run(command + ["--month", "2026-10", "--person", "Ana Do"])
            #expect(typo.status == 64, "\(command)")
            #expect(typo.stdout.isEmpty)
            #expect(typo.stderr.hasPrefix("Error: no transaction is of 'Ana Do'"), "\(typo.stderr)")
            #expect(typo.stderr.contains("Ana Doe"), "\(typo.stderr)")
        }
        let blank = try run(["report", "spending", "--person", " "])
        #expect(blank.status == 64)
        #expect(blank.stderr.hasPrefix("Error: option '--person' needs some text, not an empty value"))
        #expect(try run(["set", twinID, "--person", ""]).status == 64)
    }

    @Test("--by person --compare: each person's previous net is September's; --convert-to: the converted total is every grouping's")
    func compareAndConvert() throws {
        let september = try run(["export", "transactions", "--month", "2026-09"])
        let previous = try Self.byPerson(CSVRows.parse(september.stdout))
        let compared = try run(["report", "spending", "--by", "person", "--month", "2026-10", "--compare", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(compared.stdout.utf8)) as? [String: Any])
        var nets: [String: Int64] = [:]
        for row in try #require(object["rows"] as? [[String: Any]]) {
            nets["\(row["person"]!) \(row["currency"]!)"] = try Self.cents(row["previous_net"] as! String)
        }
        #expect(nets["(no person) USD"].map { "\($0)" } == previous.rows["(no person) USD"]?.split(separator: " ").first.map(String.init))
        #expect(nets["Ana Doe USD"] == 0)
        for total in try #require(object["totals"] as? [[String: Any]]) {
            #expect(try Self.cents(total["previous_net"] as! String) == previous.totals[total["currency"] as! String])
        }

        let rates = Examples.walletExport.appendingPathComponent("ecb-rates.csv").path
        try #require(try run(["prices", "import", rates]).status == 0)
        let converted = try reported(["--by", "person", "--convert-to", "USD"])
        #expect(converted.totals == (try reported(["--convert-to", "USD"])).totals)
        #expect(converted.rows["Ana Doe USD"] == (try Self.byPerson(try exported())).rows["Ana Doe USD"])
    }
}
