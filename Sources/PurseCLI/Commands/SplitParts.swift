import Ledger
import LedgerStore
import Rendering

/// The CATEGORY=AMOUNT parts of `purse split`, checked before anything is saved: only a split
/// the user plainly meant is kept (README, "Your corrections of one transaction").
enum SplitParts {
    /// Why the parts were refused, in one line for the usage error.
    struct Refusal: Error, Equatable {
        let message: String
    }

    /// The parts of a transaction of `amount` units of `currency`: at least two, each category
    /// once (as `category` resolves it), amounts with no more decimals than the currency has,
    /// adding up to the amount exactly.
    static func parse(
        _ texts: [String], amount: Int64, currency: String, category: (String) throws -> String
    ) throws -> [TransactionOverride.Part] {
        guard texts.count >= 2 else {
            throw Refusal(
                message: "a split needs at least two parts (CATEGORY=AMOUNT CATEGORY=AMOUNT ...); "
                    + "to file the whole transaction in one category use 'purse set --category'")
        }
        var parts: [TransactionOverride.Part] = []
        var given: [String: String] = [:]
        var total: Int64 = 0
        for text in texts {
            guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
                throw Refusal(message: "a part is CATEGORY=AMOUNT such as Groceries=42.50, not '\(text)'")
            }
            let amountText = String(text[text.index(after: equals)...])
            guard let units = try? Money.parseUnits(amountText, allowSign: false), units > 0 else {
                throw Refusal(message: "the amount of '\(text)' must be a positive decimal amount such as 42.50")
            }
            // A currency purse does not know keeps the four digits every amount may have.
            if let digits = CurrencyTable.minorDigits(for: currency),
                Money(units: units, currency: currency).significantFractionDigits > digits
            {
                throw Refusal(message: "the amount of '\(text)' has more decimals than \(currency) has (\(digits))")
            }
            let name = try category(String(text[..<equals]))
            if let earlier = given[name] {
                throw Refusal(
                    message:
                        "the category '\(name)' is in two parts ('\(earlier)' and '\(text)'): give it once, with the sum of its amounts")
            }
            given[name] = text
            total = try Money.sum(total, units, currency: currency)
            parts.append(TransactionOverride.Part(category: name, amount: units))
        }
        guard total == amount else {
            throw Refusal(
                message: "the parts add up to \(MoneyFormat.text(total, currency: currency)), not the transaction's "
                    + "\(MoneyFormat.text(amount, currency: currency))")
        }
        return parts
    }
}
