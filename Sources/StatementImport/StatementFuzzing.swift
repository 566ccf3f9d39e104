/// One entry point for fuzzing every statement parser (purse-fuzz and the mutation tests): the
/// selector picks the parser, and the only acceptable failure is a `StatementError` that names
/// the file (and its line where the file has lines).
public enum StatementFuzzing {
    public static let parserCount = 4

    /// Parses `bytes` with parser `selector % parserCount`; returns the error it refused them with.
    public static func parse(_ bytes: [UInt8], selector: Int) -> StatementError? {
        do {
            let text = try StatementText.decode(bytes, file: "fuzz")
            switch selector % parserCount {
            case 0: _ = try OFXStatementParser(file: "fuzz", accountIsLiability: false).parse(text)
            case 1: _ = try AppleCardCSV(file: "fuzz").parse(text)
            case 2:
                let layout = BankCSVLayout(columns: ["date": "1", "description": "2", "amount": "3", "balance": "4", "status": "5"])
                _ = try BankCSV(file: "fuzz", layout: layout, currency: "EUR").parse(text)
            default:
                let layout = BankCSVLayout(
                    columns: ["date": "Date", "description": "Text", "debit": "Out", "credit": "In"], dateFormat: "DD.MM.YYYY",
                    decimalComma: true, skip: 1, delimiter: ";")
                _ = try BankCSV(file: "fuzz", layout: layout, currency: "EUR").parse(text)
            }
            return nil
        } catch {
            return error
        }
    }
}
