/// A statement's category labels (Apple Card's Category column) in purse's category names.
/// Statements carry no merchant category code; this table is what stands in for one, and rules
/// and overrides still come first. Labels are compared without case, spaces, `-`, `&` and `/`;
/// a label not in the table gives no category (the money rules then decide, as for a row
/// without an MCC).
public enum StatementCategory {
    /// Label (normalised) -> purse category, in the README's table order.
    static let table: [(labels: [String], category: String)] = [
        (["restaurants", "restaurant", "dining", "food"], "Dining"),
        (["grocery", "groceries", "supermarkets"], "Groceries"),
        (["gas", "fuel", "automotive"], "Fuel & Car"),
        (["transportation", "transit"], "Transit"),
        (["airlines", "airline"], "Air Travel"),
        (["hotels", "hotel", "lodging"], "Lodging"),
        (["carrental"], "Car Rental"),
        (["travel"], "Travel"),
        (["shopping", "clothing", "electronics", "gifts", "alcohol", "pets", "installment"], "Shopping"),
        (["household", "home"], "Home & Garden"),
        (["entertainment"], "Entertainment"),
        (["health", "medical"], "Health"),
        (["personalcare"], "Personal Care"),
        (["utilities"], "Utilities & Telecom"),
        (["subscriptions", "softwaresubscriptions"], "Digital & Subscriptions"),
        (["education"], "Education"),
        (["charity", "donations", "political"], "Donations"),
        (["insurance"], "Insurance"),
        (["government", "govt", "taxes"], "Government & Taxes"),
        (["services"], "Services"),
        (["fees", "fee"], "Fees"),
        (["interest"], "Interest"),
        (["cash", "atm"], "Cash"),
    ]

    /// Apple's labels that name a flow, not a category (`Payment`, `Credit`, `Other`): no category.
    static let flowLabels: Set<String> = ["payment", "credit", "debit", "other"]

    public static func purseCategory(for label: String) -> String? {
        let key = label.lowercased().filter { !" -&/_".contains($0) }
        guard !key.isEmpty, !flowLabels.contains(key) else { return nil }
        if let exact = table.first(where: { $0.labels.contains(key) }) { return exact.category }
        // Apple's government labels carry the service after a dash (`Govt-services-parking`).
        if key.hasPrefix("govt") || key.hasPrefix("government") { return "Government & Taxes" }
        return nil
    }

    /// Whether `label` is one the table knows (a flow label counts as known).
    public static func isKnown(_ label: String) -> Bool {
        let key = label.lowercased().filter { !" -&/_".contains($0) }
        return flowLabels.contains(key) || purseCategory(for: label) != nil
    }
}
