import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `Thread.cancel()` only sets a flag (Apple, `Thread.cancel()`; swift-corelibs-foundation Thread.swift `cancel()`):
/// `cancelThread:`, read by `isCancelled` (docs/swift-scenarios.md, "Thread cancellation"; conformance sw116).
@Suite struct ThreadCancelTests {
    /// A poller thread whose run loop runs a repeating timer; `body` is the thread's loop after the timer is
    /// scheduled. The main thread cancels the thread at 350 ms.
    static func poller(loop: String, expect: String) -> String {
        """
        import Foundation
        let scenario = Scenario("thread cancel", until: .seconds(2), variants: [.ios13, .linuxCorelibs])
        final class Poller {
            var thread: Thread?
            var ticks = 0
            func start() {
                let thread = Thread { [self] in
                    let timer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in
                        self.ticks += 1
                        print("tick \\(self.ticks)")
                    }
        \(loop)
                    timer.invalidate()
                    print("worker exits after \\(self.ticks) ticks")
                }
                thread.name = "poller"
                self.thread = thread
                thread.start()
            }
            func stop() {
                thread?.cancel()
                guard let thread else { return }
                print("flag \\(thread.isCancelled) main \\(Thread.current.isCancelled)")
            }
        }
        let poller = Poller()
        poller.start()
        scenario.at(.milliseconds(350), "cancel") { poller.stop() }
        scenario.expect(.all, \(expect))
        """
    }

    /// The loop reads the flag between 300 ms slices of its run loop: it sees the cancel of 350 ms when the slice
    /// ends at 600 ms, after the tick of 500 ms, and the thread exits.
    @Test func aLoopThatReadsTheFlagEndsAtItsNextCheck() throws {
        try SwiftLanguageTests.passes(
            Self.poller(
                loop: """
                    while !Thread.current.isCancelled {
                        RunLoop.current.run(until: Date(timeIntervalSinceNow: 0.3))
                    }
                    """,
                expect: """
                    ["logs": 4, "logs[0].text": "tick 1", "logs[1].text": "flag true main false", \
                    "logs[1].at_ms": 350, "logs[2].text": "tick 2", "logs[2].at_ms": 500, \
                    "logs[3].text": "worker exits after 2 ticks", "logs[3].at_ms": 600, \
                    "threads.parked": 0, "timers.fires": 2]
                    """))
    }

    /// `RunLoop.current.run()` never reads the flag: the cancel changes nothing, the timer ticks on until the end.
    @Test func cancelDoesNotStopARunLoop() throws {
        try SwiftLanguageTests.passes(
            Self.poller(
                loop: "            RunLoop.current.run()",
                expect: """
                    ["logged": ["worker exits after 7 ticks": 0, "tick 7": 1, "tick 8": 1, \
                    "flag true main false": 1], "timers.fires": 8]
                    """))
    }

    /// A Thread subclass's `cancel()` sets its own field and its thread's flag, which `Thread.current.isCancelled`
    /// reads in its `main()`.
    @Test func aSubclassCancelSetsTheThreadFlagToo() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("subclass", until: .seconds(2), variants: [.ios13])
            final class Worker: Thread {
                var turns = 0
                override func main() {
                    while !Thread.current.isCancelled {
                        turns += 1
                        Thread.sleep(forTimeInterval: 0.1)
                    }
                    print("stopped after \\(turns) turns, field \\(isCancelled)")
                }
            }
            let worker = Worker()
            worker.start()
            scenario.at(.milliseconds(450), "cancel") { worker.cancel() }
            scenario.expect(.all, ["logs": 1, "logs[0].text": "stopped after 5 turns, field true", \
            "logs[0].at_ms": 500])
            """)
    }
}
