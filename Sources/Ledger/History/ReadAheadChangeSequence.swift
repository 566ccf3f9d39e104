import Foundation

/// A change sequence read ahead on a thread of its own: while the sync writes a change set, the
/// next ones are decoded on the other core (decoding is about a tenth of a large sync's work).
/// It hands out exactly what its base does, in order: each change set, the end or the error,
/// and after each the resume hint the base had then.
///
/// The base must need nothing outside itself (a file of its own), as it is read on another
/// thread. The first change set is read on the caller's thread, and the thread starts only
/// after it, so a stream that is up to date, or opened only to be checked, costs no thread.
/// The thread holds at most two change sets: one waiting, one decoded after it; with the one
/// being written, memory stays at about three. After the end or an error, `next()` gives the
/// same again. When no thread can be made, the base is read on the caller's thread. Letting the
/// sequence go stops its thread and waits for it (at most the change set it is decoding), so
/// that the base and its file are let go first.
public final class ReadAheadChangeSequence: ChangeSequence {
    private let handOver: HandOver
    private var isReading = false
    public private(set) var resumeHint: StreamToken?

    public init(_ base: sending any ChangeSequence) {
        resumeHint = base.resumeHint
        handOver = HandOver(base)
    }

    deinit { handOver.stop() }

    public func next() throws -> StreamChange? {
        let step: HandOver.Step
        if isReading {
            step = handOver.take()
        } else {
            isReading = true
            step = handOver.readFirst()
        }
        resumeHint = step.resumeHint
        return try step.change.get()
    }
}

/// What the reading thread and the reader share, every field behind one condition lock while
/// the thread may run (before it starts, or when none could be made, the reader has them
/// alone); the base is read by one thread at a time: the caller's for the first change set,
/// then the reading thread's alone.
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
    /// No thread could be made: `take()` reads the base itself.
    private var readsInPlace = false

    init(_ base: any ChangeSequence) {
        self.base = base
    }

    /// The first change set, read here; the thread starts after it unless it was the last.
    func readFirst() -> Step {
        let step = base.map(Self.read) ?? Step(change: .success(nil), resumeHint: nil)
        if step.isLast {
            last = step
            base = nil
        } else {
            start()
        }
        return step
    }

    private static func read(_ base: any ChangeSequence) -> Step {
        Step(change: Result { try base.next() }, resumeHint: base.resumeHint)
    }

    private func start() {
        isRunning = true
        if !DetachedThread.start({ self.readAhead() }) {
            isRunning = false
            readsInPlace = true
        }
    }

    private func readAhead() {
        if let base = condition.withLock({ self.base.take() }) {
            readAhead(base)
        }
        // The base (its open file) is let go by now, before `stop()` may return.
        condition.withLock {
            isRunning = false
            condition.broadcast()
        }
    }

    private func readAhead(_ base: any ChangeSequence) {
        while !condition.withLock({ isStopped }) {
            let step = Self.read(base)
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
        if readsInPlace, last == nil, let base {
            let step = Self.read(base)
            if step.isLast {
                last = step
                self.base = nil
            }
            return step
        }
        return condition.withLock {
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
