import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Throwing task groups as engineers write them (docs/swift-scenarios.md, "Swift concurrency";
/// SwiftLowering+ThrowingTaskGroups.swift; swift stdlib/public/Concurrency/TaskGroup.swift `withThrowingTaskGroup`):
/// a child's error rethrown by the `next()` that takes it, the body's throw cancelling and awaiting the rest,
/// `cancelAll()`, `isCancelled`, `waitForAll()`, and the group's value in every position.
@Suite struct ThrowingTaskGroupTests {
    /// A loader whose `load(id)` sleeps `id` tenths of a second and returns `id * 10`, or throws `notFound` for
    /// id 2 (after its sleep); a cancelled sleep throws `CancellationError`.
    static func file(_ body: String, extra: String = "") -> String {
        """
        import Foundation
        let scenario = Scenario("throwing groups", until: .seconds(3), variants: [.ios13])
        enum LoadError: Error { case notFound, offline }
        final class Loader {
            func load(_ id: Int) async throws -> Int {
                try await Task.sleep(nanoseconds: UInt64(id) * 100_000_000)
                if id == 2 { throw LoadError.notFound }
                return id * 10
            }
        \(extra)
        }
        let loader = Loader()
        Task {
        \(body)
        }

        """
    }

    static func logs(_ text: String) throws -> [String] { TaskGroupLoopTests.logs(try SwiftConcurrencyTests.run(text)) }

    /// The brief's form: `for try await` over children 3, 1, 2; child 1's value is taken at 100 ms, child 2's error
    /// at 200 ms leaves the loop and the body, the group cancels child 3 (its sleep throws at once) and waits for
    /// it, and the `catch` prints the error at 200 ms, not 300.
    @Test func aChildsErrorLeavesTheBodyAndCancelsTheRest() throws {
        let logs = try Self.logs(
            Self.file(
                """
                    do {
                        let total = try await loader.loadAll()
                        print("total \\(total)")
                    } catch {
                        print("failed \\(error)")
                    }
                """,
                extra: """
                        let ids = [3, 1, 2]
                        func loadAll() async throws -> Int {
                            try await withThrowingTaskGroup(of: Int.self) { group in
                                for id in ids {
                                    group.addTask {
                                        do {
                                            return try await self.load(id)
                                        } catch is CancellationError {
                                            print("child \\(id) cancelled")
                                            throw LoadError.offline
                                        }
                                    }
                                }
                                var total = 0
                                for try await size in group {
                                    print("got \\(size)")
                                    total += size
                                }
                                return total
                            }
                        }
                    """))
        #expect(logs == ["got 10@100", "child 3 cancelled@200", "failed notFound@200"], "\(logs)")
    }

    /// Every child returns: `let x = try await withThrowingTaskGroup` in a `do`, its value the body's `return`, with
    /// `while let v = try await group.next()`.
    @Test func theGroupsValueWhenNothingThrows() throws {
        let logs = try Self.logs(
            Self.file(
                """
                    do {
                        let total = try await withThrowingTaskGroup(of: Int.self) { group in
                            for id in [3, 1] { group.addTask { try await loader.load(id) } }
                            var sum = 0
                            while let size = try await group.next() { sum += size }
                            return sum
                        }
                        print("total \\(total)")
                    } catch {
                        print("failed \\(error)")
                    }
                """))
        #expect(logs == ["total 40@300"], "\(logs)")
    }

    /// A child's error that no `next()` takes is dropped (TaskGroup.swift: "nothing is canceled and the group
    /// doesn't throw an error"): the group waits for the child and the statement after it runs.
    @Test func anErrorNobodyTakesIsDropped() throws {
        let logs = try Self.logs(
            Self.file(
                """
                    do {
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask { _ = try await loader.load(2) }
                            group.addTask {
                                let n = try await loader.load(1)
                                print("other \\(n)")
                            }
                        }
                        print("group done")
                    } catch {
                        print("failed \\(error)")
                    }
                """))
        #expect(logs == ["other 10@100", "group done@200"], "\(logs)")
    }

    /// `group.cancelAll()` wakes a sleeping child (`catch is CancellationError`), `group.isCancelled` turns true,
    /// `try Task.checkCancellation()` throws in a child added after it, and `try await group.waitForAll()` rethrows
    /// the first error in finishing order.
    @Test func cancelAllIsCancelledAndWaitForAll() throws {
        let logs = try Self.logs(
            Self.file(
                """
                    do {
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask {
                                do {
                                    try await Task.sleep(nanoseconds: 1_000_000_000)
                                } catch is CancellationError {
                                    print("sleeper cancelled")
                                    throw LoadError.offline
                                }
                            }
                            try await Task.sleep(nanoseconds: 100_000_000)
                            print("before \\(group.isCancelled)")
                            group.cancelAll()
                            print("after \\(group.isCancelled)")
                            group.addTask {
                                try Task.checkCancellation()
                                print("never")
                            }
                            try await group.waitForAll()
                            print("not reached")
                        }
                    } catch {
                        print("failed \\(error)")
                    }
                """))
        #expect(
            logs == ["before false@100", "after true@100", "sleeper cancelled@100", "failed offline@100"], "\(logs)")
    }

    /// `return try await withThrowingTaskGroup` in an `async throws` method called with `try await`, the error
    /// thrown in the body itself (not a child's) cancelling a child that ignores cancellation: the group still
    /// waits for it (300 ms) before the error reaches the caller.
    @Test func aThrowInTheBodyWaitsForTheChildren() throws {
        let logs = try Self.logs(
            Self.file(
                """
                    do {
                        let n = try await loader.first()
                        print("first \\(n)")
                    } catch LoadError.offline {
                        print("offline")
                    } catch {
                        print("other \\(error)")
                    }
                """,
                extra: """
                        func first() async throws -> Int {
                            return try await withThrowingTaskGroup(of: Int.self) { group in
                                group.addTask {
                                    Thread.sleep(forTimeInterval: 0.3)
                                    print("slow child ends")
                                    return 3
                                }
                                try await Task.sleep(nanoseconds: 100_000_000)
                                if !Task.isCancelled { throw LoadError.offline }
                                return 0
                            }
                        }
                    """))
        #expect(logs == ["slow child ends@300", "offline@300"], "\(logs)")
    }

    /// The first child to finish wins (`guard let first = try await group.next()`, then `group.cancelAll()`): a load
    /// of 100 ms beats its 300 ms timeout, whose cancelled sleep's error nobody takes; a timeout of 100 ms beats a
    /// load of 300 ms, and its error leaves the group at once, the load cancelled.
    @Test func theFirstChildToFinishWins() throws {
        let logs = try Self.logs(
            Self.file(
                """
                    do {
                        let a = try await loader.fetch(1, timeout: 3)
                        print("a \\(a)")
                    } catch {
                        print("a failed \\(error)")
                    }
                    do {
                        let b = try await loader.fetch(3, timeout: 1)
                        print("b \\(b)")
                    } catch {
                        print("b failed \\(error)")
                    }
                """,
                extra: """
                        func fetch(_ id: Int, timeout: Int) async throws -> Int {
                            try await withThrowingTaskGroup(of: Int.self) { group in
                                group.addTask { try await self.load(id) }
                                group.addTask {
                                    try await Task.sleep(nanoseconds: UInt64(timeout) * 100_000_000)
                                    throw LoadError.offline
                                }
                                guard let first = try await group.next() else { throw LoadError.notFound }
                                group.cancelAll()
                                return first
                            }
                        }
                    """))
        #expect(logs == ["a 10@100", "b failed offline@200"], "\(logs)")
    }

    /// A non-throwing group inside a throwing group's body keeps its own rules (`for await`, no `try`), and `for try
    /// await _ in outer {}` over children that return nothing takes them in finishing order until one's error
    /// leaves the body.
    @Test func aGroupInsideAThrowingGroupAndADrainingLoop() throws {
        let logs = try Self.logs(
            Self.file(
                """
                    do {
                        try await withThrowingTaskGroup(of: Void.self) { outer in
                            outer.addTask { _ = try await loader.load(1) }
                            let five = await withTaskGroup(of: Int.self) { group in
                                group.addTask { 5 }
                                var sum = 0
                                for await v in group { sum += v }
                                return sum
                            }
                            print("inner \\(five)")
                            outer.addTask { _ = try await loader.load(2) }
                            for try await _ in outer {}
                            print("not reached")
                        }
                    } catch {
                        print("drained \\(error)")
                    }
                """))
        #expect(logs == ["inner 5@0", "drained notFound@200"], "\(logs)")
    }

    /// A non-throwing group's `while let v = await group.next()` takes the values in finishing order.
    @Test func whileLetNextInANonThrowingGroup() throws {
        let logs = try Self.logs(
            Self.file(
                """
                    let order = await withTaskGroup(of: Int.self) { group in
                        for id in [2, 1] {
                            group.addTask {
                                try? await Task.sleep(nanoseconds: UInt64(id) * 100_000_000)
                                return id
                            }
                        }
                        var order = 0
                        while let id = await group.next() { order = order * 10 + id }
                        return order
                    }
                    print("order \\(order)")
                """))
        #expect(logs == ["order 12@200"], "\(logs)")
    }

    /// What stays out is refused where it is written, saying what to write.
    @Test func whatStaysOutIsRefusedLocated() {
        let discarding = SwiftScenarioLoader.lower(
            text: Self.file("    try? await withThrowingDiscardingTaskGroup { group in group.addTask { } }"),
            file: "D.swift"
        ).1
        #expect(
            discarding.contains { $0.message.contains("`withThrowingDiscardingTaskGroup`") && $0.location.line == 14 })
        let noTry = SwiftScenarioLoader.lower(
            text: Self.file(
                """
                    do {
                        try await withThrowingTaskGroup(of: Int.self) { group in
                            group.addTask { 1 }
                            await group.next()
                        }
                    } catch {}
                """), file: "N.swift"
        ).1
        #expect(noTry.contains { $0.message.contains("write `try await group.next()`") }, "\(noTry)")
    }
}
