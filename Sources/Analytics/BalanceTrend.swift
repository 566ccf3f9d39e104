import Ledger
import LedgerStore

/// An account's balance over time, from its observations alone: at any instant it is the
/// latest observation at or before that instant (carried forward between observations), and
/// there is none before the first observation.
struct BalanceTrend: Sendable {
    /// Ascending by time; of observations at the same instant the last one stored wins.
    let observations: [BalanceObservation]

    init(observations: [BalanceObservation]) {
        // The store reads them in order; otherwise a stable sort keeps the given order among
        // observations at the same instant.
        let inOrder = zip(observations, observations.dropFirst()).allSatisfy { $0.time <= $1.time }
        self.observations =
            inOrder
            ? observations
            : observations.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The balance at each of ascending instants (inclusive: the latest observation with time <=
    /// instant), in one walk over the observations.
    func balances(at instants: [Int64]) -> [Money?] {
        var index = 0
        var current: Money?
        return instants.map { instant in
            while index < observations.count, observations[index].time <= instant {
                current = observations[index].balance
                index += 1
            }
            return current
        }
    }
}
