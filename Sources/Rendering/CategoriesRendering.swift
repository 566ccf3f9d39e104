import Analytics
import Ledger
import LedgerStore

/// `purse categories` as CSV, JSON and text: the built-in categories with their merchant
/// category codes, the categories of transactions without a code, the two categories of flows
/// that are not spending, and the categories rules introduce; each with the rules that feed it.
public enum CategoriesRendering {
    /// Where a category comes from.
    public enum Kind: String, Sendable {
        /// From the built-in MCC table (or the type, without a code).
        case builtIn = "built-in"
        /// The category of a flow that is not spending: Income, Transfers.
        case flow
        /// Named only by rules.
        case rule
    }

    /// One category of the listing, with what feeds it.
    public struct Entry: Sendable {
        let name: String
        let kind: Kind
        /// The codes that map to the category, as ranges.
        let codes: [ClosedRange<Int>]
        /// Which transactions without a code land here.
        let withoutCode: String?
        /// What the category holds, when the codes do not say it.
        let note: String?
        /// The rules that set this category (and, for Income and Transfers, the flow-only
        /// rules that make a transaction income or a transfer), in the order they apply.
        let rules: [RulesRendering.Rule]
        /// The group the category is in (`purse categories group`), if any.
        var group: String? = nil
    }

    static let csvHeader = ["category", "mccs", "rules"]

    static let withoutCode: [String: String] = [
        SpendingCategory.fees: "expenses and refunds of type fee",
        SpendingCategory.interest: "debits of type interest",
        SpendingCategory.cash: "expenses and refunds of type atm",
        SpendingCategory.uncategorized: "any other expense or refund",
    ]

    /// Every category in display order: built-in, not spending, then from rules by name; each
    /// with its group.
    public static func entries(rules: [RulesRendering.Rule], groups: CategoryGroups = CategoryGroups()) -> [Entry] {
        entries(rules: rules).map { entry in
            var entry = entry
            entry.group = groups.group(of: entry.name)
            return entry
        }
    }

    static func entries(rules: [RulesRendering.Rule]) -> [Entry] {
        var entries: [Entry] = []
        for name in SpendingCategory.all {
            entries.append(
                Entry(
                    name: name, kind: .builtIn, codes: SpendingCategory.codeRanges(of: name),
                    withoutCode: withoutCode[name], note: nil, rules: rules.filter { $0.category == name }))
        }
        entries.append(
            Entry(
                name: SpendingCategory.income, kind: .flow, codes: [], withoutCode: nil,
                note: "credits that are not refunds, card payments or transfers",
                rules: rules.filter { $0.category == SpendingCategory.income || ($0.category == nil && $0.flow == .income) }))
        entries.append(
            Entry(
                name: SpendingCategory.transfers, kind: .flow, codes: [], withoutCode: nil,
                note: "money moved between your own accounts, and card payments",
                rules: rules.filter { $0.category == SpendingCategory.transfers || ($0.category == nil && $0.flow == .transfer) }))
        let known = Set(entries.map(\.name))
        let introduced = Set(rules.compactMap(\.category)).subtracting(known).sorted()
        for name in introduced {
            entries.append(
                Entry(
                    name: name, kind: .rule, codes: [], withoutCode: nil, note: "introduced by rules",
                    rules: rules.filter { $0.category == name }))
        }
        return entries
    }

    /// Rules that set only the flow expense: their category still comes from the code or type.
    public static func flowOnlyRules(_ rules: [RulesRendering.Rule]) -> [RulesRendering.Rule] {
        rules.filter { $0.category == nil && $0.flow == .expense }
    }

    /// `5411`, `6010-6011`.
    static func rangeText(_ range: ClosedRange<Int>) -> String {
        range.lowerBound == range.upperBound
            ? Classifier.codeText(range.lowerBound)
            : Classifier.codeText(range.lowerBound) + "-" + Classifier.codeText(range.upperBound)
    }

    /// `mccs` is the codes and ranges (`5411`, `5811-5814`) separated by spaces, `rules` the rule
    /// numbers separated by spaces, then `group`, the category's group (empty when none), only
    /// when a category is in one, so other listings stay as they were.
    public static func csv(_ entries: [Entry], write: @escaping (String) -> Void) {
        let grouped = entries.contains { $0.group != nil }
        let csv = CSVWriter(header: csvHeader + (grouped ? ["group"] : []), write: write)
        for entry in entries {
            csv.row(
                [
                    .text(entry.name),
                    entry.codes.isEmpty ? .empty : .number(entry.codes.map(rangeText).joined(separator: " ")),
                    entry.rules.isEmpty ? .empty : .number(entry.rules.map { String($0.id) }.joined(separator: " ")),
                ] + (grouped ? [entry.group.map(CSVWriter.Cell.text) ?? .empty] : []))
        }
    }

    /// `group` on every category only when a category is in one.
    public static func json(_ entries: [Entry], flowOnlyRules: [RulesRendering.Rule]) -> JSONOutput {
        let grouped = entries.contains { $0.group != nil }
        return .object([
            ("schema", .string("purse.categories.v1")),
            (
                "categories",
                .array(
                    entries.map { entry in
                        .object(
                            [
                                ("category", .string(entry.name)),
                                ("kind", .string(entry.kind.rawValue)),
                                ("mccs", .array(entry.codes.map { .string(rangeText($0)) })),
                                ("without_mcc", .optional(entry.withoutCode)),
                                ("note", .optional(entry.note)),
                                ("rules", .array(entry.rules.map(RulesRendering.jsonObject))),
                            ] + (grouped ? [("group", .optional(entry.group))] : []))
                    })
            ),
            ("flow_only_rules", .array(flowOnlyRules.map(RulesRendering.jsonObject))),
        ])
    }

    public static func text(_ entries: [Entry], flowOnlyRules: [RulesRendering.Rule], width: Int = 100) -> String {
        var output = "Categories. A transaction's merchant category code (MCC) picks its category; rules come first.\n"
        var heading: Kind?
        for entry in entries {
            if entry.kind != heading {
                heading = entry.kind
                switch entry.kind {
                case .builtIn: output += "\nBuilt-in\n"
                case .flow: output += "\nNot spending\n"
                case .rule: output += "\nFrom rules\n"
                }
            }
            output += "  " + flat(entry.name) + "\n"
            if !entry.codes.isEmpty {
                output += wrapped(entry.codes.map(rangeText), first: "    MCC ", rest: "        ", width: width)
            }
            if let withoutCode = entry.withoutCode { output += "    Without an MCC: \(withoutCode)\n" }
            if let note = entry.note { output += "    \(note.prefix(1).uppercased() + note.dropFirst())\n" }
            if let group = entry.group { output += "    Group: \(flat(group))\n" }
            for rule in entry.rules { output += "    Rule #\(rule.id): \(flat(RulesRendering.summary(rule)))\n" }
        }
        if !flowOnlyRules.isEmpty {
            output += "\nRules that set only the flow (the category still comes from the MCC or type)\n"
            for rule in flowOnlyRules { output += "    Rule #\(rule.id): \(flat(RulesRendering.summary(rule)))\n" }
        }
        return output
    }

    /// Items joined by ", " in lines of at most `width` columns.
    static func wrapped(_ items: [String], first: String, rest: String, width: Int) -> String {
        var output = ""
        var line = first
        var empty = true
        for (index, item) in items.enumerated() {
            let piece = item + (index < items.count - 1 ? "," : "")
            if !empty, line.count + 1 + piece.count > width {
                output += line + "\n"
                line = rest
                empty = true
            }
            line += (empty ? "" : " ") + piece
            empty = false
        }
        return output + line + "\n"
    }

    /// Line breaks and control characters from rule text become spaces.
    static func flat(_ text: String) -> String {
        TextTable.spaced(text)
    }
}
