import Analytics
import Ledger

/// `rules list` as CSV, JSON and text, and the one-line description of a rule that `rules add`
/// and `categories` print.
public enum RulesRendering {
    /// A user rule as the renderers need it (the stored rule lives in LedgerStore).
    public struct Rule: Sendable, Equatable {
        let id: Int64
        let merchant: String?
        let description: String?
        let merchantCategoryCode: Int?
        let category: String?
        let flow: Flow?
        var descriptionRegex: String?
        /// The account's ID and its name as shown.
        var account: (id: String, name: String)?
        var type: String?
        var direction: String?
        /// Inclusive bounds on the unsigned amount, in 1/10,000 units of any currency.
        var amountMin: Int64?
        var amountMax: Int64?
        /// The merchant name the rule shows.
        var rename: String?
        /// The tag the rule adds.
        var tag: String?
        /// The person the rule puts the spending down to.
        var person: String?

        public init(
            id: Int64, merchant: String?, description: String?, merchantCategoryCode: Int?, category: String?,
            flow: Flow?, descriptionRegex: String? = nil, account: (id: String, name: String)? = nil, type: String? = nil,
            direction: String? = nil, amountMin: Int64? = nil, amountMax: Int64? = nil, rename: String? = nil,
            tag: String? = nil, person: String? = nil
        ) {
            self.id = id
            self.merchant = merchant
            self.description = description
            self.merchantCategoryCode = merchantCategoryCode
            self.category = category
            self.flow = flow
            self.descriptionRegex = descriptionRegex
            self.account = account
            self.type = type
            self.direction = direction
            self.amountMin = amountMin
            self.amountMax = amountMax
            self.rename = rename
            self.tag = tag
            self.person = person
        }

        public static func == (left: Rule, right: Rule) -> Bool {
            left.id == right.id && left.merchant == right.merchant && left.description == right.description
                && left.merchantCategoryCode == right.merchantCategoryCode && left.category == right.category
                && left.flow == right.flow && left.descriptionRegex == right.descriptionRegex && left.account?.id == right.account?.id
                && left.type == right.type && left.direction == right.direction && left.amountMin == right.amountMin
                && left.amountMax == right.amountMax && left.rename == right.rename
                && left.tag == right.tag && left.person == right.person
        }
    }

    static let csvHeader = [
        "id", "merchant", "description", "mcc", "category", "flow", "description_regex", "account_id", "type", "direction",
        "amount_min", "amount_max", "rename", "tag", "person",
    ]

    /// An amount bound: plain, with at least two fraction digits (it applies in every currency).
    static func amountText(_ units: Int64) -> String { MoneyFormat.machine(units, currency: "") }

    /// `merchant contains "costco" and MCC 5300`.
    static func matcherText(_ rule: Rule) -> String {
        var parts: [String] = []
        if let merchant = rule.merchant { parts.append("merchant contains \(quoted(merchant))") }
        if let description = rule.description { parts.append("description contains \(quoted(description))") }
        if let regex = rule.descriptionRegex { parts.append("description matches /\(regex)/") }
        if let code = rule.merchantCategoryCode { parts.append("MCC \(Classifier.codeText(code))") }
        if let account = rule.account { parts.append("account \(quoted(account.name))") }
        if let type = rule.type { parts.append("type \(type)") }
        if let direction = rule.direction { parts.append(direction) }
        switch (rule.amountMin, rule.amountMax) {
        case (let minimum?, let maximum?): parts.append("amount \(amountText(minimum))-\(amountText(maximum))")
        case (let minimum?, nil): parts.append("amount >= \(amountText(minimum))")
        case (nil, let maximum?): parts.append("amount <= \(amountText(maximum))")
        case (nil, nil): break
        }
        return parts.joined(separator: " and ")
    }

    /// `category "Groceries", flow expense`.
    static func setsText(_ rule: Rule) -> String {
        var parts: [String] = []
        if let category = rule.category { parts.append("category \(quoted(category))") }
        if let flow = rule.flow { parts.append("flow \(flow.rawValue)") }
        if let name = rule.rename { parts.append("merchant shown as \(quoted(name))") }
        if let tag = rule.tag { parts.append("tag \(quoted(tag))") }
        if let person = rule.person { parts.append("person \(quoted(person))") }
        return parts.joined(separator: ", ")
    }

    /// `merchant contains "costco" -> category "Groceries"`.
    public static func summary(_ rule: Rule) -> String {
        matcherText(rule) + " -> " + setsText(rule)
    }

    public static func csv(_ rules: [Rule], write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for rule in rules {
            csv.row([
                .number(String(rule.id)), rule.merchant.map { .text($0) } ?? .empty,
                rule.description.map { .text($0) } ?? .empty,
                rule.merchantCategoryCode.map { .number(String($0)) } ?? .empty,
                rule.category.map { .text($0) } ?? .empty, rule.flow.map { .text($0.rawValue) } ?? .empty,
                rule.descriptionRegex.map { .text($0) } ?? .empty, rule.account.map { .text($0.id) } ?? .empty,
                rule.type.map { .text($0) } ?? .empty, rule.direction.map { .text($0) } ?? .empty,
                rule.amountMin.map { .number(amountText($0)) } ?? .empty, rule.amountMax.map { .number(amountText($0)) } ?? .empty,
                rule.rename.map { .text($0) } ?? .empty, rule.tag.map { .text($0) } ?? .empty,
                rule.person.map { .text($0) } ?? .empty,
            ])
        }
    }

    static func jsonObject(_ rule: Rule) -> JSONOutput {
        .object([
            ("id", .integer(rule.id)),
            ("merchant", .optional(rule.merchant)),
            ("description", .optional(rule.description)),
            ("mcc", rule.merchantCategoryCode.map { .integer(Int64($0)) } ?? .null),
            ("category", .optional(rule.category)),
            ("flow", .optional(rule.flow?.rawValue)),
            ("description_regex", .optional(rule.descriptionRegex)),
            ("account_id", .optional(rule.account?.id)),
            ("type", .optional(rule.type)),
            ("direction", .optional(rule.direction)),
            ("amount_min", .optional(rule.amountMin.map(amountText))),
            ("amount_max", .optional(rule.amountMax.map(amountText))),
            ("rename", .optional(rule.rename)),
            ("tag", .optional(rule.tag)),
            ("person", .optional(rule.person)),
        ])
    }

    public static func json(_ rules: [Rule]) -> JSONOutput {
        .object([
            ("schema", .string("purse.rules.v1")),
            ("rules", .array(rules.map(jsonObject))),
        ])
    }

    public static func text(_ rules: [Rule]) -> String {
        guard !rules.isEmpty else {
            return "No rules yet. Add one with 'purse rules add --merchant TEXT --category NAME'.\n"
        }
        var table = TextTable(columns: [.init("Rule", .right), .init("Matches"), .init("Sets")])
        for rule in rules {
            table.append(["#\(rule.id)", matcherText(rule), setsText(rule)])
        }
        return table.rendered() + "Rules apply in this order: the first that matches a transaction wins, over the built-in table"
            + (rules.contains { $0.category == nil && $0.flow == nil }
                ? "; a rule that sets no category or flow leaves them to the next" : "")
            + (rules.contains { $0.tag != nil } ? "; every matching rule adds its tag.\n" : ".\n")
    }

    /// Text in double quotes, with `"` and `\` escaped so the matcher reads unambiguously.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
