import Foundation
import PurseTestSupport
import Testing

/// `purse rules add|list|remove` and `purse categories`, on the report ledger.
@Suite("rules and categories")
struct RulesCategoriesTests {
    let ledger: IncomeExplainLedger

    init() throws {
        ledger = try IncomeExplainLedger()
    }

    /// The five rules of the golden tests, added oldest first.
    func addRules() {
        let additions: [([String], String)] = [
            (
                ["--merchant", "café \"luna\"", "--category", "Coffee, Tea & Cake"],
                #"Added rule #1: merchant contains "café \"luna\"" -> category "Coffee, Tea & Cake""#
            ),
            (
                ["--description", "rent", "--mcc", "0", "--flow", "expense"],
                #"Added rule #2: description contains "rent" and MCC 0000 -> flow expense"#
            ),
            (["--description", "rent", "--category", "housing"], #"Added rule #3: description contains "rent" -> category "housing""#),
            (["--merchant", "=cmd", "--flow", "transfer"], #"Added rule #4: merchant contains "=cmd" -> flow transfer"#),
            // A known category keeps its own spelling.
            (["--mcc", "5411", "--category", "groceries"], #"Added rule #5: MCC 5411 -> category "Groceries""#),
        ]
        for (arguments, message) in additions {
            let result = ledger.harness.run(["rules", "add"] + arguments)
            #expect(result.status == 0)
            #expect(result.stdout == "")
            #expect(result.stderr == message + "\n")
        }
    }

    @Test("rules list with no rules, in each format")
    func emptyList() {
        #expect(
            ledger.output(["rules", "list"]) == #"""
                No rules yet. Add one with 'purse rules add --merchant TEXT --category NAME'.

                """#)
        #expect(
            ledger.output(["rules", "list", "--format", "csv"]) == #"""
                id,merchant,description,mcc,category,flow,description_regex,account_id,type,direction,amount_min,amount_max,rename,tag,person

                """#)
        #expect(
            ledger.output(["rules", "list", "--format", "json"]) == #"""
                {
                  "schema": "purse.rules.v1",
                  "rules": []
                }

                """#)
    }

    @Test("rules add prints what it added; rules list shows them in the order they apply")
    func addAndList() throws {
        addRules()
        #expect(
            ledger.output(["rules", "list"]) == #"""
                Rule  Matches                                   Sets
                ----  ----------------------------------------  -----------------------------
                  #1  merchant contains "café \"luna\""         category "Coffee, Tea & Cake"
                  #2  description contains "rent" and MCC 0000  flow expense
                  #3  description contains "rent"               category "housing"
                  #4  merchant contains "=cmd"                  flow transfer
                  #5  MCC 5411                                  category "Groceries"
                Rules apply in this order: the first that matches a transaction wins, over the built-in table.

                """#)
        #expect(
            ledger.output(["rules", "list", "--format", "csv"]) == #"""
                id,merchant,description,mcc,category,flow,description_regex,account_id,type,direction,amount_min,amount_max,rename,tag,person
                1,"café ""luna""",,,"Coffee, Tea & Cake",,,,,,,,,,
                2,,rent,0,,expense,,,,,,,,,
                3,,rent,,housing,,,,,,,,,,
                4,'=cmd,,,,transfer,,,,,,,,,
                5,,,5411,Groceries,,,,,,,,,,

                """#)
        let json = ledger.output(["rules", "list", "--format", "json"])
        try expectGolden(json, "rules-list.json")
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
    }

    @Test("a rule beats the built-in table in every report: category-only keeps the flow, a flow rule forces it, first match wins")
    func rulesApplyToReports() {
        addRules()
        #expect(
            ledger.output(["explain", "--month", "2026-10", "--format", "csv"]) == #"""
                date,transaction_id,account,merchant,mcc,status,flow,category,counted,reason,category_source,currency,amount,signed_amount,order_id,person,person_source,merchant_shown
                2026-10-03,E1,Apple Card,Whole Foods Market,5411,booked,expense,Groceries,true,debit (expense),rule #5,USD,54.20,54.20,,,,Whole Foods Market
                2026-10-05,E3,Checking,RENT OCTOBER,,booked,expense,housing,true,debit (expense),rule #3,USD,1200.00,1200.00,,,,RENT OCTOBER
                2026-10-09,E2,Apple Card,"Café ""Luna"", Bar
                Two",5812,booked,expense,"Coffee, Tea & Cake",true,debit (expense),rule #1,USD,40.00,40.00,,,,"Café ""Luna"", Bar
                Two"
                2026-10-10,R1,Apple Card,"Café ""Luna"", Bar
                Two",5812,booked,refund,"Coffee, Tea & Cake",true,credit from a merchant (refund),rule #1,USD,12.50,-12.50,,,,"Café ""Luna"", Bar
                Two"
                2026-10-20,Y1,Yen Wallet,🍣 Sushi Zanmai,5814,booked,expense,Dining,true,debit (expense),MCC 5814,JPY,1200,1200,,,,🍣 Sushi Zanmai
                2026-10-29,F1,Apple Card,LATE FEE,,booked,expense,Fees,true,debit (expense),"type fee, no MCC",USD,35.00,35.00,,,,LATE FEE
                2026-10-01,I1,Checking,"ACME, Inc.",,booked,income,Income,false,credit (income),flow,USD,3000.00,,,,,"ACME, Inc."
                2026-10-15,I2,Checking,"ACME, Inc.",,booked,income,Income,false,credit (income),flow,USD,3000.00,,,,,"ACME, Inc."
                2026-10-20,I4,Checking,'=cmd|' /C calc'!A0,,booked,transfer,Transfers,false,rule #4,flow,USD,25.00,,,,,'=cmd|' /C calc'!A0
                2026-10-25,Y2,Yen Wallet,給与 振込,,booked,income,Income,false,credit (income),flow,JPY,50000,,,,,給与 振込
                2026-10-25,D1,Checking,APPLE CARD PAYMENT,,booked,transfer,Transfers,false,internal transfer with C1,flow,USD,500.00,,,,,APPLE CARD PAYMENT
                2026-10-26,C1,Apple Card,PAYMENT THANK YOU,,booked,transfer,Transfers,false,internal transfer with D1,flow,USD,500.00,,,,,PAYMENT THANK YOU
                2026-10-28,P1,Apple Card,Whole Foods Market,5411,pending,expense,Groceries,false,status pending: counted only with --include-pending,rule #5,USD,9.99,,,,,Whole Foods Market

                """#)
        let spending = ledger.output(["report", "spending", "--month", "2026-10", "--format", "csv", "--currency", "USD"])
        #expect(
            spending == """
                period,category,currency,spent,refunded,net,count
                2026-10,housing,USD,1200.00,0.00,1200.00,1
                2026-10,Groceries,USD,54.20,0.00,54.20,1
                2026-10,Fees,USD,35.00,0.00,35.00,1
                2026-10,"Coffee, Tea & Cake",USD,40.00,12.50,27.50,2

                """)
        // The '=cmd' deposit is now a transfer, not income.
        #expect(!ledger.output(["report", "income", "--month", "2026-10", "--format", "csv"]).contains("cmd"))
    }

    @Test("rules remove: exit 0 and a message; an unknown or malformed number is a usage error")
    func remove() {
        addRules()
        let removed = ledger.harness.run(["rules", "remove", "2"])
        #expect(removed.status == 0)
        #expect(removed.stdout == "")
        #expect(removed.stderr == "Removed rule #2\n")
        #expect(
            ledger.output(["rules", "list", "--format", "csv"]).split(separator: "\n").map { $0.prefix(2) } == [
                "id", "1,", "3,", "4,", "5,",
            ])
        let again = ledger.harness.run(["rules", "remove", "2"])
        #expect(again.status == 64)
        #expect(again.stderr.hasPrefix("Error: there is no rule #2 (see 'purse rules list').\n"))
        #expect(again.stderr.contains("See 'purse rules remove --help'."))
        let word = ledger.harness.run(["rules", "remove", "two"])
        #expect(word.status == 64)
        #expect(word.stderr.hasPrefix("Error: a rule number is a whole number such as 3 (see 'purse rules list'), not 'two'.\n"))
        let missing = ledger.harness.run(["rules", "remove"])
        #expect(missing.status == 64)
        #expect(
            missing.stderr == "Error: missing argument 'ID'.\nUsage: purse rules remove [options] ID\nSee 'purse rules remove --help'.\n")
    }

    @Test(
        "rules add refuses incomplete or bad rules (exit 64) and stores nothing",
        arguments: [
            (
                ["--category", "Food"],
                "Error: a rule needs something to match: --merchant, --description, --description-regex, --mcc, --account, --type, --direction, --amount-min or --amount-max"
            ),
            (["--merchant", "shop"], "Error: a rule needs something to set: --category, --flow, --rename, --tag or --person"),
            (["--merchant", "shop", "--flow", "refund"], "Error: option '--flow' must be expense, income or transfer, not 'refund'"),
            (["--mcc", "10000", "--category", "X"], "Error: option '--mcc' needs a code from 0 to 9999, not '10000'"),
            (["--mcc", "-1", "--category", "X"], "Error: option '--mcc' needs a code from 0 to 9999, not '-1'"),
            (["--merchant", "", "--category", "X"], "Error: option '--merchant' needs some text, not an empty value"),
            (["--merchant", "shop", "--category", " "], "Error: option '--category' needs some text, not an empty value"),
            (["--description-regex", "(", "--category", "X"], "Error: option '--description-regex' needs a regular expression, not '('"),
            (["--direction", "up", "--category", "X"], "Error: option '--direction' must be credit or debit, not 'up'"),
            (["--merchant", "shop", "--tag", "a;b"], "Error: option '--tag' needs a word without ';', not 'a;b'"),
            (["--merchant", "shop", "--person", " "], "Error: option '--person' needs some text, not an empty value"),
            (["--amount-min", "-5", "--category", "X"], "Error: option '--amount-min' needs an amount such as 9.99, not '-5'"),
            (
                ["--amount-min", "10", "--amount-max", "5", "--category", "X"],
                "Error: option '--amount-min' must not be more than '--amount-max'"
            ),
            (["--account", "Nope", "--category", "X"], "Error: no account with the ID or name 'Nope' (see 'purse accounts')"),
        ])
    func badRules(arguments: [String], message: String) {
        let result = ledger.harness.run(["rules", "add"] + arguments)
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix(message + ".\n"), "\(result.stderr)")
        #expect(result.stderr.contains("See 'purse rules add --help'."))
        #expect(
            ledger.output(["rules", "list", "--format", "csv"])
                == "id,merchant,description,mcc,category,flow,description_regex,account_id,type,direction,amount_min,amount_max,rename,tag,person\n"
        )
    }

    @Test("categories without rules: every built-in category with its codes, the no-code ones, Income and Transfers")
    func categoriesWithoutRules() {
        #expect(
            ledger.output(["categories", "--format", "csv"]) == #"""
                category,mccs,rules
                Groceries,5411 5422 5441 5451 5462 5499,
                Dining,5811-5814,
                Transit,4000-4118 4120-4213 4216-4224 4226-4410 4412-4456 4458-4467 4469-4510 4512-4581 4583-4721 4724-4799,
                Fuel & Car,5013 5511 5521 5531-5533 5541-5542 5552 5561 5571 5592 5598-5599 7511 7523 7531 7534-7535 7538 7542 7549,
                Air Travel,3000-3350 4511 4582,
                Lodging,3500-3999 7011-7012 7032-7033,
                Car Rental,3351-3499 7512-7513 7519,
                Travel,4411 4457 4468 4722-4723,
                Utilities & Telecom,4800-4828 4830-4999,
                Digital & Subscriptions,5815-5818 5968 7372,
                Shopping,5000-5012 5014-5046 5048-5121 5123-5199 5201-5210 5212-5230 5232-5250 5252-5260 5262-5270 5272-5410 5412-5421 5423-5440 5442-5450 5452-5461 5463-5498 5500-5510 5512-5520 5522-5530 5534-5540 5543-5551 5553-5560 5562-5570 5572-5591 5593-5597 5600-5711 5715-5717 5720-5721 5723-5732 5734 5736-5810 5819-5911 5913-5959 5961-5967 5969-5974 5978-5999,
                Home & Garden,0780 1500-2999 5200 5211 5231 5251 5261 5271 5712-5714 5718-5719 5722 6513 7342 7349 7641,
                Health,0742 4119 5047 5122 5912 5975-5976 8000-8099,
                Personal Care,5977 7210-7211 7230 7297-7298,
                Entertainment,5733 5735 7800-7802 7829 7832 7841 7911 7922 7929 7932-7933 7941 7991-7999 9406,
                Education,8211 8220 8241 8244 8249 8299,
                Donations,8398 8641 8651 8661,
                Insurance,5960 6300 6381 6399,
                Government & Taxes,9000-9405 9407-9999,
                Financial Services,4829 6000-6009 6012-6299 6301-6380 6382-6398 6400-6512 6514-6999,
                Services,0000-0741 0743-0779 0781-1499 4214-4215 4225 7000-7010 7013-7031 7034-7209 7212-7229 7231-7296 7299-7341 7343-7348 7350-7371 7373-7510 7514-7518 7520-7522 7524-7530 7532-7533 7536-7537 7539-7541 7543-7548 7550-7640 7642-7799 7803-7828 7830-7831 7833-7840 7842-7910 7912-7921 7923-7928 7930-7931 7934-7940 7942-7990 8100-8210 8212-8219 8221-8240 8242-8243 8245-8248 8250-8298 8300-8397 8399-8640 8642-8650 8652-8660 8662-8999,
                Cash,6010-6011,
                Fees,,
                Interest,,
                Uncategorized,,
                Income,,
                Transfers,,

                """#)
    }

    @Test("categories text: codes as ranges, the types without a code, the rules feeding each category")
    func categoriesText() throws {
        addRules()
        try expectGolden(ledger.output(["categories"]), "categories.txt")
    }

    @Test("categories CSV: exactly category,mccs,rules, with the categories rules introduce")
    func categoriesCSV() {
        addRules()
        #expect(
            ledger.output(["categories", "--format", "csv"]) == #"""
                category,mccs,rules
                Groceries,5411 5422 5441 5451 5462 5499,5
                Dining,5811-5814,
                Transit,4000-4118 4120-4213 4216-4224 4226-4410 4412-4456 4458-4467 4469-4510 4512-4581 4583-4721 4724-4799,
                Fuel & Car,5013 5511 5521 5531-5533 5541-5542 5552 5561 5571 5592 5598-5599 7511 7523 7531 7534-7535 7538 7542 7549,
                Air Travel,3000-3350 4511 4582,
                Lodging,3500-3999 7011-7012 7032-7033,
                Car Rental,3351-3499 7512-7513 7519,
                Travel,4411 4457 4468 4722-4723,
                Utilities & Telecom,4800-4828 4830-4999,
                Digital & Subscriptions,5815-5818 5968 7372,
                Shopping,5000-5012 5014-5046 5048-5121 5123-5199 5201-5210 5212-5230 5232-5250 5252-5260 5262-5270 5272-5410 5412-5421 5423-5440 5442-5450 5452-5461 5463-5498 5500-5510 5512-5520 5522-5530 5534-5540 5543-5551 5553-5560 5562-5570 5572-5591 5593-5597 5600-5711 5715-5717 5720-5721 5723-5732 5734 5736-5810 5819-5911 5913-5959 5961-5967 5969-5974 5978-5999,
                Home & Garden,0780 1500-2999 5200 5211 5231 5251 5261 5271 5712-5714 5718-5719 5722 6513 7342 7349 7641,
                Health,0742 4119 5047 5122 5912 5975-5976 8000-8099,
                Personal Care,5977 7210-7211 7230 7297-7298,
                Entertainment,5733 5735 7800-7802 7829 7832 7841 7911 7922 7929 7932-7933 7941 7991-7999 9406,
                Education,8211 8220 8241 8244 8249 8299,
                Donations,8398 8641 8651 8661,
                Insurance,5960 6300 6381 6399,
                Government & Taxes,9000-9405 9407-9999,
                Financial Services,4829 6000-6009 6012-6299 6301-6380 6382-6398 6400-6512 6514-6999,
                Services,0000-0741 0743-0779 0781-1499 4214-4215 4225 7000-7010 7013-7031 7034-7209 7212-7229 7231-7296 7299-7341 7343-7348 7350-7371 7373-7510 7514-7518 7520-7522 7524-7530 7532-7533 7536-7537 7539-7541 7543-7548 7550-7640 7642-7799 7803-7828 7830-7831 7833-7840 7842-7910 7912-7921 7923-7928 7930-7931 7934-7940 7942-7990 8100-8210 8212-8219 8221-8240 8242-8243 8245-8248 8250-8298 8300-8397 8399-8640 8642-8650 8652-8660 8662-8999,
                Cash,6010-6011,
                Fees,,
                Interest,,
                Uncategorized,,
                Income,,
                Transfers,,4
                "Coffee, Tea & Cake",,1
                housing,,3

                """#)
    }

    @Test("categories JSON: schema purse.categories.v1")
    func categoriesJSON() throws {
        addRules()
        let json = ledger.output(["categories", "--format", "json"])
        try expectGolden(json, "categories.json")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect((parsed["categories"] as? [Any])?.count == 29)
    }
}
