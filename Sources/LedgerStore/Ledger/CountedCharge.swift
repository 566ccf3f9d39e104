import Ledger

/// A counted transaction as the recurring analysis reads it: only what finds a series, from the
/// stored classification, so a year of them reads without building whole transactions.
public struct CountedCharge: Sendable {
    /// Empty for a row the read was told needs none (`forEachCountedCharge`'s `identifiedFrom`).
    public let id: String
    public let accountID: String
    /// Its merchant name, else its description.
    public let merchant: String
    /// Unix seconds of the transaction date.
    public let time: Int64
    public let amount: Int64
    public let currency: String
    public let indicator: CreditDebitIndicator
    public let flow: Flow
    public let category: String
    /// Whether it counts as the parts of a split (`purse split`).
    public let isSplit: Bool
    /// One number for the charges of a read whose account ID, merchant, currency, direction and
    /// flow are the same bytes, so that a reader can key them without hashing the texts; nil
    /// once the read has seen more spellings than it numbers. Two numbers may still be texts
    /// Swift's `==` takes as equal (a composed and a decomposed é).
    public let keySpelling: UInt64?
    /// The account ID's number among the read's spellings (nil past those it numbers), so that a
    /// reader can find what it keeps of each account without hashing the ID.
    public let accountSpelling: Int32?
    /// The numbers of the merchant's, the currency's and the category's spellings among the
    /// read's (nil past those it numbers): each number is one text, so a reader can key by it.
    public let merchantSpelling: Int32?
    public let currencySpelling: Int32?
    public let categorySpelling: Int32?
}
