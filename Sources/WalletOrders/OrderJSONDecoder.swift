import Ledger
import StrictJSON
import WalletExport

/// Reads an order package's `order.json` (Apple's Wallet Orders schema, version 1) into a
/// `WalletOrder`, naming the field of any error. It reads the keys purse keeps (README, "Wallet
/// orders") and ignores the others, as it ignores what a merchant adds for Wallet's display.
enum OrderJSONDecoder {
    static func order(_ value: JSONValue) throws -> WalletOrder {
        let fields = try JSONFields(value, path: "")
        let version = try fields.required("schemaVersion")
        guard version == .number("1") else {
            throw FieldError(field: "schemaVersion", message: "version \(show(version)) is not supported (this purse reads version 1)")
        }
        let merchant = try required(fields, "merchant")
        var lineItems: [WalletOrder.LineItem] = []
        for item in try array(fields, "lineItems") { lineItems.append(try lineItem(item)) }
        var fulfillments: [WalletOrder.Fulfillment] = []
        for item in try array(fields, "fulfillments") { fulfillments.append(try fulfillment(item)) }
        return WalletOrder(
            typeIdentifier: try text(fields, "orderTypeIdentifier"), orderIdentifier: try text(fields, "orderIdentifier"),
            orderNumber: try fields.optionalString("orderNumber"), status: try name(fields, "status"),
            createdAt: try fields.timestamp("createdAt"), updatedAt: try fields.timestamp("updatedAt"),
            merchant: WalletOrder.Merchant(displayName: try text(merchant, "displayName"), url: try merchant.optionalString("url")),
            lineItems: lineItems, payment: try fields.nested("payment").map(payment), fulfillments: fulfillments)
    }

    private static func lineItem(_ fields: JSONFields) throws -> WalletOrder.LineItem {
        var quantity: Int?
        if let value = fields.optional("quantity") {
            guard case .number(let literal) = value, let number = Int(literal), number >= 0 else {
                throw FieldError(
                    field: fields.fieldPath("quantity"), message: "expected a whole number of at least 0, found \(show(value))")
            }
            quantity = number
        }
        return WalletOrder.LineItem(
            title: try fields.string("title"), subtitle: try fields.optionalString("subtitle"), quantity: quantity,
            price: try fields.nested("price").map { try currencyAmount($0, signed: false) })
    }

    private static func payment(_ fields: JSONFields) throws -> WalletOrder.Payment {
        var summaryItems: [WalletOrder.SummaryItem] = []
        for item in try array(fields, "summaryItems") {
            // A discount may be negative.
            summaryItems.append(
                WalletOrder.SummaryItem(
                    label: try item.string("label"), value: try currencyAmount(try required(item, "value"), signed: true)))
        }
        var transactions: [WalletOrder.PaymentTransaction] = []
        for item in try array(fields, "transactions") {
            transactions.append(
                WalletOrder.PaymentTransaction(
                    amount: try currencyAmount(try required(item, "amount"), signed: false),
                    createdAt: try item.optionalTimestamp("createdAt"), status: try optionalName(item, "status"),
                    transactionType: try optionalName(item, "transactionType")))
        }
        return WalletOrder.Payment(
            total: try currencyAmount(try required(fields, "total"), signed: false), status: try name(fields, "status"),
            summaryItems: summaryItems, transactions: transactions)
    }

    private static func fulfillment(_ fields: JSONFields) throws -> WalletOrder.Fulfillment {
        WalletOrder.Fulfillment(
            kind: try name(fields, "fulfillmentType"), status: try name(fields, "status"),
            carrier: try fields.optionalString("carrier"), trackingNumber: try fields.optionalString("trackingNumber"),
            trackingURL: try fields.optionalString("trackingURL"), shippedAt: try fields.optionalTimestamp("shippedAt"),
            deliveredAt: try fields.optionalTimestamp("deliveredAt"),
            estimatedDeliveryAt: try fields.optionalTimestamp("estimatedDeliveryAt"))
    }

    /// Wallet Orders' `CurrencyAmount`: `{"amount": 12.5, "currency": "USD"}`. The amount is a
    /// JSON number in Apple's schema (a decimal string is taken too); its literal text is read
    /// exactly, never through binary floating point.
    private static func currencyAmount(_ fields: JSONFields, signed: Bool) throws -> Money {
        let currency = try fields.currencyCode("currency")
        let value = try fields.required("amount")
        let text: String
        switch value {
        case .number(let literal), .string(let literal): text = literal
        default: throw FieldError(field: fields.fieldPath("amount"), message: "expected a number, found \(value.typeName)")
        }
        do {
            return Money(units: try Money.parseUnits(text, allowSign: signed), currency: currency)
        } catch {
            throw FieldError(field: fields.fieldPath("amount"), message: error.description)
        }
    }

    // MARK: - Fields

    private static func required(_ fields: JSONFields, _ key: String) throws -> JSONFields {
        try JSONFields(try fields.required(key), path: fields.fieldPath(key))
    }

    /// An optional array of objects.
    private static func array(_ fields: JSONFields, _ key: String) throws -> [JSONFields] {
        guard let value = fields.optional(key) else { return [] }
        guard case .array(let elements) = value else {
            throw FieldError(field: fields.fieldPath(key), message: "expected an array, found \(value.typeName)")
        }
        return try elements.enumerated().map { index, element in try JSONFields(element, path: fields.fieldPath(key) + "[\(index)]") }
    }

    /// A string that names something: not empty.
    private static func text(_ fields: JSONFields, _ key: String) throws -> String {
        let text = try fields.string(key)
        guard !text.isEmpty else { throw FieldError(field: fields.fieldPath(key), message: "must not be empty") }
        return text
    }

    /// A status or type: a case name, kept as given, without control characters (it is shown on a terminal).
    private static func name(_ fields: JSONFields, _ key: String) throws -> String {
        let name = try text(fields, key)
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            throw FieldError(field: fields.fieldPath(key), message: "expected a case name, found text with control characters")
        }
        return name
    }

    private static func optionalName(_ fields: JSONFields, _ key: String) throws -> String? {
        guard fields.optional(key) != nil else { return nil }
        return try name(fields, key)
    }

    private static func show(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "\"\(text)\""
        case .number(let text): text
        default: value.typeName
        }
    }
}
