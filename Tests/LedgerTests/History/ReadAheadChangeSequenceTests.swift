import Foundation
import Ledger
import Testing

@Suite("ReadAheadChangeSequence: a stream decoded on another thread, ahead of its reader", .timeLimit(.minutes(1)))
struct ReadAheadChangeSequenceTests {
    struct Broken: Error, Equatable {
        let at: Int64
    }

    /// Change set N carries sequence N, and after it the resume hint names line N; `failAt`
    /// throws there instead, `endAt` ends there. Counts the reads, from whichever thread.
    final class ScriptedSequence: ChangeSequence, @unchecked Sendable {
        private let lock = NSLock()
        private var reads: Int64 = 0
        private var hint: StreamToken?
        let failAt: Int64?
        let endAt: Int64?

        init(failAt: Int64? = nil, endAt: Int64? = nil) {
            self.failAt = failAt
            self.endAt = endAt
        }

        var readCount: Int64 { lock.withLock { reads } }
        var resumeHint: StreamToken? { lock.withLock { hint } }

        func next() throws -> StreamChange? {
            let number = lock.withLock {
                reads += 1
                hint = StreamToken(generation: "g", sequence: reads, resumeOffset: reads * 10, resumeLine: Int(reads))
                return reads
            }
            if number == failAt { throw Broken(at: number) }
            if number == endAt { return nil }
            return StreamChange(
                records: .transactions(ChangeSet(deleted: ["T\(number)"])), replacesStream: false, isResync: false,
                token: StreamToken(generation: "g", sequence: number), file: "f", line: Int(number))
        }
    }

    /// Waits until `condition` holds, for up to 30 s on a machine busy with other suites.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while !condition() {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return true
    }

    @Test("every change set comes in order, each with the resume hint its base had after it, then the end, again and again")
    func changeSetsThenTheEnd() throws {
        let base = ScriptedSequence(endAt: 2_001)
        let sequence = ReadAheadChangeSequence(base)
        for number in Int64(1)...2_000 {
            let change = try #require(try sequence.next())
            #expect(change.token.sequence == number)
            #expect(change.line == Int(number))
            let hint = StreamToken(generation: "g", sequence: number, resumeOffset: number * 10, resumeLine: Int(number))
            #expect(sequence.resumeHint == hint)
        }
        #expect(try sequence.next() == nil)
        #expect(try sequence.next() == nil)
        #expect(sequence.resumeHint?.sequence == 2_001)
        #expect(base.readCount == 2_001)
    }

    @Test("an error comes after the change sets before it, and again on every later read, and nothing is read past it")
    func theErrorInItsPlace() throws {
        let base = ScriptedSequence(failAt: 4)
        let sequence = ReadAheadChangeSequence(base)
        for number in Int64(1)...3 {
            #expect(try sequence.next()?.token.sequence == number)
        }
        #expect(throws: Broken(at: 4)) { try sequence.next() }
        #expect(throws: Broken(at: 4)) { try sequence.next() }
        #expect(sequence.resumeHint?.sequence == 4)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(base.readCount == 4)
    }

    @Test("nothing is read before the first next(), and the resume hint is the base's own until then")
    func readsOnlyWhenAsked() {
        let base = ScriptedSequence()
        _ = try? base.next()
        let sequence = ReadAheadChangeSequence(base)
        Thread.sleep(forTimeInterval: 0.05)
        #expect(base.readCount == 1)
        #expect(sequence.resumeHint?.sequence == 1)
    }

    @Test("an end or an error at the first read is the reader's at once, and nothing more is read", arguments: [true, false])
    func theFirstReadIsTheLast(fails: Bool) throws {
        let base = fails ? ScriptedSequence(failAt: 1) : ScriptedSequence(endAt: 1)
        let sequence = ReadAheadChangeSequence(base)
        for _ in 1...2 {
            if fails {
                #expect(throws: Broken(at: 1)) { try sequence.next() }
            } else {
                #expect(try sequence.next() == nil)
            }
            #expect(sequence.resumeHint?.sequence == 1)
        }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(base.readCount == 1)
    }

    @Test("at most two change sets are read ahead of the reader: three are read for the first one taken")
    func oneChangeSetAhead() throws {
        let base = ScriptedSequence()
        let sequence = ReadAheadChangeSequence(base)
        #expect(try sequence.next()?.token.sequence == 1)
        // The first taken, the second waiting, the third read and held until the second is taken.
        #expect(Self.eventually { base.readCount == 3 })
        Thread.sleep(forTimeInterval: 0.05)
        #expect(base.readCount == 3)
        #expect(try sequence.next()?.token.sequence == 2)
        #expect(Self.eventually { base.readCount == 4 })
    }

    @Test("letting the sequence go stops its thread and lets its base go before it returns")
    func lettingGoStopsReading() throws {
        weak var weakBase: ScriptedSequence?
        do {
            let base = ScriptedSequence()
            weakBase = base
            let sequence = ReadAheadChangeSequence(base)
            #expect(try sequence.next()?.token.sequence == 1)
            #expect(Self.eventually { base.readCount == 3 })
        }
        #expect(weakBase == nil)
    }

    @Test("a sequence let go before it was read lets its base go at once")
    func lettingGoUnread() {
        weak var weakBase: ScriptedSequence?
        do {
            let base = ScriptedSequence()
            weakBase = base
            _ = ReadAheadChangeSequence(base)
        }
        #expect(weakBase == nil)
    }
}
