import Analytics
import Rendering

/// `purse report fx`: every transaction charged in another currency, the card's rate against the
/// imported reference rate of its day, and what the difference cost. Purchases without a
/// reference rate are listed without a markup and named on stderr, one line per currency; the
/// exit status stays 0, as the report is true for what it shows.
enum ReportFXCommand: PurseCommand {
    static let spec = CommandSpec(
        ["report", "fx"], summary: "What the card's exchange cost: each foreign-currency purchase against the reference rate of its day.",
        discussion: """
            The reference rates are the imported ones ('purse prices import'); a purchase without one within 7 days \
            before its day is listed without a markup and named on stderr. CSV columns: date, account_id, account, \
            merchant, foreign_amount, foreign_currency, amount, currency, card_rate, reference_rate, markup_percent, \
            markup (rows only; the totals per account and foreign currency are in the text and the JSON).
            """,
        options: ScopeOptions.options + OutputOptions.report)

    static func run(_ context: CommandContext) throws {
        let report = try ReportRunner.run(
            context, onPeriod: FXAnalysis.report, writingText: FXRendering.writeText, csv: FXRendering.csv, json: FXRendering.json)
        for warning in FXRendering.warnings(report) { context.warn(warning) }
    }
}
