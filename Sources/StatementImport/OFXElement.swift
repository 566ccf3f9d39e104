/// One element of an OFX body: an aggregate with children, or a leaf with its text.
final class OFXElement {
    let name: String
    var text: String?
    var children: [OFXElement] = []
    /// The file line of its start tag.
    let line: Int

    init(name: String, line: Int) {
        self.name = name
        self.line = line
    }

    /// The element and all below it (the scanner caps the depth, so the recursion is shallow).
    var count: Int { children.reduce(1) { $0 + $1.count } }

    /// The first element of that name below this one, depth first, not looking into
    /// `skipping` (e.g. the pending list when looking for booked rows).
    func first(_ name: String, skipping: Set<String> = []) -> OFXElement? {
        for child in children {
            if child.name == name { return child }
            if skipping.contains(child.name) { continue }
            if let found = child.first(name, skipping: skipping) { return found }
        }
        return nil
    }

    /// Every element of that name below this one, in file order, not looking inside one found
    /// nor into `skipping`.
    func all(_ name: String, skipping: Set<String> = []) -> [OFXElement] {
        var found: [OFXElement] = []
        for child in children {
            if child.name == name {
                found.append(child)
            } else if !skipping.contains(child.name) {
                found += child.all(name, skipping: skipping)
            }
        }
        return found
    }

    /// The trimmed text of the first leaf of that name below, nil when absent or empty.
    func value(_ name: String) -> String? {
        guard let text = first(name)?.text, !text.isEmpty else { return nil }
        return text
    }
}
