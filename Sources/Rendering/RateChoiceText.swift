import Analytics
import Ledger

/// The rate a conversion used and where it came from, as `explain --convert-to` shows them.
public enum RateChoiceText {
    /// Digits after the point of a rate whose decimal does not end (an inverse or cross rate).
    static let places = 10

    /// `direct`, `inverse`, `cross via EUR` or `same currency`.
    public static func route(_ route: RateChoice.Route) -> String {
        switch route {
        case .sameCurrency: "same currency"
        case .direct: "direct"
        case .inverse: "inverse"
        case .cross(let via): "cross via \(via)"
        }
    }

    /// `1 GBP = 1.2640324288 USD on 2026-10-02 (imported, cross via EUR)`.
    public static func sentence(_ choice: RateChoice, from: String, to: String) -> String {
        "1 \(from) = \(RateFormat.decimal(choice.rate, places: places)) \(to) on \(choice.date) ("
            + [choice.source?.rawValue, route(choice.route)].compactMap { $0 }
            .joined(separator: ", ") + ")"
    }
}
