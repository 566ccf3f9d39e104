/// A FinanceKit enumeration that grows with iOS releases. purse knows `knownCases`; a case name
/// it does not know is kept as given, as `unrecognized(name)`, so a newer phone never stops a
/// sync. The money rules say how each such value counts.
///
/// Make values with `init(rawValue:)`: it gives the known case for a known name, so
/// `unrecognized` only ever holds names purse does not know.
public protocol OpenEnumeration: Hashable, Sendable {
    /// Every case purse knows, in FinanceKit's order.
    static var knownCases: [Self] { get }
    /// The known cases by name (`casesByName(knownCases)`): a sync or a report maps every row
    /// through it, so a lookup must not scan the cases.
    static var knownCasesByName: [String: Self] { get }
    /// A case name purse does not know, as the source wrote it.
    static func unrecognized(_ name: String) -> Self
    /// FinanceKit's case name.
    var rawValue: String { get }
}

extension OpenEnumeration {
    /// The case named `rawValue`, or `unrecognized(rawValue)` when purse does not know the name.
    /// (Inlinable: report queries map a million rows through it.)
    @inlinable
    public init(rawValue: String) {
        self = Self.knownCasesByName[rawValue] ?? .unrecognized(rawValue)
    }

    /// False for a case name purse does not know.
    @inlinable
    public var isKnown: Bool { Self.knownCasesByName[rawValue] == self }

    /// `cases` by their names, for `knownCasesByName`.
    static func casesByName(_ cases: [Self]) -> [String: Self] {
        Dictionary(uniqueKeysWithValues: cases.map { ($0.rawValue, $0) })
    }
}
