import Ledger
import StrictJSON

/// Turns the Wallet export's JSON records into ledger values, naming the field of any error.
enum WalletRecordDecoder {
    static func account(_ value: JSONValue, path: String) throws -> Account {
        let fields = try JSONFields(value, path: path)
        let kind = try fields.openEnumeration("kind", AccountKind.self)
        var credit: CreditInformation?
        if let info = try fields.nested("creditInformation") {
            credit = CreditInformation(
                creditLimit: try info.optionalMoney("creditLimit"),
                minimumNextPaymentAmount: try info.optionalMoney("minimumNextPaymentAmount"),
                nextPaymentDueDate: try info.optionalTimestamp("nextPaymentDueDate"),
                overduePaymentAmount: try info.optionalMoney("overduePaymentAmount"))
        }
        return Account(
            id: try fields.identifier("id"), kind: kind, displayName: try fields.string("displayName"),
            institutionName: try fields.string("institutionName"),
            accountDescription: try fields.optionalString("accountDescription"),
            currencyCode: try fields.currencyCode("currencyCode"),
            openingDate: try fields.optionalTimestamp("openingDate"), creditInformation: credit)
    }

    static func balance(_ value: JSONValue, path: String) throws -> AccountBalance {
        let fields = try JSONFields(value, path: path)
        let id = try fields.identifier("id")
        let accountID = try fields.identifier("accountID")
        let currency = try fields.currencyCode("currencyCode")
        let available = try side(fields, "available")
        let booked = try side(fields, "booked")
        guard
            let balance = AccountBalance(
                id: id, accountID: accountID, currencyCode: currency,
                available: available, booked: booked)
        else {
            throw FieldError(field: fields.fieldPath("available"), message: "a balance needs 'available', 'booked' or both")
        }
        return balance
    }

    private static func side(_ fields: JSONFields, _ key: String) throws -> Balance? {
        guard let side = try fields.nested(key) else { return nil }
        return Balance(
            amount: try side.money("amount"), asOfDate: try side.timestamp("asOfDate"),
            creditDebitIndicator: try side.enumeration("creditDebitIndicator", CreditDebitIndicator.self))
    }

    static func transaction(_ value: JSONValue, path: String) throws -> Transaction {
        let fields = try JSONFields(value, path: path)
        var mcc: Int?
        if let code = fields.optional("merchantCategoryCode") {
            guard case .number(let literal) = code, let number = Int(literal), (0...9999).contains(number) else {
                throw FieldError(
                    field: fields.fieldPath("merchantCategoryCode"),
                    message: "expected an integer from 0 to 9999, found \(code.typeName == "a number" ? literal(code) : code.typeName)")
            }
            mcc = number
        }
        var rate: String?
        if let rateText = try fields.optionalString("foreignCurrencyExchangeRate") {
            guard isDecimal(rateText) else {
                throw FieldError(field: fields.fieldPath("foreignCurrencyExchangeRate"), message: "'\(rateText)' is not a decimal string")
            }
            rate = rateText
        }
        return Transaction(
            id: try fields.identifier("id"), accountID: try fields.identifier("accountID"),
            transactionDate: try fields.timestamp("transactionDate"), postedDate: try fields.optionalTimestamp("postedDate"),
            transactionAmount: try fields.money("transactionAmount"),
            foreignCurrencyAmount: try fields.optionalMoney("foreignCurrencyAmount"), foreignCurrencyExchangeRate: rate,
            creditDebitIndicator: try fields.enumeration("creditDebitIndicator", CreditDebitIndicator.self),
            transactionDescription: try fields.string("transactionDescription"),
            originalTransactionDescription: try fields.string("originalTransactionDescription"),
            merchantCategoryCode: mcc, merchantName: try fields.optionalString("merchantName"),
            transactionType: try fields.openEnumeration("transactionType", TransactionType.self),
            status: try fields.openEnumeration("status", TransactionStatus.self))
    }

    private static func literal(_ value: JSONValue) -> String {
        if case .number(let text) = value { return text }
        return value.typeName
    }

    private static func isDecimal(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }) else { return false }
        return true
    }
}
