import Ledger
import LedgerStore

extension RecurringAnalysis {
    /// One scope's series, found from its charges as they come: a key's charges are held until
    /// all are read, then become its series and are let go. Read over the days of several scopes
    /// of one account selection (`windows`), each charge is held once and each scope's series
    /// are found from the charges of its days.
    struct SeriesFinder {
        /// A scope's days (nil: every charge read) and the day its series are judged as of.
        struct Window {
            let days: (first: CivilDate, end: CivilDate)?
            let first: CivilDate
            let asOf: CivilDate
        }

        struct Key: Hashable {
            let accountID: String
            let merchant: String
            let currency: String
            let indicator: CreditDebitIndicator
            let flow: Flow

            func isSpelledAs(_ other: Key) -> Bool {
                accountID.hasSameBytes(as: other.accountID) && merchant.hasSameBytes(as: other.merchant)
                    && currency.hasSameBytes(as: other.currency)
            }
        }

        let scope: ReportScope
        let windows: [Window]
        // Keys are numbered as they come, every spelling Swift takes as one key under one number,
        // so that each charge is held under a number rather than by hashing its texts.
        private var keys: [Key] = []
        private var keyNumbers: [Key: Int] = [:]
        private var charges = PackedCharges<Int>()
        /// Each window's.
        private var items: [[RecurringReport.Item]]
        // The parts of a split come one after the other: they are one charge of the whole amount,
        // in the category of its largest part.
        private var previous: (key: Int, id: String, largest: Int64)?
        private var days: LocalDays
        // Of stored rows: each key's account's zone among `days`, by its number; each spelling
        // the read numbered has its key's number.
        private var zoneSlots: [Int] = []
        private var numbersOfSpellings: [UInt64: Int] = [:]

        init(scope: ReportScope, first: CivilDate, asOf: CivilDate) {
            self.init(scope: scope, windows: [Window(days: nil, first: first, asOf: asOf)])
        }

        /// `scope`: the accounts of every window.
        init(scope: ReportScope, windows: [Window]) {
            (self.scope, self.windows) = (scope, windows)
            items = windows.map { _ in [] }
            days = LocalDays(scope.accounts)
        }

        mutating func number(of key: Key) -> Int {
            if let number = keyNumbers[key] { return number }
            keys.append(key)
            keyNumbers[key] = keys.count - 1
            return keys.count - 1
        }

        /// Read a merchant at a time, nothing of a finished key is read again: the next is numbered afresh.
        mutating func forgetKeys() {
            (keys, keyNumbers, zoneSlots, numbersOfSpellings) = ([], [:], [], [:])
        }

        /// A key's charges, once all read, become its series and are let go.
        mutating func finish(_ number: Int) throws {
            guard var keyCharges = charges.removeAll(of: number) else { return }
            keyCharges.sortByDateThenAmount()
            add(try Self.items(of: [(keys[number], keyCharges)], windows: windows, scope: scope))
        }

        /// Each window's series of these keys' charges (each sorted by date, then amount), in the order of the keys.
        private static func items(
            of keys: some Sequence<(key: Key, charges: PackedCharges<Int>.Taken)>, windows: [Window], scope: ReportScope
        ) throws -> [[RecurringReport.Item]] {
            var items: [[RecurringReport.Item]] = windows.map { _ in [] }
            // Split by index: a busy merchant's ten years are not made whole nor copied for each
            // step, only each series for `detect`.
            for (key, keyCharges) in keys {
                for (slot, window) in windows.enumerated() {
                    // In date order, a window's charges are one run of them.
                    let run = window.days.map { keyCharges.positions(from: $0.first, before: $0.end) } ?? keyCharges.indices
                    // Days closer than any cadence's gap make no series (a merchant paid many times a
                    // day): told from the packed days as each charge joins, before any is made whole.
                    let kept = seriesIndices(ofSortedAmounts: keyCharges.amounts(run)) { last, next in
                        (1..<shortestGap).contains(keyCharges.days(from: run.lowerBound + last, to: run.lowerBound + next))
                    }
                    for series in kept {
                        guard
                            var item = try detect(
                                merchant: key.merchant, currency: key.currency, charges: series.map { keyCharges[run.lowerBound + $0] },
                                asOf: window.asOf)
                        else { continue }
                        item.accountID = key.accountID
                        item.accountName = scope.accounts.all.first { $0.id == key.accountID }?.displayName ?? key.accountID
                        item.accountLabel = scope.accounts.label(of: key.accountID)
                        item.direction = key.indicator
                        item.flow = key.flow
                        items[slot].append(item)
                    }
                }
            }
            return items
        }

        mutating func add(_ key: Int, id: String, _ charge: Charge) throws {
            if let last = previous, last.key == key, last.id == id, !id.isEmpty, let whole = charges.popLast(of: key) {
                let category = charge.amount > last.largest ? charge.category : whole.category
                charges.append(try whole.adding(charge, category: category, currency: keys[key].currency), to: key)
                previous = (key, id, max(last.largest, charge.amount))
                return
            }
            charges.append(charge, to: key)
            previous = (key, id, charge.amount)
        }

        /// A stored row of the scope, of a read in time order or (`byMerchant`) a merchant at a time.
        mutating func add(_ row: CountedCharge, classifier: Classifier, byMerchant: Bool) throws {
            let key: Int
            if let spelling = row.keySpelling, let known = numbersOfSpellings[spelling] {
                key = known
            } else {
                // Made only where needed: read in time order, a row whose spelling has a number
                // has no use for it.
                key = number(of: Key(row))
                if key == zoneSlots.count { zoneSlots.append(days.slot(of: row.accountID)) }
                if let spelling = row.keySpelling { numbersOfSpellings[spelling] = key }
            }
            // A merchant's rows seldom share a day: there the day cache would only miss.
            let date =
                byMerchant ? scope.accounts.zone(of: row.accountID).date(of: row.time) : days.day(slot: zoneSlots[key], time: row.time)
            try classifier.forEachPart(row) { amount, category in
                try add(key, id: row.id, Charge(date: date, amount: amount, category: category))
            }
        }

        /// The series of every key, once every charge is read.
        mutating func report() throws -> RecurringReport {
            try reports()[0]
        }

        /// Charges held at the end of a read past which half are made into series on another
        /// thread: a thread costs about what a thousand charges do.
        static let chargesWorthAThread = 10_000

        /// Every key still held made into its series. Each key's are its own: the keys holding
        /// half the charges are finished on another thread, once the read has let it go, unless
        /// too few are left to pay for it.
        private mutating func finishAll() throws {
            let splits = charges.count >= Self.chargesWorthAThread
            var (own, other) = ([(key: Key, charges: PackedCharges<Int>.Taken)](), [(key: Key, charges: PackedCharges<Int>.Taken)]())
            var ownCount = 0
            for number in charges.keys {
                // Sorted packed while only this holds them: sorted where they are shared, a key's
                // charges would be copied first.
                guard var taken = charges.removeAll(of: number) else { continue }
                taken.sortByDateThenAmount()
                if !splits || ownCount <= charges.count {
                    own.append((keys[number], taken))
                    ownCount += taken.count
                } else {
                    other.append((keys[number], taken))
                }
            }
            let (windows, scope) = (self.windows, self.scope)
            // Few charges, or one key holding most of them (a merchant at a time, the last), are one thread's work.
            guard !other.isEmpty else { return add(try Self.items(of: own, windows: windows, scope: scope)) }
            let found = try SideBySide.run(
                { try Self.items(of: own, windows: windows, scope: scope) },
                beside: { [other] in try Self.items(of: other, windows: windows, scope: scope) })
            add(found.own)
            add(found.other)
        }

        /// Each window's series found, added to those found before.
        private mutating func add(_ found: [[RecurringReport.Item]]) {
            for (slot, series) in found.enumerated() { items[slot] += series }
        }

        /// Each window's series, once every charge is read.
        mutating func reports() throws -> [RecurringReport] {
            try finishAll()
            return zip(windows, items).map { window, items in
                let sorted = items.sorted {
                    let (left, right) = (
                        ($0.merchant.lowercased(), $0.merchant, $0.currency), ($1.merchant.lowercased(), $1.merchant, $1.currency)
                    )
                    if left != right { return left < right }
                    // Keys are finished in no set order: every part of one, and the typical amount
                    // that tells its series apart, decide ties.
                    return ($0.accountLabel, $0.accountID, $0.flow.rawValue, $0.direction.rawValue, $0.typicalAmount, $0.firstDate)
                        < ($1.accountLabel, $1.accountID, $1.flow.rawValue, $1.direction.rawValue, $1.typicalAmount, $1.firstDate)
                }
                return RecurringReport(first: window.first, asOf: window.asOf, timeZones: scope.accounts.zoneNames, items: sorted)
            }
        }
    }
}

extension RecurringAnalysis.SeriesFinder.Key {
    init(_ row: CountedCharge) {
        self.init(accountID: row.accountID, merchant: row.merchant, currency: row.currency, indicator: row.indicator, flow: row.flow)
    }
}
