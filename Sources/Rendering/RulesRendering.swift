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
        let flow: String?

        public init(
            id: Int64, merchant: String?, description: String?, merchantCategoryCode: Int?, category: String?,
            flow: String?
        ) {
            self.id = id
            self.merchant = merchant
            self.description = description
            self.merchantCategoryCode = merchantCategoryCode
            self.category = category
            self.flow = flow
        }
    }

    static let csvHeader = ["id", "merchant", "description", "mcc", "category", "flow"]

    /// `merchant contains "costco" and MCC 5300`.
    static func matcherText(_ rule: Rule) -> String {
        var parts: [String] = []
        if let merchant = rule.merchant { parts.append("merchant contains \(quoted(merchant))") }
        if let description = rule.description { parts.append("description contains \(quoted(description))") }
        if let code = rule.merchantCategoryCode { parts.append("MCC \(Classifier.codeText(code))") }
        return parts.joined(separator: " and ")
    }

    /// `category "Groceries", flow expense`.
    static func setsText(_ rule: Rule) -> String {
        var parts: [String] = []
        if let category = rule.category { parts.append("category \(quoted(category))") }
        if let flow = rule.flow { parts.append("flow \(flow)") }
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
                rule.category.map { .text($0) } ?? .empty, rule.flow.map { .text($0) } ?? .empty,
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
            ("flow", .optional(rule.flow)),
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
        return table.rendered() + "Rules apply in this order: the first that matches a transaction wins, over the built-in table.\n"
    }

    /// Text in double quotes, with `"` and `\` escaped so the matcher reads unambiguously.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
