import Ledger
import Testing

@testable import StatementImport

@Suite("Statement records")
struct StatementRecordsTests {
    let newYork = ReportTimeZone(identifier: "America/New_York")!

    func records(_ statement: Statement, account: String = "A1", currency: String = "USD") throws -> StatementRecords {
        try StatementRecords(statement, accountID: account, currency: currency, zone: newYork, file: "s")
    }

    @Test("Days stay the written days at noon in the account's zone; balances at the end of the day")
    func instants() throws {
        let statement = try OFXStatementParser(file: "s", accountIsLiability: true).parse(OFXFixtures.cardOneLine)
        let result = try records(statement)
        #expect(result.transactions[0].transactionDate.text == "2025-02-28T12:00:00-05:00")
        #expect(result.transactions[0].transactionAmount == Money(units: 72_500, currency: "USD"))
        #expect(result.transactions[0].creditDebitIndicator == .debit)
        #expect(result.transactions[2].creditDebitIndicator == .credit)
        #expect(result.balances.count == 1)
        #expect(result.balances[0].booked?.asOfDate.text == "2025-02-28T23:59:00-05:00")
        #expect(result.balances[0].booked?.signedUnits == -8_123_500)
        #expect(result.balances[0].available == nil)
        #expect(newYork.localInstant(CivilDate(iso: "2025-07-04")!, hour: 12).text == "2025-07-04T12:00:00-04:00")
    }

    @Test("IDs come from the account and the row: the same in another file, another in another account")
    func identities() throws {
        let statement = try AppleCardCSV(file: "a.csv").parse(CSVStatementTests.appleCard)
        let first = try records(statement)
        let again = try records(try AppleCardCSV(file: "b.csv").parse(CSVStatementTests.appleCard))
        #expect(first.transactions.map(\.id) == again.transactions.map(\.id))
        // Two identical coffees of one day are two transactions.
        #expect(Set(first.transactions.map(\.id)).count == first.transactions.count)
        let other = try records(statement, account: "A2")
        #expect(Set(other.transactions.map(\.id)).isDisjoint(with: first.transactions.map(\.id)))
        // A file holding only the second coffee's day in another order keeps the IDs.
        let reversed = Statement(format: .appleCardCSV, currency: "USD", entries: statement.entries.reversed())
        #expect(Set(try records(reversed).transactions.map(\.id)) == Set(first.transactions.map(\.id)))
    }

    @Test("Apple's categories in purse's words")
    func categories() throws {
        let statement = try AppleCardCSV(file: "a.csv").parse(CSVStatementTests.appleCard)
        let result = try records(statement)
        #expect(
            result.transactions.compactMap { result.categories[$0.id] } == [
                "Dining", "Dining", "Groceries", "Shopping", "Government & Taxes",
            ])
        #expect(StatementCategory.purseCategory(for: "Personal Care") == "Personal Care")
        #expect(StatementCategory.purseCategory(for: "Other") == nil)
    }

    @Test("A statement in another currency than the account's is refused")
    func currency() throws {
        let statement = try OFXStatementParser(file: "s", accountIsLiability: true).parse(OFXFixtures.cardUnclosedList)
        #expect(throws: StatementError(file: "s", line: nil, field: "CURDEF", message: "the statement is in BRL but the account is in USD"))
        {
            try records(statement)
        }
    }
}
