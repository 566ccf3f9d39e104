/// A user's override: transactions that match (every given matcher) get the rule's category
/// and/or flow. Stored in the database; a rule always beats the built-in table.
public struct UserRule: Equatable, Sendable {
    public var id: Int64
    /// Case-insensitive substring of the merchant name.
    public var merchant: String?
    /// Case-insensitive substring of the description or the original description.
    public var description: String?
    public var merchantCategoryCode: Int?
    public var category: String?
    /// expense, income or transfer.
    public var flow: String?

    public init(
        id: Int64 = 0, merchant: String? = nil, description: String? = nil, merchantCategoryCode: Int? = nil,
        category: String? = nil, flow: String? = nil
    ) {
        self.id = id
        self.merchant = merchant
        self.description = description
        self.merchantCategoryCode = merchantCategoryCode
        self.category = category
        self.flow = flow
    }
}
