import LedgerStore
import Testing

@testable import PurseCLI

/// The parts `purse split` accepts: only a split the user plainly meant.
@Suite("Split parts")
struct SplitPartsTests {
    /// Resolves categories as the ledger does, in any case: "groceries" is Groceries.
    static func known(_ name: String) -> String {
        ["Groceries", "Health", "Home"].first { $0.lowercased() == name.lowercased() } ?? name
    }

    func parse(_ texts: [String], amount: Int64, currency: String = "USD") throws -> [TransactionOverride.Part] {
        try SplitParts.parse(texts, amount: amount, currency: currency, category: Self.known)
    }

    func refusal(_ texts: [String], amount: Int64, currency: String = "USD") -> String? {
        do {
            _ = try parse(texts, amount: amount, currency: currency)
            return nil
        } catch let refusal as SplitParts.Refusal {
            return refusal.message
        } catch {
            return "\(error)"
        }
    }

    @Test("parts adding up exactly are kept in the order given, with the ledger's spelling of each category")
    func accepted() throws {
        #expect(
            try parse(["groceries=30", "Health=8.25"], amount: 38_2500)
                == [.init(category: "Groceries", amount: 30_0000), .init(category: "Health", amount: 8_2500)])
        // KWD has three decimals, JPY none.
        #expect(try parse(["Home=1.250", "Health=0.005"], amount: 1_2550, currency: "KWD").map(\.amount) == [1_2500, 50])
        #expect(try parse(["Home=1200", "Health=300"], amount: 1500_0000, currency: "JPY").count == 2)
    }

    @Test("one part is not a split")
    func onePart() {
        #expect(
            refusal(["Groceries=38.001"], amount: 38_0010)
                == "a split needs at least two parts (CATEGORY=AMOUNT CATEGORY=AMOUNT ...); "
                + "to file the whole transaction in one category use 'purse set --category'")
    }

    @Test("the same category twice, in any case, is refused")
    func sameCategoryTwice() {
        #expect(
            refusal(["Groceries=30", "groceries=8"], amount: 38_0000)
                == "the category 'Groceries' is in two parts ('Groceries=30' and 'groceries=8'): give it once, with the sum of its amounts")
    }

    @Test("an amount with more decimals than the currency has is refused, even when the parts add up")
    func tooManyDecimals() {
        #expect(
            refusal(["Groceries=30.001", "Health=7.999"], amount: 38_0000)
                == "the amount of 'Groceries=30.001' has more decimals than USD has (2)")
        #expect(refusal(["Home=1200.5", "Health=299.5"], amount: 1500_0000, currency: "JPY")?.hasSuffix("than JPY has (0)") == true)
        // Trailing zeros are no decimals: 30.000 is 30.
        #expect(refusal(["Groceries=30.000", "Health=8"], amount: 38_0000) == nil)
    }

    @Test("parts that do not add up, or are not CATEGORY=AMOUNT, are refused")
    func otherRefusals() {
        #expect(refusal(["Groceries=30", "Health=8"], amount: 38_0100) == "the parts add up to $38.00, not the transaction's $38.01")
        #expect(refusal(["Groceries", "Health=8"], amount: 8_0000) == "a part is CATEGORY=AMOUNT such as Groceries=42.50, not 'Groceries'")
        #expect(
            refusal(["Groceries=0", "Health=8"], amount: 8_0000)
                == "the amount of 'Groceries=0' must be a positive decimal amount such as 42.50")
    }
}
