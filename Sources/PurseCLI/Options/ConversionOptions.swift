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
        // Picked transactions carry no rates and no ledger's: converting them would leave every
        // foreign amount out while saying to import rates that may well be imported.
        if target != nil, parsed.isGiven(PickedInput.input) {
            throw parsed.refusal("--convert-to needs the ledger's rates; it cannot be used with --input")
        }
    }
}

extension CommandContext {
    /// One stderr warning per currency the conversion left something of out.
    func warn(leftOut unconverted: [UnconvertedAmounts]) {
        for warning in ConversionRendering.warnings(unconverted) { warn(warning) }
    }
}
