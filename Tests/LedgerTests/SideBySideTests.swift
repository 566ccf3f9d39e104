import Foundation
import Testing

@testable import Ledger

@Suite("SideBySide: two halves of a piece of work at once, one on another thread", .timeLimit(.minutes(1)))
struct SideBySideTests {
    struct Broken: Error, Equatable {
        let half: String
    }

    /// Whether a half ran, and on which thread.
    final class Ran: @unchecked Sendable {
        private let lock = NSLock()
        private var thread: pthread_t?
        private var finished = false

        var runThread: pthread_t? { lock.withLock { thread } }
        var isFinished: Bool { lock.withLock { finished } }

        func running() { lock.withLock { thread = pthread_self() } }
        func finishing() { lock.withLock { finished = true } }
    }

    static func noThread(_ body: @escaping @Sendable () -> Void) -> Bool { false }

    @Test("both results come back, the other half's from another thread and the caller's own from the caller's")
    func bothResults() throws {
        let ran = Ran()
        let (own, other) = try SideBySide.run(
            { (1...1_000).reduce(0, +) },
            beside: {
                ran.running()
                return (1...100).map(String.init).joined(separator: ",")
            })
        #expect(own == 500_500)
        #expect(other.hasPrefix("1,2,3") && other.hasSuffix("99,100"))
        #expect(pthread_equal(ran.runThread!, pthread_self()) == 0)
    }

    @Test("with no thread, both halves run on the caller's thread, its own first")
    func noThreadRunsBothHere() throws {
        let ran = Ran()
        var ownRanFirst = false
        let (own, other) = try SideBySide.run(
            {
                ownRanFirst = ran.runThread == nil
                return "own"
            },
            beside: {
                ran.running()
                return "other"
            }, startThread: Self.noThread)
        #expect(own == "own" && other == "other" && ownRanFirst)
        #expect(pthread_equal(ran.runThread!, pthread_self()) != 0)
    }

    @Test("the caller's own error is thrown, and only once the other half is over")
    func ownErrorWaitsForTheOther() throws {
        for _ in 0..<20 {
            let ran = Ran()
            #expect(throws: Broken(half: "own")) {
                _ = try SideBySide.run(
                    { () throws -> Int in throw Broken(half: "own") },
                    beside: {
                        usleep(2_000)
                        ran.finishing()
                        return 1
                    })
            }
            #expect(ran.isFinished)
        }
    }

    @Test("the other half's error is thrown after the caller's own half ran; the caller's error wins when both fail")
    func otherError() throws {
        var ownRan = false
        #expect(throws: Broken(half: "other")) {
            _ = try SideBySide.run({ ownRan = true }, beside: { () throws -> Int in throw Broken(half: "other") })
        }
        #expect(ownRan)
        #expect(throws: Broken(half: "own")) {
            _ = try SideBySide.run(
                { () throws -> Int in throw Broken(half: "own") }, beside: { () throws -> Int in throw Broken(half: "other") })
        }
        #expect(throws: Broken(half: "other")) {
            _ = try SideBySide.run({ 1 }, beside: { () throws -> Int in throw Broken(half: "other") }, startThread: Self.noThread)
        }
    }

    @Test("many short runs in a row each return both halves' results")
    func manyShortRuns() throws {
        for round in 0..<2_000 {
            let (own, other) = try SideBySide.run({ round }, beside: { round * 2 })
            #expect(own == round && other == round * 2)
        }
    }
}
