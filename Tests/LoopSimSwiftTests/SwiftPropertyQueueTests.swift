import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Queues as app code keeps them (SwiftLowering+PropertyQueues.swift): a `DispatchQueue` or `OperationQueue` in a
/// class's `let`, a concurrent queue, `qos:`; one queue per property when the class is made once, refused at the
/// property otherwise.
@Suite struct SwiftPropertyQueueTests {
    /// A scenario whose class `Poller` keeps `queue` (declared by `property`) and runs `body` in `poll()`; the
    /// top-level code is `top`.
    static func file(_ property: String, _ body: String, top: String = "let poller = Poller()\npoller.poll()")
        -> String
    {
        """
        import Foundation
        let scenario = Scenario("queues", until: .seconds(3), variants: [.ios10])
        final class Poller {
            \(property)
            var polls = 0
            init() {}
            func poll() {
        \(body)
            }
        }
        \(top)
        """
    }

    /// The lowered tree of `text`, requiring no diagnostic.
    static func lowered(_ text: String) throws -> LocatedNode {
        let (tree, diagnostics) = SwiftScenarioLoader.lower(text: text, file: "Q.swift")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return try #require(tree)
    }

    /// The messages of the errors lowering `text` reports, with their lines.
    static func errors(_ text: String) -> [(Int, String)] {
        SwiftScenarioLoader.lower(text: text, file: "Q.swift").1.filter { $0.severity == .error }
            .map { ($0.location.line, $0.message) }
    }

    @Test func aSerialQueueInAPropertyIsAQueueNamedByItsLabel() throws {
        let tree = try Self.lowered(
            Self.file(
                "private let queue = DispatchQueue(label: \"com.app.worker\", qos: .utility)",
                "queue.async { self.polls += 1 }\nself.queue.sync { print(\"synced\") }"))
        #expect(SwiftLoweringTests.render(try #require(tree.mapping?["queues"])) == "[com.app.worker]")
        let poller = try #require(tree.mapping?["classes"]?.mapping?["Poller"])
        #expect(poller.mapping?["fields"]?.mapping?["queue"] == nil)
        let poll = try #require(poller.mapping?["methods"]?.mapping?["poll"])
        let text = SwiftLoweringTests.render(poll)
        #expect(text.contains("{dispatch_async: com.app.worker, captures: [strong self]"), "\(text)")
        #expect(text.contains("{dispatch_sync: com.app.worker"), "\(text)")
    }

    /// Two blocks of 100 ms each: a serial queue runs them one after the other (the second logs at 200 ms), a
    /// concurrent one side by side (both at 100 ms), as libdispatch does.
    @Test func aConcurrentQueueRunsItsBlocksSideBySideAndASerialOneInTurn() throws {
        for (attributes, second) in [("", 200), (", attributes: .concurrent", 100)] {
            let text =
                Self.file(
                    "private let queue = DispatchQueue(label: \"work\"\(attributes))",
                    "queue.async { usleep(100_000); print(\"one\") }\nqueue.async { usleep(100_000); print(\"two\") }"
                ) + "\nscenario.expect(.all, [\"logs\": 2, \"logs[1].at_ms\": \(second)])"
            try SwiftLanguageTests.passes(text)
        }
    }

    @Test func aTopLevelConcurrentQueueTakesThePoolsWidth() throws {
        let tree = try Self.lowered(
            """
            import Foundation
            let scenario = Scenario("queues", until: .seconds(3), variants: [.ios10])
            let images = DispatchQueue(label: "images", qos: .userInitiated, attributes: .concurrent)
            images.async { print("decoded") }
            """)
        #expect(SwiftLoweringTests.render(try #require(tree.mapping?["queues"])) == "[{images: {concurrent: 64}}]")
        #expect(SwiftLoweringTests.render(try #require(tree.mapping?["main"])).contains("dispatch_async: images"))
    }

    @Test func anOperationQueueInAPropertyTakesItsWidthFromInit() throws {
        let text = """
            import Foundation
            let scenario = Scenario("queues", until: .seconds(3), variants: [.ios10])
            final class Importer {
                private let queue = OperationQueue()
                init() {
                    queue.maxConcurrentOperationCount = 1
                }
                func start() {
                    queue.addOperation { print("imported") }
                    self.queue.waitUntilAllOperationsAreFinished()
                }
            }
            let importer = Importer()
            importer.start()
            scenario.expect(.all, ["logs": 1])
            """
        let tree = try Self.lowered(text)
        #expect(SwiftLoweringTests.render(try #require(tree.mapping?["operationQueues"])) == "{Importer.queue: 1}")
        let start = try #require(
            tree.mapping?["classes"]?.mapping?["Importer"]?.mapping?["methods"]?.mapping?["start"])
        #expect(
            SwiftLoweringTests.render(start)
                == "[{addOperation: Importer.queue, do: [{log: imported}]}, "
                + "{waitUntilAllOperationsAreFinished: Importer.queue}]")
        try SwiftLanguageTests.passes(text)
    }

    /// A class with a queue made in a property of a class made once (a screen's loader): one instance, one queue.
    @Test func aQueueOfAClassMadeOnceThroughAnotherClasssPropertyIsItsQueue() throws {
        let text = Self.file(
            "private let queue = DispatchQueue(label: \"loader\")",
            "queue.async { self.polls += 1; print(\"polled \\(self.polls)\") }",
            top: "final class Screen {\n    let poller = Poller()\n    func open() { poller.poll() }\n}\n"
                + "let screen = Screen()\nscreen.open()\n"
                + "scenario.expect(.all, [\"logs\": 1, \"logs[0].text\": \"polled 1\"])")
        try SwiftLanguageTests.passes(text)
    }

    /// An operation queue of a class made more than once is refused; a dispatch queue is one per instance
    /// (InstanceQueueTests).
    @Test func anOperationQueueOfAClassMadeMoreThanOnceIsRefusedAtItsProperty() {
        let property = "private let queue = OperationQueue()"
        for (top, reason) in [
            ("let a = Poller()\nlet b = Poller()", "is made at 2 places"),
            ("for _ in 0..<2 { let p = Poller(); p.poll() }", "is made in a loop"),
            ("func make() -> Poller { Poller() }", "is made in a function or method"),
            (
                "final class Screen { let poller = Poller() }\nlet a = Screen()\nlet b = Screen()",
                "is made in a property of `Screen`, which is made at 2 places"
            ),
        ] {
            let errors = Self.errors(Self.file(property, "queue.addOperation { }", top: top))
            #expect(
                errors.contains { $0.0 == 4 && $0.1.contains(reason) && $0.1.contains("one queue per property") },
                "\(top): \(errors)")
        }
    }

    /// A queue in a `var` is refused; a width set outside `init` is a setter where it is written
    /// (PropertyMadeObjectTests), and a width below 1 (but -1) is refused at the value.
    @Test func aQueueInAVarAndAWidthBelowOneAreRefused() {
        let inVar = Self.errors(Self.file("var queue = DispatchQueue(label: \"w\")", "queue.async { }"))
        #expect(inVar.contains { $0.0 == 4 && $0.1.contains("a queue in a `var`") }, "\(inVar)")
        let width = Self.errors(Self.file("let queue = OperationQueue()", "queue.maxConcurrentOperationCount = 2"))
        #expect(width.isEmpty, "\(width)")
        let zero = Self.errors(Self.file("let queue = OperationQueue()", "queue.maxConcurrentOperationCount = 0"))
        #expect(zero.contains { $0.1.contains("this width") }, "\(zero)")
    }

    /// An operation queue's width set in a method takes effect from then on (`setMaxConcurrentOperationCount:`):
    /// two 100 ms operations added after `= 1` run one after the other; its `name`, which the model does not hold,
    /// is a warning at the line.
    @Test func aWidthSetInAMethodAppliesFromThenOn() throws {
        let text = Self.file(
            "let queue = OperationQueue()",
            """
                    queue.name = "work"
                    queue.maxConcurrentOperationCount = 1
                    queue.addOperation { Thread.sleep(forTimeInterval: 0.1); print("a") }
                    queue.addOperation { Thread.sleep(forTimeInterval: 0.1); print("b") }
            """)
        let loaded = SwiftScenarioLoader.load(text: text, file: "Q.swift")
        #expect(loaded.diagnostics.map { "\($0.id) \($0.location.line)" } == ["swift.ignored 8"])
        let scenario = try #require(loaded.scenario)
        let run = try #require(try ScenarioRunner.run(scenario).first)
        #expect(run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" } == ["100 a", "200 b"])
    }
}
