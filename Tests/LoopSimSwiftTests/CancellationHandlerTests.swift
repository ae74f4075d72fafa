import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `withTaskCancellationHandler { … } onCancel: { … }` (docs/swift-scenarios.md, "Cancellation handlers"; SE-0304;
/// stdlib TaskCancellation.swift): the handler runs at once on the cancelling thread, inside `task.cancel()` or
/// `group.cancelAll()`, while the operation runs; before the operation in a task cancelled already; never once the
/// operation has returned.
@Suite struct CancellationHandlerTests {
    /// A legacy request bridged by a continuation, its cancel forwarded by the handler.
    static let request = """
        enum FetchError: Error {
            case cancelled
        }
        final class Request {
            var item: DispatchWorkItem?
            var completion: ((Bool) -> Void)?
            func start(completion: @escaping (Bool) -> Void) {
                self.completion = completion
                let work = DispatchWorkItem {
                    print("request finished")
                    self.finish(true)
                }
                item = work
                DispatchQueue.global().asyncAfter(deadline: .now() + 1, execute: work)
            }
            func cancel() {
                item?.cancel()
                print("request cancelled")
                finish(false)
            }
            func finish(_ ok: Bool) {
                let done = completion
                completion = nil
                done?(ok)
            }
        }
        final class Fetcher {
            func fetch() async throws -> Bool {
                let request = Request()
                return try await withTaskCancellationHandler {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, Error>) in
                        request.start { ok in
                            if ok {
                                continuation.resume(returning: true)
                            } else {
                                continuation.resume(throwing: FetchError.cancelled)
                            }
                        }
                    }
                } onCancel: {
                    request.cancel()
                }
            }
        }
        let fetcher = Fetcher()

        """

    /// The cancel at 300 ms runs the handler inside `cancel()`, before the canceller's next statement; the
    /// continuation resumes with the error at once and the work item never runs.
    @Test func theHandlerRunsInsideCancelAndResumesTheContinuation() throws {
        let o = try SwiftContinuationTests.run(
            Self.request + """
                let fetching = Task {
                    do {
                        let ok = try await fetcher.fetch()
                        print("fetched \\(ok)")
                    } catch {
                        print("fetch failed")
                    }
                }
                DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) {
                    print("cancel")
                    fetching.cancel()
                    print("cancel returned")
                }
                """)
        #expect(o.logs == ["cancel@300", "request cancelled@300", "cancel returned@300", "fetch failed@300"])
        #expect(o.crash == nil)
    }

    /// Without a cancel the operation runs to its end; a cancel after the operation returned finds no handler.
    @Test func noCancelNoHandlerAndALateCancelFindsNone() throws {
        let o = try SwiftContinuationTests.run(
            Self.request
                + """
                let fetching = Task {
                    let ok = try? await fetcher.fetch()
                    print("fetched \\(ok == true)")
                    try? await Task.sleep(nanoseconds: 100_000_000)
                    print("slept")
                }
                DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(1050)) {
                    fetching.cancel()
                    print("cancelled late")
                }
                """.replacingOccurrences(of: "until: .seconds(1)", with: ""))
        // The run ends at 1 s: the request finishes at 1000 ms, the late cancel is beyond the horizon.
        #expect(o.logs == ["request finished@1000", "fetched true@1000"])
    }

    /// While its operation waits, the handler is held by the task's cancellation record: a task suspended for ever
    /// there holds the handler and what it captures, which are no leak of their own (the suspended task is the
    /// finding).
    @Test func anInstalledHandlerIsHeldByItsTask() throws {
        let run = try SwiftConcurrencyTests.run(
            """
            import Foundation
            let scenario = Scenario("c", until: .seconds(1), variants: [.ios13])
            final class Request {
                func cancel() { print("cancel") }
            }
            final class Loader {
                func load() async -> Int {
                    let request = Request()
                    return await withTaskCancellationHandler {
                        await withCheckedContinuation { (c: CheckedContinuation<Int, Never>) in print("waiting") }
                    } onCancel: {
                        request.cancel()
                    }
                }
            }
            let loader = Loader()
            Task { print("got \\(await loader.load())") }
            """)
        #expect(run.report.value(at: "leaks")?.compact == "[]")
        #expect(run.report.value(at: "tasks.suspended")?.compact == "1")
    }

    /// A task cancelled before it reaches the call runs the handler first, then the operation.
    @Test func aTaskCancelledAlreadyRunsTheHandlerBeforeTheOperation() throws {
        let o = try SwiftContinuationTests.run(
            """
            final class Work {
                func run() async {
                    await withTaskCancellationHandler {
                        print("operation \\(Task.isCancelled)")
                    } onCancel: {
                        print("handler")
                    }
                    print("after")
                }
            }
            let work = Work()
            let task = Task {
                try? await Task.sleep(nanoseconds: 200_000_000)
                await work.run()
            }
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) {
                task.cancel()
            }
            """)
        #expect(o.logs == ["handler@100", "operation true@100", "after@100"])
    }

    /// `group.cancelAll()` runs a child's handler on the thread of the task that cancels the group.
    @Test func groupCancelAllRunsAChildsHandler() throws {
        let o = try SwiftContinuationTests.run(
            Self.request + """
                Task { @MainActor in
                    do {
                    let first = try await withThrowingTaskGroup(of: Bool.self) { group in
                        group.addTask { try await fetcher.fetch() }
                        group.addTask {
                            try await Task.sleep(nanoseconds: 200_000_000)
                            return false
                        }
                        defer { group.cancelAll() }
                        guard let first = try await group.next() else { throw CancellationError() }
                        return first
                    }
                    print("first \\(first)")
                    } catch {
                        print("threw")
                    }
                }
                """)
        #expect(o.logs == ["request cancelled@200", "first false@200"])
    }
}
