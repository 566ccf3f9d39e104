/// CSV that breaks RFC 4180: what went wrong and the line. Each format says it in its own words
/// (a statement's "quoted field", an export's "quoted cell"), with its file and column names.
package struct CSVError: Error, Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// The text ends inside quotes.
        case quoteNeverEnds
        /// A closing quote followed by more than a delimiter or a line end (strict reading only).
        case textAfterQuote
        /// A field longer than the limit; `column` counts from 0.
        case fieldTooLong(column: Int)
        /// A record longer than the limit.
        case rowTooLong
    }

    package let kind: Kind
    /// The line the record starts on; for `textAfterQuote`, the line of the closing quote.
    package let line: Int

    package init(_ kind: Kind, line: Int) {
        self.kind = kind
        self.line = line
    }

    /// The field an error is about, for its message: a too-long field's column by its header
    /// name, else "column N" (from 1); nil for an error about the record as a whole.
    package func field(named names: [String]) -> String? {
        guard case .fieldTooLong(let column) = kind else { return nil }
        return column < names.count && !names[column].isEmpty ? names[column] : "column \(column + 1)"
    }
}
