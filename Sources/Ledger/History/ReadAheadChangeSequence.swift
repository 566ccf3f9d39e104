import Foundation

/// A change sequence read one change set ahead, on a thread of its own: while the sync writes a
/// change set, the next one is decoded on the other core (decoding is about a tenth of a large
/// sync's work). It hands out exactly what its base does, in order: each change set, the end or
/// the error, and after each the resume hint the base had then.
///
/// The base must need nothing outside itself (a file of its own), as it is read on another
/// thread. Reading starts at the first `next()`, so streams opened only to be checked cost
/// nothing. At most one change set waits ahead, so memory stays at about three change sets:
/// one being written, one waiting, one being decoded. After the end or an error, `next()` gives
/// the same again. Letting the sequence go stops its thread and waits for it.
public final class ReadAheadChangeSequence: ChangeSequence {
    private let handOver: HandOver
    private var isReading = false
    public private(set) var resumeHint: StreamToken?

    public init(_ base: any ChangeSequence) {
        resumeHint = base.resumeHint
        handOver = HandOver(base)
    }

    deinit { handOver.stop() }

    public func next() throws -> StreamChange? {
        if !isReading {
            isReading = true
            handOver.start()
        }
        let step = handOver.take()
        resumeHint = step.resumeHint
        return try step.change.get()
    }
}

/// What the reading thread and the reader share, every field behind one condition lock; the
/// base sequence is touched by the reading thread alone once it starts.
private final class HandOver: @unchecked Sendable {
    struct Step {
        let change: Result<StreamChange?, any Error>
        let resumeHint: StreamToken?

        var isLast: Bool {
            switch change {
            case .success(let change): change == nil
            case .failure: true
            }
        }
    }

    private let condition = NSCondition()
    private var base: (any ChangeSequence)?
    private var waiting: Step?
    /// The end or the error, once the reader took it: every later `take()` gives it again.
    private var last: Step?
    private var isStopped = false
    private var isRunning = false

    init(_ base: any ChangeSequence) {
        self.base = base
    }

    func start() {
        condition.withLock { isRunning = true }
        let thread = Thread { [self] in read() }
        // As much stack as the main thread has: decoding nests as deep as its own caps allow.
        thread.stackSize = 8 << 20
        thread.start()
    }

    private func read() {
        if let base = condition.withLock({ self.base.take() }) {
            read(base)
        }
        // The base (its open file) is let go by now, before `stop()` may return.
        condition.withLock {
            isRunning = false
            condition.broadcast()
        }
    }

    private func read(_ base: any ChangeSequence) {
        while !condition.withLock({ isStopped }) {
            let step = Step(change: Result { try base.next() }, resumeHint: base.resumeHint)
            let goesOn = condition.withLock {
                while waiting != nil, !isStopped { condition.wait() }
                guard !isStopped else { return false }
                waiting = step
                condition.broadcast()
                return !step.isLast
            }
            if !goesOn { return }
        }
    }

    func take() -> Step {
        condition.withLock {
            if let last { return last }
            while waiting == nil { condition.wait() }
            let step = waiting.take()!
            if step.isLast { last = step }
            condition.broadcast()
            return step
        }
    }

    func stop() {
        condition.withLock {
            isStopped = true
            condition.broadcast()
            while isRunning { condition.wait() }
        }
    }
}
