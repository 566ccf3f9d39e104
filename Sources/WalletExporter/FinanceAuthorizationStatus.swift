/// FinanceKit's authorisation states. Only `authorized` lets the exporter read anything.
public enum FinanceAuthorizationStatus: String, Sendable {
    case authorized
    case denied
    case notDetermined
}
