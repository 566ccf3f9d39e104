import Analytics

/// What the balance, summary and explain renderings add when a report was converted: the
/// `converted_to` and `unconverted` members of their JSON and the left-out line of their text,
/// nothing at all when it was not (so an unconverted report stays as it was, byte for byte).
enum ConversionText {
    /// `converted_to` and `unconverted`, or nothing without a target.
    static func json(_ target: String?, _ unconverted: [UnconvertedAmounts]) -> [(String, JSONOutput)] {
        guard let target else { return [] }
        return [("converted_to", .string(target)), ("unconverted", ConversionRendering.jsonValue(unconverted))]
    }

    /// `ConversionRendering.textLine` with its line end, or nothing when nothing was left out.
    static func lines(_ unconverted: [UnconvertedAmounts]) -> String {
        ConversionRendering.textLine(unconverted).map { $0 + "\n" } ?? ""
    }
}
