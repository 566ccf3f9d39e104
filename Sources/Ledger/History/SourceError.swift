/// Why a source could not hand over its history: what every source (a Wallet export, a Sure
/// inbox, a statement) reports in the same words, so the command line maps it to one exit code.
/// Everything applied before the error stays applied with its token.
public enum SourceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A path or a required file is missing.
    case notFound(path: String, what: String)
    /// Input that breaks the format: names the file, the line and the field where it can.
    case badInput(file: String, line: Int?, field: String?, message: String)
    /// The source holds less history than the database already applied.
    case sourceBehind(file: String, generation: String, fileSequence: Int64, appliedSequence: Int64)

    /// Input that breaks the format: it stops its own stream only.
    public var isBadInput: Bool {
        if case .badInput = self { true } else { false }
    }

    public var description: String {
        switch self {
        case .notFound(let path, let what):
            return "\(path): \(what)"
        case .badInput(let file, let line, let field, let message):
            var text = file
            if let line { text += ":\(line)" }
            if let field { text += ": \(field)" }
            return text + ": " + message
        case .sourceBehind(let file, let generation, let fileSequence, let appliedSequence):
            return "\(file): the file ends at sequence \(fileSequence) of generation \(generation) but the database "
                + "has applied up to \(appliedSequence): is this an older copy of the export? Nothing was changed"
        }
    }
}
