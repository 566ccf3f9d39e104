import Foundation
import PurseTestSupport
import Testing

/// One total across currencies, through the real binary, against a computation written here:
/// a household with an Apple Card in dollars (New York) and a current account in pounds
/// (London), euro purchases on the card, and an ECB file with a two-week gap.
@Suite("Converted totals")
struct ConvertedTotalsTests: PurseLedgerSuite {
    typealias F = ExportFixture

    /// One purchase or refund as the test wrote it.
    struct Written {
        let account: String
        let instant: Date
        /// Signed units of 1/10,000: a purchase negative.
        let units: Int64
        let currency: String
        let mcc: Int
        let refund: Bool
    }

    let folder: TemporaryFolder
    let database: String
    let purse = PurseBinary()
    let environment = ["TZ": "America/New_York"]
    var written: [Written] = []
    /// Per 1 EUR, by business day: (USD, GBP), GBP nil where the file says N/A.
    var reference: [String: (usd: Int64, gbp: Int64?)] = [:]

    static let zones = ["CARD": "America/New_York", "UK": "Europe/London"]
    static let cardBalance: Int64 = -15_621_100
    static let poundBalance: Int64 = 39_101_900

    init() throws {
        folder = try TemporaryFolder()
        database = folder.file("ledger.sqlite")
        var random = SeededRandom(state: 2026)
        var rows: [String: [String]] = ["CARD": [], "UK": []]
        for number in 0..<160 {
            let account = number % 2 == 0 ? "CARD" : "UK"
            let currency = account == "CARD" ? "USD" : "GBP"
            let instant = Date(timeIntervalSince1970: 1_790_812_800 + Double(random.below(31 * 86_400)))  // 2026-10-01T00:00Z on
            let refund = random.below(8) == 0
            let cents = Int64(100 + random.below(20_000))
            let mcc = [5411, 5812, 4111, 5999][random.below(4)]
            written.append(
                Written(
                    account: account, instant: instant, units: (refund ? 1 : -1) * cents * 100, currency: currency, mcc: mcc, refund: refund
                ))
            let stamp = ISO8601DateFormatter().string(from: instant)
            let amount = "\(cents / 100).\(String(format: "%02d", Int(cents % 100)))"
            // Some of the card's purchases were in euros: the card's own rate, never used while an ECB one is near.
            let foreign: (amount: String, currency: String, rate: String)? =
                account == "CARD" && number % 6 == 0 ? (amount, "EUR", "1.2345") : nil
            rows[account]!.append(
                F.transaction(
                    "T\(number)", account: account, date: stamp, amount: amount, currency: currency, indicator: refund ? "credit" : "debit",
                    type: refund ? "refund" : "pointOfSale", mcc: mcc, merchant: "Shop \(mcc)", description: "SHOP \(mcc)", foreign: foreign
                ))
        }
        let export = try ExportFixture(in: folder.url)
        try export.append(
            "accounts",
            F.changeSet(
                "G", 1, snapshot: true,
                inserted: [F.account("CARD", kind: "liability", name: "Apple Card"), F.account("UK", name: "Monzo", currency: "GBP")]))
        for (account, transactions) in rows {
            try export.append("transactions/\(account)", F.changeSet("T\(account)", 1, snapshot: true, inserted: transactions))
        }
        try export.append(
            "balances/CARD",
            F.changeSet(
                "BC", 1, snapshot: true,
                inserted: [F.balance("B1", account: "CARD", amount: "1562.11", asOf: "2026-10-31T20:00:00Z", indicator: "debit")]))
        try export.append(
            "balances/UK",
            F.changeSet(
                "BU", 1, snapshot: true,
                inserted: [F.balance("B2", account: "UK", amount: "3910.19", currency: "GBP", asOf: "2026-10-30T12:00:00Z")]))
        try #require(try purse.run(["--db", database, "sync", export.path], environment: environment).status == 0)
        try #require(
            try purse.run(["--db", database, "accounts", "set", "Monzo", "--tz", "Europe/London"], environment: environment).status == 0)
        // Business days from 2026-09-21 to 2026-11-06, none from 2026-10-12 to 2026-10-23; GBP N/A on 2026-10-02.
        var lines = ["Date,USD,JPY,GBP,"]
        var day = Self.day("2026-09-21")
        while day <= Self.day("2026-11-06") {
            let text = Self.text(day)
            let weekday = Calendar(identifier: .gregorian).component(.weekday, from: day)
            if weekday != 1, weekday != 7, !(text >= "2026-10-12" && text <= "2026-10-23") {
                let usd = Int64(10_500 + random.below(900))
                let gbp: Int64? = text == "2026-10-02" ? nil : Int64(8_400 + random.below(500))
                reference[text] = (usd, gbp)
                lines.append("\(text),1.\(String(format: "%04d", Int(usd % 10_000))),161.25,\(gbp.map { "0.\($0)" } ?? "N/A"),")
            }
            day = day.addingTimeInterval(86_400)
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: folder.file("eurofxref-hist.csv"), atomically: true, encoding: .utf8)
        let imported = try purse.run(["--db", database, "prices", "import", folder.file("eurofxref-hist.csv")], environment: environment)
        try #require(imported.status == 0, "\(imported.stderr)")
    }

    static func day(_ text: String) -> Date { ISO8601DateFormatter().date(from: text + "T12:00:00Z")! }

    static func text(_ date: Date) -> String { String(ISO8601DateFormatter().string(from: date).prefix(10)) }

    /// The local day of an instant in a zone, by Foundation's calendar.
    static func localDay(_ instant: Date, zone: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        let parts = calendar.dateComponents([.year, .month, .day], from: instant)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// GBP -> USD on `day` or up to 7 days before, through EUR: (USD per EUR) / (GBP per EUR),
    /// both quoted that day, each a number of 1/10,000.
    func poundRate(on day: String) -> (usd: Int64, gbp: Int64, day: String)? {
        let date = Self.day(day)
        for back in 0...7 {
            let text = Self.text(date.addingTimeInterval(Double(-back * 86_400)))
            if let quote = reference[text], let gbp = quote.gbp { return (quote.usd, gbp, text) }
        }
        return nil
    }

    /// `units x usd / gbp`, rounded half to even to a whole unit.
    static func converted(_ units: Int64, usd: Int64, gbp: Int64) -> Int64 {
        let product = units.magnitude * UInt64(usd)
        var quotient = product / UInt64(gbp)
        let remainder = product % UInt64(gbp)
        if remainder * 2 > UInt64(gbp) || (remainder * 2 == UInt64(gbp) && quotient % 2 == 1) { quotient += 1 }
        return units < 0 ? -Int64(quotient) : Int64(quotient)
    }

    /// Half to even to the cent.
    static func cents(_ units: Int64) -> Int64 {
        var (quotient, remainder) = units.quotientAndRemainder(dividingBy: 100)
        if abs(remainder) * 2 > 100 || (abs(remainder) * 2 == 100 && quotient % 2 != 0) { quotient += units < 0 ? -1 : 1 }
        return quotient
    }

    static func machine(_ cents: Int64) -> String {
        "\(cents < 0 ? "-" : "")\(abs(cents) / 100).\(String(format: "%02d", Int(abs(cents) % 100)))"
    }

    /// `3,235.11`: the text form's grouping.
    static func grouped(_ cents: Int64) -> String {
        let whole = String(cents / 100)
        var text = ""
        for (index, digit) in whole.enumerated() {
            if index > 0, (whole.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text + "." + String(format: "%02d", Int(cents % 100))
    }

    @Test("spending by MCC in USD is each row converted at its local day's rate, the pounds without one named and left out")
    func spendingByCode() throws {
        var spent: [Int: Int64] = [:]
        var refunded: [Int: Int64] = [:]
        var left = (count: 0, units: Int64(0), first: "9999")
        for row in written {
            var units = row.units
            if row.currency == "GBP" {
                let day = Self.localDay(row.instant, zone: Self.zones[row.account]!)
                guard let rate = poundRate(on: day) else {
                    left = (left.count + 1, left.units + abs(row.units), min(left.first, day))
                    continue
                }
                units = Self.converted(row.units, usd: rate.usd, gbp: rate.gbp)
            }
            if row.refund { refunded[row.mcc, default: 0] += units } else { spent[row.mcc, default: 0] -= units }
        }
        try #require(left.count > 0, "the gap must leave some pounds out")
        let result = try run(["report", "spending", "--month", "2026-10", "--by", "mcc", "--convert-to", "USD", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = CSVRows.parse(result.stdout)
        #expect(Set(rows.map { $0["currency"] }) == ["USD"])
        for code in Set(spent.keys).union(refunded.keys) {
            let row = try #require(rows.first { $0["mcc"] == String(code) }, "no row for \(code)")
            #expect(row["spent"] == Self.machine(Self.cents(spent[code] ?? 0)), "\(code)")
            #expect(row["refunded"] == Self.machine(Self.cents(refunded[code] ?? 0)), "\(code)")
            #expect(row["net"] == Self.machine(Self.cents((spent[code] ?? 0) - (refunded[code] ?? 0))), "\(code)")
        }
        // Signs aside: a refund left out is as missing as a purchase.
        let pounds = "£" + Self.grouped(Self.cents(left.units))
        #expect(
            result.stderr.contains(
                "\(left.count) GBP transactions (\(pounds)) left out: no GBP->USD rate within 7 days before \(left.first); run 'purse prices import'"
            ),
            "\(result.stderr)")
    }

    @Test("net worth in USD at the month end is the card's dollars plus the pounds at the last rate on or before it")
    func netWorthAtMonthEnd() throws {
        let rate = try #require(poundRate(on: "2026-10-31"))
        let pounds = Self.converted(Self.poundBalance, usd: rate.usd, gbp: rate.gbp)
        let result = try run(["report", "networth", "--from", "2026-10-01", "--to", "2026-10-31", "--convert-to", "USD", "--format", "csv"])
        #expect(result.status == 0, "\(result.stderr)")
        let row = try #require(CSVRows.parse(result.stdout).first { $0["date"] == "2026-10-31" }, "\(result.stdout)")
        #expect(row["currency"] == "USD")
        #expect(row["assets"] == Self.machine(Self.cents(pounds)))
        #expect(row["liabilities"] == Self.machine(Self.cents(Self.cardBalance)))
        #expect(row["net_worth"] == Self.machine(Self.cents(pounds + Self.cardBalance)))
    }
}
