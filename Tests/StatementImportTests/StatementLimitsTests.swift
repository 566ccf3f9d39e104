import Testing

@testable import StatementImport

/// What bounds a statement's memory: rows handed out one at a time, text fields of at most
/// 4096 bytes, rows and tags of at most 64 KiB, each refused naming the file, line and field.
@Suite("Statement limits and streaming")
struct StatementLimitsTests {
    static let layout = BankCSVLayout(columns: ["date": "Date", "description": "Text", "amount": "Amount"])

    @Test("A text field of 4096 bytes is read; one of 4097 is refused naming its line and column")
    func csvTextField() throws {
        let fits = "Date,Text,Amount\n2025-03-01,\(String(repeating: "é", count: 2048)),-1.00\n"
        #expect(try BankCSV(file: "b.csv", layout: Self.layout, currency: "EUR").parse(fits).entries[0].description.utf8.count == 4096)
        let long = "Date,Text,Amount\n2025-03-01,A,-1.00\n2025-03-02,\"\(String(repeating: "x", count: 4097))\",-1.00\n"
        #expect(throws: StatementError(file: "b.csv", line: 3, field: "Text", message: "longer than 4096 bytes")) {
            try BankCSV(file: "b.csv", layout: Self.layout, currency: "EUR").parse(long)
        }
        let apple =
            "Transaction Date,Clearing Date,Description,Merchant,Category,Type,Amount (USD)\n"
            + "03/02/2025,,X,\(String(repeating: "m", count: 5000)),Other,Purchase,1.00\n"
        #expect(throws: StatementError(file: "a.csv", line: 2, field: "Merchant", message: "longer than 4096 bytes")) {
            try AppleCardCSV(file: "a.csv").parse(apple)
        }
    }

    @Test("A row of many short cells past 64 KiB is refused")
    func csvLongRow() {
        let text = "Date,Text,Amount\n2025-03-01,A,-1.00" + String(repeating: ",x", count: 40_000) + "\n"
        #expect(throws: StatementError(file: "b.csv", line: 2, field: nil, message: "a row longer than 65536 bytes")) {
            try BankCSV(file: "b.csv", layout: Self.layout, currency: "EUR").parse(text)
        }
    }

    @Test("OFX: a NAME, MEMO or CDATA past 4096 bytes is refused; padding is not text")
    func ofxText() throws {
        func row(_ name: String) -> String {
            OFXFixtures.bank("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240101<TRNAMT>-1.00<FITID>x<NAME>\(name)</STMTTRN>")
        }
        let parser = OFXStatementParser(file: "s.ofx", accountIsLiability: false)
        #expect(try parser.parse(row(String(repeating: "n", count: 4096))).entries[0].description.count == 4096)
        #expect(throws: StatementError(file: "s.ofx", line: 13, field: "NAME", message: "longer than 4096 bytes")) {
            try parser.parse(row(String(repeating: "n", count: 4097)))
        }
        #expect(throws: StatementError(file: "s.ofx", line: 13, field: "NAME", message: "longer than 4096 bytes")) {
            try parser.parse(row("<![CDATA[" + String(repeating: "n", count: 5000) + "]]>"))
        }
        // A megabyte of spaces around a short name is one space.
        let padded = try parser.parse(row(String(repeating: " ", count: 1 << 20) + "SHOP" + String(repeating: "\t", count: 1 << 20)))
        #expect(padded.entries[0].description == "SHOP")
        #expect(throws: StatementError(file: "s.ofx", line: 13, field: "STMTTRN", message: "a tag longer than 65536 bytes")) {
            try parser.parse(OFXFixtures.bank("<STMTTRN><NAME" + String(repeating: " a=b", count: 20_000) + ">"))
        }
    }

    @Test("Rows are handed out as they are read: a bad row later in the file is not read before the first is given")
    func streaming() throws {
        let text = "Date,Text,Amount\n2025-03-01,A,-1.00\n2025-03-02,B,one\n"
        var rows = try BankCSV(
            file: "b.csv", layout: BankCSVLayout(columns: Self.layout.columns, dateFormat: "YYYY-MM-DD"), currency: "EUR"
        )
        .rows(text)
        #expect(try rows.next()?.description == "A")
        #expect(throws: StatementError(file: "b.csv", line: 3, field: "Amount", message: "'one' is not an amount")) { try rows.next() }
        let ofx = OFXFixtures.bank(
            "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240101<TRNAMT>-1.00<FITID>a<NAME>A</STMTTRN>\n"
                + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240102<TRNAMT>x<FITID>b<NAME>B</STMTTRN>")
        var ofxRows = OFXStatementParser(file: "s.ofx", accountIsLiability: false).rows(ofx)
        #expect(try ofxRows.next()?.description == "A")
        // The rows handed out are no longer in the tree the statement is read from.
        #expect(ofxRows.scanner.root.first("STMTTRN") == nil)
        #expect(throws: StatementError(file: "s.ofx", line: 14, field: "TRNAMT", message: "'x' is not an amount (FITID b)")) {
            try ofxRows.next()
        }
    }
}
