import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// An AsyncStream's buffering policy (docs/swift-scenarios.md, "AsyncStream and for await"; swift
/// stdlib/public/Concurrency/AsyncStreamBuffer.swift `_Storage.yield(_:)`): `.bufferingNewest(n)` drops the oldest
/// waiting value for a new one, `.bufferingOldest(n)` drops the new one, a value handed to a waiting reader is never
/// buffered; reading `yield`'s result is refused.
@Suite struct AsyncStreamBufferingTests {
    static func run(_ text: String) throws -> (logs: [String], crash: String?) { try AsyncStreamTests.run(text) }

    /// The lowering: `asyncStream:` with `bufferingNewest:` or `bufferingOldest:` and the limit's expression.
    @Test func lowersThePolicyToTheStreamStep() throws {
        let lowered = try SwiftConcurrencyTests.probe(
            """
            let keep = 3
            let (s, c) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
            let t = AsyncStream(Int.self, bufferingPolicy: .bufferingOldest(keep)) { c in c.finish() }
            let u = AsyncStream<Int>(bufferingPolicy: .unbounded) { c in c.finish() }
            c.finish()
            """)
        #expect(lowered.contains("bufferingNewest: 1"), "\(lowered)")
        #expect(lowered.contains("bufferingOldest: keep"), "\(lowered)")
        #expect(lowered.components(separatedBy: "buffering").count == 3, "\(lowered)")
    }

    /// Four values before anyone reads: newest(2) keeps 3 and 4, oldest(2) keeps 1 and 2; dropped objects are
    /// freed at the yield that drops them (newest: the oldest waiting one; oldest: the new one).
    @Test func newestAndOldestKeepTheirEnds() throws {
        let o = try Self.run(
            """
            final class Frame {
                let n: Int
                init(_ n: Int) { self.n = n }
                deinit { print("freed \\(n)") }
            }
            let (newest, a) = AsyncStream.makeStream(of: Frame.self, bufferingPolicy: .bufferingNewest(2))
            let oldest = AsyncStream(Int.self, bufferingPolicy: .bufferingOldest(2)) { c in
                for i in 1...4 { c.yield(i) }
                c.finish()
            }
            for i in 1...4 { a.yield(Frame(i)) }
            a.finish()
            Task { @MainActor in
                for await f in newest { print("newest \\(f.n)") }
                for await n in oldest { print("oldest \\(n)") }
            }
            """)
        #expect(
            o.logs == [
                "freed 1@0", "freed 2@0", "newest 3@0", "freed 3@0", "newest 4@0", "freed 4@0", "oldest 1@0",
                "oldest 2@0",
            ])
    }

    /// `.bufferingNewest(0)` keeps nothing while nobody waits, but a value yielded to a waiting reader is handed
    /// over; `.bufferingOldest(1)` keeps the first of two.
    @Test func aWaitingReaderGetsTheValueWhateverTheLimit() throws {
        let o = try Self.run(
            """
            let (latest, input) = AsyncStream<Int>.makeStream(bufferingPolicy: .bufferingNewest(0))
            input.yield(1)
            Task { @MainActor in
                for await n in latest { print("latest \\(n)") }
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50)) {
                input.yield(7)
                input.yield(8)
                input.finish()
            }
            """)
        #expect(o.logs == ["latest 7@50"])
    }

    /// Reading `yield`'s result is refused where it is read; `_ =` and the statement are not.
    @Test func readingTheYieldResultIsRefused() throws {
        let loaded = SwiftScenarioLoader.load(
            text: """
                import Foundation
                let scenario = Scenario("s", until: .seconds(1), variants: [.ios13])
                let (s, c) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
                c.yield(1)
                _ = c.yield(2)
                if case .dropped = c.yield(3) { print("dropped") }
                print(c.yield(4))
                """, file: "C.swift")
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.location.line) == [6, 7], "\(loaded.diagnostics)")
        #expect(errors.allSatisfy { $0.message.contains("the result of `yield`") })
    }
}
