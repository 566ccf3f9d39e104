import Storage

extension SQLValue {
    static func optional(_ text: String?) -> SQLValue { text.map(SQLValue.text) ?? .null }
    static func optional(_ number: Int64?) -> SQLValue { number.map(SQLValue.integer) ?? .null }
}
