import Ledger

/// A user's override: transactions that match (every given matcher) get the rule's category
/// and/or flow, and/or are shown under its merchant name, tagged, or put down to a person. Stored
/// in the database; a rule always beats the built-in table.
public struct UserRule: Equatable, Sendable {
    public var id: Int64
    /// Case-insensitive substring of the merchant name.
    public var merchant: String?
    /// Case-insensitive substring of the description or the original description.
    public var description: String?
    /// A regular expression found in the description or the original description, ignoring case.
    public var descriptionRegex: String?
    public var merchantCategoryCode: Int?
    /// The ID of the account.
    public var accountID: String?
    public var type: TransactionType?
    public var direction: CreditDebitIndicator?
    /// Inclusive bounds on the unsigned amount, in 1/10,000 units of the transaction's currency.
    public var amountMin: Int64?
    public var amountMax: Int64?
    public var category: String?
    /// expense, income or transfer.
    public var flow: Flow?
    /// The merchant name shown, grouped and followed as a recurring series instead of the
    /// transaction's own (`--rename`).
    public var rename: String?
    /// A tag every matching rule adds, as `purse set --tag` does (`--tag`).
    public var tag: String?
    /// The person who spent, from the first matching rule that names one (`--person`).
    public var person: String?

    public init(
        id: Int64 = 0, merchant: String? = nil, description: String? = nil, descriptionRegex: String? = nil,
        merchantCategoryCode: Int? = nil, accountID: String? = nil, type: TransactionType? = nil,
        direction: CreditDebitIndicator? = nil, amountMin: Int64? = nil, amountMax: Int64? = nil, category: String? = nil,
        flow: Flow? = nil, rename: String? = nil, tag: String? = nil, person: String? = nil
    ) {
        self.id = id
        self.merchant = merchant
        self.description = description
        self.descriptionRegex = descriptionRegex
        self.merchantCategoryCode = merchantCategoryCode
        self.accountID = accountID
        self.type = type
        self.direction = direction
        self.amountMin = amountMin
        self.amountMax = amountMax
        self.category = category
        self.flow = flow
        self.rename = rename
        self.tag = tag
        self.person = person
    }

    /// Whether the rule decides a category or flow: a rule that only renames, tags or names a
    /// person leaves them to the next matching rule.
    public var classifies: Bool { category != nil || flow != nil }

    /// Whether the rule matches something (a rule of no matcher would match every transaction).
    public var hasMatcher: Bool {
        merchant != nil || description != nil || descriptionRegex != nil || merchantCategoryCode != nil || accountID != nil
            || type != nil || direction != nil || amountMin != nil || amountMax != nil
    }
}
