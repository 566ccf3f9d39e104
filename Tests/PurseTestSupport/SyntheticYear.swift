import Foundation
import Testing

/// One person's 2026 up to `today`, for the tests of what is coming: salary on the 1st, rent on
/// the 25th, two subscriptions on a card, groceries and dining that never repeat exactly, and a
/// monthly transfer into savings. Every entry is here, so a test computes what it expects from
/// them rather than copying figures.
public enum SyntheticYear {
    public struct Entry: Sendable {
        public let id: String
        public let account: String
        /// The local day, `YYYY-MM-DD`; every entry is at noon UTC, that day in any zone from UTC-11 to UTC+11.
        public let day: String
        /// Unsigned, in cents.
        public let cents: Int64
        public let indicator: String
        public let type: String
        public let merchant: String?
        public let mcc: Int?
        /// The category reports give it (nil for a transfer or income).
        public let category: String?
    }

    public struct BalanceEntry: Sendable {
        public let account: String
        public let day: String
        /// Signed, in cents: a debt is negative.
        public let cents: Int64
    }

    /// The day the tests take as today (`--now`): before October's rent lands.
    public static let today = "2026-10-20"
    public static let checking = "5A1C0000-0000-4000-8000-0000000000C1"
    public static let card = "5A1C0000-0000-4000-8000-0000000000C2"
    public static let savings = "5A1C0000-0000-4000-8000-0000000000C3"
    public static let checkingOpening: Int64 = 300_000
    public static let savingsOpening: Int64 = 500_000
    public static let salary: Int64 = 400_000
    public static let rent: Int64 = 150_000
    public static let netflix: Int64 = 1_549
    public static let spotify: Int64 = 1_199
    public static let saved: Int64 = 45_000

    /// Every transaction up to the day before `today`, date ascending.
    public static let entries: [Entry] = makeEntries().sorted { ($0.day, $0.id) < ($1.day, $1.id) }

    /// A balance per account at every month end from January, and on the day before `today`.
    public static var balances: [BalanceEntry] {
        let lastDay = dayBefore(today)
        var ends = (1...9).map { month in monthEnd(2026, month) }
        ends.append(lastDay)
        return ends.flatMap { end in
            [checking, card, savings].map { account in BalanceEntry(account: account, day: end, cents: balance(of: account, through: end)) }
        }
    }

    /// The account's signed balance at the end of `day`, from its opening and the entries.
    public static func balance(of account: String, through day: String) -> Int64 {
        let opening =
            switch account {
            case checking: checkingOpening
            case savings: savingsOpening
            default: Int64(0)
            }
        return entries.filter { $0.account == account && $0.day <= day }
            .reduce(opening) { $0 + ($1.indicator == "credit" ? $1.cents : -$1.cents) }
    }

    /// The net spending of `category` from `first` through `last` (YYYY-MM-DD), in cents.
    public static func net(_ category: String, from first: String, through last: String) -> Int64 {
        entries.filter { $0.category == category && $0.day >= first && $0.day <= last }.reduce(0) {
            $0 + ($1.indicator == "debit" ? $1.cents : -$1.cents)
        }
    }

    /// The export of the year, written in `parent`.
    public static func write(in parent: URL) throws -> ExportFixture {
        let export = try ExportFixture(in: parent, name: "synthetic-year")
        try export.append(
            "accounts",
            ExportFixture.changeSet(
                "5A1C0000-0000-4000-8000-00000000A001", 1, snapshot: true,
                inserted: [
                    ExportFixture.account(checking, name: "Everyday", institution: "First Bank"),
                    ExportFixture.account(card, kind: "liability", name: "Apple Card"),
                    ExportFixture.account(savings, name: "Savings"),
                ]))
        for account in [checking, card, savings] {
            let transactions = entries.filter { $0.account == account }.map { entry in
                ExportFixture.transaction(
                    entry.id, account: account, date: entry.day + "T12:00:00Z", amount: decimal(entry.cents),
                    indicator: entry.indicator, type: entry.type, mcc: entry.mcc, merchant: entry.merchant,
                    description: (entry.merchant ?? entry.type).uppercased())
            }
            try export.append(
                "transactions/\(account)",
                ExportFixture.changeSet("5A1C0000-0000-4000-8000-00000000A002", 1, snapshot: true, inserted: transactions))
            let observations = balances.filter { $0.account == account }.enumerated().map { index, entry in
                ExportFixture.balance(
                    String(format: "5A1C0000-0000-4000-8000-%012d", index + 1 + (account == card ? 100 : account == savings ? 200 : 0)),
                    account: account, amount: decimal(abs(entry.cents)), asOf: entry.day + "T23:00:00Z",
                    indicator: entry.cents < 0 ? "debit" : "credit")
            }
            try export.append(
                "balances/\(account)",
                ExportFixture.changeSet("5A1C0000-0000-4000-8000-00000000A003", 1, snapshot: true, inserted: observations))
        }
        return export
    }

    /// The year synced into a new ledger at `database` through the real binary.
    public static func syncedLedger(
        at database: String, in parent: URL, purse: PurseBinary = PurseBinary(), sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let export = try write(in: parent)
        let synced = try purse.run(["--db", database, "sync", export.path], environment: ["TZ": "UTC"])
        try #require(synced.status == 0, "\(synced.stderr)", sourceLocation: sourceLocation)
    }

    /// `123456` as `$1,234.56`, `-5` as `-$0.05`: dollars as text output writes them.
    public static func dollars(_ cents: Int64) -> String {
        var whole = String(abs(cents) / 100)
        var grouped = ""
        while whole.count > 3 {
            grouped = "," + whole.suffix(3) + grouped
            whole.removeLast(3)
        }
        return (cents < 0 ? "-" : "") + "$" + whole + grouped + String(format: ".%02lld", abs(cents) % 100)
    }

    /// `numerator / denominator` (denominator > 0) rounded half to even.
    public static func halfEven(_ numerator: Int64, _ denominator: Int64) -> Int64 {
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        let twice = 2 * abs(remainder)
        guard twice > denominator || (twice == denominator && quotient % 2 != 0) else { return quotient }
        return numerator < 0 ? quotient - 1 : quotient + 1
    }

    /// `12345` as `123.45`, `-5` as `-0.05`.
    public static func decimal(_ cents: Int64) -> String {
        (cents < 0 ? "-" : "") + String(format: "%lld.%02lld", abs(cents) / 100, abs(cents) % 100)
    }

    static func makeEntries() -> [Entry] {
        var entries: [Entry] = []
        var serial = 0
        func add(
            _ account: String, _ day: String, _ cents: Int64, _ indicator: String, _ type: String, _ merchant: String?, _ mcc: Int?,
            _ category: String?
        ) {
            serial += 1
            entries.append(
                Entry(
                    id: String(format: "5A1C0000-0000-4000-9000-%012d", serial), account: account, day: day, cents: cents,
                    indicator: indicator, type: type, merchant: merchant, mcc: mcc, category: category))
        }
        let groceries: [Int64] = [6_240, 11_875, 5_810, 14_130, 9_720]
        let restaurants = ["Joe's Pizza", "Blue Bottle Coffee", "Sushi Go", "Taco Stand"]
        let lastDay = dayBefore(today)
        for month in 1...10 {
            func day(_ number: Int) -> String { String(format: "2026-%02d-%02d", month, number) }
            let candidates: [(String, () -> Void)] = [
                (day(1), { add(checking, day(1), salary, "credit", "directDeposit", nil, nil, nil) }),
                (day(2), { add(checking, day(2), saved, "debit", "transfer", nil, nil, nil) }),
                (day(2), { add(savings, day(2), saved, "credit", "transfer", nil, nil, nil) }),
                (day(5), { add(card, day(5), netflix, "debit", "pointOfSale", "Netflix", 4899, "Utilities & Telecom") }),
                (day(12), { add(card, day(12), spotify, "debit", "pointOfSale", "Spotify", 5815, "Digital & Subscriptions") }),
                (day(25), { add(checking, day(25), rent, "debit", "billPayment", "Oak Street Properties", 6513, "Home & Garden") }),
            ]
            for (date, make) in candidates where date <= lastDay { make() }
            // Dining on the card: four meals a month, on days and at places that move, never a cadence.
            for meal in 0..<4 {
                let date = day(3 + meal * 6 + (month + meal) % 4)
                guard date <= lastDay else { continue }
                let cents = Int64(1_500 + ((month * 7 + meal * 13) % 50) * 100 + (month * 31 + meal * 17) % 100)
                add(card, date, cents, "debit", "pointOfSale", restaurants[(month + meal) % 4], 5812, "Dining")
            }
        }
        // Groceries every Saturday from 3 January, the amounts in a cycle no cadence fits.
        var saturday = "2026-01-03"
        var week = 0
        while saturday <= lastDay {
            add(checking, saturday, groceries[week % groceries.count], "debit", "pointOfSale", "Green Market", 5411, "Groceries")
            saturday = dayAfter(saturday, days: 7)
            week += 1
        }
        return entries
    }

    static func monthEnd(_ year: Int, _ month: Int) -> String {
        var components = DateComponents()
        components.year = year
        components.month = month + 1
        components.day = 0
        return format(calendar.date(from: components)!)
    }

    static func dayBefore(_ day: String) -> String { dayAfter(day, days: -1) }

    static func dayAfter(_ day: String, days: Int) -> String {
        format(calendar.date(byAdding: .day, value: days, to: parse(day))!)
    }

    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func parse(_ day: String) -> Date {
        let parts = day.split(separator: "-").map { Int($0)! }
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
    }

    static func format(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}
