import Analytics
import Ledger

/// `goal list` as text, CSV and JSON (`purse.goals.v1`), `goal check`'s lines, and the goal
/// lines the summary shows.
public enum GoalRendering {
    static let header = [
        "goal", "account", "target", "currency", "by", "saved", "remaining", "months_left", "per_month", "on_track",
    ]

    public static func csv(_ report: GoalReport, write: @escaping (String) -> Void) {
        let csv = CSVWriter(header: header, write: write)
        for goal in report.goals {
            let c = goal.currency
            csv.row([
                .text(goal.name), .text(goal.accountName), amount(goal.target, c), .text(c), .number(goal.by.description),
                amount(goal.saved, c), amount(goal.remaining, c), .number(String(goal.monthsLeft)), amount(goal.perMonth, c),
                goal.onTrack.map { .text($0 ? "yes" : "no") } ?? .empty,
            ])
        }
    }

    public static func json(_ report: GoalReport) -> JSONOutput {
        .object([
            ("schema", .string("purse.goals.v1")),
            ("as_of", .string(report.today.description)),
            ("progress_from", .string(report.progressFrom.description)),
            ("progress_to", .string(report.progressTo.description)),
            ("goals", .array(report.goals.map(jsonObject))),
        ])
    }

    /// One goal as `goal list` and the summary's `goals` give it.
    static func jsonObject(_ goal: GoalReport.Goal) -> JSONOutput {
        let c = goal.currency
        return .object([
            ("goal", .string(goal.name)), ("account_id", .string(goal.accountID)), ("account", .string(goal.accountName)),
            ("paying_down", .bool(goal.isPayingDown)), ("target", money(goal.target, c)), ("currency", .string(c)),
            ("by", .string(goal.by.description)), ("saved", money(goal.saved, c)), ("remaining", money(goal.remaining, c)),
            ("months_left", .integer(Int64(goal.monthsLeft))), ("per_month", money(goal.perMonth, c)),
            ("progress", money(goal.progress, c)), ("on_track", goal.onTrack.map(JSONOutput.bool) ?? .null),
        ])
    }

    public static func text(_ report: GoalReport) -> String {
        guard !report.goals.isEmpty else {
            return "No goals yet. Set one with: purse goal set NAME TARGET --by YYYY-MM --account A\n"
        }
        return "Goals as of \(SummaryTextRendering.day(report.today)); on track when \(progressSpan(report)) moved the balance "
            + "by at least 3 x Per month.\n" + table(report, compact: false)
    }

    /// The goals as a table, each unknown "on track" explained under its row; `compact` leaves
    /// out the account, what remains and the progress, so the summary fits 80 columns.
    static func table(_ report: GoalReport, compact: Bool) -> String {
        var columns: [TextTable.Column] = [.init("Goal", maximumWidth: compact ? 20 : 24)]
        if !compact { columns.append(.init("Account", maximumWidth: 20)) }
        columns += [.init("Target", .right), .init("By"), .init("Saved", .right)]
        if !compact { columns += [.init("Remaining", .right), .init("Months", .right)] }
        columns.append(.init("Per month", .right))
        if !compact { columns.append(.init("Last 3 months", .right)) }
        columns.append(.init("On track"))
        var table = TextTable(columns: columns)
        for goal in report.goals {
            let c = goal.currency
            var cells: [String] = [goal.name]
            if !compact { cells.append(goal.accountLabel) }
            let saved: String = goal.saved.map { text($0, c) + (goal.isPayingDown ? " owed" : "") } ?? ""
            cells += [text(goal.target, c), goal.by.description, saved]
            if !compact { cells += [goal.remaining.map { text($0, c) } ?? "", String(goal.monthsLeft)] }
            cells.append(goal.perMonth.map { text($0, c) } ?? "")
            if !compact { cells.append(goal.progress.map { SummaryTextRendering.signed($0, c) } ?? "") }
            cells.append(goal.onTrack.map { $0 ? "yes" : "NO" } ?? "?")
            table.append(cells)
            if goal.onTrack == nil { table.appendNote("on track unknown: " + unknownReason(goal)) }
        }
        return table.rendered()
    }

    /// Why "on track" cannot be told.
    static func unknownReason(_ goal: GoalReport.Goal) -> String {
        guard let day = goal.missingBalanceOn else { return "\(goal.accountLabel) has no balance yet" }
        return "\(goal.accountLabel) has no balance at the end of \(SummaryTextRendering.day(day))"
    }

    /// "July 2026 to September 2026": the three whole months progress is taken over.
    static func progressSpan(_ report: GoalReport) -> String {
        MonthName.span([YearMonth(report.progressFrom).adding(months: 1), YearMonth(report.progressTo)])
    }

    /// One line per goal off track: `off track: Emergency fund (Savings): $5,500.00 left to save
    /// by June 2027, $611.12 a month for 9 months; saved $1,350.00 over July 2026 to September 2026`.
    public static func checkLines(_ report: GoalReport) -> [String] {
        report.offTrack.map { goal in
            let c = goal.currency
            let verb = goal.isPayingDown ? "pay down" : "save"
            let by = MonthName.text(goal.by)
            let pace =
                goal.monthsLeft == 0
                ? "by \(by), which has passed"
                : "by \(by), \(text(goal.perMonth ?? 0, c)) a month for \(goal.monthsLeft) month\(goal.monthsLeft == 1 ? "" : "s")"
            let progress = goal.progress ?? 0
            let moved =
                progress < 0
                ? (goal.isPayingDown ? "its debt grew \(text(-progress, c)) over" : "its balance fell \(text(-progress, c)) over")
                : (goal.isPayingDown ? "paid down \(text(progress, c)) over" : "saved \(text(progress, c)) over")
            return "off track: \(goal.name) (\(goal.accountLabel)): \(text(goal.remaining ?? 0, c)) left to \(verb) \(pace); "
                + "\(moved) \(progressSpan(report))"
        }
    }

    static func text(_ units: Int64, _ currency: String) -> String { MoneyFormat.text(units, currency: currency) }

    static func amount(_ units: Int64?, _ currency: String) -> CSVWriter.Cell {
        units.map { .number(MoneyFormat.machine($0, currency: currency)) } ?? .empty
    }

    static func money(_ units: Int64?, _ currency: String) -> JSONOutput {
        units.map { .string(MoneyFormat.machine($0, currency: currency)) } ?? .null
    }
}
