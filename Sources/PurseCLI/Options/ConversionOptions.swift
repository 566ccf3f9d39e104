import Analytics
import Rendering

/// `--convert-to CODE`: one total across currencies, each amount at the rate of its day.
struct ConversionOptions {
    static let convertTo = OptionSpec(
        "convert-to", value: "CODE",
        help: "Convert every amount into this currency (ISO 4217, e.g. USD) at the rate of its day; see 'purse prices'.")

    /// The currency to convert into; nil when every currency stays its own.
    let target: String?

    init(_ parsed: ParsedCommand) throws(CommandError) {
        target = try parsed.value(Self.convertTo, as: KnownCurrency.self)?.code
    }
}

extension CommandContext {
    /// One stderr warning per currency the conversion left something of out.
    func warn(leftOut unconverted: [UnconvertedAmounts]) {
        for warning in ConversionRendering.warnings(unconverted) { warn(warning) }
    }
}
