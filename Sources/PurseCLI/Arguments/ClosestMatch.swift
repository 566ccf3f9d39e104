/// Finds the spelling a user probably meant ("--mnth" -> "--month").
package enum ClosestMatch {
    /// The candidate closest to `typed`, or nil when none is reasonably close.
    ///
    /// Close means an edit distance (insertions, deletions, substitutions and
    /// swaps of neighbours, ignoring case) of at most a third of the
    /// candidate's length (at least 1), and less than the length of what was
    /// typed; failing that, a candidate that starts with what was typed (3
    /// characters or more). Ties go to the earlier candidate, so the answer is
    /// deterministic.
    package static func find(_ typed: String, among candidates: [String]) -> String? {
        let typedCharacters = Array(typed.lowercased())
        guard !typedCharacters.isEmpty else { return nil }
        var best: (candidate: String, prefixOnly: Bool, distance: Int)?
        for candidate in candidates {
            let candidateCharacters = Array(candidate.lowercased())
            let distance = editDistance(typedCharacters, candidateCharacters)
            let limit = max(1, candidateCharacters.count / 3)
            let score: (prefixOnly: Bool, distance: Int)
            if distance <= limit, distance < typedCharacters.count {
                score = (false, distance)
            } else if typedCharacters.count >= 3, candidateCharacters.starts(with: typedCharacters) {
                score = (true, distance)
            } else {
                continue
            }
            if let current = best,
               (current.prefixOnly ? 1 : 0, current.distance) <= (score.prefixOnly ? 1 : 0, score.distance) {
                continue
            }
            best = (candidate, score.prefixOnly, score.distance)
        }
        return best?.candidate
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
