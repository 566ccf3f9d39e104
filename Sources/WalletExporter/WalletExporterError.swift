/// Why an export run stopped before writing anything. Each is a state of the phone, not of
/// the export: the export is left exactly as it was, and a later run carries on.
public enum WalletExporterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The user has not allowed access to their financial data (or has not decided yet).
    case notAuthorized(FinanceAuthorizationStatus)
    /// FinanceKit's data is restricted for now.
    case dataRestricted
    /// Another process (the app, or its extension) is writing this export right now.
    case busy
    /// A FinanceKit value the export format cannot carry exactly (e.g. an amount with more than
    /// four fraction digits): exporting it would change it, so nothing of its stream is written.
    case unrepresentable(field: String, value: String)

    public var description: String {
        switch self {
        case .notAuthorized(let status): "access to financial data is not authorized (\(status.rawValue))"
        case .dataRestricted: "financial data is restricted on this device for now"
        case .busy: "another process is writing this export; try again later"
        case .unrepresentable(let field, let value): "\(field): '\(value)' cannot be written exactly in the export format"
        }
    }
}
