import Ledger

/// Texts kept once each, told apart by their bytes as SQLite tells them apart (Swift's `==` takes
/// canonically equal spellings as one), each at a place, and ranked in SQLite's order of them.
struct TextsInBytes {
    private var texts: [String] = []
    /// The places of the texts canonically equal to each.
    private var places: [String: [Int]] = [:]
    /// The last text asked for and its place: most rows repeat the row before's.
    private var last: (text: String, place: Int)?
    /// Whether two of the texts are canonically equal in other bytes.
    private(set) var spelledApart = false

    subscript(place: Int) -> String { texts[place] }

    /// The place of `text`, given one the first time it comes.
    mutating func place(of text: String) -> Int {
        if let last, last.text.hasSameBytes(as: text) { return last.place }
        let place = places[text]?.first { texts[$0].hasSameBytes(as: text) } ?? append(text)
        last = (text, place)
        return place
    }

    private mutating func append(_ text: String) -> Int {
        spelledApart = spelledApart || places[text] != nil
        texts.append(text)
        places[text, default: []].append(texts.count - 1)
        return texts.count - 1
    }

    /// Each place's rank in the order of the texts' bytes (SQLite's BINARY collation).
    func ranks() -> [Int] {
        var ranks = [Int](repeating: 0, count: texts.count)
        for (rank, place) in texts.indices.sorted(by: { texts[$0].precedesInBytes(texts[$1]) }).enumerated() { ranks[place] = rank }
        return ranks
    }
}
