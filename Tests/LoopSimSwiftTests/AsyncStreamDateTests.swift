import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `AsyncStream<Date>` (SwiftLowering+Streams.swift): a stream's element may be a `Date`, held as the virtual wall
/// clock's time since the start (SwiftLowering+Dates.swift), so the date a Timer's block yields is the instant it
/// fired, and `date.timeIntervalSince(start)` in the loop is exact. (The consuming task is on the main actor, so the
/// stream's build closure schedules its Timer on the main run loop; made on a pool thread, the timer would never fire.)
@Suite struct AsyncStreamDateTests {
    static let clock = """
        final class Clock {
            var task: Task<Void, Never>?
            func ticks() -> AsyncStream<Date> {
                AsyncStream(Date.self) { continuation in
                    let timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
                        continuation.yield(Date())
                    }
                    continuation.onTermination = { _ in
                        timer.invalidate()
                        print("timer invalidated")
                    }
                }
            }
            func start() {
                let start = Date()
                task = Task { @MainActor in
                    var ticks = 0
                    for await date in self.ticks() {
                        ticks += 1
                        print("tick \\(ticks) at \\(Int(date.timeIntervalSince(start) * 1000)) ms")
                        if ticks == 3 { break }
                    }
                    print("done")
                }
            }
        }
        let clock = Clock()
        clock.start()
        """

    @Test func aTimersFireDatesArriveAsTheInstantsItFired() throws {
        let report = try SwiftUIKitTests.report(Self.clock)
        #expect(
            SwiftUIKitTests.logs(report) == [
                "tick 1 at 1000 ms", "tick 2 at 2000 ms", "tick 3 at 3000 ms", "timer invalidated", "done",
            ])
        #expect(report.value(at: "logs[4].at_ms")?.compact == "3000")
    }

    @Test func aDateYieldedWhileNobodyWaitsKeepsTheInstantOfItsYield() throws {
        let report = try SwiftUIKitTests.report(
            """
            final class Feed {
                func start() {
                    let start = Date()
                    let (stream, continuation) = AsyncStream.makeStream(of: Date.self)
                    DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { continuation.yield(Date()) }
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { continuation.finish() }
                    DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
                        Task {
                            for await d in stream {
                                print("yielded at \\(Int(d.timeIntervalSince(start) * 1000))")
                                print("read at \\(Int(Date().timeIntervalSince(start) * 1000))")
                            }
                            print("ended")
                        }
                    }
                }
            }
            let feed = Feed()
            feed.start()
            """)
        #expect(SwiftUIKitTests.logs(report) == ["yielded at 500", "read at 2000", "ended"])
    }
}
