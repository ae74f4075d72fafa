import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Durations from expressions (docs/swift-scenarios.md, "Durations from expressions"): intervals engineers keep in
/// values — an init argument stored in a `TimeInterval` property, a delay doubled on each retry, `.seconds(n)` of an
/// `Int`, `Double(n)` — in every API the subset reaches. Each test runs the file and requires fire times a wrong
/// model would miss.
@Suite struct SwiftDurationTests {
    /// `Poller(interval: 0.5)`: the init argument, a stored `TimeInterval`, drives the timer and its tolerance.
    @Test func anInitArgumentIsATimersInterval() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("poller", until: .milliseconds(2500), variants: [.ios10, .ios13])
            final class Poller {
                private let interval: TimeInterval
                private var timer: Timer?
                init(interval: TimeInterval) { self.interval = interval }
                func start() {
                    timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in print("poll") }
                    timer?.tolerance = interval * 0.1
                }
            }
            let poller = Poller(interval: 0.75)
            poller.start()
            scenario.expect(.all, ["logs": 3, "logs[0].at_ms": 750, "logs[2].at_ms": 2250])
            """)
    }

    /// The tolerance's expression lands on the step that makes the timer, as a literal's does.
    @Test func toleranceAndIntervalLowerToExpressions() throws {
        let steps = try SwiftLanguageTests.steps(
            """
            let every: TimeInterval = Double(count) + 0.5
            timer = Timer.scheduledTimer(withTimeInterval: every * 2, repeats: true) { _ in }
            timer?.tolerance = every / 10
            """)
        #expect(steps.contains("every: every * 2"), "\(steps)")
        #expect(steps.contains("tolerance: every / 10"), "\(steps)")
        #expect(steps.contains("((self.count) * 1s) + 0.5"), "\(steps)")
        // a conversion is one operand: `2 / Double(count)` divides 2 s by count seconds, not the integers
        #expect(
            try SwiftLanguageTests.steps("let r: TimeInterval = 2 / Double(count)").contains("2 / ((self.count) * 1s)"))
    }

    /// Exponential back-off with an `Int` delay: `.now() + .seconds(delay)`, `delay *= 2`.
    @Test func aDoublingIntDelayBacksOff() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("backoff", until: .seconds(20), variants: [.ios10])
            final class Reconnector {
                private var delay = 1
                private var attempt = 0
                func connect() {
                    attempt += 1
                    print("attempt \\(attempt)")
                    guard attempt < 4 else { return }
                    DispatchQueue.main.asyncAfter(deadline: .now() + .seconds(delay)) { [weak self] in
                        self?.connect()
                    }
                    delay *= 2
                }
            }
            let r = Reconnector()
            r.connect()
            scenario.expect(.all, ["logs": 4, "logs[1].at_ms": 1000, "logs[2].at_ms": 3000, "logs[3].at_ms": 7000])
            """)
    }

    /// `.milliseconds(base * attempt)`, `deadline: .now() + delay * 2` (a sequence after `+`), a `Double(n)`
    /// conversion, `var delay: TimeInterval` with `+=`, a fractional constant.
    @Test func arithmeticOnIntervalsInDeadlines() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("deadlines", until: .seconds(10), variants: [.ios10])
            let kStep = 0.25
            final class Loader {
                private let base = 100
                private var delay: TimeInterval = 0.5
                func load(attempt: Int) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(base * attempt)) { print("linear") }
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay * 2) { print("twice") }
                    DispatchQueue.main.asyncAfter(deadline: .now() + Double(attempt) + kStep) { print("converted") }
                    delay += 1
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay) { print("added") }
                }
            }
            let loader = Loader()
            loader.load(attempt: 3)
            scenario.expect(.all, [
                "logs": 4, "logs[0].text": "linear", "logs[0].at_ms": 300, "logs[1].text": "twice", "logs[1].at_ms": 1000,
                "logs[2].text": "added", "logs[2].at_ms": 1500, "logs[3].text": "converted", "logs[3].at_ms": 3250,
            ])
            """)
    }

    /// `perform(_:with:afterDelay:)`, `Thread.sleep(forTimeInterval:)`, `Task.sleep(for: .seconds(n))`,
    /// `RunLoop.current.run(until: Date(timeIntervalSinceNow: t))` and a dispatch timer's `repeating:`, all computed.
    @Test func everyDurationAPITakesAValue() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("apis", until: .seconds(3), variants: [.ios13])
            final class Screen: NSObject {
                var interval: TimeInterval = 0.2
                var ticks = 0
                private var source: DispatchSourceTimer?
                func start() {
                    perform(#selector(refresh), with: nil, afterDelay: interval * 2)
                    let t = DispatchSource.makeTimerSource(queue: .main)
                    t.schedule(deadline: .now() + interval, repeating: interval * 5)
                    t.setEventHandler { [weak self] in self?.tick() }
                    t.resume()
                    source = t
                }
                func tick() {
                    ticks += 1
                    print("tick")
                    if ticks == 2 { source?.cancel() }
                }
                @objc func refresh() {
                    Thread.sleep(forTimeInterval: interval)
                    print("refreshed")
                }
            }
            let screen = Screen()
            screen.start()
            let n = 2
            Task {
                try await Task.sleep(for: .seconds(n))
                print("slept")
            }
            scenario.expect(.all, [
                "logs": 4, "logs[0].text": "tick", "logs[0].at_ms": 200, "logs[1].text": "refreshed",
                "logs[1].at_ms": 600, "logs[2].text": "tick", "logs[2].at_ms": 1200, "logs[3].text": "slept",
                "logs[3].at_ms": 2000,
            ])
            """)
    }

    /// A worker's `run(until:)` with a computed date returns at it.
    @Test func runUntilAComputedDate() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("run", until: .seconds(3), variants: [.ios10])
            final class Worker {
                let wait: TimeInterval = 0.5
                var timer: Timer?
                func run() {
                    let limit = wait * 3
                    Thread.detachNewThread { [self] in
                        timer = Timer.scheduledTimer(withTimeInterval: 10, repeats: false) { _ in }
                        RunLoop.current.run(until: Date(timeIntervalSinceNow: limit))
                        print("back")
                    }
                }
            }
            let w = Worker()
            w.run()
            scenario.expect(.all, ["logs": 1, "logs[0].at_ms": 1500])
            """)
    }

    /// The capped back-off: `delay = min(delay * 2, maxDelay)` and `let next = max(wait / 4, 1)` are a store and
    /// an `if` (Swift's `min`/`max` of two `Double`s); `var wait: TimeInterval = 6` is a `Double` though its literal
    /// is an integer.
    @Test func minAndMaxCapADelay() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("minmax", until: .seconds(30), variants: [.ios10])
            final class Client {
                private var retryDelay: TimeInterval = 1
                private var attempts = 0
                private let maxDelay: TimeInterval = 5
                func attempt() {
                    attempts += 1
                    print("attempt \\(attempts)")
                    guard attempts < 6 else { return }
                    DispatchQueue.main.asyncAfter(deadline: .now() + retryDelay) { [weak self] in self?.attempt() }
                    retryDelay = min(retryDelay * 2, maxDelay)
                }
                func local() {
                    var wait: TimeInterval = 6
                    wait += 0.5
                    let next = max(wait / 4, 1)
                    DispatchQueue.main.asyncAfter(deadline: .now() + next) { print("local") }
                }
            }
            let c = Client()
            c.attempt()
            c.local()
            scenario.expect(.all, [
                "logs": 7, "logs[1].at_ms": 1000, "logs[2].text": "local", "logs[2].at_ms": 1625,
                "logs[3].at_ms": 3000, "logs[4].at_ms": 7000, "logs[5].at_ms": 12000, "logs[6].at_ms": 17000,
            ])
            """)
        let problems = SwiftLanguageTests.problems("var d: TimeInterval = 1\nd = min(d * 2, d + 1)")
        #expect(problems.contains { $0.message.contains("two arguments both read `d`") }, "\(problems)")
    }

    /// `semaphore.wait(timeout: .now() + t)` and a group's, with a computed `t`: the wait times out at it.
    @Test func aComputedWaitTimeout() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("wait", until: .seconds(5), variants: [.ios10])
            final class Fetcher {
                var timeout: TimeInterval = 0.25
                var attempt = 2
                func fetch() {
                    let done = DispatchSemaphore(value: 0)
                    let group = DispatchGroup()
                    group.enter()
                    DispatchQueue.global().async {
                        let r = done.wait(timeout: .now() + self.timeout * Double(self.attempt))
                        if r == .timedOut { print("semaphore timed out") }
                        let g = group.wait(timeout: .now() + .milliseconds(self.attempt * 100))
                        if g == .timedOut { print("group timed out") }
                    }
                }
            }
            let f = Fetcher()
            f.fetch()
            scenario.expect(.all, ["logs": 2, "logs[0].at_ms": 500, "logs[1].at_ms": 700])
            """)
    }

    /// Swift's literal typing: `Poller(interval: 2)`, `schedule(after: 1)`, `grace: TimeInterval = 60 * 5` and
    /// `delay = 1` pass integer literals where a `TimeInterval` is taken, which Swift reads as `Double`s; a
    /// `DispatchTimeInterval` property keeps its literal. An `Int` variable there is refused, as Swift refuses it.
    @Test func integerLiteralsPassedAsTimeIntervalsAreSeconds() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("args", until: .seconds(10), variants: [.ios10])
            final class Poller {
                private let interval: TimeInterval
                private let grace: TimeInterval = 60 * 5
                private var delay: TimeInterval = 0.5
                private let debounce: DispatchTimeInterval = .milliseconds(300)
                init(interval: TimeInterval) { self.interval = interval }
                func schedule(after delay: TimeInterval) {
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay) { print("scheduled") }
                    DispatchQueue.main.asyncAfter(deadline: .now() + debounce) { print("debounced") }
                    if grace > 299 { self.delay = 3 }
                    DispatchQueue.main.asyncAfter(deadline: .now() + self.delay) { print("late") }
                }
                func start() {
                    Timer.scheduledTimer(withTimeInterval: interval, repeats: false) { _ in print("fired") }
                }
            }
            let p = Poller(interval: 2)
            p.start()
            p.schedule(after: 1)
            scenario.expect(.all, [
                "logs": 4, "logs[0].at_ms": 300, "logs[1].at_ms": 1000, "logs[2].at_ms": 2000, "logs[3].text": "late",
                "logs[3].at_ms": 3000,
            ])
            """)
        let problems = SwiftLanguageTests.problems("var d: TimeInterval = 1\nd = count")
        #expect(problems.contains { $0.message.contains("an `Int` and a `TimeInterval`") }, "\(problems)")
    }

    /// What is still out is a located error: a `Float` parameter, an exponent literal.
    @Test func whatStaysOutIsLocated() {
        let problems = SwiftLanguageTests.problems(
            "let d = 1e-3\nDispatchQueue.main.asyncAfter(deadline: .now() + d) {}")
        #expect(problems.contains { $0.message.contains("write it as a decimal") }, "\(problems)")
    }
}
