/// The top-level blocks of ISO 18245 merchant category codes, such as 3000–3299 for the
/// individual airlines.
///
/// Transcribed by hand from the headings of Citibank's "Merchant Category Codes" reference.
/// The blocks are contiguous, do not overlap and cover 0001–9999, so every code in
/// `MerchantCategoryCodeTable` has one. Visa's Merchant Data Standards Manual (Nov 2021) gives
/// the individual airline codes as 3000–3350; this table follows Citibank's headings, which end
/// the airline block at 3299.
enum MerchantCategoryCodeRange {
    /// Every block, ascending by range.
    static let blocks: [(range: ClosedRange<Int>, group: String)] = [
        (0001...1499, "Agricultural Services"),
        (1500...2999, "Contracted Services"),
        (3000...3299, "Airlines"),
        (3300...3499, "Car Rental"),
        (3500...3999, "Lodging"),
        (4000...4799, "Transportation Services"),
        (4800...4999, "Utility Services"),
        (5000...5599, "Retail Outlet Services"),
        (5600...5699, "Clothing Stores"),
        (5700...7299, "Miscellaneous Stores"),
        (7300...7999, "Business Services"),
        (8000...8999, "Professional Services and Membership Organizations"),
        (9000...9999, "Government Services"),
    ]

    /// The name of the block that contains `code`, or nil when `code` is outside 0001–9999.
    static func group(for code: Int) -> String? {
        blocks.first { $0.range.contains(code) }?.group
    }
}
