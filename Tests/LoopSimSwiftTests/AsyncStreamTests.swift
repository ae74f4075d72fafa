import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `AsyncStream` and `for await` in Swift source (docs/swift-scenarios.md, "Swift concurrency"; SE-0314): a stream
/// made with a build closure, with `makeStream(of:)`, into a local, a property or a pair; `yield` and `finish` from
/// a Timer, a queue or a task; `for await` in a task and in an async method, with `break`; and `for await` over
/// `NotificationCenter.default.notifications(named:)`.
@Suite struct AsyncStreamTests {
    /// `text` (a file's declarations and top-level code) run under iOS 13: its logs as `text@ms`, and its crash.
    static func run(_ text: String) throws -> (logs: [String], crash: String?) {
        let run = try SwiftConcurrencyTests.run(
            "import Foundation\nlet scenario = Scenario(\"s\", until: .seconds(2), variants: [.ios13])\n" + text)
        let crash = run.report.value(at: "crash.message")?.compact.replacingOccurrences(of: "\"", with: "")
        return (TaskGroupLoopTests.logs(run), crash)
    }

    /// The build closure runs at once and keeps the continuation in a property; a repeating Timer yields, then
    /// finishes; the main-actor task's loop gets each value on the main queue and ends after the last one.
    @Test func buildClosureKeptInAPropertyFedByATimer() throws {
        let lowered = try SwiftConcurrencyTests.probe(
            """
            let s = AsyncStream(Int.self) { continuation in
                continuation.yield(1)
                continuation.finish()
            }
            for await n in s { print(n) }
            """, async: true)
        #expect(lowered.contains("{asyncStream: s}, {streamYield: s, value: 1}, {streamFinish: s}"), "\(lowered)")
        #expect(lowered.contains("streamNext:"), "\(lowered)")
        let o = try Self.run(
            """
            final class Ticker {
                var continuation: AsyncStream<Int>.Continuation?
                var stream: AsyncStream<Int>?
                var timer: Timer?
                var n = 0

                func start() {
                    stream = AsyncStream { (c: AsyncStream<Int>.Continuation) in
                        self.continuation = c
                    }
                    timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { [weak self] _ in
                        self?.tick()
                    }
                }

                func tick() {
                    n += 1
                    continuation?.yield(n * 10)
                    if n == 3 {
                        timer?.invalidate()
                        continuation?.finish()
                    }
                }
            }
            let ticker = Ticker()
            ticker.start()
            Task { @MainActor in
                guard let s = ticker.stream else { return }
                for await value in s {
                    print("value \\(value) main=\\(Thread.isMainThread)")
                }
                print("done")
            }
            """)
        #expect(o.logs == ["value 10 main=true@100", "value 20 main=true@200", "value 30 main=true@300", "done@300"])
    }

    /// `makeStream(of:)` into a pair of locals, fed from a global queue before the reader asks (buffered, in
    /// order) and later (the reader waits); `break` leaves the loop, and the statements after it run.
    @Test func makeStreamPairBufferedThenWaitingWithBreak() throws {
        let o = try Self.run(
            """
            final class Pipeline {
                func run() async {
                    let (stream, continuation) = AsyncStream.makeStream(of: String.self)
                    continuation.yield("a")
                    continuation.yield("b")
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
                        continuation.yield("stop")
                        continuation.yield("never read")
                    }
                    for await word in stream {
                        if word == "stop" { break }
                        print("word \\(word)")
                    }
                    print("after the loop")
                }
            }
            let pipeline = Pipeline()
            Task { await pipeline.run() }
            """)
        #expect(o.logs == ["word a@0", "word b@0", "after the loop@200"])
    }

    /// Cancelling the task that waits in the loop ends it at once; the stream's later yields are dropped.
    @Test func cancellingTheReaderEndsTheLoop() throws {
        let o = try Self.run(
            """
            @MainActor final class Monitor {
                var continuation: AsyncStream<Bool>.Continuation?
                var task: Task<Void, Never>?

                func start() {
                    let (stream, continuation) = AsyncStream<Bool>.makeStream()
                    self.continuation = continuation
                    task = Task {
                        for await online in stream {
                            print("online \\(online)")
                        }
                        print("stopped cancelled=\\(Task.isCancelled)")
                    }
                }

                func stop() { task?.cancel() }
            }
            let monitor = Monitor()
            monitor.start()
            scenario.at(.milliseconds(100), "flip") { monitor.continuation?.yield(true) }
            scenario.at(.milliseconds(200), "leave") { monitor.stop() }
            scenario.at(.milliseconds(300), "flip") { monitor.continuation?.yield(false) }
            """)
        #expect(o.logs == ["online true@100", "stopped cancelled=true@200"])
    }

    /// A stream of an enum of the file and one of objects, assigned in an `init` from `makeStream`.
    @Test func enumAndObjectElementsFromAnInit() throws {
        let o = try Self.run(
            """
            enum Phase {
                case loading, ready
            }
            final class Item {
                let name: String
                init(name: String) { self.name = name }
            }
            final class Store {
                let phases: AsyncStream<Phase>
                let phaseInput: AsyncStream<Phase>.Continuation
                let items: AsyncStream<Item>
                let itemInput: AsyncStream<Item>.Continuation

                init() {
                    (phases, phaseInput) = AsyncStream.makeStream(of: Phase.self)
                    (items, itemInput) = AsyncStream.makeStream(of: Item.self)
                }
            }
            let store = Store()
            store.phaseInput.yield(.loading)
            store.itemInput.yield(Item(name: "pen"))
            store.phaseInput.yield(.ready)
            store.phaseInput.finish()
            store.itemInput.finish()
            Task {
                for await phase in store.phases {
                    if phase == .ready { print("ready") } else { print("loading") }
                }
                for await item in store.items {
                    print("item \\(item.name)")
                }
            }
            """)
        #expect(o.logs == ["loading@0", "ready@0", "item pen@0"])
    }

    /// `for await _ in NotificationCenter.default.notifications(named:)` in a task kept in a property: each post
    /// is delivered on the posting thread to the stream, the loop's body runs on the main actor; after the cancel,
    /// the loop has ended and its observer is removed, so a later post reaches nobody.
    @Test func notificationsNamedUntilCancelled() throws {
        let o = try Self.run(
            """
            extension Notification.Name {
                static let cartChanged = Notification.Name("CartChanged")
            }
            @MainActor final class Badge {
                var count = 0
                var task: Task<Void, Never>?
                func start() {
                    task = Task {
                        for await note in NotificationCenter.default.notifications(named: .cartChanged) {
                            count += 1
                            print("badge \\(count) \\(note.object == nil)")
                        }
                        print("listening ended")
                    }
                }
                func stop() { task?.cancel() }
            }
            let badge = Badge()
            badge.start()
            scenario.at(.milliseconds(200), "add") { NotificationCenter.default.post(name: .cartChanged, object: nil) }
            scenario.at(.milliseconds(400), "leave") { badge.stop() }
            scenario.at(.milliseconds(600), "add") { NotificationCenter.default.post(name: .cartChanged, object: nil) }
            """)
        #expect(o.logs == ["badge 1 true@200", "listening ended@400"])
    }

    /// Stream properties (a `makeStream` pair, a stream with a build closure, a `Void` stream) read in a detached
    /// task (`continue`), in an actor's method and with `where`; `_ = continuation.yield(v)`; a `notifications`
    /// loop with `object:` that leaves by `break`, removing its observer (a second post reaches nobody).
    @Test func propertiesActorsDetachedAndObjectFilter() throws {
        let o = try Self.run(
            """
            extension Notification.Name {
                static let tokenRefreshed = Notification.Name("TokenRefreshed")
            }
            actor Counter {
                var seen = 0
                func consume(_ s: AsyncStream<Int>) async {
                    for await n in s where n > 5 {
                        seen += n
                    }
                    print("actor saw \\(seen)")
                }
            }
            final class Session {
                let (updates, updatesInput) = AsyncStream.makeStream(of: String.self)
                let counter = Counter()
                let numbers = AsyncStream<Int> { c in
                    c.yield(5)
                    c.yield(6)
                    c.finish()
                }
                let pings = AsyncStream(Void.self) { c in
                    c.yield()
                    c.finish()
                }

                func watch() {
                    Task.detached {
                        for await u in self.updates {
                            if u.isEmpty { continue }
                            print("update \\(u) main=\\(Thread.isMainThread)")
                        }
                    }
                    Task {
                        await self.counter.consume(self.numbers)
                        for await _ in self.pings { print("ping") }
                    }
                    Task { @MainActor in
                        for await _ in NotificationCenter.default.notifications(named: .tokenRefreshed, object: self) {
                            print("refreshed")
                            break
                        }
                        print("stopped listening")
                    }
                }

                func push(_ s: String) {
                    _ = updatesInput.yield(s)
                }
            }
            let session = Session()
            session.watch()
            scenario.at(.milliseconds(100), "push") { session.push("") }
            scenario.at(.milliseconds(150), "push") { session.push("x") }
            scenario.at(.milliseconds(200), "post") {
                NotificationCenter.default.post(name: .tokenRefreshed, object: nil)
                NotificationCenter.default.post(name: .tokenRefreshed, object: session)
            }
            scenario.at(.milliseconds(300), "post") {
                NotificationCenter.default.post(name: .tokenRefreshed, object: session)
            }
            """)
        #expect(
            o.logs == [
                "actor saw 6@0", "ping@0", "update x main=false@150", "refreshed@200", "stopped listening@200",
            ])
    }

    /// `notifications(named:)` is iOS 15: it runs with a warning saying so, located at the call.
    @Test func notificationsWarnsItIsIOS15() throws {
        let loaded = SwiftScenarioLoader.load(
            text: """
                import Foundation
                let scenario = Scenario("w", until: .seconds(1), variants: [.ios13])
                Task {
                    for await _ in NotificationCenter.default.notifications(named: Notification.Name("A")) { }
                }
                """, file: "W.swift")
        let warnings = loaded.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.map { "\($0.location.line):\($0.location.column)" } == ["4:20"], "\(loaded.diagnostics)")
        #expect(warnings.first?.message.contains("iOS 15") == true)
    }
}
