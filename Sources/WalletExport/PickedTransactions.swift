import Ledger
import StrictJSON

/// Transactions handed to a report without a ledger (README, "Picked transactions"): what
/// FinanceKit's `TransactionPicker` gives an app, as a file. The accounts are those the file
/// describes; an account it only names (by a transaction's `accountID`) is taken as an asset
/// account named by its ID, or by the name a CSV gave. The zones are those of the file's first
/// line, which the accounts keep their days in as a Wallet export's accounts keep the manifest's.
public struct PickedTransactions: Sendable {
    public var accounts: [Account]
    public var transactions: [Transaction]
    /// The phone's zone, nil when the file does not say (the report's zone is then the accounts').
    public var timeZone: String?
    /// Zones of single accounts, by account ID (upper-cased).
    public var accountTimeZones: [String: String]

    public init(
        accounts: [Account], transactions: [Transaction], accountNames: [String: String] = [:], timeZone: String? = nil,
        accountTimeZones: [String: String] = [:]
    ) {
        var accounts = accounts
        var known = Set(accounts.map(\.id))
        for transaction in transactions where known.insert(transaction.accountID).inserted {
            accounts.append(
                Account(
                    id: transaction.accountID, kind: .asset, displayName: accountNames[transaction.accountID] ?? transaction.accountID,
                    institutionName: "", currencyCode: transaction.transactionAmount.currency))
        }
        self.accounts = accounts
        self.transactions = transactions
        self.timeZone = timeZone
        self.accountTimeZones = accountTimeZones
    }

    /// JSON lines: each line one FinanceKit transaction, or an account (an object with `kind`),
    /// as the Wallet export writes them inside its change sets; first, optionally, the zones (an
    /// object with `timeZone` and no `id`), with the manifest's keys. Blank lines are skipped.
    public static func jsonLines(_ bytes: [UInt8], file: String) throws -> PickedTransactions {
        var accounts: [Account] = []
        var transactions: [Transaction] = []
        var zones: SourceTimeZones?
        var isFirstLine = true
        var seen: Set<String> = []
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            guard line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }) else {
                continue
            }
            let value: JSONValue
            do {
                value = try JSONParser.parse(Array(line))
            } catch {
                throw SourceError.badInput(file: file, line: number, field: nil, message: "not valid JSON: \(error)")
            }
            let comesFirst = isFirstLine
            isFirstLine = false
            do {
                guard case .object(let object) = value else {
                    throw FieldError(field: "", message: "expected a transaction object, found \(value.typeName)")
                }
                if object["timeZone"] != nil, object["id"] == nil {
                    guard comesFirst else {
                        throw FieldError(
                            field: "timeZone", message: "the time zone line must come first, before any account or transaction")
                    }
                    zones = try SourceTimeZones(JSONFields(value, path: ""))
                } else if object["transactionAmount"] == nil, object["kind"] != nil {
                    let account = try WalletRecordDecoder.account(value, path: "")
                    guard seen.insert("account " + account.id).inserted else {
                        throw FieldError(field: "id", message: "account \(account.id) appears twice")
                    }
                    accounts.append(account)
                } else {
                    let transaction = try WalletRecordDecoder.transaction(value, path: "")
                    guard seen.insert(transaction.id).inserted else {
                        throw FieldError(field: "id", message: "transaction \(transaction.id) appears twice")
                    }
                    transactions.append(transaction)
                }
            } catch let error as FieldError {
                throw SourceError.badInput(file: file, line: number, field: error.field.isEmpty ? nil : error.field, message: error.message)
            }
        }
        return PickedTransactions(
            accounts: accounts, transactions: transactions, timeZone: zones?.timeZone, accountTimeZones: zones?.accountTimeZones ?? [:])
    }
}
