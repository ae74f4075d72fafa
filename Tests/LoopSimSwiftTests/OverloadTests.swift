import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Methods overloaded by their argument labels or `async` (docs/swift-scenarios.md, "Methods"; SwiftOverloads.swift):
/// each overload after the first gets a name of its own, and each call reaches the one Swift chooses, by its labels
/// and its `await` (SE-0296, "Overloading and overload resolution").
@Suite struct OverloadTests {
    /// A completion API bridged to async under the same name: the async `load()` calls the completion `load { }`.
    @Test func aCompletionMethodAndItsAsyncBridgeShareAName() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("bridge", until: .seconds(2), variants: [.ios13, .linuxCorelibs])
            final class Loader {
                func load(completion: @escaping (Int) -> Void) {
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { completion(42) }
                }
                func load() async -> Int {
                    await withCheckedContinuation { continuation in
                        load { value in continuation.resume(returning: value) }
                    }
                }
            }
            let loader = Loader()
            loader.load { value in print("completion \\(value)") }
            Task {
                let value = await loader.load()
                print("async \\(value)")
            }
            scenario.expect(.all, [
                "logs": 2, "logs[0].text": "completion 42", "logs[0].at_ms": 300, "logs[1].text": "async 42",
                "logs[1].at_ms": 300, "objects.leaked": 0,
            ])
            """)
    }

    /// Overloads by labels, with a default argument and a trailing closure: each call reaches the one whose labels
    /// it gives, in the class and from outside.
    @Test func callsReachTheOverloadOfTheirLabels() throws {
        let text = """
            import Foundation
            let scenario = Scenario("labels", until: .seconds(1), variants: [.ios13])
            final class Banner {
                func show(_ count: Int) { print("count \\(count)") }
                func show(message: String, times: Int = 1) { print("message \\(message) x\\(times)") }
                func show(then done: () -> Void) { print("then"); done() }
                func refresh() {
                    show(2)
                    self.show(message: "hi")
                    show { print("done") }
                }
            }
            let banner = Banner()
            banner.refresh()
            banner.show(message: "bye", times: 3)
            scenario.expect(.all, [
                "logs": 5, "logs[0].text": "count 2", "logs[1].text": "message hi x1", "logs[2].text": "then",
                "logs[3].text": "done", "logs[4].text": "message bye x3",
            ])
            """
        try SwiftLanguageTests.passes(text)
        let (node, _) = SwiftScenarioLoader.lower(text: text, file: "L.swift")
        let classes = SwiftLoweringTests.render(try #require(node?.mapping?["classes"]))
        #expect(classes.contains("show_message_times:"), "\(classes)")
        #expect(classes.contains("show_then:"), "\(classes)")
        #expect(classes.contains("{call: self.show_message_times, with: [\"hi\", 1]}"), "\(classes)")
    }

    /// Overloads that differ only by `async`: an awaited call reaches the async one, any other the synchronous one.
    @Test func anAwaitedCallReachesTheAsyncOverload() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("async", until: .seconds(1), variants: [.ios13, .linuxCorelibs])
            final class Store {
                func count() -> Int { 1 }
                func count() async -> Int {
                    try? await Task.sleep(nanoseconds: 200_000_000)
                    return 2
                }
            }
            let store = Store()
            let now = store.count()
            print("sync \\(now)")
            Task {
                let later = await store.count()
                print("async \\(later)")
                async let child = store.count()
                let third = await child
                print("child \\(third)")
            }
            scenario.expect(.all, [
                "logs": 3, "logs[0].text": "sync 1", "logs[1].text": "async 2", "logs[1].at_ms": 200,
                "logs[2].text": "child 2", "logs[2].at_ms": 400,
            ])
            """)
    }

    /// `#selector(tick(_:))` names the overload of its labels: the timer calls it, not the first `tick`.
    @Test func aSelectorWithLabelsNamesItsOverload() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("selector", until: .milliseconds(250), variants: [.ios13])
            final class Ticker: NSObject {
                var timer: Timer?
                func tick() { print("plain") }
                @objc func tick(_ t: Timer) { print("timer") }
                func start() {
                    timer = Timer.scheduledTimer(
                        timeInterval: 0.1, target: self, selector: #selector(tick(_:)), userInfo: nil, repeats: true)
                }
            }
            let ticker = Ticker()
            ticker.start()
            scenario.expect(.all, ["logs": 2, "logs[0].text": "timer", "logs[1].text": "timer"])
            """)
    }

    /// A problem on a line after a renamed call is reported at the file's own column.
    @Test func locationsAfterARenamedCallAreTheFilesOwn() {
        let (_, problems) = SwiftScenarioLoader.lower(
            text: """
                import Foundation
                let scenario = Scenario("columns", until: .seconds(1), variants: [.ios13])
                final class Store {
                    func count() -> Int { 1 }
                    func count() async -> Int { 2 }
                }
                let store = Store()
                Task { let n = await store.count(); URLSession.shared.invalidateAndCancel(); print(n) }
                """, file: "C.swift")
        let error = problems.first { $0.severity == .error }
        #expect(error?.location.line == 8, "\(problems)")
        #expect(error?.location.column == 37, "\(problems)")
    }
}
