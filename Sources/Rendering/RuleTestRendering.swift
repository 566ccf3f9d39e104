import Analytics
import Ledger

/// `rules test` as CSV, JSON and text: what each rule changes in the scope.
public enum RuleTestRendering {
    static let csvHeader = ["rule", "from_flow", "from_category", "to_flow", "to_category", "currency", "count", "amount"]

    public static func csv(_ report: RuleTestReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: csvHeader, write: write)
        for change in report.changes {
            csv.row([
                .number(String(change.ruleID)), .text(change.fromFlow.rawValue), .text(change.fromCategory),
                .text(change.toFlow.rawValue), .text(change.toCategory), .text(change.currency), .number(String(change.count)),
                .number(MoneyFormat.machine(change.amount, currency: change.currency)),
            ])
        }
    }

    public static func json(_ report: RuleTestReport) -> JSONOutput {
        .object(
            [
                ("schema", .string("purse.rules-test.v1")),
                ("months", .array(report.months.map { .string($0.description) })),
            ] + TimeZoneText.json(report.timeZones) + [
                (
                    "rules",
                    .array(
                        report.rules.map { rule in
                            .object([
                                ("id", .integer(rule.ruleID)),
                                ("matches", .integer(Int64(rule.matches))),
                                (
                                    "changes",
                                    .array(
                                        report.changes.filter { $0.ruleID == rule.ruleID }.map { change in
                                            .object([
                                                ("from_flow", .string(change.fromFlow.rawValue)),
                                                ("from_category", .string(change.fromCategory)),
                                                ("to_flow", .string(change.toFlow.rawValue)),
                                                ("to_category", .string(change.toCategory)),
                                                ("currency", .string(change.currency)),
                                                ("count", .integer(Int64(change.count))),
                                                ("amount", .string(MoneyFormat.machine(change.amount, currency: change.currency))),
                                            ])
                                        })
                                ),
                                (
                                    "renames",
                                    .array(
                                        report.renames.filter { $0.ruleID == rule.ruleID }.map { rename in
                                            .object([
                                                ("merchant", .string(rename.from)),
                                                ("shown", .string(rename.to)),
                                                ("currency", .string(rename.currency)),
                                                ("count", .integer(Int64(rename.count))),
                                                ("amount", .string(MoneyFormat.machine(rename.amount, currency: rename.currency))),
                                            ])
                                        })
                                ),
                                (
                                    "labels",
                                    .array(
                                        report.labels.filter { $0.ruleID == rule.ruleID }.map { label in
                                            .object([
                                                ("kind", .string(label.kind.rawValue)),
                                                ("name", .string(label.name)),
                                                ("currency", .string(label.currency)),
                                                ("count", .integer(Int64(label.count))),
                                                ("amount", .string(MoneyFormat.machine(label.amount, currency: label.currency))),
                                            ])
                                        })
                                ),
                            ])
                        })
                )
            ])
    }

    public static func text(_ report: RuleTestReport, style: TextStyle) -> String {
        var output =
            "What each rule changes, \(MonthName.span(report.months)) (\(TimeZoneText.times(report.timeZones))); nothing is written.\n"
        guard !report.rules.isEmpty else { return output + "\nNo rules yet.\n" }
        for rule in report.rules {
            let changes = report.changes.filter { $0.ruleID == rule.ruleID }
            let renames = report.renames.filter { $0.ruleID == rule.ruleID }
            let labels = report.labels.filter { $0.ruleID == rule.ruleID }
            output += "\nRule #\(rule.ruleID): matches \(rule.matches) transaction\(rule.matches == 1 ? "" : "s")"
            guard !changes.isEmpty || !renames.isEmpty || !labels.isEmpty else {
                output += rule.matches == 0 ? ", changes nothing\n" : ", all already so\n"
                continue
            }
            output += "\n"
            if !renames.isEmpty {
                var table = TextTable(columns: [.init("Merchant"), .init("Shown as"), .init("Count", .right), .init("Amount", .right)])
                for rename in renames {
                    table.append([rename.from, rename.to, String(rename.count), MoneyFormat.text(rename.amount, currency: rename.currency)])
                }
                output += table.rendered()
            }
            if !labels.isEmpty {
                var table = TextTable(columns: [.init("Sets"), .init("Count", .right), .init("Amount", .right)])
                for label in labels {
                    table.append([
                        "\(label.kind.rawValue) \(label.name)", String(label.count),
                        MoneyFormat.text(label.amount, currency: label.currency),
                    ])
                }
                output += table.rendered()
            }
            guard !changes.isEmpty else { continue }
            var table = TextTable(columns: [.init("From"), .init("To"), .init("Count", .right), .init("Amount", .right)])
            for change in changes {
                table.append([
                    "\(change.fromCategory) (\(change.fromFlow.rawValue))", "\(change.toCategory) (\(change.toFlow.rawValue))",
                    String(change.count), MoneyFormat.text(change.amount, currency: change.currency),
                ])
            }
            output += table.rendered()
        }
        return output
    }
}
