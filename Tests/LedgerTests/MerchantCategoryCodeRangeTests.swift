import Testing

@testable import Ledger

@Suite("Merchant category code blocks")
struct MerchantCategoryCodeRangeTests {
    @Test("blocks are contiguous and cover 0001 to 9999")
    func blocksCoverAllCodes() {
        let blocks = MerchantCategoryCodeRange.blocks
        #expect(blocks.first?.range.lowerBound == 1)
        #expect(blocks.last?.range.upperBound == 9999)
        for (previous, next) in zip(blocks, blocks.dropFirst()) {
            #expect(next.range.lowerBound == previous.range.upperBound + 1, "\(previous.group) -> \(next.group)")
        }
    }

    @Test("every code of the table is in a block")
    func everyTableCodeHasAGroup() {
        for entry in MerchantCategoryCodeTable.entries {
            #expect(MerchantCategoryCodeRange.group(for: entry.code) != nil, "\(entry.code)")
        }
    }

    @Test(
        "a code's block",
        arguments: [
            (742, "Agricultural Services"),
            (1520, "Contracted Services"),
            (3000, "Airlines"),
            (3299, "Airlines"),
            (3300, "Car Rental"),
            (3501, "Lodging"),
            (4511, "Transportation Services"),
            (4900, "Utility Services"),
            (5411, "Retail Outlet Services"),
            (5651, "Clothing Stores"),
            (5812, "Miscellaneous Stores"),
            (7399, "Business Services"),
            (8011, "Professional Services and Membership Organizations"),
            (9402, "Government Services"),
        ])
    func group(code: Int, group: String) {
        #expect(MerchantCategoryCodeRange.group(for: code) == group)
    }

    @Test("codes outside 0001-9999 have no block", arguments: [-1, 0, 10_000])
    func outside(code: Int) {
        #expect(MerchantCategoryCodeRange.group(for: code) == nil)
    }
}
