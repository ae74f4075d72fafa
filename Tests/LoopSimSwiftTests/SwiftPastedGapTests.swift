import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Forms found by running pasted-style files written apart from the corpus: a closure property of another object
/// (`viewModel.onChange = { … }`, `self?.onChange?()`), and a run-loop local (`let runLoop = RunLoop.current`).
@Suite struct SwiftPastedGapTests {
    /// A view model's closure property that captures its controller: controller → view model → closure →
    /// controller, a cycle (the Swift book, "Strong Reference Cycles for Closures"); the call through `self?`
    /// happens while the model lives.
    @Test func anotherObjectsClosurePropertyMakesTheCycle() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("vm", until: .seconds(4), variants: [.ios10])
            final class ViewModel {
                var onChange: (() -> Void)?
                func load() {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in
                        self?.onChange?()
                    }
                }
            }
            final class Screen {
                let viewModel = ViewModel()
                func start() {
                    viewModel.onChange = {
                        self.render()
                    }
                    viewModel.load()
                }
                func render() { print("render") }
            }
            var screen: Screen? = Screen()
            screen?.start()
            scenario.at(.seconds(2), "pop") { screen = nil }
            scenario.expect(.all, ["logs": 1, "objects.leaked": 3])
            """)
    }

    @Test func aWeakCaptureBreaksIt() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("vm", until: .seconds(4), variants: [.ios10])
            final class ViewModel {
                var onChange: (() -> Void)?
            }
            final class Screen {
                let viewModel = ViewModel()
                func start() {
                    viewModel.onChange = { [weak self] in
                        self?.render()
                    }
                }
                func render() { print("render") }
            }
            var screen: Screen? = Screen()
            screen?.start()
            scenario.at(.seconds(2), "pop") { screen = nil }
            scenario.expect(.all, ["objects.leaked": 0, "objects.abandoned": 0])
            """)
    }

    /// A resident thread's entry with the loop in a local: its port keeps the mode from being empty, so the
    /// thread waits in its loop and performs what is sent to it.
    @Test func aRunLoopLocalRunsTheCurrentLoop() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("resident", until: .seconds(3), variants: [.ios10])
            final class Worker: NSObject {
                var thread: Thread?
                func start() {
                    let t = Thread(target: self, selector: #selector(entry), object: nil)
                    t.start()
                    thread = t
                }
                @objc func entry() {
                    let runLoop = RunLoop.current
                    runLoop.add(NSMachPort(), forMode: .default)
                    runLoop.run()
                }
                func send() {
                    guard let thread = thread else { return }
                    perform(#selector(handle), on: thread, with: nil, waitUntilDone: false)
                }
                @objc func handle() { print("handled") }
            }
            let worker = Worker()
            worker.start()
            scenario.at(.seconds(1), "send") { worker.send() }
            scenario.expect(.all, ["logs": 1, "threads.parked": 0])
            """)
    }

    /// Captured by a closure that runs on a pool thread, the local is another thread's loop: `run()` is refused.
    @Test func aCapturedRunLoopLocalIsNotTheCurrentOne() {
        let problems = SwiftLanguageTests.problems(
            """
                    let runLoop = RunLoop.current
                    DispatchQueue.global().async {
                        runLoop.run()
                    }
            """)
        #expect(problems.contains { $0.message.contains("`runLoop.run(…)` is outside the Swift subset") })
    }

    /// `static let shared = Store()` of a class whose inits are methods (it also has one with parameters): the
    /// `init()` body runs when the singleton is made, as Swift runs it.
    @Test func aSingletonRunsItsInitBody() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("shared", until: .seconds(2), variants: [.ios10])
            final class Store {
                static let shared = Store()
                var count = 0
                init() {
                    count = 5
                    print("store init")
                }
                init(start: Int) {
                    count = start
                }
            }
            scenario.at(.seconds(1), "read") { scenario.sample("count", Store.shared.count) }
            scenario.expect(.all, ["samples[0].value": 5, "logs": 1])
            """)
    }

    /// A diagnostic's column counts Unicode scalars, as LoopSim's carets do, not swift-syntax's UTF-8 bytes: the
    /// three arrows before the construct are three columns, not nine.
    @Test func aColumnAfterNonASCIITextCountsCharacters() {
        let loaded = SwiftScenarioLoader.load(
            text: """
                import Foundation
                let scenario = Scenario("uni", until: .seconds(1), variants: [.ios10])
                print("→→→"); let x = URLSession.shared
                """, file: "U.swift")
        let located = loaded.diagnostics.first { $0.message.contains("URLSession.shared") }?.location
        #expect(located?.line == 3)
        #expect(located?.column == 23)
    }

    /// A closure nested in one that captured `[weak self]` uses the same weak variable: it holds `self` weakly.
    /// Lowered as a strong capture, the closure stored back into `self` made a cycle Swift does not have.
    @Test func aNestedClosureKeepsTheOuterWeakCaptureWeak() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("nested", until: .seconds(5), variants: [.ios10])
            final class Screen {
                var onTick: (() -> Void)?
                var timer: Timer?
                func start() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { [weak self] _ in
                        self?.onTick = {
                            self?.log()
                        }
                    }
                }
                func log() { print("tick") }
            }
            var screen: Screen? = Screen()
            screen?.start()
            scenario.at(.seconds(2), "pop") { screen = nil }
            scenario.expect(.all, ["objects.leaked": 0, "objects.abandoned": 0, "objects.alive": 0])
            """)
    }

    /// `autoreleasepool { … }` around a run-loop turn runs its body there: each turn runs the loop for half a
    /// second and the `while` goes round again, as without the pool.
    @Test func anAutoreleasepoolRunsItsBodyInPlace() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("pool", until: .seconds(2), variants: [.ios10])
            final class Worker {
                var turns = 0
                func loop() {
                    while turns < 2 {
                        autoreleasepool {
                            turns += 1
                            RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.5))
                        }
                    }
                    print("left after \\(turns)")
                }
            }
            let worker = Worker()
            worker.loop()
            scenario.expect(.all, ["logs": 1, "logs[0].text": "left after 2", "logs[0].at_ms": 1000])
            """)
    }

    /// A `DispatchGroup` stored property's initial value is made with the object, so `enter`/`leave`/`notify` on it
    /// work from the first method.
    @Test func aDispatchGroupPropertyIsMadeWithItsObject() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("group", until: .seconds(2), variants: [.ios10])
            final class Loader {
                private let group = DispatchGroup()
                func load() {
                    group.enter()
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { [weak self] in
                        self?.group.leave()
                    }
                    group.notify(queue: .main) {
                        print("all done")
                    }
                }
            }
            let loader = Loader()
            loader.load()
            scenario.expect(.all, ["logs": 1, "logs[0].at_ms": 500, "logs[0].thread": "main"])
            """)
    }
}
