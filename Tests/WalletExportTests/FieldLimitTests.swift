import Foundation
import Ledger
import PurseTestSupport
import Testing

@testable import WalletExport

/// The limits every record of a Wallet export is held to, on the fast decoder and the exact
/// path alike: text of at most 4096 bytes of UTF-8, instants within the years 1900 to 9999.
@Suite("Wallet export records: text and instant limits")
struct FieldLimitTests {
    typealias F = ExportFixture

    static let transactions = LedgerStream.transactions(accountID: "A1")

    /// The message of the exact path for `line`, nil when it is accepted.
    func refusal(_ line: String, _ stream: LedgerStream = Self.transactions) -> String? {
        switch WalletLineDecoderTests.outcome(Array(line.utf8), stream, fastPath: true) {
        case .accepted: nil
        case .refused(let error, _): error.description
        }
    }

    /// `count` bytes of text: two-byte letters, then an ASCII one when `count` is odd.
    func text(bytes count: Int) -> String {
        String(repeating: "\u{e9}", count: count / 2) + (count % 2 == 1 ? "x" : "")
    }

    @Test("a transaction's texts: 4096 bytes pass, 4097 fail naming the field, on both paths", arguments: [4096, 4097])
    func transactionTexts(count: Int) {
        let long = F.quoted(text(bytes: count))
        let cases: [(field: String, line: String)] = [
            (
                "inserted[0].transactionDescription",
                F.changeSet("T", 1, inserted: [F.transaction("t1", account: "A1", description: text(bytes: count))])
                    .replacingOccurrences(of: F.quoted(text(bytes: count) + " 0001"), with: "\"x\"")
            ),
            // The fixture's original description is the description and " 0001".
            (
                "inserted[0].originalTransactionDescription",
                F.changeSet("T", 1, inserted: [F.transaction("t1", account: "A1", description: text(bytes: count - 5))])
            ),
            ("inserted[0].merchantName", F.changeSet("T", 1, inserted: [F.transaction("t1", account: "A1", merchant: text(bytes: count))])),
            (
                "inserted[0].transactionType",
                F.changeSet("T", 1, inserted: [F.transaction("t1", account: "A1", type: String(repeating: "x", count: count))])
            ),
            (
                "inserted[0].id",
                F.changeSet("T", 1, inserted: [F.transaction("t1", account: "A1")]).replacingOccurrences(
                    of: #""id":"t1""#, with: "\"id\":\(long)")
            ),
            ("deleted[0]", F.changeSet("T", 1, deleted: [text(bytes: count)])),
        ]
        for (field, line) in cases {
            let (exact, fast) = WalletLineDecoderTests.check(Array(line.utf8), Self.transactions, field)
            #expect(exact == (count <= 4096), "\(field)")
            #expect(fast == exact, "\(field)")
            if count > 4096 {
                #expect(refusal(line) == "d.jsonl:1: \(field): \(count) bytes of text is more than the 4096 a text field may have")
            }
        }
    }

    @Test("an account's names and the change set's generation are limited too")
    func accountTexts() {
        let long = text(bytes: 4097)
        let name = F.changeSet("G", 1, inserted: [F.account("A1", name: long)])
        #expect(
            refusal(name, .accounts) == "d.jsonl:1: inserted[0].displayName: 4097 bytes of text is more than the 4096 a text field may have"
        )
        let institution = F.changeSet("G", 1, inserted: [F.account("A1", institution: long)])
        #expect(
            refusal(institution, .accounts)
                == "d.jsonl:1: inserted[0].institutionName: 4097 bytes of text is more than the 4096 a text field may have")
        let generation = F.changeSet(long, 1, inserted: [F.account("A1")])
        #expect(refusal(generation, .accounts) == "d.jsonl:1: generation: 4097 bytes of text is more than the 4096 a text field may have")
        #expect(WalletLineDecoderTests.check(Array(generation.utf8), .accounts, "generation") == (exact: false, fast: false))
        #expect(refusal(F.changeSet(text(bytes: 4096), 1, inserted: [F.account("A1", name: text(bytes: 4096))]), .accounts) == nil)
    }

    @Test(
        "an instant outside the years 1900 to 9999 is refused on both paths, naming the field",
        arguments: [
            ("0000-01-01T00:00:00+14:00", "is in the year 0"), ("9999-12-31T23:59:59-14:00", "is in the year 10000 in UTC"),
            ("1900-01-01T00:00:00+00:01", "is in the year 1899 in UTC"),
        ])
    func instants(date: String, reason: String) {
        let line = F.changeSet("T", 1, inserted: [F.transaction("t1", account: "A1", date: date)])
        #expect(WalletLineDecoderTests.check(Array(line.utf8), Self.transactions, date) == (exact: false, fast: false))
        #expect(
            refusal(line)
                == "d.jsonl:1: inserted[0].transactionDate: '\(date)' \(reason); purse takes instants from the years 1900 to 9999 only, local and UTC"
        )
        let balance = F.changeSet("B", 1, inserted: [F.balance("b1", account: "A1", asOf: date)])
        #expect(
            refusal(balance, .balances(accountID: "A1"))?.hasPrefix("d.jsonl:1: inserted[0].booked.asOfDate: '\(date)' \(reason)") == true)
        let fine = F.changeSet("T", 1, inserted: [F.transaction("t1", account: "A1", date: "1900-01-01T00:00:00-14:00")])
        #expect(WalletLineDecoderTests.check(Array(fine.utf8), Self.transactions, "1900") == (exact: true, fast: true))
    }

    @Test("picked transactions read the same limits")
    func picked() {
        let line = F.transaction("t1", account: "A1", description: text(bytes: 4097))
        #expect(
            throws: SourceError.badInput(
                file: "p.jsonl", line: 1, field: "transactionDescription",
                message: "4097 bytes of text is more than the 4096 a text field may have")
        ) {
            try PickedTransactions.jsonLines(Array(line.utf8), file: "p.jsonl")
        }
    }
}
