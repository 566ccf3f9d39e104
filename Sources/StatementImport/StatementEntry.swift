import Ledger

/// One transaction as a statement writes it, before it becomes a ledger record: its written
/// calendar day, its amount signed from the account holder's side (money out is negative) and
/// what identifies it across files.
public struct StatementEntry: Equatable, Sendable {
    public var date: CivilDate
    public var postedDate: CivilDate?
    /// Units of 1/10,000, account-signed: a purchase on a card is negative.
    public var signedUnits: Int64
    public var description: String
    public var originalDescription: String
    public var merchantName: String?
    public var type: TransactionType
    public var status: TransactionStatus
    /// What makes the row the same one in another file (an OFX FITID, or a CSV key without the
    /// occurrence index, which `StatementRecords` adds).
    public var identity: String
    /// The statement's own category label (Apple Card's Category), if it has one.
    public var category: String?
    /// The file line the row starts on.
    public var line: Int
    /// Who made it, when the statement says (Apple Card Family's `Purchased By`); never blank.
    public var person: String?

    public init(
        date: CivilDate, postedDate: CivilDate? = nil, signedUnits: Int64, description: String, originalDescription: String,
        merchantName: String? = nil, type: TransactionType, status: TransactionStatus = .booked, identity: String,
        category: String? = nil, line: Int, person: String? = nil
    ) {
        self.date = date
        self.postedDate = postedDate
        self.signedUnits = signedUnits
        self.description = description
        self.originalDescription = originalDescription
        self.merchantName = merchantName
        self.type = type
        self.status = status
        self.identity = identity
        self.category = category
        self.line = line
        self.person = person
    }
}
