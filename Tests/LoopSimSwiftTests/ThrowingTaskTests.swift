import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Tasks whose closure throws and `try await task.value` (docs/swift-scenarios.md, "Swift concurrency";
/// SwiftLowering+ThrowingTasks.swift; SE-0304; swift stdlib/public/Concurrency/Task.swift, `Task<Success, Error>`'s
/// `value`): the error a task's closure throws is its result, rethrown by every `try await task.value`, and
/// dropped silently when nobody reads it.
@Suite struct ThrowingTaskTests {
    static func file(_ body: String) -> String {
        """
        import Foundation
        let scenario = Scenario("throwing tasks", until: .seconds(3), variants: [.ios13])
        enum LoadError: Error { case notFound, offline }
        final class Loader {
            func load(_ id: Int) async throws -> Int {
                try await Task.sleep(nanoseconds: UInt64(id) * 100_000_000)
                if id == 2 { throw LoadError.notFound }
                return id * 10
            }
        }
        let loader = Loader()
        Task {
        \(body)
        }

        """
    }

    static func logs(_ body: String) throws -> [String] {
        TaskGroupLoopTests.logs(try SwiftConcurrencyTests.run(Self.file(body)))
    }

    /// The brief's form: a task's value when it returns, its error at the awaiting `catch` when it throws (at
    /// 200 ms, when its `load(2)` throws), and the same error again at a second await.
    @Test func valueRethrowsTheTasksError() throws {
        let logs = try Self.logs(
            """
                let good = Task { () -> Int in try await loader.load(1) }
                let bad = Task<Int, Error> { try await loader.load(2) }
                do {
                    let n = try await good.value
                    print("good \\(n)")
                    let m = try await bad.value
                    print("not reached \\(m)")
                } catch {
                    print("bad \\(error)")
                }
                do {
                    _ = try await bad.value
                } catch LoadError.notFound {
                    print("again notFound")
                }
                let v = try? await bad.value
                print("try? \\(v == nil)")
            """)
        #expect(logs == ["good 10@100", "bad notFound@200", "again notFound@200", "try? true@200"], "\(logs)")
    }

    /// A `throw` in the task's own `do`/`catch` that rethrows, and a typed `let job: Task<Int, Error>`: the
    /// value's type comes from the annotation; `print(try await …)` hoists the await.
    @Test func annotatedTaskAndARethrowingCatch() throws {
        let logs = try Self.logs(
            """
                let job: Task<Int, Error> = Task {
                    do {
                        return try await loader.load(2)
                    } catch {
                        print("inner \\(error)")
                        throw LoadError.offline
                    }
                }
                do {
                    print("value \\(try await job.value)")
                } catch LoadError.offline {
                    print("outer offline")
                }
            """)
        #expect(logs == ["inner notFound@200", "outer offline@200"], "\(logs)")
    }

    /// A task cancelled in its throwing sleep ends with `CancellationError` (stdlib TaskCancellation.swift), which
    /// `try await task.value` rethrows; a task whose error nobody reads ends quietly and the run goes on.
    @Test func cancellationErrorAndAnUnreadError() throws {
        let logs = try Self.logs(
            """
                let slow = Task {
                    try await Task.sleep(nanoseconds: 1_000_000_000)
                    print("not reached")
                }
                try? await Task.sleep(nanoseconds: 100_000_000)
                slow.cancel()
                do {
                    try await slow.value
                } catch is CancellationError {
                    print("slow cancelled")
                }
                Task {
                    try await Task.sleep(nanoseconds: 100_000_000)
                    print("unread throws")
                    throw LoadError.offline
                }
                try? await Task.sleep(nanoseconds: 300_000_000)
                print("done")
            """)
        #expect(logs == ["slow cancelled@100", "unread throws@200", "done@400"], "\(logs)")
    }

    /// Inside a throwing method, `try await task.value` passes the task's error on to the method's caller.
    @Test func aThrowingMethodPassesTheTasksErrorOn() throws {
        let text = Self.file(
            """
                do {
                    let n = try await loader.twice(2)
                    print("twice \\(n)")
                } catch {
                    print("caller \\(error)")
                }
                let m = try? await loader.twice(1)
                print("ok \\(m ?? 0)")
            """
        ).replacingOccurrences(
            of: "        return id * 10\n    }\n",
            with: """
                        return id * 10
                    }
                    func twice(_ id: Int) async throws -> Int {
                        let t = Task { () -> Int in try await self.load(id) }
                        let v = try await t.value
                        return v * 2
                    }

                """)
        let logs = TaskGroupLoopTests.logs(try SwiftConcurrencyTests.run(text))
        #expect(logs == ["caller notFound@200", "ok 20@300"], "\(logs)")
    }
}
