/// How large one piece of a statement may be. Statements are read as they stream, so these
/// bound the memory a hostile file can take: FinanceKit's and the formats' own text fields are
/// far shorter (OFX's NAME is 32 characters, MEMO 255).
public enum StatementLimits {
    /// A text field (a description, memo, name, payee, or any CSV cell), in UTF-8 bytes.
    public static let textBytes = 4096
    /// A CSV row, or an OFX tag with its attributes.
    public static let rowBytes = 65_536
}
