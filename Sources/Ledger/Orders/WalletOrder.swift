/// An order a merchant gave the user for Wallet (a receipt with its line items, payment and
/// shipping), as its order package's `order.json` describes it: the part purse keeps, shows and
/// links to a transaction. Statuses stay the strings the merchant wrote: they are shown, never
/// counted.
public struct WalletOrder: Equatable, Sendable {
    /// Who sold it.
    public struct Merchant: Equatable, Sendable {
        public var displayName: String
        public var url: String?

        public init(displayName: String, url: String? = nil) {
            self.displayName = displayName
            self.url = url
        }
    }

    /// One thing bought.
    public struct LineItem: Equatable, Sendable {
        public var title: String
        public var subtitle: String?
        public var quantity: Int?
        /// The price of the line as the merchant gave it.
        public var price: Money?

        public init(title: String, subtitle: String? = nil, quantity: Int? = nil, price: Money? = nil) {
            self.title = title
            self.subtitle = subtitle
            self.quantity = quantity
            self.price = price
        }
    }

    /// A line of the payment's breakdown (shipping, tax, a discount).
    public struct SummaryItem: Equatable, Sendable {
        public var label: String
        public var value: Money

        public init(label: String, value: Money) {
            self.label = label
            self.value = value
        }
    }

    /// One charge (or refund) of the order's payment.
    public struct PaymentTransaction: Equatable, Sendable {
        public var amount: Money
        public var createdAt: Timestamp?
        public var status: String?
        /// `purchase` or `refund` as the merchant wrote it; nil means a purchase.
        public var transactionType: String?

        public init(amount: Money, createdAt: Timestamp? = nil, status: String? = nil, transactionType: String? = nil) {
            self.amount = amount
            self.createdAt = createdAt
            self.status = status
            self.transactionType = transactionType
        }

        /// A refund gives money back: it is never a transaction's purchase.
        public var isRefund: Bool { transactionType == "refund" }
    }

    /// What the order costs and how it was paid.
    public struct Payment: Equatable, Sendable {
        public var total: Money
        public var status: String
        public var summaryItems: [SummaryItem]
        public var transactions: [PaymentTransaction]

        public init(total: Money, status: String, summaryItems: [SummaryItem] = [], transactions: [PaymentTransaction] = []) {
            self.total = total
            self.status = status
            self.summaryItems = summaryItems
            self.transactions = transactions
        }
    }

    /// A shipment or a pickup.
    public struct Fulfillment: Equatable, Sendable {
        /// `shipping` or `pickup`.
        public var kind: String
        public var status: String
        public var carrier: String?
        public var trackingNumber: String?
        public var trackingURL: String?
        public var shippedAt: Timestamp?
        public var deliveredAt: Timestamp?
        public var estimatedDeliveryAt: Timestamp?

        public init(
            kind: String, status: String, carrier: String? = nil, trackingNumber: String? = nil, trackingURL: String? = nil,
            shippedAt: Timestamp? = nil, deliveredAt: Timestamp? = nil, estimatedDeliveryAt: Timestamp? = nil
        ) {
            self.kind = kind
            self.status = status
            self.carrier = carrier
            self.trackingNumber = trackingNumber
            self.trackingURL = trackingURL
            self.shippedAt = shippedAt
            self.deliveredAt = deliveredAt
            self.estimatedDeliveryAt = estimatedDeliveryAt
        }
    }

    /// With `orderIdentifier`, what names the order (FinanceKit's fully qualified order identifier).
    public var typeIdentifier: String
    public var orderIdentifier: String
    /// The number the merchant shows the customer, when it has one.
    public var orderNumber: String?
    /// `open`, `completed` or `cancelled`, or what a newer format says.
    public var status: String
    public var createdAt: Timestamp
    /// The version of the order: a later one replaces it, an earlier one never does.
    public var updatedAt: Timestamp
    public var merchant: Merchant
    public var lineItems: [LineItem]
    public var payment: Payment?
    public var fulfillments: [Fulfillment]

    public init(
        typeIdentifier: String, orderIdentifier: String, orderNumber: String? = nil, status: String, createdAt: Timestamp,
        updatedAt: Timestamp, merchant: Merchant, lineItems: [LineItem] = [], payment: Payment? = nil,
        fulfillments: [Fulfillment] = []
    ) {
        self.typeIdentifier = typeIdentifier
        self.orderIdentifier = orderIdentifier
        self.orderNumber = orderNumber
        self.status = status
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.merchant = merchant
        self.lineItems = lineItems
        self.payment = payment
        self.fulfillments = fulfillments
    }

    /// purse's ID of the order: 16 hexadecimal digits of the SHA-256 of its two identifiers, the
    /// same in every ledger, so an export's `order_id` keeps naming the same order.
    public var id: String { Self.id(typeIdentifier: typeIdentifier, orderIdentifier: orderIdentifier) }

    public static func id(typeIdentifier: String, orderIdentifier: String) -> String {
        String(SHA256.hexDigest(Array(typeIdentifier.utf8) + [0] + Array(orderIdentifier.utf8)).prefix(16))
    }
}
