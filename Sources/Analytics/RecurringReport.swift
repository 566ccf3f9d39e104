import Ledger

/// Money that goes out or comes in on a regular cadence (`purse report recurring`), as of the
/// scope's last day: README, "Recurring charges", says how it is found.
public struct RecurringReport: Sendable {
    public enum Cadence: String, Sendable, CaseIterable {
        case weekly, monthly, quarterly, yearly
    }

    public enum Flag: Sendable, Equatable {
        /// The first charge falls in the last three periods of its cadence: it has just become recurring.
        case new
        /// The last amount differs from the typical one, by `change` (last - typical).
        case priceChange(change: Int64)
        /// The next expected date (and its grace) passed before the scope's end without a charge.
        case missed

        public var name: String {
            switch self {
            case .new: "new"
            case .priceChange: "price-change"
            case .missed: "missed"
            }
        }
    }

    /// One occurrence of a series: two charges of one day are one, of their sum.
    public struct Charge: Sendable, Equatable {
        public let date: CivilDate
        public let amount: Int64
        /// The category of its largest part.
        public let category: String
        /// A split's amount per category; empty when the whole charge is in `category`.
        public var parts: [String: Int64] = [:]

        /// How much of the charge is in `category`.
        public func amount(in category: String) -> Int64 {
            parts.isEmpty ? (category == self.category ? amount : 0) : parts[category] ?? 0
        }

        /// This charge and `other` as one charge of their sum, in `category`, each part kept.
        func adding(_ other: Charge, category: String, currency: String) throws -> Charge {
            var parts = self.parts.isEmpty ? [self.category: self.amount] : self.parts
            for (name, units) in other.parts.isEmpty ? [other.category: other.amount] : other.parts {
                parts[name] = try Money.sum(parts[name] ?? 0, units, currency: currency)
            }
            var sum = Charge(date: date, amount: try Money.sum(amount, other.amount, currency: currency), category: category)
            sum.parts = parts.count > 1 ? parts : [:]
            return sum
        }
    }

    public struct Item: Sendable, Equatable {
        /// The merchant name, else the description.
        public let merchant: String
        /// The category of the last charge.
        public let category: String
        public let currency: String
        public let cadence: Cadence
        /// The median of the charges before the last.
        public let typicalAmount: Int64
        public let lastAmount: Int64
        public let firstDate: CivilDate
        public let lastDate: CivilDate
        public let nextDate: CivilDate
        public let count: Int
        public internal(set) var flags: [Flag] = []
        /// The account charged: a series is one account's (two people's Netflix are two).
        public internal(set) var accountID = ""
        public internal(set) var accountName = ""
        /// The account's name told apart from another account's of the same name.
        public internal(set) var accountLabel = ""
        /// debit for money out; credit for money in (income, or an expense a rule or override
        /// made of money in).
        public internal(set) var direction = CreditDebitIndicator.debit
        /// expense for money going out on a cadence, income for money coming in.
        public internal(set) var flow = Flow.expense
        /// The series' occurrences, date ascending.
        public internal(set) var charges: [Charge] = []

        public var isMissed: Bool { flags.contains(.missed) }

        /// The days the next occurrences are expected on, after `day` up to `last` inclusive:
        /// `nextDate`, then one cadence on each time, each counted from the last charge so a
        /// month-end day is not lost to a short month (31 January, 28 February, 31 March).
        public func expectedDates(after day: CivilDate, through last: CivilDate) -> [CivilDate] {
            var dates: [CivilDate] = []
            var step = 1
            while true {
                let date = RecurringAnalysis.nextDate(after: lastDate, cadence, periods: step)
                if date > last { return dates }
                if date > day { dates.append(date) }
                step += 1
            }
        }

        public var priceChange: Int64? {
            for flag in flags { if case .priceChange(let change) = flag { return change } }
            return nil
        }
    }

    public let first: CivilDate
    /// The scope's last day: what "missed" and "new" are judged against.
    public let asOf: CivilDate
    public let timeZones: [String]
    /// By merchant (ignoring case), currency, account, flow, direction, typical amount, then first date.
    public let items: [Item]
}
