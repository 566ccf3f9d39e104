import Foundation
import Ledger
import PurseTestSupport
import Testing

@testable import LedgerStore

/// The sums by merchant (`forEachSpendingSum(byMerchant: true)`), added up in Swift, against SQLite's
/// own GROUP BY of the same rows: the same groups, texts told apart by their bytes, and in SQLite's
/// order whenever two spellings are canonically equal.
@Suite struct MerchantSumsTests {
    private static let accounts = ["B-ACCOUNT", "A-ACCOUNT"]

    /// A ledger of `count` seeded transactions over three months, two accounts, two currencies,
    /// with and without an MCC, classified by hand: the merchants, categories and currencies drawn
    /// from `texts`.
    private static func ledger(
        seed: UInt64, count: Int, merchants: [String], categories: [String]
    ) throws -> (store: LedgerStore, folder: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("MerchantSumsTests-\(UUID().uuidString)")
        let now = Timestamp.utc(epochSeconds: 1_793_520_000)
        let store = try LedgerStore(
            path: folder.appendingPathComponent("ledger.sqlite").path, mode: .create(keeper: UnkeptLedger()), now: now)
        let source = try store.sourceRowID(kind: "wallet-export", externalID: "S", name: "Ana", location: "/S", now: now)
        for id in accounts {
            _ = try store.upsertAccount(
                Account(
                    id: id, kind: .asset, displayName: id, institutionName: "Bank", currencyCode: "USD",
                    openingDate: Timestamp(rfc3339: "2021-01-01T00:00:00Z")!, creditInformation: nil),
                sourceRowID: source)
        }
        var random = SeededRandom(state: seed)
        let start: Int64 = 1_782_864_000  // 2026-07-01
        try store.transaction {
            for index in 0..<count {
                let merchant = merchants[random.below(merchants.count)]
                let transaction = Transaction(
                    id: "T\(index)", accountID: accounts[random.below(2)],
                    transactionDate: Timestamp.utc(epochSeconds: start + Int64(random.below(90 * 86_400))),
                    transactionAmount: Money(units: Int64(1 + random.below(5_000_000)), currency: ["USD", "EUR"][random.below(2)]),
                    creditDebitIndicator: .debit, transactionDescription: "SHOP \(merchant)",
                    originalTransactionDescription: "SHOP", merchantCategoryCode: [nil, 5812, 5411][random.below(3)],
                    merchantName: random.below(5) == 0 ? nil : merchant, transactionType: .pointOfSale, status: .booked)
                _ = try store.upsertTransaction(transaction)
                try store.connection.prepare(
                    """
                    UPDATE transactions SET class_state = 'counted', class_flow = ?, class_category = ?, class_source = 'code',
                        class_month = CAST(strftime('%Y%m', transaction_time, 'unixepoch') AS INTEGER)
                    WHERE id = ?
                    """
                ).run([
                    .text(random.below(4) == 0 ? "refund" : "expense"), .text(categories[random.below(categories.count)]),
                    .text(transaction.id),
                ])
            }
        }
        return (store, folder)
    }

    /// SQLite's GROUP BY of the rows, in its order, one line each.
    private static func grouped(_ store: LedgerStore) throws -> [[UInt8]] {
        let query = try store.connection.prepare(
            """
            SELECT class_month, account_id, class_category, coalesce(mcc, -1), currency,
                sum(CASE class_flow WHEN 'expense' THEN amount ELSE 0 END), sum(CASE class_flow WHEN 'refund' THEN amount ELSE 0 END),
                count(*), coalesce(merchant_name, description) AS merchant
            FROM transactions WHERE class_state = 'counted' AND class_flow IN ('expense', 'refund')
            GROUP BY 1, 2, 3, 4, 5, merchant ORDER BY 1, 2, 3, 4, 5, merchant
            """)
        var lines: [[UInt8]] = []
        while try query.step() {
            let fields = [
                String(query.int64(0)), query.text(1), query.text(2), String(query.int64(3)), query.text(4), String(query.int64(5)),
                String(query.int64(6)), String(query.int64(7)), query.text(8),
            ]
            lines.append(Array(fields.joined(separator: "|").utf8))
        }
        return lines
    }

    /// `forEachSpendingSum`'s rows by merchant, in its order, in the same form.
    private static func summed(_ store: LedgerStore) throws -> [[UInt8]] {
        var lines: [[UInt8]] = []
        try store.forEachSpendingSum(
            LedgerStore.ReportSelection(from: nil, until: nil, statuses: []), states: [.counted], byMerchant: true, source: .stored
        ) { row in
            let fields = [
                String(Classification.number(of: row.month)), row.accountID, row.category, String(row.merchantCategoryCode ?? -1),
                row.currency, String(try row.spent), String(try row.refunded), String(row.count), row.merchant ?? "",
            ]
            lines.append(Array(fields.joined(separator: "|").utf8))
        }
        return lines
    }

    @Test(
        "with merchants and categories canonically equal in other bytes (é composed and not, K and the Kelvin sign), the groups and their order are SQLite's",
        arguments: [1, 2, 3] as [UInt64])
    func spellingsApartComeInSQLitesOrder(seed: UInt64) throws {
        let (store, folder) = try Self.ledger(
            seed: seed, count: 600, merchants: ["Caf\u{E9}", "Cafe\u{301}", "KIOSK", "\u{212A}IOSK", "Noodle Bar", "Zoo"],
            categories: ["Dining", "Caf\u{E9}s", "Cafe\u{301}s"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try Self.grouped(store)
        #expect(expected.count > 100)
        #expect(try Self.summed(store) == expected)
    }

    @Test("with no two spellings of one text, the groups are SQLite's, in whatever order", arguments: [4, 5] as [UInt64])
    func plainTextsGiveTheSameGroups(seed: UInt64) throws {
        let (store, folder) = try Self.ledger(
            seed: seed, count: 600, merchants: (0..<40).map { "SHOP \($0)" } + ["Caf\u{E9}"], categories: ["Dining", "Groceries"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = try Self.grouped(store)
        #expect(expected.count > 300)
        let inBytes: ([UInt8], [UInt8]) -> Bool = { $0.lexicographicallyPrecedes($1) }
        #expect(try Self.summed(store).sorted(by: inBytes) == expected.sorted(by: inBytes))
    }
}
