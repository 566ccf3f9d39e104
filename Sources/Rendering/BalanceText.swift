import Ledger

/// Small text forms shared by the balance reports.
enum BalanceText {
    /// `+$40.00`, `-$12.50`, `$0.00`: a change with its sign always shown when not zero.
    static func change(_ money: Money) -> String {
        change(money.units, currency: money.currency)
    }

    static func change(_ units: Int64, currency: String) -> String {
        (units > 0 ? "+" : "") + MoneyFormat.text(units, currency: currency)
    }

    /// An account name as a column title: control characters become spaces (the name comes
    /// from outside), cut to `width` columns.
    static func title(_ name: String, width: Int) -> String {
        let flat = TextTable.spaced(name)
        guard ASCIIText.isRequired else { return DisplayWidth.truncated(flat, to: width) }
        return DisplayWidth.truncated(ASCIIText.transliterated(flat), to: width, ascii: true)
    }
}

extension BalanceText {
    /// `table` with a last "Trend" column of sparklines, one per row, added after the layout:
    /// TextTable folds runs of spaces inside cells, which would squeeze the blanks a sparkline
    /// leaves for the dates without a balance and shift the rest of it.
    static func withSparklines(_ table: TextTable, _ sparklines: [String]) -> String {
        let lines = table.rendered().split(separator: "\n").map(String.init)
        let width = lines.map(DisplayWidth.of).max() ?? 0
        let trendWidth = max(DisplayWidth.of("Trend"), sparklines.map(DisplayWidth.of).max() ?? 0)
        let extra = ["Trend", String(repeating: "-", count: trendWidth)] + sparklines
        var output = ""
        for (line, cell) in zip(lines, extra) {
            var text = line + String(repeating: " ", count: width - DisplayWidth.of(line)) + "  " + cell
            while text.hasSuffix(" ") { text.removeLast() }
            output += text + "\n"
        }
        return output
    }
}
