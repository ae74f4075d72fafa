import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A `DispatchQueue` passed into an init (`init(delay:queue: DispatchQueue = .main)`), kept in a `let` property or
/// used in the init, and an init's default arguments (docs/swift-scenarios.md, "Queues passed into an init").
@Suite struct QueueParameterTests {
    static let debouncer = """
        final class Debouncer {
            private let delay: TimeInterval
            private let queue: DispatchQueue
            private var item: DispatchWorkItem?

            init(delay: TimeInterval = 0.3, queue: DispatchQueue = .main) {
                self.delay = delay
                self.queue = queue
            }

            func call(_ action: @escaping () -> Void) {
                item?.cancel()
                let next = DispatchWorkItem(block: action)
                item = next
                queue.asyncAfter(deadline: .now() + delay, execute: next)
            }
        }

        """

    /// Both defaults taken: the main queue, 0.3 s. The burst's last call alone runs, 300 ms after it, on main.
    @Test func aQueueLeftToItsDefaultIsTheMainQueue() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("debounce", until: .seconds(2), variants: [.linuxCorelibs, .ios13])
            \(Self.debouncer)
            let debouncer = Debouncer()
            scenario.at(.milliseconds(100), "types a") { debouncer.call { print("search a on main \\(Thread.isMainThread)") } }
            scenario.at(.milliseconds(200), "types ab") { debouncer.call { print("search ab on main \\(Thread.isMainThread)") } }
            scenario.expect(.all, [
                "logs": 1, "logs[0].text": "search ab on main true", "logs[0].at_ms": 500,
            ])
            """)
    }

    /// A queue of the file passed at the one construction, and a delay given: the work runs on that queue's thread.
    @Test func aTopLevelQueuePassedInIsThatQueue() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("debounce", until: .seconds(2), variants: [.linuxCorelibs])
            let worker = DispatchQueue(label: "worker")
            \(Self.debouncer)
            let debouncer = Debouncer(delay: 0.5, queue: worker)
            scenario.at(.milliseconds(100), "types") { debouncer.call { print("search on main \\(Thread.isMainThread)") } }
            scenario.expect(.all, ["logs": 1, "logs[0].text": "search on main false", "logs[0].at_ms": 600])
            """)
    }

    /// The init's parameter itself, used in its body: the timer source is made on the queue passed.
    @Test func aQueueParameterNamesTheSourcesQueue() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("heartbeat", until: .milliseconds(3500), variants: [.linuxCorelibs])
            final class Heartbeat {
                private let source: DispatchSourceTimer
                var beats = 0
                init(interval: DispatchTimeInterval, queue: DispatchQueue = .main) {
                    source = DispatchSource.makeTimerSource(queue: queue)
                    source.schedule(deadline: .now() + interval, repeating: interval)
                    source.setEventHandler { [weak self] in
                        guard let self = self else { return }
                        self.beats += 1
                        print("beat \\(self.beats) on main \\(Thread.isMainThread)")
                    }
                    source.resume()
                }
                deinit { source.cancel() }
            }
            let heartbeat = Heartbeat(interval: .seconds(1))
            scenario.expect(.all, [
                "logs": 3, "logs[2].text": "beat 3 on main true", "logs[2].at_ms": 3000,
                "dispatch_sources[0].handler_calls": 3,
            ])
            """)
    }

    /// Two constructions passing different queues: one queue per parameter cannot be both; refused at the parameter.
    @Test func differentQueuesAtTwoConstructionsAreRefusedAtTheParameter() throws {
        let (_, problems) = SwiftScenarioLoader.lower(
            text: """
                import Foundation
                let scenario = Scenario("two", until: .seconds(1), variants: [.linuxCorelibs])
                final class Worker {
                    private let queue: DispatchQueue
                    init(queue: DispatchQueue) { self.queue = queue }
                    func go() { queue.async { print("went") } }
                }
                let a = Worker(queue: .main)
                let b = Worker(queue: .global())
                """, file: "W.swift")
        let errors = problems.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.location.line == 5 && errors.first?.location.column == 10, "\(errors)")
        #expect(errors.first?.message.contains("different queues: main, global") == true, "\(errors)")
    }

    /// An init's default arguments in general: `repeats: Bool = false` left out and given.
    @Test func anInitsDefaultArgumentsAreFilledByLabel() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("ticker", until: .milliseconds(2500), variants: [.linuxCorelibs, .ios13])
            final class Ticker {
                let name: String
                let repeats: Bool
                var timer: Timer?
                init(name: String, interval: TimeInterval = 1, repeats: Bool = false) {
                    self.name = name
                    self.repeats = repeats
                    timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { [weak self] t in
                        guard let self = self else { return }
                        print("tick \\(self.name)")
                        if !self.repeats { t.invalidate() }
                    }
                }
            }
            let once = Ticker(name: "once")
            let every = Ticker(name: "every", repeats: true)
            let fast = Ticker(name: "fast", interval: 0.5)
            scenario.expect(.all, [
                "logged": ["tick once": 1, "tick every": 2, "tick fast": 1],
                "first_logged_at_ms": ["tick fast": 500, "tick once": 1000],
            ])
            """)
    }
}
