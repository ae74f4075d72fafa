import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// An actor's (or a `@MainActor` class's) property read from outside with `await` (docs/swift-scenarios.md, "Swift
/// concurrency"; SE-0306): the read runs on the actor's executor, as a method the lowering adds to the class.
@Suite struct ActorReadTests {
    static let store = """
        let scenario = Scenario("reads", until: .seconds(1), variants: [.linuxCorelibs])
        actor Store {
            var count = 0
            var name = "store"
            var isBusy: Bool { count >= 2 }
            var items: [Int] = []
            func add() { count += 1 }
        }

        """

    /// The lowered YAML of `file`.
    static func lowered(_ file: String) -> String {
        let (node, diagnostics) = SwiftScenarioLoader.lower(text: file, file: "A.swift")
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        return node.map { SwiftLoweringTests.render($0) } ?? ""
    }

    @Test func aStoredPropertyReadIsAnAwaitOfAGetterOnTheActor() throws {
        let yaml = Self.lowered(
            Self.store + """
                let store = Store()
                Task {
                    await store.add()
                    let n = await store.count
                    print("count \\(n)")
                }
                """)
        #expect(yaml.contains("get_count: {returns: int, do: [{return: self.count}]}"), "\(yaml)")
        #expect(yaml.contains("{await: store.get_count, result: n}"), "\(yaml)")
        #expect(yaml.contains("{log: count \\(n)}"), "\(yaml)")
        // Only the properties the file reads with `await` get a method.
        #expect(!yaml.contains("get_name") && !yaml.contains("get_items"), "\(yaml)")
    }

    @Test func readsInConditionsInterpolationsAndCompoundAssignmentsAreHoisted() throws {
        try SwiftLanguageTests.passes(
            Self.store + """
                final class Counter {
                    let store = Store()
                    var total = 0
                    func size() async -> Int { return await store.count }
                    func run() {
                        Task {
                            await store.add()
                            await store.add()
                            if await store.isBusy { print("busy at \\(await store.count)") }
                            total += await size()
                            print("\\(await store.name) total \\(total)")
                        }
                    }
                }
                let counter = Counter()
                counter.run()
                scenario.expect(.linuxCorelibs, [
                    "logs": 2, "logs[0].text": "busy at 2", "logs[1].text": "store total 2",
                ])
                """)
    }

    @Test func theReadWaitsForTheActorsEarlierJobs() throws {
        // Two tasks: one keeps the actor busy 300 ms (a blocking job), the other's read waits its turn
        // (SE-0306: an actor runs one job at a time).
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("turn", until: .seconds(1), variants: [.linuxCorelibs])
            actor Ledger {
                var entries = 0
                func record() {
                    Thread.sleep(forTimeInterval: 0.3)
                    entries += 1
                }
            }
            let ledger = Ledger()
            Task { await ledger.record() }
            Task {
                try? await Task.sleep(nanoseconds: 100_000_000)
                let n = await ledger.entries
                print("entries \\(n)")
            }
            scenario.expect(.linuxCorelibs, ["logs": 1, "logs[0].text": "entries 1", "logs[0].at_ms": 300])
            """)
    }

    @Test func aMainActorClassesPropertyIsReadOnTheMainActor() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("main", until: .seconds(1), variants: [.linuxCorelibs])
            @MainActor final class Badge {
                var value = 3
            }
            let badge = Badge()
            Task.detached {
                let v = await badge.value
                print("badge \\(v) on main \\(Thread.isMainThread)")
            }
            scenario.expect(.linuxCorelibs, ["logs": 1, "logs[0].text": "badge 3 on main false"])
            """)
    }

    @Test func aReadSwiftMayNotEvaluateEachTimeIsRefusedWithItsLine() throws {
        let problems = SwiftScenarioLoader.lower(
            text: Self.store + """
                let store = Store()
                var ready = false
                Task {
                    if ready && (await store.count) > 1 { print("many") }
                }
                """, file: "A.swift"
        ).1
        let error = try #require(problems.first { $0.severity == .error })
        #expect(error.message.contains("await store.count"), "\(error.message)")
        #expect(error.message.contains("await it first into a local"), "\(error.message)")
        #expect(error.location.line == 12, "\(error.location)")
    }

    /// An actor's `[Int]` is a value a method may return (docs/swift-scenarios.md, "Arrays"), so its awaited read is
    /// accepted; a plain class's property is refused.
    @Test func aPropertyOfAPlainClassStaysOutside() throws {
        let problems = SwiftScenarioLoader.lower(
            text: Self.store + """
                final class Plain { var n = 1 }
                let plain = Plain()
                let store = Store()
                Task {
                    let a = await plain.n
                    let b = await store.items
                }
                """, file: "A.swift"
        ).1.filter { $0.severity == .error }
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.allSatisfy { $0.message.contains("outside the Swift subset") }, "\(problems)")
    }
}

/// An actor's synchronous init is nonisolated (SE-0327), and so is a `nonisolated func` (SE-0313): both are called
/// without `await`, and run where they are called.
@Suite struct NonisolatedActorMemberTests {
    @Test func anActorsInitWithParametersAndANonisolatedMethodNeedNoAwait() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("nonisolated", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            actor Metrics {
                private(set) var events: Int
                let name: String
                init(name: String, start: Int) {
                    self.name = name
                    events = start
                }
                nonisolated func label() {
                    print("metrics:\\(name)")
                }
                func record() -> Int {
                    events += 1
                    return events
                }
            }
            let metrics = Metrics(name: "checkout", start: 4)
            metrics.label()
            Task {
                let n = await metrics.record()
                print("events: \\(n)")
            }
            scenario.expect(.all, [
                "logs": 2, "logs[0].text": "metrics:checkout", "logs[0].thread": "main", "logs[1].text": "events: 5",
            ])
            """)
    }
}
