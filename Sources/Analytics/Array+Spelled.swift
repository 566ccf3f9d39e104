extension Array {
    /// Sets the element at `index`, the array grown with `filler` to reach it: what a reader keeps
    /// by the numbers a read gives its spellings, which come in any order.
    mutating func set(_ element: Element, at index: Int, filling filler: Element) {
        if index >= count { self += repeatElement(filler, count: index + 1 - count) }
        self[index] = element
    }
}
