import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Swift concurrency in Swift source (docs/swift-scenarios.md, "Swift concurrency"): each construct lowers to the
/// language's step (docs/scenario-format.md §7.13), and the lowered scenario compiles and runs.
@Suite struct SwiftConcurrencyTests {
    /// A file with a `Feed` class (a task field, a sync method `go`, an async method `refresh`), an actor `Poller`,
    /// and `body` as the statements of `Feed.probe()`, which is `async` when `async` is true.
    static func file(_ body: String, async: Bool = false, top: String = "") -> String {
        """
        import Foundation
        let scenario = Scenario("probe", until: .seconds(3), variants: [.ios13])
        final class Feed {
            var task: Task<Void, Never>?
            var count = 0
            func go() {}
            func refresh() async {
                try? await Task.sleep(for: .milliseconds(100))
            }
            func probe()\(async ? " async" : "") {
        \(body)
            }
            deinit {
                task?.cancel()
            }
        }
        actor Poller {
            var polls = 0
            func poll(_ n: Int) {
                polls += n
            }
        }
        let feed = Feed()
        \(top)
        """
    }

    /// The lowered tree of `file`, requiring no diagnostics.
    static func lowered(_ text: String) throws -> LocatedNode.Mapping {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "C.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return try #require(tree?.mapping)
    }

    /// The lowered steps of `Feed.probe`, rendered on one line.
    static func probe(_ body: String, async: Bool = false) throws -> String {
        let top = try lowered(file(body, async: async))
        let feed = try #require(top["classes"]?.mapping?["Feed"]?.mapping?["methods"]?.mapping?["probe"])
        if async { return SwiftLoweringTests.render(try #require(feed.mapping?["do"])) }
        return SwiftLoweringTests.render(feed)
    }

    /// Loads `text` as a scenario, requiring it to compile, and runs it under its one variant.
    static func run(_ text: String) throws -> VariantRun {
        let loaded = SwiftScenarioLoader.load(text: text, file: "C.swift")
        #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
        let scenario = try #require(loaded.scenario)
        return try #require(try ScenarioRunner.run(scenario).first)
    }

    @Test func taskInitializersChooseTheExecutor() throws {
        // `Feed` is a plain class: its methods are nonisolated, and so is a task made in one (SE-0304).
        #expect(
            try Self.probe("Task { go() }") == "[{task: , actor: none, captures: [strong self], do: [{call: self.go}]}]"
        )
        #expect(
            try Self.probe("Task { @MainActor in go() }")
                == "[{task: , actor: main, captures: [strong self], do: [{call: self.go}]}]")
        #expect(
            try Self.probe("Task.detached { [weak self] in self?.go() }")
                == "[{task: , detached: true, captures: [weak self], do: [{call: self.go}]}]")
        #expect(
            try Self.probe("let t = Task { go() }\nt.cancel()")
                == "[{task: t, actor: none, captures: [strong self], do: [{call: self.go}]}, {cancelTask: t}]")
    }

    /// A plain `Task { }` takes the static isolation of the code that makes it: a `@MainActor` class's or a UIKit
    /// view controller's method is the main actor's (also through an extension); a plain class's and a closure's inside
    /// it are nonisolated; inside another task, an actor's method, a closure of
    /// main-actor code and top-level code the kernel decides when the step runs (no `actor:`).
    @Test func aTaskTakesTheStaticIsolationOfItsMaker() throws {
        func actors(_ text: String) throws -> [String] {
            let rendered = SwiftLoweringTests.render(.mapping(try Self.lowered(text)))
            return rendered.components(separatedBy: "{task: ").dropFirst().map {
                $0.hasPrefix(", actor: main") ? "main" : $0.hasPrefix(", actor: none") ? "none" : "inherit"
            }
        }
        let text = """
            import Foundation
            import UIKit
            let scenario = Scenario("isolation", until: .seconds(1), variants: [.ios13])
            @MainActor final class Model { func a() { Task { } } }
            final class Screen: UIViewController { func b() { Task { } } }
            extension Screen { func c() { Task { } } }
            final class Plain {
                func d() { Task { } }
                func e() { DispatchQueue.main.async { Task { } } }
                @MainActor func f() { Task { } }
            }
            @MainActor final class Hub {
                func h() { DispatchQueue.main.async { Task { } } }
                func i() { Task { Task { } } }
            }
            actor Store { func j() { Task { } } }
            Task { }
            """
        #expect(
            try actors(text) == [
                "main", "main", "main", "none", "none", "main", "inherit", "main", "inherit", "inherit", "inherit",
            ])
    }

    @Test func aTaskLoopWithAWeakSelfCheckedEachTurn() throws {
        let steps = try Self.probe(
            """
            task = Task { [weak self] in
                while !Task.isCancelled {
                    guard let self else { return }
                    self.go()
                    try? await Task.sleep(for: .seconds(1))
                }
            }
            """)
        // Ending the closure, the loop's `return` leaves the loop: `break`. `guard let self` binds a strong local
        // for the rest of the turn, the sleep included (SE-0079; docs/fidelity.md).
        #expect(
            steps == "[{task: self.task, actor: none, captures: [weak self], do: [{while: !Task.isCancelled, do: "
                + "[{let: strongSelf "
                + "= self}, {if: strongSelf != nil, then: [{call: strongSelf.go}, {taskSleep: 1s}], else: [break]}]}]}]"
        )
    }

    /// A `return` in a loop that does not end the task's closure leaves the closure there (`- return`, which ends
    /// the block from inside its loop), not only the loop; `go()` after the loop is not reached through it.
    @Test func aReturnInALoopThatDoesNotEndTheBodyEndsTheClosure() throws {
        let text = Self.file("Task {\n while count < 3 { return }\n go()\n}")
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "C.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let lowered = SwiftLoweringTests.render(try #require(tree))
        #expect(lowered.contains("do: [return]}, {call: "), "\(lowered)")
    }

    /// `Task.isCancelled` printed is a `Bool`, written as its value.
    @Test func taskIsCancelledPrintsItsValue() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("cancelled", until: .seconds(1), variants: [.ios13])
            let t = Task {
                try? await Task.sleep(nanoseconds: 100_000_000)
                print("cancelled \\(Task.isCancelled)")
            }
            t.cancel()
            scenario.expect(.all, ["logs": 1, "logs[0].text": "cancelled true"])
            """)
    }

    @Test func sleepsAndCancellationPoints() throws {
        #expect(
            try Self.probe("try await Task.sleep(nanoseconds: 1_000_000_000)", async: true)
                == "[{taskSleep: 1000000000ns, throwing: true}]")
        #expect(try Self.probe("try? await Task.sleep(for: .milliseconds(5))", async: true) == "[{taskSleep: 5ms}]")
        #expect(
            try Self.probe("try Task.checkCancellation()\nawait Task.yield()", async: true)
                == "[{checkCancellation: }, {taskYield: }]")
        #expect(
            try Self.probe("if Task.isCancelled { go() }", async: true)
                == "[{if: Task.isCancelled, then: [{call: self.go}]}]")
    }

    @Test func sleepNanosecondsOfAUInt64Conversion() throws {
        // `Task.sleep(nanoseconds: UInt64(ms) * 1_000_000)`: the Int's value, and a trap before the sleep when it
        // is negative (UInt64.init(_:): "Negative value is not representable").
        let lowered = try Self.probe("try? await Task.sleep(nanoseconds: UInt64(count) * 1_000_000)", async: true)
        #expect(
            lowered
                == "[{if: (self.count) < 0, then: [{trap: C.swift:11: Fatal error: Negative value is not "
                + "representable}]}, {taskSleep: (self.count) * 1000000 * 1ns}]", "\(lowered)")
        let run = try Self.run(
            Self.file(
                "go()",
                top: """
                    let ms = [30, -5]
                    Task {
                        for m in ms {
                            try? await Task.sleep(nanoseconds: 1_000 * UInt64(m * 1_000))
                            print("slept \\(m)")
                        }
                    }
                    """))
        #expect(run.report.value(at: "logs[0].at_ms")?.compact == "30")
        #expect(run.report.value(at: "crash.message")?.compact.contains("Negative value is not representable") == true)
        #expect(run.report.value(at: "crash.at_ms")?.compact == "30")
    }

    @Test func mainActorRunTaskValueAndGroups() throws {
        #expect(
            try Self.probe("await MainActor.run { count += 1 }", async: true)
                == "[{mainActorRun: [{increment: self.count}]}]")
        #expect(
            try Self.probe("let t = Task { go() }\n_ = await t.value\nawait t.value", async: true)
                == "[{task: t, actor: none, captures: [strong self], do: [{call: self.go}]}, {awaitTask: t}, "
                + "{awaitTask: t}]")
        #expect(
            try Self.probe(
                """
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { await self.refresh() }
                    group.addTask { self.go() }
                    await group.waitForAll()
                }
                """, async: true)
                == "[{taskGroup: [{captures: [strong self], do: [{await: self.refresh}]}, "
                + "{captures: [strong self], do: [{call: self.go}]}]}]")
    }

    @Test func asyncMethodsActorsAndMainActorClasses() throws {
        let top = try Self.lowered(
            Self.file(
                "await refresh()\nlet poller = Poller()\nawait poller.poll(2)\nlet p: Poller? = poller\n"
                    + "await p?.poll(count)", async: true,
                top: """
                    @MainActor class Screen {
                        @MainActor func show() {}
                    }
                    """))
        let classes = try #require(top["classes"]?.mapping)
        let feed = try #require(classes["Feed"]?.mapping?["methods"]?.mapping)
        #expect(
            SwiftLoweringTests.render(try #require(feed["refresh"]))
                == "{async: true, do: [{taskSleep: 100ms}]}")
        #expect(
            SwiftLoweringTests.render(try #require(feed["probe"]))
                == "{async: true, do: [{await: self.refresh}, {let: poller = new Poller}, "
                + "{await: poller.poll, with: [2]}, {let: p = poller}, {await: p.poll, with: [self.count]}]}")
        #expect(SwiftLoweringTests.render(try #require(classes["Poller"])).hasPrefix("{actor: true, fields:"))
        #expect(
            SwiftLoweringTests.render(try #require(classes["Screen"]))
                == "{mainActor: true, methods: {show: {mainActor: true, do: []}}}")
        #expect(
            SwiftLoweringTests.render(try #require(classes["Feed"]?.mapping?["dealloc"]))
                == "[{cancelTask: self.task}]")
    }

    @Test func everyLoweredFormCompilesAndRuns() throws {
        // Each construct of the section together, as an app writes them: the compiler accepts every lowered step.
        let run = try Self.run(
            Self.file(
                "go()",
                top: """
                    let poller = Poller()
                    Task {
                        await feed.refresh()
                        try Task.checkCancellation()
                        await Task.yield()
                        let t = Task.detached {
                            Thread.sleep(forTimeInterval: 0.2)
                        }
                        _ = await t.value
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask { await poller.poll(1) }
                            group.addTask { try? await Task.sleep(for: .milliseconds(20)) }
                        }
                        await MainActor.run {
                            print("on main")
                        }
                    }
                    """))
        #expect(run.report.value(at: "logs[0].text")?.compact.contains("on main") == true)
        // 100 ms of refresh's sleep, 200 ms of the detached task awaited, 20 ms of the group's longer child.
        #expect(run.report.value(at: "logs[0].at_ms")?.compact == "320")
    }

    @Test func threadSleepTakesTheThread() throws {
        #expect(try Self.probe("Thread.sleep(forTimeInterval: 0.01)") == "[{work: 0.01s}]")
    }

    @Test func aTaskLoopThatCapturesSelfKeepsItsOwner() throws {
        // The Task's closure uses self, the runtime holds the task, the task its closure: the feed is never freed.
        let run = try Self.run(
            Self.file(
                "task = Task {\n while !Task.isCancelled {\n go()\n try? await Task.sleep(for: .seconds(1))\n }\n}",
                top: "var f: Feed? = Feed()\nf?.probe()\nscenario.at(.milliseconds(1500)) { f = nil }"))
        #expect(run.report.value(at: "objects.deallocated")?.compact == "0")
        #expect(run.report.value(at: "leaks[0].class")?.compact.contains("Feed") == true)
    }

    @Test func anActorsMethodsRunOnItsExecutor() throws {
        // `await poller.poll(2)` from a task at the top level: the actor's job runs on the cooperative pool.
        let run = try Self.run(
            Self.file(
                "go()",
                top: "let poller = Poller()\nTask {\n await poller.poll(2)\n print(\"polled\")\n}"))
        #expect(run.report.value(at: "logs[0].text")?.compact.contains("polled") == true)
        #expect(run.report.value(at: "crashed")?.compact == "false")
    }

    @Test func anAwaitOutsideAnAsyncContextIsTheCompilersLocatedError() throws {
        let loaded = SwiftScenarioLoader.load(
            text: Self.file("try? await Task.sleep(for: .seconds(1))"), file: "C.swift")
        let diagnostic = try #require(loaded.diagnostics.first)
        #expect(diagnostic.id == "task.not-async")
        #expect(diagnostic.location.file == "C.swift")
        #expect(diagnostic.location.line == 11)
    }

    @Test func anAwaitedCallWithoutAwaitIsRefusedWithTheForm() throws {
        let (_, diagnostics) = SwiftScenarioLoader.lower(
            text: Self.file("Task.sleep(for: .seconds(1))"), file: "C.swift")
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.id == "swift.unsupported")
        #expect(diagnostic.message.contains("try await Task.sleep"))
        #expect(diagnostic.location.line == 11)
    }
}

/// A subclass of `@MainActor class UIViewController` (or `UIView`) is main-actor isolated (SE-0316, "Global actor
/// inference"): its async methods run on the main thread, and a timer one schedules goes on the main run loop.
@Suite struct UIKitMainActorTests {
    @Test func anAsyncMethodOfAControllerRunsOnTheMainActor() throws {
        try SwiftLanguageTests.passes(
            """
            import UIKit
            let scenario = Scenario("controller isolation", until: .seconds(1), variants: [.ios13])
            final class WelcomeViewController: UIViewController {
                func showWelcome() async {
                    print("welcome")
                    Timer.scheduledTimer(withTimeInterval: 0.2, repeats: false) { _ in print("tip") }
                }
            }
            final class Poller {
                func poll() async { print("poll") }
            }
            let welcome = WelcomeViewController()
            let poller = Poller()
            Task.detached {
                await welcome.showWelcome()
                await poller.poll()
            }
            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "welcome", "logs[0].thread": "main", "logs[1].text": "poll",
                "logs[1].thread": "worker-1", "logs[2].text": "tip", "logs[2].at_ms": 200,
            ])
            """)
    }
}
