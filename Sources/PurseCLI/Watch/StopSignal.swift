import Dispatch
import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// SIGINT and SIGTERM, turned from "die now" into "stop at the next change-set boundary": a flag
/// the watch loop and the sync engine check, and a pipe that wakes a wait in `poll`/`kevent`.
final class StopSignal: @unchecked Sendable {
    private let lock = NSLock()
    private var requested = false
    private var sources: [DispatchSourceSignal] = []
    /// Readable once a stop is requested.
    let wakeDescriptor: Int32
    private let wakeWriter: Int32

    init() {
        var descriptors: [Int32] = [-1, -1]
        if pipe(&descriptors) != 0 { descriptors = [-1, -1] }
        wakeDescriptor = descriptors[0]
        wakeWriter = descriptors[1]
        for number in [SIGINT, SIGTERM] {
            // Ignored as a signal, so that only the source below sees it.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in self?.request() }
            source.resume()
            sources.append(source)
        }
    }

    var isRequested: Bool { lock.withLock { requested } }

    private func request() {
        lock.withLock { requested = true }
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }
}
