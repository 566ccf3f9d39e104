import Foundation
import Ledger
import PurseTestSupport
import Storage
import Testing

@testable import LedgerStore

/// Category groups in the store: a category in at most one group, names matched ignoring case,
/// a group's budget told from a category's, and none in a ledger of an older schema.
@Suite("Category group store")
struct CategoryGroupStoreTests {
    let folder: URL
    let now = Timestamp.utc(epochSeconds: 1_793_520_000)

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("CategoryGroupStoreTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test("a category set in a second group moves; removing the last member leaves no group")
    func membership() throws {
        let store = try LedgerStore(
            path: folder.appendingPathComponent("ledger.sqlite").path, mode: .create(keeper: UnkeptLedger()), now: now)
        try store.transaction {
            try store.setCategoryGroup("Fun", category: "Dining")
            try store.setCategoryGroup("Fun", category: "Entertainment")
            try store.setCategoryGroup("Going out", category: "Dining")
        }
        let groups = try store.categoryGroups()
        #expect(groups.groupByCategory == ["Dining": "Going out", "Entertainment": "Fun"])
        #expect(groups.names == ["Fun", "Going out"])
        #expect(groups.members(of: "Fun") == ["Entertainment"])
        #expect(groups.name(matching: "GOING OUT") == "Going out")
        #expect(groups.key(of: "Dining") == "Going out")
        #expect(groups.key(of: "Groceries") == "Groceries")
        try store.transaction { try store.removeCategoryFromGroup("Entertainment") }
        #expect(try store.categoryGroups().names == ["Going out"])
    }

    @Test("a budget keeps its scope: a group's and a category's read back apart")
    func budgetScope() throws {
        let store = try LedgerStore(
            path: folder.appendingPathComponent("ledger.sqlite").path, mode: .create(keeper: UnkeptLedger()), now: now)
        let month = try #require(YearMonth(iso: "2026-10"))
        try store.transaction {
            try store.saveBudget(
                BudgetRecord(category: "Going out", currency: "USD", firstMonth: month, amount: 1_000_0000, rollover: .none, scope: .group),
                now: now)
            try store.saveBudget(
                BudgetRecord(category: "Dining", currency: "USD", firstMonth: month, amount: 500_0000, rollover: .none), now: now)
        }
        #expect(try store.budgetRecords().map { "\($0.category) \($0.scope)" } == ["Dining category", "Going out group"])
    }

    @Test("a ledger of the schema before groups, read as it is, has none")
    func olderSchema() throws {
        let path = folder.appendingPathComponent("old.sqlite").path
        let connection = try Connection(path: path)
        _ = try Migrator.migrate(connection, Array(LedgerSchema.migrations.prefix(23)), now: now.text)
        try connection.execute(
            "INSERT INTO budgets (category, currency, first_month, amount, rollover, created_at) VALUES ('Dining', 'USD', '2026-10', 1, 'none', 'x')"
        )
        let store = try LedgerStore(path: path, mode: .readOnly, now: now)
        #expect(try store.categoryGroups().isEmpty)
        #expect(try store.budgetRecords().map(\.scope) == [.category])
    }
}
