import Foundation
import PurseCLI

// A reader that goes away (`purse export transactions | head -1`, a mailer that failed) must not
// kill purse silently: writes then fail with EPIPE, and purse says so and exits 74.
signal(SIGPIPE, SIG_IGN)
let status = PurseCLI.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    now: Date(),
    stdout: StandardStream.output,
    stderr: StandardStream.error)
StandardStream.output.flush()
StandardStream.error.flush()
exit(status.code)
