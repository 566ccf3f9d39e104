import Foundation
import Ledger

/// FinanceKit's `Decimal` amounts and rates as the export's exact decimal strings. A value the
/// format cannot carry as it is (a sign, more than four fraction digits for an amount) is
/// `WalletExporterError.unrepresentable`, never rounded.
public enum ExportDecimal {
    public static func money(_ amount: Decimal, currencyCode: String, field: String) throws -> Money {
        let text = plain(amount)
        do {
            return try Money(parsing: text, currency: currencyCode)
        } catch {
            throw WalletExporterError.unrepresentable(field: field, value: text)
        }
    }

    /// An exchange rate: digits, at most one point with digits on both sides.
    public static func rate(_ rate: Decimal, field: String) throws -> String {
        let text = plain(rate)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
            throw WalletExporterError.unrepresentable(field: field, value: text)
        }
        return text
    }

    /// The decimal's digits without exponent, as Foundation writes them in no locale.
    private static func plain(_ value: Decimal) -> String {
        var value = value
        return NSDecimalString(&value, nil)
    }
}
