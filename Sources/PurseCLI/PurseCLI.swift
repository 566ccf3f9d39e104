import Foundation
import LedgerStore
import Rendering

/// The command line: parses arguments, runs a command, and turns any error into its message
/// and exit code. Everything from the outside world is passed in.
public enum PurseCLI {
    public static let version = "0.1.0"

    public static func run(
        arguments: [String], environment: [String: String], now: Date,
        stdout: TextSink, stderr: TextSink
    ) -> ExitStatus {
        // A locale that is not UTF-8 gets ASCII through and through (a command writing CSV, JSON,
        // HTML or email to stdout turns that off for its stdout).
        let ascii = !ASCIIText.localeTakesUTF8(environment)
        let stdout = ascii ? ASCIISink(stdout) : stdout
        let stderr = ascii ? ASCIISink(stderr) : stderr
        let parser = ArgumentParser(commands: CommandCatalog.all)
        let invocation: Invocation
        do {
            invocation = try parser.parse(arguments)
        } catch {
            stderr.write(error.description + "\n")
            return .usage
        }
        let status: ExitStatus
        switch invocation {
        case .help(let path):
            stdout.write(parser.helpText(for: path))
            status = .success
        case .version:
            stdout.write("purse \(version)\n")
            status = .success
        case .run(let globals, let command):
            let context = CommandContext(
                command: command, globals: globals, environment: environment, now: now,
                stdout: stdout, stderr: stderr)
            status = DatabaseFailure.showingSQL(globals.verbose) {
                do {
                    try ASCIIText.$isRequired.withValue(ascii) {
                        try context.takeGivenDay()
                        try run(context)
                    }
                    return .success
                } catch {
                    return ErrorFunnel.report(error, parser: parser, stderr: stderr)
                }
            }
        }
        // Data that did not reach its reader (a full disk, a closed pipe) is a failure, whatever
        // the command found; a command that failed already said why.
        guard status == .success || status == .checkFailed else { return status }
        do {
            try stdout.finish()
        } catch {
            return ErrorFunnel.report(error, parser: parser, stderr: stderr)
        }
        return status
    }

    /// Runs the command the context's words name.
    static func run(_ context: CommandContext) throws {
        guard let command = CommandCatalog.command(at: context.command.path) else {
            throw context.usageError("the command '\(context.command.path.joined(separator: " "))' is not implemented")
        }
        try command.run(context)
    }
}
