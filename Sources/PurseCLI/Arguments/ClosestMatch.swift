/// Finds the spelling a user probably meant ("--mnth" -> "--month").
package enum ClosestMatch {
    /// The candidate closest to `typed`, or nil when none is reasonably close (see `closest`).
    package static func find(_ typed: String, among candidates: [String]) -> String? {
        closest(typed, among: candidates, limit: 1).first
    }

    /// Up to `limit` candidates reasonably close to `typed`, the closest first.
    ///
    /// Close means an edit distance (insertions, deletions, substitutions and
    /// swaps of neighbours, ignoring case) of at most a third of the
    /// candidate's length (at least 1), and less than the length of what was
    /// typed; failing that, a candidate that starts with what was typed (3
    /// characters or more), ranked after every close one. Ties go to the
    /// earlier candidate, so the answer is deterministic.
    package static func closest(_ typed: String, among candidates: [String], limit: Int = 3) -> [String] {
        let typedCharacters = Array(typed.lowercased())
        guard !typedCharacters.isEmpty else { return [] }
        var matches: [(candidate: String, rank: Int, distance: Int, order: Int)] = []
        for (order, candidate) in candidates.enumerated() {
            let candidateCharacters = Array(candidate.lowercased())
            let distance = editDistance(typedCharacters, candidateCharacters)
            if distance <= max(1, candidateCharacters.count / 3), distance < typedCharacters.count {
                matches.append((candidate, 0, distance, order))
            } else if typedCharacters.count >= 3, candidateCharacters.starts(with: typedCharacters) {
                matches.append((candidate, 1, distance, order))
            }
        }
        return matches.sorted { ($0.rank, $0.distance, $0.order) < ($1.rank, $1.distance, $1.order) }
            .prefix(limit).map(\.candidate)
    }

    /// The optimal-string-alignment distance: Levenshtein plus swaps of two
    /// neighbouring characters at cost 1.
    package static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        // Three rows: two back (for swaps), previous, current.
        var twoBack = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, twoBack[j - 2] + 1)
                }
                current[j] = value
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }
}
