import Ledger
import Testing

@testable import Analytics

/// The rate choice: on the day direct, inverse, then cross; else the nearest earlier day within 7;
/// imported quotes before the card's; nil rather than 1:1.
@Suite("Rate choice: which rate converts a day's amount")
struct RateTableTests {
    /// Friday 2026-10-16; the 17th and 18th are a weekend.
    static let friday = CivilDate(year: 2026, month: 10, day: 16)
    static let sunday = CivilDate(year: 2026, month: 10, day: 18)

    static func quote(
        _ date: CivilDate, _ from: String, _ to: String, _ text: String, _ source: RateSource = .imported
    ) throws -> DatedRate {
        DatedRate(date: date, from: from, to: to, rate: try ExchangeRate(parsing: text), source: source)
    }

    /// The ECB's way: everything per 1 EUR.
    static func ecb(_ date: CivilDate, usd: String = "1.0912", gbp: String = "0.8566") throws -> [DatedRate] {
        [try quote(date, "EUR", "USD", usd), try quote(date, "EUR", "GBP", gbp)]
    }

    @Test("a direct quote of the day is used as it is")
    func direct() throws {
        let table = RateTable(try Self.ecb(Self.friday))
        let choice = try #require(try table.rate(on: Self.friday, from: "EUR", to: "USD"))
        #expect(choice == RateChoice(rate: try ExchangeRate(parsing: "1.0912"), date: Self.friday, source: .imported, route: .direct))
    }

    @Test("without a direct quote the opposite one is inverted, exactly")
    func inverse() throws {
        let table = RateTable(try Self.ecb(Self.friday))
        let choice = try #require(try table.rate(on: Self.friday, from: "USD", to: "EUR"))
        #expect(choice.route == .inverse)
        #expect(choice.rate == (try ExchangeRate(parsing: "1.0912")).inverse)
        #expect(try choice.rate.convert(1_091_200) == 1_000_000)
    }

    @Test("two currencies quoted against EUR the same day are crossed through it")
    func cross() throws {
        let table = RateTable(try Self.ecb(Self.friday))
        let choice = try #require(try table.rate(on: Self.friday, from: "USD", to: "GBP"))
        #expect(choice.route == .cross(via: "EUR"))
        #expect(choice.rate == (try ExchangeRate(numerator: 8566, denominator: 10_912)))
        let back = try #require(try table.rate(on: Self.friday, from: "GBP", to: "USD"))
        #expect(back.rate == choice.rate.inverse)
    }

    @Test("a cross rate of the day comes before a direct quote of an earlier day")
    func crossBeforeEarlierDirect() throws {
        let thursday = Self.friday.adding(days: -1)
        let table = RateTable(try Self.ecb(Self.friday) + [try Self.quote(thursday, "USD", "GBP", "0.8")])
        let choice = try #require(try table.rate(on: Self.friday, from: "USD", to: "GBP"))
        #expect(choice.date == Self.friday)
        #expect(choice.route == .cross(via: "EUR"))
    }

    @Test("the two legs of a cross rate come from the same day")
    func crossLegsSameDay() throws {
        let thursday = Self.friday.adding(days: -1)
        let table = RateTable([try Self.quote(Self.friday, "EUR", "USD", "1.09"), try Self.quote(thursday, "EUR", "GBP", "0.86")])
        #expect(try table.rate(on: Self.friday, from: "USD", to: "GBP") == nil)
    }

    @Test("on a weekend Friday's rate is used, and said to be Friday's")
    func weekendGap() throws {
        let table = RateTable(try Self.ecb(Self.friday))
        let choice = try #require(try table.rate(on: Self.sunday, from: "USD", to: "GBP"))
        #expect(choice.date == Self.friday)
        #expect(choice.source == .imported)
        #expect(choice.route == .cross(via: "EUR"))
    }

    @Test("the nearest earlier day wins")
    func nearestFirst() throws {
        let day = Self.sunday
        let table = RateTable(try Self.ecb(day.adding(days: -5), usd: "1.05") + Self.ecb(day.adding(days: -2), usd: "1.07"))
        let choice = try #require(try table.rate(on: day, from: "EUR", to: "USD"))
        #expect(choice.date == day.adding(days: -2))
        #expect(choice.rate == (try ExchangeRate(parsing: "1.07")))
    }

    @Test("a quote 7 days back is used; 8 days back is too old and gives no rate, never 1:1")
    func sevenDayLimit() throws {
        let day = Self.sunday
        let seven = RateTable(try Self.ecb(day.adding(days: -7)))
        #expect(try seven.rate(on: day, from: "USD", to: "GBP")?.date == day.adding(days: -7))
        let eight = RateTable(try Self.ecb(day.adding(days: -8)))
        #expect(try eight.rate(on: day, from: "USD", to: "GBP") == nil)
        #expect(try eight.rate(on: day, from: "EUR", to: "USD") == nil)
    }

    @Test("a later quote is never used for an earlier day")
    func noLookahead() throws {
        let table = RateTable(try Self.ecb(Self.sunday))
        #expect(try table.rate(on: Self.friday, from: "EUR", to: "USD") == nil)
    }

    @Test("currencies nobody quoted give no rate")
    func unknownPair() throws {
        let table = RateTable(try Self.ecb(Self.friday))
        #expect(try table.rate(on: Self.friday, from: "JPY", to: "CHF") == nil)
        #expect(try table.rate(on: Self.friday, from: "USD", to: "CHF") == nil)
    }

    @Test("an imported rate up to 7 days old comes before the card's rate of the very day")
    func importedBeforeCard() throws {
        let day = Self.sunday
        let table = RateTable(
            try Self.ecb(day.adding(days: -7)) + [try Self.quote(day, "USD", "EUR", "0.95", .card)])
        let choice = try #require(try table.rate(on: day, from: "USD", to: "EUR"))
        #expect(choice.source == .imported)
        #expect(choice.date == day.adding(days: -7))
        #expect(choice.route == .inverse)
    }

    @Test("the card's rate is used only when no imported rate is within 7 days, under the same rules")
    func cardFallback() throws {
        let day = Self.sunday
        let table = RateTable(
            try Self.ecb(day.adding(days: -8)) + [try Self.quote(day.adding(days: -3), "USD", "EUR", "0.95", .card)])
        let choice = try #require(try table.rate(on: day, from: "EUR", to: "USD"))
        #expect(choice.source == .card)
        #expect(choice.date == day.adding(days: -3))
        #expect(choice.route == .inverse)
        #expect(choice.rate == (try ExchangeRate(parsing: "0.95")).inverse)
        // Where the card has no quote either, the pair has no rate.
        #expect(try table.rate(on: day, from: "GBP", to: "USD") == nil)
    }

    @Test("several card quotes of one day give their median, whatever their order")
    func cardMedian() throws {
        let texts = ["0.93", "0.95", "0.91", "0.99"]
        let quotes = try texts.map { try Self.quote(Self.friday, "USD", "EUR", $0, .card) }
        for order in [quotes, quotes.reversed(), quotes.sorted { $0.rate > $1.rate }] {
            let choice = try #require(try RateTable(order).rate(on: Self.friday, from: "USD", to: "EUR"))
            #expect(choice.rate == (try ExchangeRate(parsing: "0.93")))
        }
    }

    @Test("the same currency needs no quote: the rate is 1")
    func sameCurrency() throws {
        let table = RateTable([])
        let choice = try #require(try table.rate(on: Self.friday, from: "USD", to: "USD"))
        #expect(choice == RateChoice(rate: .one, date: Self.friday, source: nil, route: .sameCurrency))
        #expect(try choice.rate.convert(123_456) == 123_456)
    }
}
