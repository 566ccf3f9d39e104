extension MIMEEntity {
    /// The lines of a whole message (headers and every part, still encoded) that a mail
    /// transport would mangle: `.` alone ends the message for `sendmail -t` without `-oi`, a line
    /// starting with `.` loses it to SMTP dot-stuffing bugs, and mbox writers quote `From `.
    public static func transportUnsafeLines(_ message: String) -> [String] {
        message.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.hasPrefix(".") || $0.hasPrefix("From ") }.map(String.init)
    }
}
