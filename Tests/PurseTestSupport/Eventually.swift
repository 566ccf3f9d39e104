import Foundation
import Testing

/// Waits until `condition` holds, looking every `interval` seconds, at most `seconds`; records an
/// issue naming `what` when it never does. No test sleeps a fixed time for something to happen.
/// Disfavoured so that an async test gets the async form, which never blocks a thread that the
/// awaited work may need.
@_disfavoredOverload
@discardableResult
public func eventually(
    within seconds: Double = 10, every interval: Double = 0.05, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        if try condition() { return true }
        guard Date() < deadline else { break }
        Thread.sleep(forTimeInterval: interval)
    }
    Issue.record("not within \(seconds) s: \(what)", sourceLocation: sourceLocation)
    return false
}

/// `eventually` for a condition that awaits. Its deadline counts the time it slept, not the
/// clock's: in a full parallel run the awaited task may wait long for a thread, behind every
/// test the run has queued, and each wake of this loop waits behind them too.
@discardableResult
public func eventually(
    within seconds: Double = 10, every interval: Double = 0.05, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    for _ in 0...Int(seconds / interval) {
        if try await condition() { return true }
        try? await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
    }
    Issue.record("not within \(seconds) s: \(what)", sourceLocation: sourceLocation)
    return false
}
