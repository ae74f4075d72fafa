import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `sync(flags: .barrier)` on a concurrent queue (`dispatch_barrier_sync`): it runs alone once the blocks before it
/// have returned; nested in a block of the same queue it waits for itself for ever, without a crash (libdispatch
/// `_dispatch_barrier_sync_f_inline`; docs/fidelity.md "Barrier syncs").
@Suite struct BarrierSyncTests {
    /// A cache on a concurrent queue whose `probe()` runs `body`; probed at 1 s.
    static func cache(_ body: String, expect: String) -> String {
        """
        import Foundation
        let scenario = Scenario("barrier sync", until: .seconds(3), variants: [.ios9, .ios10, .ios13, .linuxCorelibs])
        let queue = DispatchQueue(label: "cache", attributes: .concurrent)
        scenario.at(.seconds(1), "probe") {
        \(body)
        }
        scenario.expect(.all, \(expect))
        """
    }

    /// The reviewer's case: a barrier `sync` inside a `sync` reader of the same queue: the main thread waits for ever
    /// (parked, no crash), having logged only the reader's first line.
    @Test func aBarrierSyncNestedInAReaderOfTheSameQueueWaitsForEver() throws {
        try SwiftLanguageTests.passes(
            Self.cache(
                """
                queue.sync {
                    print("reader")
                    queue.sync(flags: .barrier) { print("writer") }
                    print("after")
                }
                """,
                expect: """
                    ["crashed": false, "logs": 1, "logs[0].text": "reader", "threads.parked": 1, \
                    "threads.parked_names[0]": "main"]
                    """))
    }

    /// Its parked reason names the barrier sync and the thread's own block.
    @Test func theParkedReasonNamesTheBarrierSync() throws {
        let text = Self.cache(
            "queue.sync { queue.sync(flags: .barrier) { print(\"writer\") } }", expect: "[\"logs\": 0]")
        let loaded = SwiftScenarioLoader.load(text: text, file: "B.swift")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        let report = try #require(try ScenarioRunner.run(scenario, variants: ["ios13"]).first).report
        let reason = report.value(at: "threads.parked_reasons[0]")?.compact ?? ""
        #expect(reason.contains("main waits in dispatch_barrier_sync onto queue queue, behind main's own block on it"))
    }

    /// A plain `sync` nested in a `sync` reader goes on (readers run side by side), and an `async(flags: .barrier)`
    /// from a reader runs after the reader returns, on a pool thread.
    @Test func aNestedReaderAndAnAsyncBarrierFromAReaderGoOn() throws {
        try SwiftLanguageTests.passes(
            Self.cache(
                """
                queue.sync {
                    queue.sync { print("inner") }
                    queue.async(flags: .barrier) { print("barrier") }
                    print("outer")
                }
                """,
                expect: """
                    ["crashed": false, "threads.parked": 0, "logs": 3, "logs[0].text": "inner", \
                    "logs[1].text": "outer", "logs[2].text": "barrier"]
                    """))
    }

    /// Not nested, a barrier `sync` waits for a reader running on the pool and runs after it, on the caller.
    @Test func aBarrierSyncWaitsForARunningReader() throws {
        try SwiftLanguageTests.passes(
            Self.cache(
                """
                queue.async { Thread.sleep(forTimeInterval: 0.3); print("reader") }
                queue.sync(flags: .barrier) { print("writer") }
                """,
                expect: """
                    ["crashed": false, "threads.parked": 0, "logs": 2, "logs[0].text": "reader", \
                    "logs[1].text": "writer", "logs[1].at_ms": 1300, "logs[1].thread": "main"]
                    """))
    }

    /// A `sync` inside a barrier `sync` block of the same queue is onto a queue the thread holds (the barrier
    /// takes the drain lock): libdispatch-685 and later crash.
    @Test func aSyncInsideABarrierSyncCrashes() throws {
        let text = Self.cache(
            "queue.sync(flags: .barrier) { queue.sync { print(\"inner\") } }",
            expect: "[\"crashed\": true, \"crash.at_ms\": 1000]"
        )
        .replacingOccurrences(of: "variants: [.ios9, .ios10, .ios13, .linuxCorelibs]", with: "variants: [.ios13]")
        try SwiftLanguageTests.passes(text)
    }

    /// YAML: `dispatch_barrier_sync:` nested in a `dispatch_sync:` of the same concurrent queue parks the thread.
    @Test func theYAMLFormDeadlocksTheSameWay() throws {
        let yaml = """
            name: nested barrier sync
            until: 2s
            queues: [{cache: {concurrent: 4}}]
            main:
              - dispatch_sync: cache
                do:
                  - log: reader
                  - dispatch_barrier_sync: cache
                    do: [log: writer]
                  - log: after
            """
        let loaded = ScenarioLoader.load(text: yaml, file: "b.yaml")
        let scenario = try #require(loaded.scenario, "\(loaded.diagnostics)")
        let run = try #require(try ScenarioRunner.run(scenario, variants: ["ios10"]).first)
        #expect(run.report.value(at: "crashed")?.compact == "false")
        #expect(run.report.value(at: "threads.parked")?.compact == "1")
        #expect(run.report.value(at: "logs[1]") == nil)
    }
}
