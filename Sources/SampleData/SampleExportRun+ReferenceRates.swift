extension SampleExportRun {
    /// The file beside the export's own, in the ECB's format, which `purse prices import` reads;
    /// a Wallet export reader ignores it like any other file that is no stream.
    static let referenceRatesFile = "ecb-rates.csv"

    /// The columns after `Date`, in the ECB's own order (USD, JPY, ..., GBP, ..., CAD), with the
    /// decimals the ECB quotes each to.
    private static let referenceColumns: [(currency: Currency, decimals: Int)] = [(.usd, 4), (.jpy, 2), (.gbp, 5), (.cad, 4)]

    /// The month's reference rates, a row per TARGET business day: none on a weekend, New Year's
    /// Day, 1 May, or 25 and 26 December, so a converted report meets the gaps a real file has.
    /// Each is the card's rate of the month (US dollars per unit) about 0.6 % lower and moved a
    /// little each day, so the card is seen to charge a small markup over the reference, as cards
    /// do. The daily moves come from a generator of their own, so the export's draws stay as they were.
    /// The first month's rates begin a week early: a conversion looks back up to 7 days, so the
    /// span's first days (a weekend, say) still find a rate.
    func appendReferenceRates(month: Int, start: Int, length: Int) {
        for day in (month == 0 ? start - 7 : start)..<start + length {
            let date = Civil.date(day)
            let weekday = Civil.weekday(day)
            let closed = [(1, 1), (5, 1), (12, 25), (12, 26)].contains { $0 == (date.month, date.day) }
            guard weekday != 0, weekday != 6, !closed else { continue }
            var moves = SplitMix64(seed: SplitMix64.mix(config.seed ^ SplitMix64.mix(UInt64(day)) ^ 0x6563_6272_6174_6573))
            // US dollars per unit in millionths: the card's rate (ten-thousandths) less 0.6 %, +-0.4 %.
            let usdPerUnit = Currency.allCases.map { currency in
                currency == .usd ? 1_000_000 : rates[currency.rawValue] * 100 * Int64(10_000 - 60 + moves.below(81) - 40) / 10_000
            }
            let usdPerEuro = usdPerUnit[Currency.eur.rawValue]
            var row: [UInt8] = []
            SampleFormat.appendDate(day, to: &row)
            for (currency, decimals) in Self.referenceColumns {
                var scale: Int64 = 1
                for _ in 0..<decimals { scale *= 10 }
                // Units of the currency per euro, rounded half up to the ECB's decimals.
                let unit = usdPerUnit[currency.rawValue]
                row.append(UInt8(ascii: ","))
                SampleFormat.appendAmount((usdPerEuro * scale * 2 + unit) / (unit * 2), digits: decimals, to: &row)
            }
            row.append(contentsOf: ",\n".utf8)
            referenceRows.append(row)
        }
    }

    /// Writes the rows, newest first as the ECB lists them, under the ECB's header with its
    /// trailing comma.
    func writeReferenceRates() throws {
        let file = try BufferedFile(path: directory.appendingPathComponent(Self.referenceRatesFile).path)
        file.bytes.append(contentsOf: "Date".utf8)
        for (currency, _) in Self.referenceColumns { file.bytes.append(contentsOf: ",\(currency.code)".utf8) }
        file.bytes.append(contentsOf: ",\n".utf8)
        for row in referenceRows.reversed() {
            file.bytes.append(contentsOf: row)
            try file.flushIfFull()
        }
        try file.close()
    }
}
