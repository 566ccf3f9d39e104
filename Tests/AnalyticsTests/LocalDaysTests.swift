import Ledger
import Testing

@testable import Analytics

/// The day cache must give every instant the day its zone's rules give it.
@Suite("Local days of instants read in time order")
struct LocalDaysTests {
    @Test(
        "every quarter hour of 2009-2011 in zones whose clocks change at midnight, go back across it, or never change",
        arguments: ["America/St_Johns", "America/Goose_Bay", "America/Sao_Paulo", "Asia/Tehran", "UTC"])
    func agreesWithTheZone(identifier: String) throws {
        let zone = try #require(ReportTimeZone(identifier: identifier))
        var days = LocalDays(ReportAccounts([], base: zone))
        var time: Int64 = 1_230_768_000  // 2009-01-01T00:00Z
        while time < 1_325_376_000 {  // 2012-01-01T00:00Z
            let day = days.day(accountID: "A", time: time)
            guard day == zone.date(of: time) else {
                Issue.record("\(identifier) at \(time): \(day), the zone says \(zone.date(of: time))")
                return
            }
            time += 900
        }
    }
}
