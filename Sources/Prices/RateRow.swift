import Ledger

/// One row of a rate file after its header, with what it needs to say where it is wrong.
struct RateRow {
    let file: String
    let line: Int
    let names: [String]
    let cells: [String]

    /// Calls `body` with each rate the row holds and the column it came from: the ECB's present
    /// rates (an `N/A` or empty cell is no rate that day), or the plain row's one rate.
    func rates(_ format: RateFileFormat, _ body: (DatedRate, Int) throws -> Void) throws {
        switch format {
        case .ecb(let codes):
            let date = try self.date(0)
            // The trailing comma's column is no currency's: text there is a rate without a code.
            if codes.count + 1 < cells.count, let last = cells.last, !last.isEmpty {
                throw error(nil, "'\(last)' is under no currency")
            }
            for (offset, code) in codes.enumerated() {
                let column = offset + 1
                let text = cells[column]
                guard !text.isEmpty, text != "N/A" else { continue }
                try body(DatedRate(date: date, from: "EUR", to: code, rate: rate(column), source: .imported), column)
            }
        case .pairs(let dateColumn, let fromColumn, let toColumn, let rateColumn):
            let date = try self.date(dateColumn)
            let from = try code(fromColumn)
            let to = try code(toColumn)
            guard from != to else { throw error(toColumn, "a rate from \(from) to itself") }
            try body(DatedRate(date: date, from: from, to: to, rate: rate(rateColumn), source: .imported), rateColumn)
        }
    }

    func error(_ column: Int?, _ message: String) -> SourceError {
        SourceError.badInput(file: file, line: line, field: column.map { names[$0] }, message: message)
    }

    private func date(_ column: Int) throws(SourceError) -> CivilDate {
        guard let date = CivilDate(iso: cells[column]) else {
            throw error(column, "'\(cells[column])' is not a date (YYYY-MM-DD)")
        }
        return date
    }

    private func code(_ column: Int) throws(SourceError) -> String {
        guard RateFileFormat.isCode(cells[column]) else { throw error(column, RateFileFormat.notACode(cells[column])) }
        return cells[column]
    }

    private func rate(_ column: Int) throws(SourceError) -> ExchangeRate {
        do {
            return try ExchangeRate(parsing: cells[column])
        } catch {
            throw self.error(column, "'\(cells[column])' is not a rate")
        }
    }
}
