import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A method's default argument values (the Swift book, "Functions" › "Default Parameter Values"): a call that
/// leaves a parameter out passes its default, matched by label in order; a call that gives it passes its own.
@Suite struct DefaultArgumentTests {
    @Test func leftOutParametersTakeTheirDefaults() throws {
        let logs = try DateValueTests.logs(
            """
                var timer: Timer?
                var timers: [Timer] = []
                func start(interval: TimeInterval = 0.5, times: Int = 2, _ tag: String = "poll") {
                    var left = times
                    let t = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { t in
                        print(tag)
                        left -= 1
                        if left == 0 { t.invalidate() }
                    }
                    timers.append(t)
                }
                func delay(for attempt: Int = 1) -> Int { attempt * 2 }
                func go() {
                    start()
                    start(interval: 2, "slow")
                    start(times: 1)
                    print("delays \\(delay()) \\(delay(for: 3))")
                }
            """, "let w = W()\nw.go()", until: 5)
        #expect(
            logs == [
                "0 delays 2 6", "500 poll", "500 poll", "1000 poll", "2000 slow", "4000 slow",
            ])
    }

    /// Exponential backoff as engineers write it: `Double(1 << (attempt - 1))` seconds.
    @Test func aShiftedBackoffDelay() throws {
        let logs = try DateValueTests.logs(
            """
                func retry(attempt: Int = 1) {
                    let delay = Double(1 << (attempt - 1))
                    DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
                        print("attempt \\(attempt)")
                        if attempt < 3 { self?.retry(attempt: attempt + 1) }
                    }
                }
            """, "let w = W()\nw.retry()", until: 10)
        #expect(logs == ["1000 attempt 1", "3000 attempt 2", "7000 attempt 3"])
    }
}
