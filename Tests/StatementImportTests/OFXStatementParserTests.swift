import Ledger
import Testing

@testable import StatementImport

@Suite("OFX statements")
struct OFXStatementParserTests {
    func parse(_ text: String, liability: Bool = false) throws -> Statement {
        try OFXStatementParser(file: "s.ofx", accountIsLiability: liability).parse(text)
    }

    func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    @Test("A one-line SGML card statement: account-signed amounts, card types, the written day, LEDGERBAL only")
    func oneLineCard() throws {
        let statement = try parse(OFXFixtures.cardOneLine)
        #expect(statement.currency == "USD")
        #expect(statement.entries.map(\.signedUnits) == [-72_500, -20_000, 15_000_000, -614_000])
        #expect(statement.entries.map(\.type) == [.pointOfSale, .pointOfSale, .billPayment, .pointOfSale])
        #expect(statement.entries.map(\.date) == [day("2025-02-28"), day("2025-02-28"), day("2025-02-27"), day("2025-02-10")])
        #expect(statement.entries.map(\.identity) == ["fitid:f-1", "fitid:f-2", "fitid:f-3", "fitid:f-4"])
        #expect(statement.entries[2].description == "ACH DEPOSIT INTERNET TRANSFER FROM ACCOUNT ENDING IN 4321")
        // AVAILBAL on a card is the credit still available, not a balance.
        #expect(statement.balances == [StatementBalance(date: day("2025-02-28"), booked: -8_123_500, available: nil)])
    }

    @Test("Mixed end tags, a leaf closed by its parent, no NAME or MEMO, &nbsp;, a CURRENCY aggregate")
    func mixedTags() throws {
        let statement = try parse(OFXFixtures.cardMixedTags)
        #expect(statement.entries.map(\.signedUnits) == [-123_000, -200_000, 5_000_000])
        #expect(statement.entries.map(\.description) == ["Payment", "Overseas Payment & Co", "PAYMENT RECEIVED"])
        // TRNTYPE never gives the sign: a PAYMENT may be money out, a CREDIT the card's payment.
        #expect(statement.entries.map(\.type) == [.billPayment, .billPayment, .billPayment])
        #expect(statement.entries.map(\.date) == [day("2019-05-10"), day("2019-05-12"), day("2019-05-20")])
        #expect(statement.balances == [StatementBalance(date: day("2019-05-31"), booked: -990_000, available: nil)])
    }

    @Test("No blank line after the header, a missing </BANKTRANLIST>, dates west of GMT keep their written day")
    func unclosedList() throws {
        let statement = try parse(OFXFixtures.cardUnclosedList)
        #expect(statement.currency == "BRL")
        #expect(statement.entries.map(\.date) == [day("2024-03-23"), day("2024-03-22")])
        #expect(statement.entries.map(\.signedUnits) == [-130_000, -90_200])
        #expect(statement.entries.map(\.description) == ["-memo-", "-memo-"])
        #expect(statement.balances == [StatementBalance(date: day("2024-03-25"), booked: -220_200, available: nil)])
    }

    @Test("OFX 2 XML with CRLF and CDATA: a bank's AVAILBAL counts, DTUSER is the day, NAME cut at 32 gives way to MEMO")
    func bankXML() throws {
        let statement = try parse(OFXFixtures.bankXML)
        #expect(statement.currency == "AUD")
        #expect(statement.entries.map(\.signedUnits) == [-168_500, 100])
        #expect(statement.entries.map(\.type) == [.unknown, .deposit])
        #expect(statement.entries[0].description == "EFTPOS WDL CORNER STORE GEELONG")
        #expect(statement.entries[0].originalDescription == "EFTPOS WDL CORNER STORE GEELONG")
        #expect(statement.entries[1].description == "INTEREST EARNED FOR PERIOD OF 11/01/2013 THROUGH 11/30/2013")
        #expect(statement.entries[1].date == day("2013-12-09"))
        #expect(statement.entries[1].postedDate == day("2013-12-10"))
        #expect(statement.balances == [StatementBalance(date: day("2013-12-15"), booked: 12_341_200, available: 12_000_000)])
    }

    @Test("An XML header over an SGML body, with Intuit's QFX tags")
    func xmlHeaderSGMLBody() throws {
        #expect(StatementFormat.detect(OFXFixtures.xmlHeaderSGMLBody) == .ofx)
        let statement = try parse(OFXFixtures.xmlHeaderSGMLBody)
        #expect(statement.entries.map(\.signedUnits) == [-55_000])
        #expect(statement.entries[0].description == "SOME MEMO")
        #expect(statement.balances == [StatementBalance(date: day("2017-05-10"), booked: -1_234_500, available: nil)])
    }

    @Test("A bank-shaped statement on a liability account is read as a card's")
    func stmtrsOnCard() throws {
        let text = OFXFixtures.bank("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240101<TRNAMT>-1<FITID>x</STMTTRN>")
        #expect(try parse(text).entries[0].type == .unknown)
        #expect(try parse(text, liability: true).entries[0].type == .pointOfSale)
    }

    @Test("The same FITID twice: one transaction when the rows are the same, an error when they differ")
    func repeatedFITID() throws {
        let row = "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240101<TRNAMT>-1.00<FITID>x<NAME>A</STMTTRN>\n"
        #expect(try parse(OFXFixtures.bank(row + row)).entries.count == 1)
        let other = "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240101<TRNAMT>-2.00<FITID>x<NAME>A</STMTTRN>"
        #expect(
            throws: StatementError(file: "s.ofx", line: 14, field: "FITID", message: "'x' also names a different transaction on line 13")
        ) {
            try parse(OFXFixtures.bank(row + other))
        }
    }

    @Test("A correction replaces the row of its CORRECTFITID, or takes it back")
    func corrections() throws {
        let rows = """
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240102<TRNAMT>-2.50<FITID>r2<CORRECTFITID>r1<CORRECTACTION>REPLACE<NAME>A</STMTTRN>
            <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240101<TRNAMT>-1.00<FITID>d2<CORRECTFITID>d1<CORRECTACTION>DELETE</STMTTRN>
            """
        let statement = try parse(OFXFixtures.bank(rows))
        #expect(statement.entries.map(\.identity) == ["fitid:r1"])
        #expect(statement.entries.map(\.signedUnits) == [-25_000])
        #expect(statement.deletedIdentities == ["fitid:d1"])
        let zone = ReportTimeZone(identifier: "UTC")!
        let records = try StatementRecords(statement, accountID: "A", currency: "USD", zone: zone, file: "s")
        let original = try StatementRecords(
            try parse(OFXFixtures.bank("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240101<TRNAMT>-1<FITID>d1</STMTTRN>")), accountID: "A",
            currency: "USD", zone: zone, file: "s")
        #expect(records.deletedIDs == original.transactions.map(\.id))
        #expect(throws: StatementError(file: "s.ofx", line: 13, field: "CORRECTACTION", message: "'UNDO' is not REPLACE or DELETE")) {
            try parse(OFXFixtures.bank("<STMTTRN><TRNAMT>1<CORRECTFITID>x<CORRECTACTION>UNDO</STMTTRN>"))
        }
    }

    @Test("Rows without a FITID are keyed by day, amount and description")
    func noFITID() throws {
        let row = "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240101<TRNAMT>-1.00<NAME>Coffee  Shop</STMTTRN>\n"
        let statement = try parse(OFXFixtures.bank(row + row))
        #expect(statement.entries.map(\.identity) == ["row:2024-01-01:-10000:coffee shop", "row:2024-01-01:-10000:coffee shop"])
    }

    @Test(
        "Bad input names the file, the line and the field",
        arguments: [
            (
                "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240101<FITID>x</STMTTRN>",
                StatementError(file: "s.ofx", line: 13, field: "TRNAMT", message: "missing in this <STMTTRN> (FITID x)")
            ),
            (
                "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240101<TRNAMT>12.345.6<FITID>x</STMTTRN>",
                StatementError(file: "s.ofx", line: 13, field: "TRNAMT", message: "'12.345.6' is not an amount (FITID x)")
            ),
            (
                "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20241301<TRNAMT>1<FITID>x</STMTTRN>",
                StatementError(file: "s.ofx", line: 13, field: "DTPOSTED", message: "'20241301' is not an OFX date (FITID x)")
            ),
            (
                "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240101<TRNAMT>1.00001<FITID>x</STMTTRN>",
                StatementError(file: "s.ofx", line: 13, field: "TRNAMT", message: "'1.00001' is not an amount (FITID x)")
            ),
            (
                "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED",
                StatementError(file: "s.ofx", line: 13, field: "TRNTYPE", message: "a tag starts with '<' and never ends with '>'")
            ),
            (
                "<STMTTRN><NAME><![CDATA[never",
                StatementError(file: "s.ofx", line: 13, field: "NAME", message: "a CDATA section never ends")
            ),
        ])
    func badInput(row: String, error: StatementError) {
        #expect(throws: error) { try parse(OFXFixtures.bank(row)) }
    }

    @Test("Nesting past 64 levels is refused, not a stack overflow; 64 still read")
    func deepNesting() {
        let deep = OFXFixtures.header1 + "\n<OFX>" + String(repeating: "<A>", count: 40_000)
        #expect(throws: StatementError(file: "s.ofx", line: 11, field: "A", message: "nesting deeper than 64 levels")) {
            try parse(deep)
        }
        let allowed = OFXFixtures.header1 + "\n<OFX>" + String(repeating: "<A>", count: 63)
        #expect(
            throws: StatementError(
                file: "s.ofx", line: 11, field: "STMTRS", message: "no bank or credit card statement (STMTRS or CCSTMTRS)")
        ) {
            try parse(allowed)
        }
    }

    @Test("Elements past 100,000 outside the transactions are refused: the tree around the rows cannot grow with the file")
    func heldElements() throws {
        func body(_ count: Int) -> String {
            OFXFixtures.header1 + "\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS>" + String(repeating: "<A>1", count: count)
        }
        #expect(
            throws: StatementError(
                file: "s.ofx", line: 11, field: "A", message: "more than 100000 elements outside the statement's transactions")
        ) {
            try parse(body(100_000))
        }
        // Rows handed out leave the tree: many rows are no such file.
        let rows = (0..<60_000).map { "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250303<TRNAMT>-1.00<FITID>f\($0)<NAME>A</STMTTRN>" }
        let statement = try parse(
            OFXFixtures.header1 + "\n<OFX><STMTRS><CURDEF>USD<BANKTRANLIST>" + rows.joined() + "</BANKTRANLIST></STMTRS></OFX>")
        #expect(statement.entries.count == 60_000)
    }

    @Test("A file without a statement, or with two, is refused")
    func statementCount() {
        #expect(throws: StatementError(file: "s.ofx", line: 1, field: "OFX", message: "no <OFX> body")) { try parse("hello") }
        let two = OFXFixtures.header1 + "\n<OFX><STMTRS><ACCTID>1</STMTRS>\n<CCSTMTRS><ACCTID>2</CCSTMTRS></OFX>"
        #expect(
            throws: StatementError(
                file: "s.ofx", line: 12, field: "CCSTMTRS",
                message: "the file holds 2 statements (accounts ****1, ****2); purse imports one account per file")
        ) { try parse(two) }
    }

    @Test("The account a statement is of: BANKID and ACCTID of the statement's own account, never of a transfer's other one")
    func accountNumber() throws {
        let card = try parse(OFXFixtures.cardOneLine)
        #expect(card.accountNumber == StatementAccountNumber(bankID: nil, accountID: "card-9"))
        let bank = try parse(
            OFXFixtures.header1
                + "\n<OFX><STMTRS><CURDEF>USD<BANKTRANLIST><STMTTRN><TRNTYPE>XFER<DTPOSTED>20250301<TRNAMT>-5.00<FITID>x"
                + "<BANKACCTTO><BANKID>999<ACCTID>55550000</BANKACCTTO></STMTTRN></BANKTRANLIST>\n"
                + "<BANKACCTFROM><BANKID>021000021<ACCTID>12345678</BANKACCTFROM></STMTRS></OFX>")
        #expect(bank.accountNumber == StatementAccountNumber(bankID: "021000021", accountID: "12345678"))
        #expect(bank.accountNumberLine == 12)
        #expect(bank.accountNumber?.masked == "****5678")
        #expect(try parse(OFXFixtures.bank("")).accountNumber?.accountID == "1")
    }

    @Test(
        "OFX dates: every form keeps its first eight digits",
        arguments: [
            ("20131215", "2013-12-15"), ("20170510192849", "2017-05-10"), ("20130525225731.258", "2013-05-25"),
            ("20071015021529.000[-8:PST]", "2007-10-15"), ("20240430120000[0:GMT]", "2024-04-30"),
            ("20240323000000[-3:GMT]", "2024-03-23"), ("20240101235959[+5.30:IST]", "2024-01-01"), ("202401011200", "2024-01-01"),
            ("20240101000000[-5]", "2024-01-01"),
        ])
    func dates(text: String, expected: String) {
        #expect(StatementDate.ofx(text) == CivilDate(iso: expected))
    }

    @Test("Not OFX dates", arguments: ["2024-01-01", "20240230", "2024010", "20240101x", "202401011"])
    func badDates(text: String) {
        #expect(StatementDate.ofx(text) == nil)
    }
}
