import Ledger

/// What purse refuses although Sure would accept it: an amount beyond 64-bit money and a time
/// Ruby normalises into existence (see the README, "Sure protocol 2", deliberate differences).
/// Validation notes the first such value and goes on, so that a batch Sure refuses is refused
/// with Sure's code; only a batch Sure would accept is then refused with this one.
struct PurseRefusals {
    private(set) var first: SureError?

    /// `text` (a valid Sure amount) as money, or a placeholder when it is over purse's limit.
    mutating func amount(_ text: String, currency: String, field: String) -> Money {
        do {
            return try Money(parsing: text, currency: currency)
        } catch {
            note(
                SureError(
                    .invalidPayload,
                    "\(field) \(text) is over purse's limit of 900,000,000,000,000 (Sure takes up to 999,999,999,999,999.9999; purse keeps amounts exactly in 64 bits and never rounds)"
                ))
            return Money(units: Money.maximumUnits, currency: currency)
        }
    }

    /// The timestamp as purse stores it, or a placeholder when purse does not take it.
    mutating func timestamp(_ timestamp: SureTimestamp, field: String, text: String) -> Timestamp {
        switch timestamp.stored {
        case .success(let stored):
            return stored
        case .failure(.notRFC3339):
            note(
                SureError(
                    .invalidTimestamp,
                    "\(field) '\(text)' is not a real ISO 8601 time (Sure's Ruby would normalise it; purse takes only four-digit years, real days of the month, hours 00-23 or 24:00:00, offset minutes 00-59)"
                ))
        case .failure(let error):
            note(SureError(.invalidTimestamp, "\(field) \(error.message(for: text))"))
        }
        return Timestamp.utc(epochSeconds: timestamp.instant.epochSeconds)
    }

    private mutating func note(_ error: SureError) {
        if first == nil { first = error }
    }
}
