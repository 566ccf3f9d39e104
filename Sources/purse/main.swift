import Foundation
import PurseCLI

let status = PurseCLI.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    now: Date(),
    stdout: StandardStream.output,
    stderr: StandardStream.error)
StandardStream.output.flush()
StandardStream.error.flush()
exit(status.code)
