import Ledger

/// Converts amounts of any currency into one, each at the rate of its own day, and keeps count
/// of what it could not convert, so the report that leaves those out can say so (never 1:1).
public struct CurrencyConversion: Sendable {
    private struct Asked: Hashable, Sendable {
        let currency: String
        let day: CivilDate
    }

    private struct Left: Hashable, Sendable {
        let kind: UnconvertedAmounts.Kind
        let currency: String
    }

    public let target: String
    private let rates: RateTable
    /// A report asks for the same few (currency, day) pairs thousands of times.
    private var choices: [Asked: RateChoice?] = [:]
    /// The last answer, asked again for most rows of a day.
    private var lastChoice: (asked: Asked, choice: RateChoice?)?
    private var left: [Left: UnconvertedAmounts] = [:]

    public init(into target: String, rates: RateTable) {
        self.target = target
        self.rates = rates
    }

    /// What was left out, balances after transactions, by currency.
    public var unconverted: [UnconvertedAmounts] {
        left.values.sorted { ($0.kind == .balances ? 1 : 0, $0.currency) < ($1.kind == .balances ? 1 : 0, $1.currency) }
    }

    /// The rate `currency` converts into the target at on `day`, or nil when none is within reach.
    public mutating func choice(currency: String, on day: CivilDate) throws(ConversionFailure) -> RateChoice? {
        let asked = Asked(currency: currency, day: day)
        if let lastChoice, lastChoice.asked == asked { return lastChoice.choice }
        if let known = choices[asked] {
            lastChoice = (asked, known)
            return known
        }
        let choice: RateChoice?
        do {
            choice = try rates.rate(on: day, from: currency, to: target)
        } catch {
            throw ConversionFailure(currency: currency, target: target, day: day, reason: error)
        }
        choices[asked] = choice
        lastChoice = (asked, choice)
        return choice
    }

    /// `units` of `currency` on `day` in the target currency, rounded half to even to 1/10,000 once;
    /// nil when no rate reaches the day: the amount is counted as left out (as `kind`) and the
    /// caller leaves it out of every sum.
    public mutating func convert(_ units: Int64, currency: String, on day: CivilDate, kind: UnconvertedAmounts.Kind = .transactions)
        throws -> Int64?
    {
        if currency == target { return units }
        guard let choice = try choice(currency: currency, on: day) else {
            let key = Left(kind: kind, currency: currency)
            if var known = left[key] {
                known.count += 1
                known.units = try Money.sum(known.units, abs(units), currency: currency)
                known.firstDay = min(known.firstDay, day)
                left[key] = known
            } else {
                left[key] = UnconvertedAmounts(kind: kind, currency: currency, target: target, count: 1, units: abs(units), firstDay: day)
            }
            return nil
        }
        do {
            return try choice.rate.convert(units)
        } catch {
            throw ConversionFailure(currency: currency, target: target, day: day, reason: error)
        }
    }
}
