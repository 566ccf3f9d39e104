import StatementImport

/// `--columns MAP`: which column of a bank CSV holds what (`date=1,description=2,amount=4`).
struct BankCSVColumns: Equatable, OptionValue {
    let columns: [String: String]

    static func parse(_ text: String) -> BankCSVColumns? {
        guard case .success(let columns) = BankCSVLayout.parseColumns(text) else { return nil }
        return BankCSVColumns(columns: columns)
    }

    static func refusal(_ text: String, option: String) -> String {
        guard case .failure(let error) = BankCSVLayout.parseColumns(text) else { return "" }
        return "--\(option): " + error.message
    }
}
