import Foundation
import Ledger

/// Small records for the exporter's tests, every field set unless a test says otherwise.
enum ExportRecords {
    static func time(_ text: String) -> Timestamp {
        guard let timestamp = Timestamp(rfc3339: text) else { preconditionFailure("not RFC 3339: \(text)") }
        return timestamp
    }

    static func money(_ text: String, _ currency: String = "USD") -> Money {
        guard let money = try? Money(parsing: text, currency: currency) else { preconditionFailure("not an amount: \(text)") }
        return money
    }

    static func card(_ id: String = "0688F73D-508E-49A8-B0A2-4A07A7CF4768", name: String = "Apple Card") -> Account {
        Account(
            id: id, kind: .liability, displayName: name, institutionName: "Apple", accountDescription: "Titanium \"card\"",
            currencyCode: "USD", openingDate: time("2024-01-31T00:00:00-05:00"),
            creditInformation: CreditInformation(
                creditLimit: money("23000"), minimumNextPaymentAmount: money("35.5"),
                nextPaymentDueDate: time("2026-11-30T00:00:00-05:00"), overduePaymentAmount: nil))
    }

    static func cash(_ id: String = "BAA5A958-3A93-44CD-8985-797310929FF7") -> Account {
        Account(id: id, kind: .asset, displayName: "Apple Cash", institutionName: "Apple", currencyCode: "USD")
    }

    static func balance(_ id: String, account: String, amount: String = "1520.33", booked: Bool = true) -> AccountBalance {
        let side = Balance(amount: money(amount), asOfDate: time("2026-10-31T23:59:59-04:00"), creditDebitIndicator: .debit)
        // A balance has at least one side, so this never fails.
        return AccountBalance(id: id, accountID: account, currencyCode: "USD", available: side, booked: booked ? side : nil)!
    }

    static func purchase(
        _ id: String, account: String, amount: String = "54.2", status: TransactionStatus = .booked, merchant: String? = "Whole Foods"
    ) -> Transaction {
        Transaction(
            id: id, accountID: account, transactionDate: time("2026-10-03T12:34:56.250-04:00"),
            postedDate: status == .booked ? time("2026-10-04T00:00:00-04:00") : nil, transactionAmount: money(amount),
            foreignCurrencyAmount: money("50.01", "EUR"), foreignCurrencyExchangeRate: "1.08375",
            creditDebitIndicator: .debit, transactionDescription: "WHOLE FOODS \\ caf\u{e9}",
            originalTransactionDescription: "WHOLE FOODS #123\tNYC\u{1}", merchantCategoryCode: 5411, merchantName: merchant,
            transactionType: .pointOfSale, status: status)
    }
}
