import Ledger

/// A bank's CSV read through a `BankCSVLayout`. A row is keyed by its day, amount and
/// description (plus its occurrence, added by `StatementRecords`); when the layout maps a
/// status column the amount is left out, because a pending card hold may complete for another
/// amount and must stay the same transaction. A balance column gives one balance per day: the
/// one after the day's last row.
public struct BankCSV {
    let file: String
    let layout: BankCSVLayout
    let currency: String

    public init(file: String, layout: BankCSVLayout, currency: String) {
        self.file = file
        self.layout = layout
        self.currency = currency
    }

    public func parse(_ text: String) throws(StatementError) -> Statement {
        var reader = try rows(text)
        return try reader.readAll()
    }

    /// The file's rows one at a time. Without a date format the dates are read once first, to
    /// tell the format from all of them.
    public func rows(_ text: String) throws(StatementError) -> Rows {
        try Rows(self, bytes: ByteStream(text))
    }

    /// The rows of a file read as it streams.
    public func rows(_ statement: StatementFile) throws(StatementError) -> Rows {
        try Rows(self, bytes: statement.bytes())
    }

    static func status(_ word: String) -> TransactionStatus {
        switch word.lowercased() {
        case "pending", "authorised", "authorized": .pending
        case "reverted", "declined", "failed", "cancelled", "canceled", "rejected": .rejected
        default: .booked
        }
    }

    /// Bank type words (UK codes, Revolut's words, generic ones) as FinanceKit's types; the
    /// rest is `unknown`, which the money rules take by its direction.
    static func type(_ word: String, credit: Bool) -> TransactionType {
        switch word.uppercased().filter({ !$0.isWhitespace }) {
        case "DEB", "CARD_PAYMENT", "POS", "PURCHASE", "CARD": .pointOfSale
        case "DD", "DIRECTDEBIT", "DIRECT_DEBIT": .directDebit
        case "FPO", "WITHDRAWAL": .withdrawal
        case "FPI", "BGC", "DEP", "TOPUP", "DEPOSIT": .deposit
        case "PAY", "PAYMENT", "BP", "BILLPAYMENT": .billPayment
        case "SO", "STANDINGORDER": .standingOrder
        case "TFR", "EXCHANGE": .transfer
        case "TRANSFER": credit ? .deposit : .withdrawal
        case "CPT", "ATM", "CASH": .atm
        case "CHQ", "CHECK", "CHEQUE": .check
        case "FEE", "CHG", "CHARGE": .fee
        case "INT", "INTEREST": .interest
        case "CARD_REFUND", "REFUND": .refund
        case "COR", "CASHBACK", "REWARD", "ADJUSTMENT": .adjustment
        default: .unknown
        }
    }
}
