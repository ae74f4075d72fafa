import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A dispatch queue kept in a property of a class made more than once (SwiftLowering+InstanceQueues.swift,
/// docs/swift-scenarios.md "Queues kept in properties"): each instance makes its own queue, a `dispatch_queue` field
/// set where the object is made, and every use of the property names `self.PROPERTY`.
@Suite struct InstanceQueueTests {
    /// The run of `text` under its first variant.
    static func outcome(_ text: String) throws -> RunOutcome {
        let scenario = try SwiftLanguageTests.load(text, file: "Q.swift")
        return try #require(try ScenarioRunner.run(scenario).first).outcome
    }

    /// Each log as "MS TEXT".
    static func logs(_ o: RunOutcome) -> [String] {
        o.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
    }

    static let service = """
        import Foundation
        let scenario = Scenario("queue per instance", until: .seconds(2), variants: [.ios13])
        final class CheckoutService {
            private let api = DispatchQueue(label: "com.example.checkout-api")
            let name: String
            init(name: String) { self.name = name }
            func submit() {
                api.async {
                    usleep(100_000)
                    print("\\(self.name) one")
                }
                self.api.async {
                    usleep(100_000)
                    print("\\(self.name) two")
                }
            }
        }
        func makeService(_ name: String) -> CheckoutService { CheckoutService(name: name) }
        let a = makeService("a")
        let b = makeService("b")
        a.submit()
        b.submit()
        """

    /// The property is a `dispatch_queue` field made in init, its uses `self.api`; no global queue is declared.
    @Test func theQueueIsAFieldMadeWithTheObject() throws {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: Self.service, file: "Q.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let root = try #require(tree)
        #expect(root.mapping?["queues"] == nil)
        let service = try #require(root.mapping?["classes"]?.mapping?["CheckoutService"])
        #expect(
            SwiftLoweringTests.render(try #require(service.mapping?["fields"]?.mapping?["api"])) == "dispatch_queue")
        let text = SwiftLoweringTests.render(service)
        #expect(text.contains("set: self.api = dispatch_queue_create \"com.example.checkout-api\""), "\(text)")
        #expect(text.contains("dispatch_async: self.api"), "\(text)")
    }

    /// Two services made in a function each run their two 100 ms blocks in turn on their own queue, and the two
    /// queues side by side on two pool threads: both first blocks end at 100 ms, both second ones at 200 ms.
    @Test func twoInstancesRunTheirQueuesSideBySideEachInTurn() throws {
        let o = try Self.outcome(Self.service)
        #expect(o.crash == nil)
        #expect(Self.logs(o) == ["100 a one", "100 b one", "200 a two", "200 b two"])
        #expect(Set(o.logs.map(\.thread)).count == 2)
    }

    /// `queue.sync` inside a block of the same instance's queue crashes (libdispatch's "already owned" check), while
    /// a block of one instance's queue may `sync` onto another instance's queue of the same label.
    @Test func aSyncDeadlockIsCaughtPerInstance() throws {
        let o = try Self.outcome(
            """
            import Foundation
            let scenario = Scenario("sync per instance", until: .seconds(2), variants: [.ios13])
            final class Store {
                private let queue = DispatchQueue(label: "store")
                func relay(to other: Store) {
                    queue.async { other.write() }
                }
                func write() {
                    queue.sync { print("written") }
                }
            }
            func makeStore() -> Store { Store() }
            let a = makeStore()
            let b = makeStore()
            a.relay(to: b)
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(100)) { a.relay(to: a) }
            """)
        #expect(o.logs.map(\.text) == ["written"])
        #expect(
            o.crash?.message
                == "BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by current thread "
                + "(queue store)")
    }

    /// A concurrent queue per instance, a barrier, `asyncAfter`, a work item and a group on it.
    @Test func barriersAfterWorkItemsAndGroupsTakeTheInstancesQueue() throws {
        let o = try Self.outcome(
            """
            import Foundation
            let scenario = Scenario("forms per instance", until: .seconds(2), variants: [.ios13])
            final class Cache {
                private let queue = DispatchQueue(label: "cache", attributes: .concurrent)
                private let group = DispatchGroup()
                let tag: String
                init(tag: String) { self.tag = tag }
                func fill() {
                    queue.async(group: group) { usleep(100_000); print("\\(self.tag) read") }
                    queue.async(flags: .barrier) { print("\\(self.tag) write") }
                    group.notify(queue: queue) { print("\\(self.tag) notified") }
                    queue.asyncAfter(deadline: .now() + .milliseconds(300)) { print("\\(self.tag) later") }
                    let item = DispatchWorkItem { print("\\(self.tag) item") }
                    queue.async(execute: item)
                }
            }
            for tag in ["x", "y"] { Cache(tag: tag).fill() }
            """)
        #expect(o.crash == nil)
        let logs = Self.logs(o)
        for tag in ["x", "y"] {
            #expect(logs.contains("100 \(tag) read"), "\(logs)")
            #expect(logs.contains("100 \(tag) write"), "\(logs)")
            #expect(logs.contains("300 \(tag) later"), "\(logs)")
            #expect(logs.contains { $0.hasSuffix("\(tag) notified") }, "\(logs)")
            #expect(logs.contains { $0.hasSuffix("\(tag) item") }, "\(logs)")
        }
        #expect(logs.count == 10, "\(logs)")
    }

    /// A class made once keeps the lowering onto one declared queue named by its label (no field).
    @Test func aClassMadeOnceKeepsItsDeclaredQueue() throws {
        let once = Self.service.replacingOccurrences(
            of: "let a = makeService(\"a\")\nlet b = makeService(\"b\")\na.submit()\nb.submit()",
            with: ""
        ).replacingOccurrences(
            of: "func makeService(_ name: String) -> CheckoutService { CheckoutService(name: name) }",
            with: "let a = CheckoutService(name: \"a\")\na.submit()")
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: once, file: "Q.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let root = try #require(tree)
        #expect(SwiftLoweringTests.render(try #require(root.mapping?["queues"])) == "[com.example.checkout-api]")
        #expect(root.mapping?["classes"]?.mapping?["CheckoutService"]?.mapping?["fields"]?.mapping?["api"] == nil)
    }
}
