import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `queue.sync { e }` used as a value (docs/swift-scenarios.md, "Dispatch queues"): a `__block` variable the block
/// stores into, the `dispatch_sync:` hoisted before the statement, the statement reading the variable.
@Suite struct SyncValueTests {
    static let header = """
        import Foundation
        let scenario = Scenario("sync", until: .seconds(2), variants: [.linuxCorelibs])
        let queue = DispatchQueue(label: "store")

        """

    @Test func aSyncValueIsABlockVariableStoredOnTheQueue() throws {
        let (node, problems) = SwiftScenarioLoader.lower(
            text: Self.header + """
                var items = [1, 2]
                let n = queue.sync { items.count }
                print("n \\(n)")
                """, file: "S.swift")
        #expect(!problems.contains { $0.severity == .error }, "\(problems)")
        let main = try #require(node?.mapping?["main"])
        let yaml = SwiftLoweringTests.render(main)
        #expect(yaml.contains("{let: __block sync_5x9: int = nil}"), "\(yaml)")
        #expect(
            yaml.contains(
                "{dispatch_sync: queue, captures: [__block items, __block sync_5x9], "
                    + "do: [{set: sync_5x9 = items.count}]}"), "\(yaml)")
        #expect(yaml.contains("{let: n = sync_5x9}") && yaml.contains("{log: n \\(n)}"), "\(yaml)")
    }

    @Test func theReadWaitsBehindTheQueuesEarlierBlocks() throws {
        try SwiftLanguageTests.passes(
            Self.header + """
                final class Store {
                    var value = 0
                    func set(_ v: Int) {
                        queue.async {
                            Thread.sleep(forTimeInterval: 0.3)
                            self.value = v
                        }
                    }
                    func get() -> Int { return queue.sync { value } }
                }
                let store = Store()
                store.set(7)
                DispatchQueue.global().async {
                    if store.get() == 7 { print("read \\(store.get()) after the write") }
                }
                scenario.expect(.all, ["logs": 1, "logs[0].text": "read 7 after the write", "logs[0].at_ms": 300])
                """)
    }

    /// libdispatch traps a `sync` onto the queue the thread already runs ("BUG IN CLIENT OF LIBDISPATCH"), whether
    /// its value is used or not.
    @Test func aSyncOnTheMainQueueFromMainCrashesAsAValueToo() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("deadlock", until: .seconds(1), variants: [.ios13])
            var count = 3
            let n = DispatchQueue.main.sync { count }
            print("never \\(n)")
            scenario.expect(.all, ["logs": 0, "crashed": true, "crash.at_ms": 0])
            """)
    }

    /// A closure of several statements: each `return e` stores into the variable and leaves the block.
    @Test func aClosureOfSeveralStatementsStoresEachReturn() throws {
        let (node, problems) = SwiftScenarioLoader.lower(
            text: Self.header + """
                var items = [1]
                let n = queue.sync { () -> Int in
                    if items.isEmpty { return -1 }
                    let c = items.count
                    return c
                }
                print("n \\(n)")
                """, file: "S.swift")
        #expect(!problems.contains { $0.severity == .error }, "\(problems)")
        let yaml = SwiftLoweringTests.render(try #require(node?.mapping?["main"]))
        #expect(yaml.contains("{let: __block sync_5x9: int = nil}"), "\(yaml)")
        #expect(yaml.contains("then: [{set: sync_5x9 = -1}, return]"), "\(yaml)")
        #expect(yaml.contains("{set: sync_5x9 = c}"), "\(yaml)")
        try SwiftLanguageTests.passes(
            Self.header + """
                var items = [1, 2, 3]
                let n = queue.sync { () -> Int in
                    if items.isEmpty { return -1 }
                    let c = items.count
                    return c * 10
                }
                print("n \\(n)")
                scenario.expect(.all, ["logs": 1, "logs[0].text": "n 30"])
                """)
    }

    @Test func aConditionalReadIsRefusedWithItsLine() throws {
        let conditional = SwiftScenarioLoader.lower(
            text: Self.header + "var ready = true\nvar items = [1]\nif ready && queue.sync({ items.count }) > 0 { }\n",
            file: "S.swift"
        ).1.filter { $0.severity == .error }
        #expect(conditional.count == 1 && conditional[0].message.contains("store it first"), "\(conditional)")
    }
}
