/// A value to bind to a statement parameter.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case text(String)
    case blob([UInt8])
}
