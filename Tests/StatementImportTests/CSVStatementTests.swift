import Ledger
import Testing

@testable import StatementImport

@Suite("Apple Card and bank CSV statements")
struct CSVStatementTests {
    func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    static let appleCard = """
        Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD),Purchased By
        03/02/2025,03/03/2025,"BLUE BOTTLE  1 MAIN ST  OAKLAND CA",Blue Bottle,Restaurants,Purchase,4.50,Sam R
        03/02/2025,03/03/2025,"BLUE BOTTLE  1 MAIN ST  OAKLAND CA",Blue Bottle,Restaurants,Purchase,4.50,Sam R
        03/01/2025,03/01/2025,ACH DEPOSIT INTERNET TRANSFER,Ach Deposit Internet Transfer,Payment,Payment,"-1,050.00",Sam R
        02/27/2025,02/28/2025,SUPER GROCER 12,Super Grocer,Grocery,Purchase,"1,234.56",Sam R
        02/26/2025,02/27/2025,SHOE STORE RETURN,Shoe Store,Shopping,Credit,-30.00,Sam R
        02/25/2025,02/25/2025,DAILY CASH ADJUSTMENT,Daily Cash Adjustment,Debit,Debit,0.60,Sam R
        02/20/2025,02/21/2025,CITY PARKING,City Parking,Govt-services-parking,Installment,12.00,Sam R
        02/19/2025,02/19/2025,MYSTERY,Mystery,Sparkles,Bonus,1.00,Sam R

        """

    @Test("Apple Card CSV: spend-positive amounts, quoted thousands, Types and the written days")
    func appleCard() throws {
        #expect(StatementFormat.detect(Self.appleCard) == .appleCardCSV)
        let statement = try AppleCardCSV(file: "a.csv").parse(Self.appleCard)
        #expect(statement.currency == "USD")
        #expect(statement.entries.map(\.signedUnits) == [-45_000, -45_000, 10_500_000, -12_345_600, 300_000, -6_000, -120_000, -10_000])
        #expect(
            statement.entries.map(\.type) == [
                .pointOfSale, .pointOfSale, .billPayment, .pointOfSale, .refund, .transfer, .pointOfSale, .unknown,
            ])
        #expect(statement.entries[0].date == day("2025-03-02"))
        #expect(statement.entries[0].postedDate == day("2025-03-03"))
        #expect(statement.entries[0].description == "Blue Bottle")
        #expect(statement.entries[0].originalDescription == "BLUE BOTTLE 1 MAIN ST OAKLAND CA")
        #expect(statement.entries[0].identity == statement.entries[1].identity)
        #expect(
            statement.warnings == [
                "a.csv: Apple Card Type 'Bonus' is not known to purse; imported as unknown",
                "a.csv: Apple Card Category 'Sparkles' has no purse category; rules and the money rules decide",
            ])
    }

    @Test("Apple Card CSV: Purchased By is the row's person, its spaces collapsed; blank or missing is nobody")
    func applePurchasedBy() throws {
        let family = try AppleCardCSV(file: "a.csv").parse(
            """
            Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD),Purchased By
            03/02/2025,,A,A,Other,Purchase,1.00,  Ana   Doe \t
            03/02/2025,,B,B,Other,Purchase,2.00,Ben Doe
            03/02/2025,,C,C,Other,Purchase,3.00,\("   ")
            03/02/2025,,D,D,Other,Purchase,4.00

            """)
        #expect(family.entries.map(\.person) == ["Ana Doe", "Ben Doe", nil, nil])
        let single = try AppleCardCSV(file: "a.csv").parse(
            "Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD)\n03/02/2025,,A,A,Other,Purchase,1.00\n")
        #expect(single.entries.map(\.person) == [nil])
    }

    @Test("Apple Card's header is recognised however the amount column is spaced")
    func appleHeader() {
        #expect(AppleCardCSV.isHeader("Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount(USD),Purchased By"))
        #expect(AppleCardCSV.isHeader("Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD)"))
        #expect(!AppleCardCSV.isHeader("Date,Description,Amount"))
    }

    @Test("Apple Card CSV bad input names the line and the column")
    func appleBadInput() {
        let header = "Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD)\n"
        #expect(throws: StatementError(file: "a.csv", line: 2, field: "Transaction Date", message: "'2025-03-02' is not a date MM/DD/YYYY"))
        {
            try AppleCardCSV(file: "a.csv").parse(header + "2025-03-02,,X,X,Other,Purchase,1.00\n")
        }
        #expect(throws: StatementError(file: "a.csv", line: 3, field: "Amount (USD)", message: "'one' is not an amount")) {
            try AppleCardCSV(file: "a.csv").parse(header + "03/02/2025,,X,X,Other,Purchase,1.00\n03/02/2025,,X,X,Other,Purchase,one\n")
        }
        #expect(throws: StatementError(file: "a.csv", line: 2, field: nil, message: "a quoted field never ends")) {
            try AppleCardCSV(file: "a.csv").parse(header + "03/02/2025,,\"X,X,Other,Purchase,1.00\n")
        }
    }

    static let lloyds = """
        Transaction Date,Transaction Type,Sort Code,Account Number,Transaction Description,Debit Amount,Credit Amount,Balance,
        15/01/2024,DEB,'11-22-33,12345678,CORNER SHOP CD 1111    14JAN24,9.00,,1000.00
        12/01/2024,FPI,'11-22-33,12345678,EMPLOYER LTD,,2000,1009.00
        01/12/2023,DD,'11-22-33,12345678,INSURER,50.00,,-991.00
        01/12/2023,PAY,'11-22-33,12345678,SERVICE CHARGES,5.00,,-941.00

        """

    static let lloydsLayout = BankCSVLayout(
        columns: [
            "date": "Transaction Date", "type": "Transaction Type", "description": "Transaction Description", "debit": "Debit Amount",
            "credit": "Credit Amount", "balance": "Balance",
        ])

    @Test("A UK bank CSV: debit and credit columns, day-first dates told from the file, one balance per day")
    func lloyds() throws {
        let statement = try BankCSV(file: "l.csv", layout: Self.lloydsLayout, currency: "GBP").parse(Self.lloyds)
        #expect(statement.entries.map(\.signedUnits) == [-90_000, 20_000_000, -500_000, -50_000])
        #expect(statement.entries.map(\.date) == [day("2024-01-15"), day("2024-01-12"), day("2023-12-01"), day("2023-12-01")])
        #expect(statement.entries.map(\.type) == [.pointOfSale, .deposit, .directDebit, .billPayment])
        #expect(statement.entries[0].description == "CORNER SHOP CD 1111 14JAN24")
        // Newest first: a day's balance is the one on its first row.
        #expect(
            statement.balances.map(\.booked) == [-9_910_000, 10_090_000, 10_000_000]
                && statement.balances.map(\.date) == [day("2023-12-01"), day("2024-01-12"), day("2024-01-15")])
    }

    @Test("Dates that read both ways need --date-format")
    func ambiguousDates() throws {
        let text = Self.lloyds.split(separator: "\n").enumerated().filter { $0.offset != 1 }.map { String($0.element) }.joined(
            separator: "\n")
        #expect(
            throws: StatementError(
                file: "l.csv", line: 2, field: "Transaction Date",
                message: "every date reads both as day/month and month/day; give --date-format (e.g. DD/MM/YYYY)")
        ) { try BankCSV(file: "l.csv", layout: Self.lloydsLayout, currency: "GBP").parse(text) }
        var layout = Self.lloydsLayout
        layout.dateFormat = "MM/DD/YYYY"
        #expect(try BankCSV(file: "l.csv", layout: layout, currency: "GBP").parse(text).entries[0].date == day("2024-12-01"))
        // The format told from a file is kept for a profile; a given one is not told.
        #expect(try BankCSV(file: "l.csv", layout: Self.lloydsLayout, currency: "GBP").parse(Self.lloyds).guessedDateFormat == "DD/MM/YYYY")
        #expect(try BankCSV(file: "l.csv", layout: layout, currency: "GBP").parse(text).guessedDateFormat == nil)
    }

    @Test("A header alone is a statement of no rows, not a question of date format")
    func headerAlone() throws {
        let header = String(Self.lloyds.prefix { $0 != "\n" }) + "\n"
        #expect(try BankCSV(file: "l.csv", layout: Self.lloydsLayout, currency: "GBP").parse(header).entries.isEmpty)
    }

    static let revolut = """
        Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance
        CARD_PAYMENT,Current,2022-01-13 16:52:43,,"Market  Hall",-12.40,0.00,EUR,PENDING,
        CARD_PAYMENT,Current,2022-01-13 11:30:07,2022-01-14 09:00:00,Hold,0.00,0.25,EUR,COMPLETED,100.00
        TOPUP,Current,2022-01-12 08:00:00,2022-01-12 08:00:01,Top-Up by *1234,500.00,0.00,EUR,COMPLETED,600.00

        """

    static let revolutLayout = BankCSVLayout(
        columns: [
            "date": "Started Date", "posted": "Completed Date", "type": "Type", "description": "Description", "amount": "Amount",
            "currency": "Currency", "status": "State", "balance": "Balance", "fee": "Fee",
        ])

    @Test("Pending rows with empty cells; a status column keys rows without their amount")
    func revolut() throws {
        let statement = try BankCSV(file: "r.csv", layout: Self.revolutLayout, currency: "EUR").parse(Self.revolut)
        #expect(statement.entries.map(\.status) == [.pending, .booked, .booked])
        // The fee is charged on top of the amount.
        #expect(statement.entries.map(\.signedUnits) == [-124_000, -2_500, 5_000_000])
        #expect(statement.entries.map(\.type) == [.pointOfSale, .pointOfSale, .deposit])
        #expect(statement.entries[0].postedDate == nil)
        #expect(statement.entries[0].identity == "row:2022-01-13 16:52:43:market hall")
        let completed = Self.revolut.replacingOccurrences(
            of: ",,\"Market  Hall\",-12.40,0.00,EUR,PENDING,", with: ",2022-01-15 10:00:00,Market Hall,-12.90,0.00,EUR,COMPLETED,87.10")
        let later = try BankCSV(file: "r.csv", layout: Self.revolutLayout, currency: "EUR").parse(completed)
        #expect(later.entries[0].identity == statement.entries[0].identity)
        #expect(later.entries[0].signedUnits == -129_000)
        #expect(throws: StatementError(file: "r.csv", line: 2, field: "Currency", message: "'EUR' is not the account's currency USD")) {
            try BankCSV(file: "r.csv", layout: Self.revolutLayout, currency: "USD").parse(Self.revolut)
        }
    }

    @Test("A preamble, semicolons, a decimal comma and spend-positive amounts by column number")
    func europeanLayout() throws {
        let text = "Account statement\nExported 2025-03-05\nDatum;Text;Betrag\n05.03.2025;Bäckerei;1.234,50\n04.03.2025;Erstattung;-2,00\n"
        let layout = BankCSVLayout(
            columns: ["date": "1", "description": "2", "amount": "3"], dateFormat: "DD.MM.YYYY", decimalComma: true, skip: 2,
            sign: .spendPositive, delimiter: ";")
        let statement = try BankCSV(file: "e.csv", layout: layout, currency: "EUR").parse(text)
        #expect(statement.entries.map(\.signedUnits) == [-12_345_000, 20_000])
        #expect(statement.entries.map(\.date) == [day("2025-03-05"), day("2025-03-04")])
        #expect(statement.entries[0].description == "Bäckerei")
    }

    @Test("--columns: fields by number or name, and what is missing")
    func columns() {
        #expect(
            BankCSVLayout.parseColumns("date=1,description=Transaction Description,amount=4")
                == .success(["date": "1", "description": "Transaction Description", "amount": "4"]))
        #expect(BankCSVLayout.parseColumns("date=1,amount=4") == .failure(.init("the columns need date= and description=")))
        #expect(
            BankCSVLayout.parseColumns("date=1,description=2,amount=3,debit=4,credit=5")
                == .failure(.init("the columns need amount=, or debit= and credit= (not both)")))
        #expect(
            BankCSVLayout.parseColumns("date=1,description=2,cost=3")
                == .failure(
                    .init(
                        "'cost' is not a field (date, posted, description, merchant, amount, debit, credit, fee, balance, type, status, category, currency)"
                    )))
    }

    @Test("A saved layout reads back the same")
    func profileText() {
        let layout = BankCSVLayout(
            columns: ["date": "1", "description": "Text", "amount": "3"], dateFormat: "DD.MM.YYYY", decimalComma: true, skip: 2,
            sign: .spendPositive, delimiter: ";")
        #expect(BankCSVLayout(profileText: layout.profileText) == layout)
        #expect(BankCSVLayout(profileText: Self.lloydsLayout.profileText) == Self.lloydsLayout)
    }

    @Test(
        "Date layouts",
        arguments: [
            ("15/01/2024", "DD/MM/YYYY", "2024-01-15"), ("1/5/2024", "MM/DD/YYYY", "2024-01-05"),
            ("2022-01-13 16:52:43", "YYYY-MM-DD HH:mm:ss", "2022-01-13"),
            ("11/30/23", "MM/DD/YY", "2023-11-30"), ("05.03.2025", "DD.MM.YYYY", "2025-03-05"),
            ("2022-01-13 16:52:43", "YYYY-MM-DD", "2022-01-13"),
            ("2022-01-13T16:52:43", "YYYY-MM-DD", "2022-01-13"),
        ])
    func dateLayouts(text: String, format: String, expected: String) {
        #expect(StatementDate.parse(text, format: format) == CivilDate(iso: expected))
    }

    @Test(
        "Not dates of their layout",
        arguments: [
            ("15/01/2024x", "DD/MM/YYYY"), ("01/15/2024", "DD/MM/YYYY"), ("2024-02-30", "YYYY-MM-DD"), ("24-01-01", "YYYY-MM-DD"),
            ("2022-01-13 16:52", "YYYY-MM-DD HH:mm:ss"), ("", "DD/MM/YYYY"),
        ])
    func notDates(text: String, format: String) {
        #expect(StatementDate.parse(text, format: format) == nil)
    }
}
