import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `async let` of a method declared `throws` (docs/swift-scenarios.md, "Swift concurrency"; SE-0317;
/// SwiftLowering+ThrowingTasks.swift): the child's error is its result, rethrown by `try await a`; a child the
/// scope leaves without awaiting is cancelled and awaited on the way out.
@Suite struct ThrowingAsyncLetTests {
    static func logs(_ body: String) throws -> [String] {
        let text = ThrowingTaskTests.file(body).replacingOccurrences(
            of: "        return id * 10\n    }\n",
            with: """
                        return id * 10
                    }
                    func both(_ x: Int, _ y: Int) async throws -> Int {
                        async let a = load(x)
                        async let b = load(y)
                        let first = try await a
                        print("first \\(first)")
                        let second = try await b
                        return first + second
                    }
                    func slowLoad() async throws -> Int {
                        do {
                            try await Task.sleep(nanoseconds: 500_000_000)
                        } catch {
                            print("slow cancelled")
                            throw error
                        }
                        return 5
                    }
                    func firstFails() async throws -> Int {
                        async let s = slowLoad()
                        async let f = load(2)
                        let failed = try await f
                        let slow = try await s
                        return failed + slow
                    }

                """)
        return TaskGroupLoopTests.logs(try SwiftConcurrencyTests.run(text))
    }

    /// Both children return: their values at 100 and 300 ms; then `load(2)`'s error reaches the caller's `catch`
    /// at 200 ms through `try await b`.
    @Test func aChildsErrorReachesTheAwait() throws {
        let logs = try Self.logs(
            """
                do {
                    let n = try await loader.both(1, 3)
                    print("sum \\(n)")
                    let m = try await loader.both(1, 2)
                    print("not reached \\(m)")
                } catch {
                    print("caught \\(error)")
                }
            """)
        #expect(logs == ["first 10@100", "sum 40@300", "first 10@400", "caught notFound@500"], "\(logs)")
    }

    /// `f` throws at 200 ms, so `try await s` never runs; leaving the method cancels it (its sleep
    /// throws at once, "slow cancelled") and awaits it before the error reaches the caller, at 200 ms, not 500.
    @Test func anUnawaitedSiblingIsCancelledAndAwaited() throws {
        let logs = try Self.logs(
            """
                do {
                    let n = try await loader.firstFails()
                    print("not reached \\(n)")
                } catch {
                    print("caught \\(error)")
                }
            """)
        #expect(logs == ["slow cancelled@200", "caught notFound@200"], "\(logs)")
    }
}
