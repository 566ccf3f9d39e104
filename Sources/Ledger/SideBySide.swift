import Foundation

/// Two pieces of work done at once, one on a thread of its own and one on the caller's, for
/// work that splits into halves that share nothing. When no thread can be made, both run on the
/// caller's thread, one after the other.
public enum SideBySide {
    /// Runs `other` on another thread while `own` runs on this one, and returns once both are
    /// done, with both results; throws `own`'s error, else `other`'s.
    public static func run<Own, Other: Sendable>(
        _ own: () throws -> Own, beside other: @escaping @Sendable () throws -> Other,
        startThread: (@escaping @Sendable () -> Void) -> Bool = DetachedThread.start
    ) throws -> (own: Own, other: Other) {
        let outcome = Outcome<Other>()
        guard startThread({ outcome.finish(Result { try other() }) }) else { return (try own(), try other()) }
        // Waited for even when `own` throws, so that no work of this call goes on after it.
        let ownResult = Result { try own() }
        let otherResult = outcome.wait()
        return (try ownResult.get(), try otherResult.get())
    }

    /// The other thread's result, once it has one.
    private final class Outcome<Value: Sendable>: @unchecked Sendable {
        /// `result` behind it.
        private let condition = NSCondition()
        private var result: Result<Value, any Error>?

        func finish(_ result: Result<Value, any Error>) {
            condition.withLock {
                self.result = result
                condition.broadcast()
            }
        }

        func wait() -> Result<Value, any Error> {
            condition.withLock {
                while result == nil { condition.wait() }
                return result!
            }
        }
    }
}
