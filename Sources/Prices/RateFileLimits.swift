/// How large one piece of a rate file may be. A rate file is read a block at a time, so these
/// bound the memory a hostile or mistaken file can take: the ECB's widest row (about 40
/// currencies) is well under a kilobyte, and no cell of either format needs more than a few bytes.
public enum RateFileLimits {
    /// A cell (a date, a code, a rate), in UTF-8 bytes.
    public static let cellBytes = 256
    /// A row, in UTF-8 bytes.
    public static let rowBytes = 16_384
    /// How much of the file is read at once.
    static let blockBytes = 65_536
}
