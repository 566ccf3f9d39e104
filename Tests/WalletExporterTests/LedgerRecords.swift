import Foundation
import Ledger
import Storage

/// The accounts, balances and transactions a purse ledger holds, read straight from its tables
/// back into the model's values, every field, to compare with what the phone has.
struct LedgerRecords: Equatable {
    var accounts: [Account] = []
    var balances: [AccountBalance] = []
    var transactions: [Transaction] = []

    init(accounts: [Account], balances: [AccountBalance], transactions: [Transaction]) {
        self.accounts = accounts.map(Self.normalized).sorted { $0.id < $1.id }
        self.balances = balances.sorted { $0.id < $1.id }
        self.transactions = transactions.sorted { $0.id < $1.id }
    }

    /// Credit information with nothing in it is no credit information (the ledger keeps its
    /// fields in columns, so it cannot tell the two apart).
    static func normalized(_ account: Account) -> Account {
        var account = account
        if account.creditInformation == CreditInformation() { account.creditInformation = nil }
        return account
    }

    init(database: String) throws {
        let connection = try Connection(path: database, readOnly: true)
        func time(_ text: String?) -> Timestamp? { text.flatMap { Timestamp(rfc3339: $0) } }
        func money(_ units: Int64?, _ currency: String?) -> Money? {
            guard let units, let currency else { return nil }
            return Money(units: units, currency: currency)
        }
        var accounts: [Account] = []
        let accountRows = try connection.prepare(
            """
            SELECT id, kind, display_name, institution_name, account_description, currency, opening_date, credit_limit,
                credit_limit_currency, minimum_payment, minimum_payment_currency, next_payment_due_date, overdue_payment,
                overdue_payment_currency
            FROM accounts
            """)
        while try accountRows.step() {
            let credit = CreditInformation(
                creditLimit: money(accountRows.optionalInt64(7), accountRows.optionalText(8)),
                minimumNextPaymentAmount: money(accountRows.optionalInt64(9), accountRows.optionalText(10)),
                nextPaymentDueDate: time(accountRows.optionalText(11)),
                overduePaymentAmount: money(accountRows.optionalInt64(12), accountRows.optionalText(13)))
            accounts.append(
                Account(
                    id: accountRows.text(0), kind: AccountKind(rawValue: accountRows.text(1)), displayName: accountRows.text(2),
                    institutionName: accountRows.text(3), accountDescription: accountRows.optionalText(4),
                    currencyCode: accountRows.text(5),
                    openingDate: time(accountRows.optionalText(6)), creditInformation: credit))
        }
        var balances: [AccountBalance] = []
        let balanceRows = try connection.prepare(
            """
            SELECT id, account_id, currency, available_amount, available_currency, available_as_of, available_indicator,
                booked_amount, booked_currency, booked_as_of, booked_indicator
            FROM balances
            """)
        while try balanceRows.step() {
            func side(_ first: Int32) -> Balance? {
                guard let amount = money(balanceRows.optionalInt64(first), balanceRows.optionalText(first + 1)),
                    let date = time(balanceRows.optionalText(first + 2)),
                    let indicator = balanceRows.optionalText(first + 3).flatMap(CreditDebitIndicator.init(rawValue:))
                else { return nil }
                return Balance(amount: amount, asOfDate: date, creditDebitIndicator: indicator)
            }
            if let balance = AccountBalance(
                id: balanceRows.text(0), accountID: balanceRows.text(1), currencyCode: balanceRows.text(2), available: side(3),
                booked: side(7))
            {
                balances.append(balance)
            }
        }
        var transactions: [Transaction] = []
        let rows = try connection.prepare(
            """
            SELECT id, account_id, transaction_date, posted_date, amount, currency, credit_debit, foreign_amount, foreign_currency,
                exchange_rate, description, original_description, mcc, merchant_name, type, status
            FROM transactions
            """)
        while try rows.step() {
            transactions.append(
                Transaction(
                    id: rows.text(0), accountID: rows.text(1), transactionDate: time(rows.text(2))!, postedDate: time(rows.optionalText(3)),
                    transactionAmount: Money(units: rows.int64(4), currency: rows.text(5)),
                    foreignCurrencyAmount: money(rows.optionalInt64(7), rows.optionalText(8)),
                    foreignCurrencyExchangeRate: rows.optionalText(9),
                    creditDebitIndicator: CreditDebitIndicator(rawValue: rows.text(6))!, transactionDescription: rows.text(10),
                    originalTransactionDescription: rows.text(11), merchantCategoryCode: rows.optionalInt64(12).map { Int($0) },
                    merchantName: rows.optionalText(13), transactionType: TransactionType(rawValue: rows.text(14)),
                    status: TransactionStatus(rawValue: rows.text(15))))
        }
        self.init(accounts: accounts, balances: balances, transactions: transactions)
    }

    /// The first difference, for a failure message that stays readable.
    func firstDifference(from other: LedgerRecords) -> String {
        func compare<T: Equatable>(_ name: String, _ mine: [T], _ theirs: [T]) -> String? {
            if mine.count != theirs.count { return "\(name): \(mine.count) <> \(theirs.count)" }
            for (left, right) in zip(mine, theirs) where left != right { return "\(name): \(left) <> \(right)" }
            return nil
        }
        return compare("accounts", accounts, other.accounts) ?? compare("balances", balances, other.balances)
            ?? compare("transactions", transactions, other.transactions) ?? "none"
    }
}
