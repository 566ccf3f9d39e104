import PurseTestSupport
import Testing

/// Two people's phones synced into one database (Ana's and Ben's iPhone), each bringing an
/// "Apple Card" (`A-CARD`, `B-CARD`: one purchase of $10.00 or $20.00 on 3 October 2026 and a
/// balance) and a savings account: the household the account tests share.
enum TwoPhonesFixture {
    typealias F = ExportFixture

    /// Writes both exports into the harness's folder and syncs them; the exports by person.
    static func sync(into harness: CLITestHarness, balanceIndicator: String = "credit") throws -> [String: ExportFixture] {
        var exports: [String: ExportFixture] = [:]
        for (person, source) in [("Ana", "5B0C6E86-2F57-4C8E-9B7A-0D6B1F3E9A11"), ("Ben", "7D1E8F90-3A68-4D9F-8C8B-1E7C2A4F0B22")] {
            let prefix = String(person.prefix(1))
            let export = try ExportFixture(in: harness.folder.url, name: person, sourceID: source, sourceName: "\(person)'s iPhone")
            try export.append(
                "accounts",
                F.changeSet(
                    "G", 1, snapshot: true,
                    inserted: [
                        F.account(prefix + "-CARD", kind: "liability", name: "Apple Card"),
                        F.account(prefix + "-SAVINGS", name: person + " Savings"),
                    ]))
            try export.append(
                "transactions/\(prefix)-CARD",
                F.changeSet(
                    "T", 1, snapshot: true,
                    inserted: [
                        F.transaction(
                            prefix + "1", account: prefix + "-CARD", date: "2026-10-03T12:00:00Z",
                            amount: person == "Ana" ? "10.00" : "20.00")
                    ]))
            try export.append(
                "balances/\(prefix)-CARD",
                F.changeSet(
                    "B", 1, snapshot: true,
                    inserted: [F.balance(prefix + "B1", account: prefix + "-CARD", amount: "10.00", indicator: balanceIndicator)]))
            let synced = harness.run(["sync", export.path])
            try #require(synced.status == 0, "\(synced.stderr)")
            exports[person] = export
        }
        return exports
    }
}
