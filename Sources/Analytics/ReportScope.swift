import Ledger
import LedgerStore

/// Which transactions a report counts: a range of local days, pending in or out, optional
/// account and currency filters, and the zone that turns instants into days.
public struct ReportScope: Sendable {
    /// First instant counted (nil: from the beginning).
    var from: Int64?
    /// First instant not counted (nil: to the end).
    var until: Int64?
    public var includePending = false
    public var accountIDs: [String] = []
    public var currencies: [String] = []
    var zone: ReportTimeZone

    public init(from: Int64?, until: Int64?, zone: ReportTimeZone) {
        self.from = from
        self.until = until
        self.zone = zone
    }

    /// The months `from` to `until - 1` cover, in the report zone.
    public init(months: ClosedRange<YearMonth>, zone: ReportTimeZone) {
        self.init(
            from: zone.startOfDay(months.lowerBound.firstDay),
            until: zone.startOfDay(months.upperBound.lastDay.adding(days: 1)), zone: zone)
    }

    /// memo and rejected never count; pending and authorized only with --include-pending.
    var statuses: [TransactionStatus] {
        includePending ? [.authorized, .booked, .pending] : [.booked]
    }
}
