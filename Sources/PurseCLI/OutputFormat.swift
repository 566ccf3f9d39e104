/// The forms a report can take (`report summary` has two more: `ReportSummaryCommand.Format`).
enum OutputFormat: String, CaseIterable {
    case text
    case csv
    case json
}
