import Ledger
import Testing

@testable import WalletExport

@Suite("Picked transactions from an export CSV: purse's own CSV read strictly, its errors in the export's words")
struct PickedTransactionsCSVTests {
    static let header = ["id", "account_id", "account", "transaction_date", "amount", "currency", "direction", "counted", "status"]
    static let row = "t1,a,A,2026-10-01,1.00,EUR,debit,true,booked"

    static func read(_ text: String) throws -> PickedTransactions {
        try PickedTransactions.exportCSV(
            Array(text.utf8), header: header, file: "p.csv", zone: try #require(ReportTimeZone(identifier: "UTC")))
    }

    @Test(
        "malformed CSV is bad input naming the file and the line; every record is read before any row's cells",
        arguments: [
            (row.replacing("t1,", with: "\"t1\" ,"), "p.csv:2: text after a closing quote"),
            (row + "\nt2,a,\"A\nB\"x,2026-10-01,1.00,EUR,debit,true,booked", "p.csv:4: text after a closing quote"),
            (row.replacing("booked", with: "\"booked\"\r"), "p.csv:2: text after a closing quote"),
            (row.replacing("10-01", with: "99-01") + "\nt2,a,\"A,2026", "p.csv:3: a quoted cell is not closed"),
        ])
    func malformed(rows: String, message: String) throws {
        let text = Self.header.joined(separator: ",") + "\n" + rows
        let error = try #require(throws: SourceError.self) { try Self.read(text) }
        #expect(error.description == message)
    }

    @Test("LF or CRLF ends a line (a spreadsheet saves CRLF); after a lone CR the header is not the export's")
    func carriageReturn() throws {
        let header = Self.header.joined(separator: ",")
        #expect(try Self.read(header + "\r\n" + Self.row + "\r\n").transactions.map(\.id) == ["t1"])
        let error = try #require(throws: SourceError.self) { try Self.read(header + "\r" + Self.row) }
        #expect(error.description.hasPrefix("p.csv:1: not the header of 'purse export transactions': id,account_id,"))
    }

    @Test("a well-formed file reads: quoted cells with commas, quotes and line breaks")
    func wellFormed() throws {
        let picked = try Self.read(
            Self.header.joined(separator: ",") + "\n" + Self.row.replacing(",A,", with: ",\"A, \"\"B\"\"\nC\",") + "\n")
        #expect(picked.transactions.map(\.id) == ["t1"])
        #expect(picked.accounts.map(\.displayName) == ["A, \"B\"\nC"])
    }

    @Test("an older export, without the later columns person, merchant_shown and order_id, reads; one column fewer does not")
    func olderExports() throws {
        let current = Self.header + ["order_id", "merchant_shown", "person"]
        func read(_ header: ArraySlice<String>, _ row: String) throws -> PickedTransactions {
            try PickedTransactions.exportCSV(
                Array((header.joined(separator: ",") + "\n" + row + "\n").utf8), header: current, file: "p.csv",
                zone: try #require(ReportTimeZone(identifier: "UTC")))
        }
        #expect(try read(current[...], Self.row + ",,Shop,Ana").transactions.map(\.id) == ["t1"])
        #expect(try read(current.dropLast(), Self.row + ",,Shop").transactions.map(\.id) == ["t1"])
        #expect(try read(current.dropLast(2), Self.row + ",").transactions.map(\.id) == ["t1"])
        #expect(try read(current.dropLast(3), Self.row).transactions.map(\.id) == ["t1"])
        #expect(PickedTransactions.isExportCSV(Array(current.dropLast(3).joined(separator: ",").utf8), header: current))
        let error = try #require(throws: SourceError.self) { try read(current.dropLast(4), "t1,a,A,2026-10-01,1.00,EUR,debit,true") }
        #expect(error.description.hasPrefix("p.csv:1: not the header of 'purse export transactions': id,account_id,"))
    }
}
