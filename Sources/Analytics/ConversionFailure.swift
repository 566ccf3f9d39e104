import Ledger

/// A rate the ledger holds could not convert an amount (a cross rate too precise to hold, a
/// result past 900 trillion): bad data, named with the pair and the day to look at.
public struct ConversionFailure: Error, Sendable, CustomStringConvertible {
    public let currency: String
    public let target: String
    public let day: CivilDate
    public let reason: ExchangeRateError

    public var description: String {
        "cannot convert \(currency) into \(target) on \(day): \(reason); see 'purse prices --currency \(currency)'"
    }
}
