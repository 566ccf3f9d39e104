#if canImport(FinanceKit)
import FinanceKit
import Foundation
import Ledger

/// `FinanceHistoryStore` over FinanceKit itself: FinanceKit's records as the export's, its
/// `HistoryToken` kept as its JSON encoding, and its `FinanceError`s the exporter handles as
/// `FinanceStoreError`. Dates are written in the account's zone when `accountTimeZones` has
/// one, else in the device's.
///
/// Built only where FinanceKit exists (iOS and iPadOS 17.4 and later); the package's CI builds
/// on Linux and never compiles it, so it stays a thin mapping, one property after another.
@available(iOS 17.4, *)
public struct FinanceKitHistoryStore: FinanceHistoryStore {
    private let timeZone: TimeZone
    private let accountTimeZones: [String: TimeZone]

    public init(timeZone: TimeZone = .current, accountTimeZones: [String: TimeZone] = [:]) {
        self.timeZone = timeZone
        self.accountTimeZones = accountTimeZones
    }

    public func authorizationStatus() async throws -> FinanceAuthorizationStatus {
        switch try await FinanceStore.shared.authorizationStatus() {
        case .authorized: return .authorized
        case .denied: return .denied
        case .notDetermined: return .notDetermined
        @unknown default: return .notDetermined
        }
    }

    public func requestAuthorization() async throws -> FinanceAuthorizationStatus {
        switch try await FinanceStore.shared.requestAuthorization() {
        case .authorized: return .authorized
        case .denied: return .denied
        case .notDetermined: return .notDetermined
        @unknown default: return .notDetermined
        }
    }

    public func accounts() async throws -> [Ledger.Account] {
        let query = AccountQuery(
            sortDescriptors: [SortDescriptor(\FinanceKit.Account.displayName)], predicate: nil, limit: nil, offset: nil)
        do {
            return try await FinanceStore.shared.accounts(query: query).map { try account($0) }
        } catch {
            throw Self.mapped(error)
        }
    }

    public func accountHistory(since token: Data?) -> AsyncThrowingStream<HistoryChanges<Ledger.Account>, any Error> {
        history(
            since: token, open: { FinanceStore.shared.accountHistory(since: $0, isMonitoring: false) },
            convert: { try Self.batch($0.inserted, $0.updated, $0.deleted, $0.newToken) { try self.account($0) } })
    }

    public func accountBalanceHistory(forAccountID accountID: String, since token: Data?)
        -> AsyncThrowingStream<HistoryChanges<Ledger.AccountBalance>, any Error>
    {
        let id = UUID(uuidString: accountID)!
        return history(
            since: token, open: { FinanceStore.shared.accountBalanceHistory(forAccountID: id, since: $0, isMonitoring: false) },
            convert: { try Self.batch($0.inserted, $0.updated, $0.deleted, $0.newToken) { try self.balance($0) } })
    }

    public func transactionHistory(forAccountID accountID: String, since token: Data?)
        -> AsyncThrowingStream<HistoryChanges<Ledger.Transaction>, any Error>
    {
        let id = UUID(uuidString: accountID)!
        return history(
            since: token, open: { FinanceStore.shared.transactionHistory(forAccountID: id, since: $0, isMonitoring: false) },
            convert: { try Self.batch($0.inserted, $0.updated, $0.deleted, $0.newToken) { try self.transaction($0) } })
    }

    // MARK: - Histories

    /// Reads a FinanceKit history (up to now: `isMonitoring: false`) as change batches. A saved
    /// token FinanceKit cannot decode (another device's, another iOS's) is an invalid token.
    private func history<Changes: AsyncSequence, Record: Sendable>(
        since token: Data?, open: @escaping @Sendable (FinanceStore.HistoryToken?) -> Changes,
        convert: @escaping @Sendable (Changes.Element) throws -> HistoryChanges<Record>
    ) -> AsyncThrowingStream<HistoryChanges<Record>, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var saved: FinanceStore.HistoryToken?
                    if let token {
                        guard let decoded = try? JSONDecoder().decode(FinanceStore.HistoryToken.self, from: token) else {
                            throw FinanceStoreError.historyTokenInvalid
                        }
                        saved = decoded
                    }
                    for try await changes in open(saved) {
                        continuation.yield(try convert(changes))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: Self.mapped(error))
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// One batch of FinanceKit's changes (inserted, updated, deleted IDs, the new token) as the exporter's.
    private static func batch<Model, Record: Sendable>(
        _ inserted: [Model], _ updated: [Model], _ deleted: [UUID], _ newToken: FinanceStore.HistoryToken,
        _ convert: (Model) throws -> Record
    ) throws -> HistoryChanges<Record> {
        let set = ChangeSet(inserted: try inserted.map(convert), updated: try updated.map(convert), deleted: deleted.map(\.uuidString))
        return HistoryChanges(changes: set, newToken: try JSONEncoder().encode(newToken))
    }

    private static func mapped(_ error: any Error) -> any Error {
        guard let error = error as? FinanceError else { return error }
        if case .historyTokenInvalid = error { return FinanceStoreError.historyTokenInvalid }
        if case .dataRestricted = error { return FinanceStoreError.dataRestricted }
        return error
    }

    // MARK: - Records

    private func account(_ account: FinanceKit.Account) throws -> Ledger.Account {
        switch account {
        case .asset(let asset):
            let id = asset.id.uuidString
            return Ledger.Account(
                id: id, kind: .asset, displayName: asset.displayName, institutionName: asset.institutionName,
                accountDescription: asset.accountDescription, currencyCode: asset.currencyCode,
                openingDate: asset.openingDate.map { time($0, id) })
        case .liability(let liability):
            let id = liability.id.uuidString
            let credit = liability.creditInformation
            return Ledger.Account(
                id: id, kind: .liability, displayName: liability.displayName, institutionName: liability.institutionName,
                accountDescription: liability.accountDescription, currencyCode: liability.currencyCode,
                openingDate: liability.openingDate.map { time($0, id) },
                creditInformation: Ledger.CreditInformation(
                    creditLimit: try credit.creditLimit.map { try money($0.amount, $0.currencyCode, "creditInformation.creditLimit") },
                    minimumNextPaymentAmount: try credit.minimumNextPaymentAmount.map {
                        try money($0.amount, $0.currencyCode, "creditInformation.minimumNextPaymentAmount")
                    },
                    nextPaymentDueDate: credit.nextPaymentDueDate.map { time($0, id) },
                    overduePaymentAmount: try credit.overduePaymentAmount.map {
                        try money($0.amount, $0.currencyCode, "creditInformation.overduePaymentAmount")
                    }))
        @unknown default:
            throw WalletExporterError.unrepresentable(field: "kind", value: String(describing: account))
        }
    }

    private func balance(_ balance: FinanceKit.AccountBalance) throws -> Ledger.AccountBalance {
        let accountID = balance.accountID.uuidString
        func side(_ side: FinanceKit.Balance, _ field: String) throws -> Ledger.Balance {
            Ledger.Balance(
                amount: try money(side.amount.amount, side.amount.currencyCode, field + ".amount"),
                asOfDate: time(side.asOfDate, accountID),
                creditDebitIndicator: try indicator(side.creditDebitIndicator, field + ".creditDebitIndicator"))
        }
        var available: Ledger.Balance?
        var booked: Ledger.Balance?
        switch balance.currentBalance {
        case .available(let only): available = try side(only, "available")
        case .booked(let only): booked = try side(only, "booked")
        case .availableAndBooked(let availableSide, let bookedSide):
            available = try side(availableSide, "available")
            booked = try side(bookedSide, "booked")
        @unknown default:
            throw WalletExporterError.unrepresentable(field: "currentBalance", value: String(describing: balance.currentBalance))
        }
        guard
            let record = Ledger.AccountBalance(
                id: balance.id.uuidString, accountID: accountID, currencyCode: balance.currencyCode, available: available, booked: booked)
        else { throw WalletExporterError.unrepresentable(field: "currentBalance", value: "neither available nor booked") }
        return record
    }

    fileprivate func transaction(_ transaction: FinanceKit.Transaction) throws -> Ledger.Transaction {
        let accountID = transaction.accountID.uuidString
        return Ledger.Transaction(
            id: transaction.id.uuidString, accountID: accountID, transactionDate: time(transaction.transactionDate, accountID),
            postedDate: transaction.postedDate.map { time($0, accountID) },
            transactionAmount: try money(
                transaction.transactionAmount.amount, transaction.transactionAmount.currencyCode, "transactionAmount"),
            foreignCurrencyAmount: try transaction.foreignCurrencyAmount.map {
                try money($0.amount, $0.currencyCode, "foreignCurrencyAmount")
            },
            foreignCurrencyExchangeRate: try transaction.foreignCurrencyExchangeRate.map {
                try ExportDecimal.rate($0, field: "foreignCurrencyExchangeRate")
            },
            creditDebitIndicator: try indicator(transaction.creditDebitIndicator, "creditDebitIndicator"),
            transactionDescription: transaction.transactionDescription,
            originalTransactionDescription: transaction.originalTransactionDescription,
            merchantCategoryCode: transaction.merchantCategoryCode.map { Int($0.rawValue) }, merchantName: transaction.merchantName,
            // FinanceKit's case names are the format's names; a case newer than purse stays a name.
            transactionType: Ledger.TransactionType(rawValue: String(describing: transaction.transactionType)),
            status: Ledger.TransactionStatus(rawValue: String(describing: transaction.status)))
    }

    private func money(_ amount: Decimal, _ currencyCode: String, _ field: String) throws -> Money {
        try ExportDecimal.money(amount, currencyCode: currencyCode, field: field)
    }

    private func indicator(_ indicator: FinanceKit.CreditDebitIndicator, _ field: String) throws -> Ledger.CreditDebitIndicator {
        switch indicator {
        case .credit: return .credit
        case .debit: return .debit
        @unknown default: throw WalletExporterError.unrepresentable(field: field, value: String(describing: indicator))
        }
    }

    private func time(_ date: Date, _ accountID: String) -> Timestamp {
        ExportTimestamp.timestamp(date, in: accountTimeZones[accountID] ?? timeZone)
    }
}

@available(iOS 17.4, *)
extension PickedTransactionsFile {
    /// Writes the transactions FinanceKitUI's `TransactionPicker` handed the app, their dates in
    /// `timeZone`, which the file names for purse (the picker gives no accounts, so no account's
    /// own zone).
    public static func write(_ picked: [FinanceKit.Transaction], to url: URL, timeZone: TimeZone = .current) throws {
        let store = FinanceKitHistoryStore(timeZone: timeZone)
        try write(picked.map { try store.transaction($0) }, to: url, timeZone: timeZone)
    }
}

@available(iOS 26.0, *)
extension ExportDataType {
    /// The data types background delivery names, as the exporter's.
    public static func from(_ types: [FinanceStore.BackgroundDataType]) -> Set<ExportDataType> {
        var exported = Set<ExportDataType>()
        if types.contains(.accounts) { exported.insert(.accounts) }
        if types.contains(.accountBalances) { exported.insert(.accountBalances) }
        if types.contains(.transactions) { exported.insert(.transactions) }
        return exported
    }
}
#endif
