/// What a counted transaction is to a report: exactly one of these.
public enum Flow: String, CaseIterable, Sendable {
    /// Money spent: counts as spending of its category.
    case expense
    /// Money coming back from a merchant: reduces the spending of its category.
    case refund
    /// Money earned: salary, interest and dividends earned, deposits from outside.
    case income
    /// Money moved between the user's own accounts or to pay a card: never spending or income.
    case transfer
}
