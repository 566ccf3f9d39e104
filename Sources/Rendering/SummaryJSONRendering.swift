import Analytics
import Ledger

/// `report summary` as JSON (`purse.summary.v1`): the same facts as the text, amounts as strings.
public enum SummaryJSONRendering {
    public static func json(_ report: SummaryReport) -> JSONOutput {
        .object(
            [
                ("schema", .string("purse.summary.v1")),
                ("month", .string(report.month.description)),
                ("previous_month", .string(report.previousMonth.description)),
                ("average_months", .array(report.averageMonths.map { .string($0.description) })),
                ("generated_at", .string(report.generatedAt.text)),
            ] + TimeZoneText.json(report.timeZones) + [
                ("month_complete", .bool(report.isMonthComplete)),
                ("newest_transaction", .optional(report.newestTransaction?.description)),
                ("no_data_yet", .bool(report.isAfterData)),
                ("headline", .string(SummaryTextRendering.headline(report))),
            ] + ConversionText.json(report.convertedTo, report.unconverted) + [
                ("currencies", .array(report.currencies.map(currency)))
            ] + (report.groups.isEmpty ? [] : [("groups", JSONOutput.array(report.groups.map(group)))]) + [
                (
                    "budgets",
                    .array(
                        report.budgets.map { row in
                            let c = row.currency
                            return .object(
                                [
                                    ("category", .string(row.category)), ("currency", .string(c)),
                                    ("period", .string(BudgetRendering.periodLabel(row))),
                                    ("status", .optional(row.status?.rawValue)), ("budgeted", amount(row.budgeted, c)),
                                    ("carried", amount(row.carried, c)), ("available", amount(row.available, c)),
                                    ("net", amount(row.net, c)), ("remaining", amount(row.remaining, c)),
                                ] + (row.projectedThrough != nil ? [("projected", amount(row.projected, c))] : [])
                                    + (row.scope == .group ? [("scope", .string("group"))] : []))
                        })
                )
            ] + (report.goals.map { [("goals", JSONOutput.array($0.goals.map(GoalRendering.jsonObject)))] } ?? []) + [
                (
                    "balances",
                    .array(
                        report.balances.map { line in
                            .object([
                                ("account_id", .string(line.accountID)), ("account", .string(line.name)),
                                ("kind", .string(line.kind.rawValue)),
                                ("currency", .string(line.currency)), ("balance", amount(line.balance, line.currency)),
                                ("previous", amount(line.previous, line.currency)), ("change", amount(line.change, line.currency)),
                            ])
                        })
                ),
                ("net_worth", .array(report.netWorth.map(netWorth))),
                ("recurring", .array(report.recurring.map(RecurringRendering.jsonObject))),
                ("anomalies", .array(report.anomalies.map(AnomalyRendering.jsonObject))),
                (
                    "card_exchange",
                    .array(
                        report.cardExchange.map { cost in
                            .object([
                                ("currency", .string(cost.currency)), ("foreign_currency", .string(cost.foreignCurrency)),
                                ("markup", amount(Money.roundedToMinorUnit(cost.sums.markup, currency: cost.currency), cost.currency)),
                                ("foreign_amount", amount(cost.sums.foreignAmount, cost.foreignCurrency)),
                                ("purchases", .integer(Int64(cost.sums.count))),
                            ])
                        })
                ),
                ("restatements", .array(report.restatements.map(restatement))),
                ("reported_before", .bool(report.hasReportedBefore)),
                ("freshness", freshness(report.freshness)),
            ])
    }

    static func amount(_ units: Int64?, _ currency: String) -> JSONOutput {
        units.map { .string(MoneyFormat.machine($0, currency: currency)) } ?? .null
    }

    static func item(_ item: SummaryReport.Item, _ c: String) -> JSONOutput {
        .object([
            ("id", .string(item.id)), ("date", .string(item.date.description)), ("merchant", .string(item.merchant)),
            ("category", .optional(item.category)), ("account", .string(item.account)),
            ("amount", amount(item.indicator.signed(item.amount), c)),
            ("status", .string(item.status.rawValue)),
        ])
    }

    static func group(_ line: SummaryReport.GroupLine) -> JSONOutput {
        .object([
            ("group", .string(line.group)), ("currency", .string(line.currency)), ("net", amount(line.net, line.currency)),
            ("previous_net", amount(line.previousNet, line.currency)), ("change", amount(line.change, line.currency)),
        ])
    }

    static func currency(_ section: SummaryReport.CurrencySection) -> JSONOutput {
        let c = section.currency
        return .object([
            ("currency", .string(c)),
            ("spent", amount(section.spent, c)), ("refunded", amount(section.refunded, c)), ("net", amount(section.net, c)),
            ("count", .integer(Int64(section.count))),
            ("previous_net", amount(section.previousNet, c)), ("average_net", amount(section.averageNet, c)),
            ("income", amount(section.income, c)), ("savings", amount(section.savings, c)),
            ("savings_rate_pct", .optional(Percent.text(section.savings, of: section.income))),
            (
                "categories",
                .array(
                    section.categories.map { line in
                        .object([
                            ("category", .string(line.category)), ("spent", amount(line.spent, c)),
                            ("refunded", amount(line.refunded, c)), ("net", amount(line.net, c)),
                            ("count", .integer(Int64(line.count))), ("previous_net", amount(line.previousNet, c)),
                            ("change", amount(line.change, c)), ("average_net", amount(line.averageNet, c)),
                        ])
                    })
            ),
            (
                "top_merchants",
                .array(
                    section.merchants.map { line in
                        .object([
                            ("merchant", .string(line.merchant)), ("category", .string(line.category)),
                            ("net", amount(line.net, c)), ("count", .integer(Int64(line.count))),
                        ])
                    })
            ),
            ("largest_expenses", .array(section.largestExpenses.map { item($0, c) })),
            (
                "pending",
                .object([
                    ("count", .integer(Int64(section.pendingCount))), ("out", amount(section.pendingOut, c)),
                    ("in", amount(section.pendingIn, c)),
                    ("largest", .array(section.pendingItems.map { item($0, c) })),
                ])
            ),
        ])
    }

    static func netWorth(_ line: SummaryReport.NetWorthLine) -> JSONOutput {
        let c = line.currency
        return .object([
            ("currency", .string(c)), ("assets", amount(line.assets, c)), ("liabilities", amount(line.liabilities, c)),
            ("net_worth", amount(line.netWorth, c)), ("previous", amount(line.previous, c)),
            ("change", amount(line.change, c)),
            (
                "history",
                .array(
                    line.history.map {
                        .object([
                            ("date", .string($0.date.description)),
                            ("net_worth", amount($0.value, c)),
                        ])
                    })
            ),
        ])
    }

    static func restatement(_ restatement: SummaryReport.Restatement) -> JSONOutput {
        .object([
            ("month", .string(restatement.month.description)), ("reported_at", .string(restatement.reportedAt)),
            (
                "changes",
                .array(
                    restatement.changes.map { change in
                        .object([
                            ("currency", .string(change.currency)),
                            ("reported_net", amount(change.reportedNet, change.currency)),
                            ("net", amount(change.net, change.currency)),
                            ("reported_income", amount(change.reportedIncome, change.currency)),
                            ("income", amount(change.income, change.currency)),
                        ])
                    })
            ),
        ])
    }

    static func freshness(_ sources: [SummaryReport.SourceFreshness]) -> JSONOutput {
        .object([
            ("stale_after_days", .integer(Int64(SummaryReport.staleAfterDays))),
            (
                "sources",
                .array(
                    sources.map { source in
                        .object([
                            ("name", .string(source.name)), ("kind", .string(source.kind)),
                            ("last_synced_at", .optional(source.lastSyncedAt)),
                            ("days_since_sync", source.daysSinceSync.map { .integer(Int64($0)) } ?? .null),
                            ("data_as_of", .optional(source.dataAsOf)),
                            ("days_old", source.daysOld.map { .integer(Int64($0)) } ?? .null),
                            ("stale", .bool(source.isStale)),
                            (
                                "stale_streams",
                                .array(
                                    source.staleStreams.map { stream in
                                        .object([
                                            ("name", .string(stream.name)), ("changed_at", .string(stream.changedAt)),
                                            ("days", .integer(Int64(stream.days))),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
        ])
    }
}
