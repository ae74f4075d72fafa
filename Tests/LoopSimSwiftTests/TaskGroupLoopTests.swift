import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A task group whose body is ordinary statements (docs/swift-scenarios.md, "Swift concurrency"): children added
/// in a loop, under an `if`, after a local computed for them (SE-0304). Each `group.addTask { … }` starts a child
/// when it runs, capturing that turn's loop constant, and the group's end waits for every child.
@Suite struct TaskGroupLoopTests {
    /// The logs of a run, each as `text@ms`, in order.
    static func logs(_ run: VariantRun) -> [String] {
        var out: [String] = []
        var i = 0
        while let text = run.report.value(at: "logs[\(i)].text")?.compact {
            let ms = run.report.value(at: "logs[\(i)].at_ms")?.compact ?? "?"
            out.append("\(text.replacingOccurrences(of: "\"", with: ""))@\(ms)")
            i += 1
        }
        return out
    }

    @Test func aLoopOfAddTaskLowersToAddTaskSteps() throws {
        let lowered = try SwiftConcurrencyTests.probe(
            """
            await withTaskGroup(of: Void.self) { group in
                for i in 0..<3 {
                    if i == 1 { continue }
                    group.addTask { print(i) }
                }
                await group.waitForAll()
            }
            """, async: true)
        #expect(
            lowered
                == "[{withTaskGroup: [{for: i in 0..<3, do: [{if: i == 1, then: [continue]}, "
                + "{addTask: , captures: [strong i], do: [{log: \\(i)}]}]}, {waitForAll: }]}]")
    }

    @Test func forAwaitOverTheGroupWaitsForTheChildrenSoFar() throws {
        let lowered = try SwiftConcurrencyTests.probe(
            "await withTaskGroup(of: Void.self) { g in\nfor i in 0..<2 { g.addTask { go() } }\n"
                + "for await _ in g {}\ngo()\n}",
            async: true)
        #expect(
            lowered
                == "[{withTaskGroup: [{for: i in 0..<2, do: [{addTask: , captures: [strong self], "
                + "do: [{call: self.go}]}]}, {waitForAll: }, {call: self.go}]}]", "\(lowered)")
    }

    @Test func theGroupsNameIsTheClosuresParameterHoweverWritten() throws {
        // `withDiscardingTaskGroup { (tasks) in … }`: the parenthesized parameter names the group.
        let lowered = try SwiftConcurrencyTests.probe(
            "await withDiscardingTaskGroup { (tasks) in\nfor i in 0..<2 {\nif i > 0 { tasks.addTask { go() } }\n}\n}",
            async: true)
        #expect(
            lowered
                == "[{withTaskGroup: [{for: i in 0..<2, do: [{if: i > 0, then: [{addTask: , captures: [strong self], "
                + "do: [{call: self.go}]}]}]}]}]", "\(lowered)")
    }

    @Test func childrenAddedInALoopCaptureTheirTurnsValueAndTheGroupWaits() throws {
        // Three children that sleep 300, 100 and 200 ms: they end in that order of their deadlines, each printing
        // the id it captured, and the task goes on when the last ends. The `Thumb` each child captures is freed
        // when its child ends (the loop's own reference ended with the turn).
        let run = try SwiftConcurrencyTests.run(
            SwiftConcurrencyTests.file(
                "go()",
                top: """
                    final class Thumb {
                        let id: Int
                        init(id: Int) { self.id = id }
                        func done() { print("thumb \\(id) done") }
                        deinit { print("thumb \\(id) freed") }
                    }
                    let delays = [3, 1, 2]
                    Task {
                        await withTaskGroup(of: Void.self) { group in
                            for (id, tenths) in delays.enumerated() {
                                let thumb = Thumb(id: id)
                                let ms = tenths * 100
                                group.addTask {
                                    try? await Task.sleep(for: .milliseconds(ms))
                                    thumb.done()
                                }
                            }
                        }
                        print("all done")
                    }
                    """))
        #expect(
            Self.logs(run)
                == [
                    "thumb 1 done@100", "thumb 1 freed@100", "thumb 2 done@200", "thumb 2 freed@200",
                    "thumb 0 done@300", "thumb 0 freed@300", "all done@300",
                ])
    }

    @Test func cancellingTheTaskCancelsTheChildrenAddedInTheLoop() throws {
        // The parent is cancelled at 50 ms: both children's sleeps end at once (SE-0304: a group's children are
        // cancelled with the task), and a child added after the cancel starts cancelled.
        let run = try SwiftConcurrencyTests.run(
            SwiftConcurrencyTests.file(
                "go()",
                top: """
                    let t = Task {
                        await withTaskGroup(of: Void.self) { group in
                            for i in 0..<2 {
                                group.addTask {
                                    try? await Task.sleep(for: .seconds(1))
                                    if Task.isCancelled {
                                        print("child \\(i) cancelled")
                                    }
                                }
                            }
                            try? await Task.sleep(for: .milliseconds(100))
                            group.addTask {
                                if Task.isCancelled {
                                    print("late child cancelled")
                                }
                            }
                        }
                        print("group ended")
                    }
                    scenario.at(.milliseconds(50)) { t.cancel() }
                    """))
        #expect(
            Self.logs(run)
                == [
                    "child 0 cancelled@50", "child 1 cancelled@50", "late child cancelled@50", "group ended@50",
                ])
    }
}
