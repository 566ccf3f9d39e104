import Foundation
import Ledger

/// An ECB-format rate file (`Date,USD,JPY,GBP,CAD,`, rates per 1 EUR, newest first, a trailing
/// comma on each line, as the ECB writes it) with a row for every weekday from `first` to
/// `last`: what `purse prices import` reads before the `--convert-to` report is timed. The rates
/// wander a little from day to day, so no two days share a quote.
enum ReferenceRateFile {
    static func write(to path: String, first: String, last: String) throws {
        guard let first = CivilDate(iso: first), let last = CivilDate(iso: last) else {
            throw BenchmarkError("the generated export's span \(first) to \(last) is not two dates")
        }
        var lines = ["Date,USD,JPY,GBP,CAD,"]
        var day = last
        while day >= first {
            // Saturday and Sunday have no reference rates, as at the ECB.
            if day.isoWeekday <= 5 {
                let wobble = day.daysSinceEpoch % 97
                lines.append(
                    "\(day),\(rate(10_850 + wobble, 4)),\(rate(16_100 + wobble, 2)),\(rate(8_540 + wobble / 2, 4)),"
                        + "\(rate(14_700 + wobble, 4)),")
            }
            day = day.adding(days: -1)
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
    }

    /// `10850` with 4 fraction digits: `1.0850`.
    static func rate(_ value: Int, _ fractionDigits: Int) -> String {
        var text = String(value)
        while text.count <= fractionDigits { text = "0" + text }
        return String(text.dropLast(fractionDigits)) + "." + String(text.suffix(fractionDigits))
    }
}
