/// A statement's warnings, each once, and not more than `maximum` of them: a file whose every
/// row holds another unknown word warns a screenful, not once a row.
struct StatementWarnings {
    static let maximum = 20

    private var lines: [String] = []
    private var seen: Set<String> = []
    private var more = false

    mutating func add(_ line: String) {
        guard !seen.contains(line) else { return }
        guard lines.count < Self.maximum else {
            more = true
            return
        }
        seen.insert(line)
        lines.append(line)
    }

    func lines(file: String) -> [String] {
        more ? lines + ["\(file): more warnings like these are left out"] : lines
    }
}
