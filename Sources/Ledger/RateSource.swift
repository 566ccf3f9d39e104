/// Where a dated exchange rate came from. Imported reference rates are preferred; the card's own
/// rates fill in only where no imported rate is near enough.
public enum RateSource: String, Hashable, Sendable, CaseIterable {
    /// A rate file the user imported (the ECB's reference rates or a plain CSV).
    case imported
    /// The rate a card charged a foreign-currency purchase at, on the purchase's day.
    case card
}
