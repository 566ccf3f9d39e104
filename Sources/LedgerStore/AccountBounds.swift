import Storage

/// Each listed account's first and last instant a query reads, both inclusive, for a reader
/// that checks its rows itself: `CASE t.account_id WHEN ... END` compared every row's account
/// with each listed one, twice, and took a sixth of the time a year's charges are read in.
/// An account not listed has no instant.
public struct AccountBounds {
    private var bounds: [String: (first: Int64, last: Int64)] = [:]
    /// The bounds of each account spelling (`TextSpellings`) already looked up.
    private var boundsOfSpellings: [(first: Int64, last: Int64)] = []

    public init(_ ranges: [AccountTimeRange]) {
        for range in ranges { bounds[range.accountID] = Self.bounds(range) }
    }

    /// `range`'s first and last instant; the last before the first when it holds none.
    static func bounds(_ range: AccountTimeRange) -> (first: Int64, last: Int64) {
        guard let until = range.until else { return (range.from ?? .min, .max) }
        // Nothing is before the least instant: that range is empty.
        return until == .min ? (.max, .min) : (range.from ?? .min, until - 1)
    }

    /// Whether the account (`spelling`: the number its column's `TextSpellings` gave it) has
    /// `time` among its instants.
    public mutating func admits(_ accountID: String, spelling: Int32? = nil, time: Int64) -> Bool {
        let found: (first: Int64, last: Int64)
        if let spelling = spelling.map(Int.init), spelling < boundsOfSpellings.count {
            found = boundsOfSpellings[spelling]
        } else {
            found = bounds[accountID] ?? (.max, .min)
            if let spelling = spelling.map(Int.init), spelling == boundsOfSpellings.count { boundsOfSpellings.append(found) }
        }
        return time >= found.first && time <= found.last
    }
}
