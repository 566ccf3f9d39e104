/// Where a transaction's category came from (README, "Categories"). `code` is both what the
/// ledger stores and what `explain` and the listings print.
public enum CategorySource: Hashable, Sendable {
    /// The user's category for this transaction (`purse set --category`).
    case override
    /// The user's split of the transaction: each part has its own category.
    case split
    /// A user rule, by its ID.
    case rule(id: Int64)
    /// The built-in mapping of the merchant category code.
    case merchantCategoryCode(Int)
    /// The category the statement it was imported from gave it.
    case statementCategory
    /// No code: the built-in mapping of its type and direction.
    case type(TransactionType)
    /// Income and transfers take their flow's category.
    case flow

    public var code: String {
        switch self {
        case .override: "override"
        case .split: "split"
        case .rule(let id): "rule #\(id)"
        case .merchantCategoryCode(let code): "MCC \(Self.codeText(code))"
        case .statementCategory: "statement category"
        case .type(let type): "type \(type.rawValue), no MCC"
        case .flow: "flow"
        }
    }

    public init?(code: String) {
        if let value = Self.fourDigitCode(code) {
            self = .merchantCategoryCode(value)
            return
        }
        switch code {
        case "override": self = .override
        case "split": self = .split
        case "statement category": self = .statementCategory
        case "flow": self = .flow
        default:
            if let id = code.strippingAffixes("rule #", "").flatMap({ Int64($0) }) {
                self = .rule(id: id)
            } else if let digits = code.strippingAffixes("MCC ", ""), let value = Int(digits), Self.codeText(value) == digits {
                self = .merchantCategoryCode(value)
            } else if let name = code.strippingAffixes("type ", ", no MCC"), !name.isEmpty {
                self = .type(TransactionType(rawValue: name))
            } else {
                return nil
            }
        }
    }

    /// The code of `MCC` and four ASCII digits, read from the bytes: nearly every stored row
    /// has one, and the general reading below made three strings for it.
    private static func fourDigitCode(_ code: String) -> Int? {
        let bytes = code.utf8
        guard bytes.count == 8, bytes.starts(with: "MCC ".utf8) else { return nil }
        var value = 0
        for byte in bytes.dropFirst(4) {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// A merchant category code as ISO 18245 writes it: four digits. A code outside the standard's
    /// range (a source may send one) is written as it is.
    public static func codeText(_ code: Int) -> String {
        let digits = String(code)
        guard (0...9999).contains(code) else { return digits }
        return String(repeating: "0", count: 4 - digits.count) + digits
    }
}

extension String {
    /// The text between `prefix` and `suffix`, when it has both.
    fileprivate func strippingAffixes(_ prefix: String, _ suffix: String) -> String? {
        guard hasPrefix(prefix), hasSuffix(suffix), count >= prefix.count + suffix.count else { return nil }
        return String(dropFirst(prefix.count).dropLast(suffix.count))
    }
}
