import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `MainActor.assumeIsolated { … }` (SwiftLowering+AssumeIsolated.swift): in place on the main thread, a crash off
/// it (this machine's swiftc build crashes in `_dispatch_assert_queue_fail` from a `Thread`).
@Suite struct AssumeIsolatedTests {
    static let stopwatch = """
        @MainActor final class Stopwatch {
            var ticks = 0
            func tick() { ticks += 1; print("tick \\(ticks)") }
        }
        final class Driver {
            let watch = Stopwatch()
            var timer: Timer?
            func start() {
                timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
                    MainActor.assumeIsolated { self?.watch.tick() }
                }
            }
            func fromBackground() {
                DispatchQueue.global().async { MainActor.assumeIsolated { print("never") } }
            }
        }
        let driver = Driver()
        driver.start()
        """

    @Test func onTheMainRunLoopTheClosureRunsInPlace() throws {
        let report = try SwiftUIKitTests.report(Self.stopwatch, until: 3)
        #expect(SwiftUIKitTests.logs(report) == ["tick 1", "tick 2", "tick 3"])
        #expect(report.value(at: "crashed")?.compact == "false")
    }

    @Test func offTheMainThreadItStopsTheApp() throws {
        let report = try SwiftUIKitTests.report(
            Self.stopwatch + "\nscenario.at(.milliseconds(1500), \"background\") { driver.fromBackground() }", until: 3)
        #expect(SwiftUIKitTests.logs(report) == ["tick 1"])
        #expect(report.value(at: "crashed")?.compact == "true")
        let crash = report.value(at: "crash.message")?.compact ?? report.value(at: "crash")?.compact ?? ""
        #expect(crash.contains("MainActor.assumeIsolated off the main actor"), "\(crash)")
    }
}
