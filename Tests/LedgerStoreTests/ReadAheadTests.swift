import Foundation
import Testing

@testable import LedgerStore

@Suite("ReadAhead: a read on another thread, its rows taken in order on the caller's", .timeLimit(.minutes(1)))
struct ReadAheadTests {
    struct Broken: Error, Equatable {
        let at: Int
    }

    /// What the read did, seen from the thread that takes its rows.
    final class ReadLog: @unchecked Sendable {
        private let lock = NSLock()
        private var emitted = 0
        private var readThread: pthread_t?
        private var returned = false

        var count: Int { lock.withLock { emitted } }
        var thread: pthread_t? { lock.withLock { readThread } }
        var hasReturned: Bool { lock.withLock { returned } }

        func emitting() {
            lock.withLock {
                emitted += 1
                readThread = pthread_self()
            }
        }

        func returning() { lock.withLock { returned = true } }
    }

    /// Emits `0..<count` (endlessly when nil), then throws `failAt` if given, logging each.
    static func read(_ count: Int?, failAt: Int? = nil, log: ReadLog) -> ((Int) throws -> Void) throws -> Void {
        { emit in
            defer { log.returning() }
            var next = 0
            while count.map({ next < $0 }) ?? true {
                if next == failAt { throw Broken(at: next) }
                log.emitting()
                try emit(next)
                next += 1
            }
            if let failAt, failAt >= next { throw Broken(at: failAt) }
        }
    }

    static func noThread(_ body: @escaping @Sendable () -> Void) -> Bool { false }

    @Test(
        "every row is taken, in the order read, on the caller's thread while the read runs on another",
        arguments: [0, 1, 127, 128, 129, 256, 1_000, 20_000])
    func everyRowInOrder(count: Int) throws {
        let log = ReadLog()
        var taken: [Int] = []
        try ReadAhead<Int>.run(read: Self.read(count, log: log)) {
            #expect(pthread_equal(pthread_self(), log.thread!) == 0)
            taken.append($0)
        }
        #expect(taken == Array(0..<count))
        #expect(log.hasReturned)
    }

    @Test("with no thread to be had, the read runs on the caller's thread and hands on each row as it reads it")
    func withoutAThread() throws {
        let log = ReadLog()
        var taken: [Int] = []
        try ReadAhead<Int>.run(
            read: Self.read(1_000, log: log),
            take: {
                #expect(pthread_equal(pthread_self(), log.thread!) != 0)
                #expect(log.count == $0 + 1)
                taken.append($0)
            }, startThread: Self.noThread)
        #expect(taken == Array(0..<1_000))
        #expect(throws: Broken(at: 5)) {
            try ReadAhead<Int>.run(read: Self.read(10, failAt: 5, log: ReadLog()), take: { _ in }, startThread: Self.noThread)
        }
    }

    @Test("the read's error comes once every row read before it is taken", arguments: [0, 1, 128, 300, 1_000])
    func theReadsErrorAfterItsRows(failAt: Int) throws {
        var taken: [Int] = []
        #expect(throws: Broken(at: failAt)) {
            try ReadAhead<Int>.run(read: Self.read(nil, failAt: failAt, log: ReadLog())) { taken.append($0) }
        }
        #expect(taken == Array(0..<failAt))
    }

    @Test("the taker's error stops an endless read at its next row and comes once the read has returned")
    func theTakersErrorStopsTheRead() throws {
        let log = ReadLog()
        var taken = 0
        #expect(throws: Broken(at: 200)) {
            try ReadAhead<Int>.run(read: Self.read(nil, log: log)) {
                if $0 == 200 { throw Broken(at: 200) }
                taken += 1
            }
        }
        #expect(taken == 200)
        #expect(log.hasReturned)
        let readAtTheEnd = log.count
        // Past the rows taken: the batch taken from, the batches waiting and the one being filled.
        #expect(readAtTheEnd <= taken + (ReadAhead<Int>.batchesAhead + 2) * ReadAhead<Int>.batchSize)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(log.count == readAtTheEnd)
    }

    @Test("the read waits for a slow taker: never more rows read than the batches it may hold ahead")
    func memoryStaysFlat() throws {
        let log = ReadLog()
        var furthestAhead = 0
        var taken = 0
        // Ten times as many rows as may be held ahead: a read that never waited would be far past them.
        let rows = 10 * (ReadAhead<Int>.batchesAhead + 2) * ReadAhead<Int>.batchSize
        try ReadAhead<Int>.run(read: Self.read(rows, log: log)) { _ in
            taken += 1
            furthestAhead = max(furthestAhead, log.count - taken)
            if taken.isMultiple(of: ReadAhead<Int>.batchSize) { Thread.sleep(forTimeInterval: 0.005) }
        }
        #expect(taken == rows)
        #expect(furthestAhead <= (ReadAhead<Int>.batchesAhead + 2) * ReadAhead<Int>.batchSize)
        #expect(furthestAhead >= ReadAhead<Int>.batchSize)
    }

    @Test("run returns only once the thread has let the read go: many short reads in a row")
    func theReadIsLetGoBeforeRunReturns() throws {
        // `withoutActuallyEscaping` stops the process if the thread still holds the read.
        for round in 0..<2_000 {
            var taken: [Int] = []
            try ReadAhead<Int>.run(read: Self.read(round % 3, log: ReadLog())) { taken.append($0) }
            #expect(taken == Array(0..<(round % 3)))
        }
    }
}
