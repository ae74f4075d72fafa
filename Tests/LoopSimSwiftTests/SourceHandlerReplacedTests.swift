import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// `source.setEventHandler { … }` on a dispatch timer source made before: the source holds the latest handler, and
/// the invocations that start afterwards run it (libdispatch source.c `_dispatch_source_set_handler`); the old handler
/// is released. The classic wrapper that keeps `resume()`/`suspend()` balanced and resumes a suspended source in
/// `deinit` runs without the "Release of a suspended object" crash; without that resume it crashes.
@Suite struct SourceHandlerReplacedTests {
    static func runs(_ code: String) throws -> [VariantRun] {
        try ScenarioRunner.run(try SwiftLanguageTests.load(code))
    }

    static func timedLogs(_ run: VariantRun) -> [String] {
        run.outcome.logs.map { "\($0.at.nanoseconds / 1_000_000) \($0.text)" }
    }

    @Test func firesAfterTheCallRunTheNewHandlerAndTheOldOneIsReleased() throws {
        let code = """
            import Foundation
            let scenario = Scenario("handler replaced", until: .seconds(5), variants: [.ios13, .linuxCorelibs])
            final class Payload {
                func touch() {}
                deinit { print("payload freed") }
            }
            final class Ticker {
                private var source: DispatchSourceTimer?
                func start() {
                    let payload = Payload()
                    let s = DispatchSource.makeTimerSource(queue: .main)
                    s.schedule(deadline: .now() + 1, repeating: 1)
                    s.setEventHandler {
                        payload.touch()
                        print("tick")
                    }
                    s.resume()
                    source = s
                }
                func switchHandler() {
                    source?.setEventHandler {
                        print("tock")
                    }
                }
                func stop() {
                    source?.cancel()
                    source = nil
                }
            }
            let ticker = Ticker()
            ticker.start()
            scenario.at(.milliseconds(2500), "switches") { ticker.switchHandler() }
            scenario.at(.milliseconds(4500), "stops") { ticker.stop() }
            """
        for run in try Self.runs(code) {
            #expect(
                Self.timedLogs(run) == ["1000 tick", "2000 tick", "2500 payload freed", "3000 tock", "4000 tock"],
                "\(run.variant)")
            #expect(run.outcome.crash == nil)
            #expect(run.report.value(at: "objects.leaked") == .int(0), "\(run.variant)")
        }
    }

    @Test func aSecondHandlerRightAfterCreationReplacesTheFirst() throws {
        let code = """
            import Foundation
            let scenario = Scenario("two handlers", until: .milliseconds(2500), variants: [.ios13, .linuxCorelibs])
            let s = DispatchSource.makeTimerSource(queue: .main)
            s.schedule(deadline: .now() + 1, repeating: 1)
            s.setEventHandler { print("first") }
            s.setEventHandler { print("second") }
            s.resume()
            """
        for run in try Self.runs(code) {
            #expect(Self.timedLogs(run) == ["1000 second", "2000 second"], "\(run.variant)")
        }
    }

    static func wrapper(resumesInDeinit: Bool) -> String {
        """
        import Foundation
        let scenario = Scenario("wrapper", until: .seconds(5), variants: [.ios13, .linuxCorelibs])
        final class RepeatingTimer {
            private let timer = DispatchSource.makeTimerSource(queue: .main)
            private var resumed = false
            init() {
                timer.schedule(deadline: .now() + 1, repeating: 1)
            }
            func onTick(_ name: String) {
                timer.setEventHandler {
                    print("beat \\(name)")
                }
            }
            func resume() {
                if resumed { return }
                resumed = true
                timer.resume()
            }
            func suspend() {
                if !resumed { return }
                resumed = false
                timer.suspend()
            }
            deinit {
                timer.setEventHandler {}
                timer.cancel()
                \(resumesInDeinit ? "resume()" : "print(\"no resume\")")
            }
        }
        final class Workout {
            let timer = RepeatingTimer()
            func start() {
                timer.onTick("a")
                timer.resume()
                timer.resume()
            }
            func pause() { timer.suspend() }
            deinit { print("workout deinit") }
        }
        var workout: Workout? = Workout()
        workout?.start()
        scenario.at(.milliseconds(2500), "pauses") { workout?.pause() }
        scenario.at(.milliseconds(3500), "closes") { workout = nil }
        """
    }

    @Test func theBalancedWrapperIsReleasedCleanly() throws {
        for run in try Self.runs(Self.wrapper(resumesInDeinit: true)) {
            #expect(Self.timedLogs(run) == ["1000 beat a", "2000 beat a", "3500 workout deinit"], "\(run.variant)")
            #expect(run.outcome.crash == nil, "\(run.variant)")
            #expect(run.report.value(at: "objects.leaked") == .int(0), "\(run.variant)")
        }
    }

    @Test func releasingTheSuspendedSourceCrashes() throws {
        for run in try Self.runs(Self.wrapper(resumesInDeinit: false)) {
            #expect(
                run.outcome.crash?.message.contains("Release of a suspended object") == true,
                "\(run.variant): \(String(describing: run.outcome.crash))")
        }
    }
}
