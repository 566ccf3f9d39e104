import Foundation
import Ledger

/// A read run on a thread of its own while the caller's thread takes what it read, in the order
/// read, a batch at a time: SQLite's steps on one core, what the caller does with the rows on
/// the other. A year's summary spends about as long on each (`CountedChargeRow`).
///
/// The read uses the store's connection while the caller takes its rows, so what takes them
/// must not use the store; the caller's thread waits in `run` until the read is over, so the
/// two never use the connection at once. At most `batchesAhead` batches wait to be taken: the
/// read waits past them, so memory does not grow with the read. When no thread can be made,
/// the read runs on the caller's thread and hands each row on as it reads it.
final class ReadAhead<Item: Sendable>: @unchecked Sendable {
    /// Rows handed over at once: far fewer waits on the lock than one at a time, and little held.
    /// With 128, a year's summary put a thread to sleep and woke it about 700 times, and each
    /// wake-up left a core idle; with 512, 200 times, in a twentieth less time. More gained
    /// nothing, and the rows held ahead (a few hundred KB) grow with it.
    static var batchSize: Int { 512 }
    static var batchesAhead: Int { 2 }

    /// Every field behind `condition`, once the reading thread starts.
    private let condition = NSCondition()
    private var batches: [[Item]] = []
    private var isReadOver = false
    private var readFailure: (any Error)?
    private var isTakerGone = false
    /// The caller's read, until the reading thread takes it. Nothing may hold it once `run`
    /// returns (`withoutActuallyEscaping` checks): the thread lets it go before it says the
    /// read is over.
    private var job: Read?

    private struct Read: @unchecked Sendable {
        let body: (_ emit: (Item) throws -> Void) throws -> Void
    }

    /// Ends the read at its next row once the taker has thrown.
    private struct TakerGone: Error {}

    /// Hands `take` each item `read` emits, in the order emitted, and returns once the read is
    /// over. Throws the read's error after `take` had every item emitted before it, or what
    /// `take` threw (the read then stops at its next item). `startThread` makes the thread
    /// (tests give one that fails).
    static func run(
        read: (_ emit: (Item) throws -> Void) throws -> Void, take: (Item) throws -> Void,
        startThread: (@escaping @Sendable () -> Void) -> Bool = DetachedThread.start
    ) throws {
        try withoutActuallyEscaping(read) { read in
            let ahead = ReadAhead()
            ahead.job = Read(body: read)
            guard startThread({ ahead.readAhead() }) else {
                ahead.job = nil
                return try read(take)
            }
            do {
                while let batch = try ahead.next() {
                    for item in batch { try take(item) }
                }
            } catch {
                ahead.stopReading()
                throw error
            }
        }
    }

    private func readAhead() {
        let failure = readTheJob()
        condition.withLock {
            isReadOver = true
            readFailure = failure
            condition.broadcast()
        }
    }

    /// Runs the job, handing on its rows (those read before an error too), and lets it go on
    /// returning; its error, if any but the taker's going.
    private func readTheJob() -> (any Error)? {
        guard let job = condition.withLock({ self.job.take() }) else { return nil }
        var batch: [Item] = []
        batch.reserveCapacity(Self.batchSize)
        do {
            try job.body { item in
                batch.append(item)
                if batch.count == Self.batchSize {
                    try hand(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            if !batch.isEmpty { try hand(batch) }
            return nil
        } catch is TakerGone {
            return nil
        } catch {
            if !batch.isEmpty { try? hand(batch) }
            return error
        }
    }

    private func hand(_ batch: [Item]) throws {
        try condition.withLock {
            while batches.count >= Self.batchesAhead, !isTakerGone { condition.wait() }
            if isTakerGone { throw TakerGone() }
            batches.append(batch)
            condition.broadcast()
        }
    }

    /// The next batch; nil once the read is over and every batch taken, or the read's error then.
    private func next() throws -> [Item]? {
        try condition.withLock {
            while batches.isEmpty, !isReadOver { condition.wait() }
            if !batches.isEmpty {
                condition.broadcast()
                return batches.removeFirst()
            }
            if let readFailure { throw readFailure }
            return nil
        }
    }

    /// Tells the read to stop and waits until it has: the caller may use the store once this returns.
    private func stopReading() {
        condition.withLock {
            isTakerGone = true
            batches.removeAll()
            condition.broadcast()
            while !isReadOver { condition.wait() }
        }
    }
}
