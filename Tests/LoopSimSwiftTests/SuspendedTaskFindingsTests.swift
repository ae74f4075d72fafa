import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A Swift task suspended at an `await` holds no thread (SE-0296: an async function can "give up its thread"), so
/// the run reports it under `tasks`, never among the parked or waiting threads (docs/scenario-format.md §10,
/// "Suspended tasks").
@Suite struct SuspendedTaskFindingsTests {
    /// A main-actor view model whose task awaits a continuation that a legacy store drops on a miss (it returns
    /// without calling its completion); the sheet is dismissed at 1 s: the task is cancelled and let go.
    static let droppedContinuation = """
        import Foundation
        let scenario = Scenario("dropped", until: .seconds(2), variants: [.ios13])

        final class AvatarStore {
            private let queue = DispatchQueue(label: "avatars")

            func fetch(user: Int, completion: @escaping (Int) -> Void) {
                queue.asyncAfter(deadline: .now() + 0.2) {
                    if user > 100 {
                        print("store miss")
                        return
                    }
                    completion(user * 2)
                }
            }

            func avatar(user: Int) async -> Int {
                await withCheckedContinuation { continuation in
                    fetch(user: user) { size in continuation.resume(returning: size) }
                }
            }
        }

        @MainActor
        final class AvatarViewModel {
            let store = AvatarStore()
            var loadTask: Task<Void, Never>?
            var size = 0

            func appear() {
                loadTask = Task {
                    size = await store.avatar(user: 404)
                    print("avatar shown")
                }
            }

            func disappear() {
                loadTask?.cancel()
            }

            deinit { print("avatar vm deinit") }
        }

        var model: AvatarViewModel? = AvatarViewModel()
        model?.appear()

        scenario.at(.seconds(1), "dismiss") {
            model?.disappear()
            model = nil
        }

        """

    /// The run of `text` (a whole file) under its one variant.
    static func run(_ text: String) throws -> VariantRun {
        try SwiftConcurrencyTests.run(text)
    }

    /// A dropped continuation: no thread is parked or waiting; one task is suspended for ever, named as the task
    /// is, its reason naming the function and the line; the view model its closure captured leaks.
    @Test func aDroppedContinuationSuspendsATaskAndParksNoThread() throws {
        let run = try Self.run(Self.droppedContinuation)
        let r = run.report
        #expect(SwiftUIKitTests.logs(r).first == "store miss")
        #expect(!SwiftUIKitTests.logs(r).contains("avatar shown"))
        #expect(!SwiftUIKitTests.logs(r).contains("avatar vm deinit"))
        #expect(r.value(at: "threads.parked")?.compact == "0")
        #expect(r.value(at: "threads.waiting")?.compact == "0")
        #expect(r.value(at: "tasks.suspended")?.compact == "1")
        #expect(r.value(at: "tasks.waiting")?.compact == "0")
        #expect(r.value(at: "tasks.suspended_names[0]")?.compact == "\"Task loadTask\"")
        let reason = try #require(run.outcome.findings.suspendedTasks.first?.reason)
        #expect(
            reason
                == "suspended for ever in withCheckedContinuation of avatar(user:) at C.swift:18: its continuation "
                + "was released without being resumed; resume it on every path (resume(returning:) once)")
        #expect(run.outcome.findings.suspendedTasks.first?.since?.milliseconds == 0)
        #expect(run.outcome.findings.parkedThreads.isEmpty && run.outcome.findings.waitingThreads.isEmpty)
        // No task among the threads: main and the pool's threads only.
        #expect(!run.outcome.threads.contains { $0.name.hasPrefix("Task") })
        #expect(!run.outcome.threads.contains { $0.state == "parked" })
        // Abandoned: the runtime holds the task, whose closure holds the view model (and its store) the app let go.
        #expect(r.value(at: "objects.abandoned")?.compact == "4")
        #expect(r.value(at: "leaks[0].class")?.compact == "\"AvatarViewModel\"")
    }

    /// The text report says it in its own row and section, not in the `threads` row or "parked threads".
    @Test func theTextReportListsTheTaskApartFromTheThreads() throws {
        let loaded = SwiftScenarioLoader.load(text: Self.droppedContinuation, file: "C.swift")
        let scenario = try #require(loaded.scenario)
        let runs = try ScenarioRunner.run(scenario)
        let text = TextReport.render(scenario, runs)
        #expect(text.contains("· parked 0\n"), "\(text)")
        #expect(text.contains("tasks           suspended for ever 1 (Task loadTask)\n"), "\(text)")
        #expect(text.contains("  tasks suspended for ever (no thread is blocked: nothing can resume them)\n"))
        #expect(text.contains("    Task loadTask since 0 ms: suspended for ever in withCheckedContinuation"))
        #expect(!text.contains("parked threads"))
        let brief = Narration.leftBehind(runs[0].outcome.findings)
        #expect(
            brief.contains {
                $0.hasPrefix("Task loadTask is suspended for ever since ") && $0.contains(" (it holds no thread): ")
            }, "\(brief)")
    }

    /// The file's own expectations, as a reviewer writes them, pass: threads.parked 0 with tasks.suspended 1.
    @Test func expectationsOfTheTaskFiguresPass() throws {
        try SwiftLanguageTests.passes(
            Self.droppedContinuation + """
                scenario.expect(.all, [
                    "logged": ["store miss": 1, "avatar shown": 0, "avatar vm deinit": 0],
                    "threads.parked": 0, "threads.waiting": 0,
                    "tasks.suspended": 1, "tasks.suspended_names[0]": "Task loadTask", "tasks.waiting": 0,
                    "leaks[0].class": "AvatarViewModel", "crashed": false,
                ])
                """)
    }

    /// A continuation kept in a property and not resumed yet: its task waits (the app still holds what resumes
    /// it), and no thread does.
    @Test func aHeldContinuationMakesAWaitingTaskNotAWaitingThread() throws {
        let run = try Self.run(
            """
            import Foundation
            let scenario = Scenario("held", until: .seconds(1), variants: [.ios13])

            @MainActor final class Locator {
                var pending: CheckedContinuation<Int, Never>?

                func next() async -> Int {
                    await withCheckedContinuation { continuation in
                        pending = continuation
                    }
                }
            }

            let locator = Locator()
            let reader = Task { @MainActor in
                let fix = await locator.next()
                print("fix \\(fix)")
            }
            """)
        let r = run.report
        #expect(SwiftUIKitTests.logs(r).isEmpty)
        #expect(r.value(at: "threads.waiting")?.compact == "0")
        #expect(r.value(at: "threads.parked")?.compact == "0")
        #expect(r.value(at: "tasks.suspended")?.compact == "0")
        #expect(r.value(at: "tasks.waiting")?.compact == "1")
        #expect(r.value(at: "tasks.waiting_names[0]")?.compact == "\"Task reader\"")
        let reason = try #require(run.outcome.findings.waitingTasks.first?.reason)
        #expect(reason.hasPrefix("suspended in withCheckedContinuation of next() at C.swift:8 until its continuation"))
    }

    /// A thread blocked for ever (on a semaphore only its own frame holds) beside a suspended task: the thread is
    /// parked, the task is not counted with it.
    @Test func aParkedThreadAndASuspendedTaskAreCountedApart() throws {
        let run = try Self.run(
            """
            import Foundation
            let scenario = Scenario("both", until: .seconds(1), variants: [.ios13])

            final class Bridge {
                func value() async -> Int {
                    await withCheckedContinuation { continuation in
                        print("dropped")
                    }
                }
            }

            let bridge = Bridge()
            let waiter = Thread {
                let done = DispatchSemaphore(value: 0)
                done.wait()
                print("never")
            }
            waiter.name = "waiter"
            waiter.start()
            let loader = Task.detached {
                let v = await bridge.value()
                print("got \\(v)")
            }
            """)
        let f = run.outcome.findings
        #expect(f.parkedThreads.map(\.name) == ["waiter"])
        #expect(f.suspendedTasks.map(\.name) == ["Task loader"])
        #expect(run.report.value(at: "threads.parked")?.compact == "1")
        #expect(run.report.value(at: "tasks.suspended")?.compact == "1")
    }

    /// An expectation that names a task among the parked threads, as files written before the split did, is a
    /// located error naming the figure to write instead.
    @Test func aTaskExpectedAmongParkedThreadsIsAnErrorNamingTheTasksFigure() throws {
        let text =
            Self.droppedContinuation + """
                scenario.expect(.all, ["threads.parked_names[0]": "Task loadTask"])
                """
        let loaded = SwiftScenarioLoader.load(text: text, file: "C.swift")
        let errors = loaded.diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(errors.count == 1, "\(errors)")
        #expect(
            errors.first?.contains(
                "no thread 'Task loadTask' can exist in this scenario: threads are main, pool workers (worker-1, "
                    + "worker-2, …) and the names of `thread:` steps; 'Task loadTask' is a task, and a suspended task "
                    + "holds no thread: expect it in tasks.suspended_names[0]") == true, "\(errors)")
        #expect(errors.first?.contains("C.swift:") == true, "\(errors)")
    }

    /// The same in YAML: a `withContinuation:` whose body drops it, in a main-actor task.
    @Test func yamlDroppedContinuationIsASuspendedTask() throws {
        let loaded = ScenarioLoader.load(
            text: """
                name: yaml dropped continuation
                until: 1s
                classes:
                  Loader:
                    methods:
                      load:
                        async: true
                        do:
                          - withContinuation: c
                            function: "load()"
                            do:
                              - log: miss
                main:
                  - let: loader = new Loader
                  - task: fetch
                    actor: main
                    captures: [loader]
                    do:
                      - await: loader.load
                      - log: not reached
                  - runUntil: 500ms
                  - check: after the miss
                expect:
                  all:
                    threads.parked: 0
                    threads.waiting: 0
                    tasks.suspended: 1
                    tasks.suspended_names[0]: Task fetch
                    tasks.waiting: 0
                    logged: {miss: 1, not reached: 0}
                """, file: "y.yaml")
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
        let scenario = try #require(loaded.scenario)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        #expect(run.expectations.count == 7)
        #expect(run.failedExpectations.isEmpty, "\(run.failedExpectations)")
        #expect(run.outcome.findings.suspendedTasks.first?.reason.contains("withCheckedContinuation of load()") == true)
        // A check: snapshot lists the task apart from the parked threads too.
        #expect(run.report.value(at: "checks[0].parked")?.compact == "[]")
        #expect(run.report.value(at: "checks[0].suspended")?.compact == "[\"Task fetch\"]")
    }
}
