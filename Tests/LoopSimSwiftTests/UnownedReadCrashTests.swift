import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A Swift `unowned` reference read after its object is deallocated traps with the Swift runtime's text
/// (swift `stdlib/public/runtime/Errors.cpp`, `swift_abortRetainUnowned`: "Fatal error: Attempted to read an unowned
/// reference but object %p was already deallocated"); `unowned(unsafe)` keeps Objective-C's zombie wording.
@Suite struct UnownedReadCrashTests {
    static func crash(_ capture: String) throws -> (logs: [String], crash: String) {
        let run = try SwiftConcurrencyTests.run(
            """
            import Foundation
            let scenario = Scenario("unowned", until: .seconds(3), variants: [.ios13])
            final class Monitor {
                var timer: Timer?
                func start() {
                    timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [\(capture) self] _ in
                        self.tick()
                    }
                }
                func tick() { print("tick") }
                deinit { print("monitor deinit") }
            }
            var monitor: Monitor? = Monitor()
            monitor?.start()
            scenario.at(.milliseconds(1500), "leave") {
                monitor = nil
            }
            """)
        let crash = run.report.value(at: "crash.message")?.compact.replacingOccurrences(of: "\"", with: "") ?? ""
        return (TaskGroupLoopTests.logs(run), crash)
    }

    @Test func anUnownedCaptureReadAfterDeinitTrapsWithSwiftsText() throws {
        let (logs, crash) = try Self.crash("unowned")
        #expect(logs == ["tick@1000", "monitor deinit@1500"])
        #expect(
            crash.hasPrefix("Fatal error: Attempted to read an unowned reference but object Monitor "), "\(crash)")
        #expect(crash.hasSuffix("was already deallocated"), "\(crash)")
        #expect(!crash.contains("message sent to deallocated instance"), "\(crash)")
    }

    @Test func anUnownedUnsafeCaptureKeepsTheObjectiveCText() throws {
        let (_, crash) = try Self.crash("unowned(unsafe)")
        #expect(crash.hasPrefix("message sent to deallocated instance Monitor"), "\(crash)")
    }

    /// An `unowned let` field read after its object is gone traps the same way.
    @Test func anUnownedFieldTrapsAtTheRead() throws {
        let run = try SwiftConcurrencyTests.run(
            """
            import Foundation
            let scenario = Scenario("unowned field", until: .seconds(3), variants: [.ios13])
            final class Session {
                var user = "ana"
            }
            final class Banner {
                unowned let session: Session
                init(session: Session) { self.session = session }
                func show() { print("hi \\(session.user)") }
            }
            var session: Session? = Session()
            let banner = Banner(session: session!)
            scenario.at(.seconds(1), "show") { banner.show() }
            scenario.at(.seconds(2), "sign out") { session = nil }
            scenario.at(.milliseconds(2500), "show again") { banner.show() }
            """)
        let crash = run.report.value(at: "crash.message")?.compact ?? ""
        #expect(TaskGroupLoopTests.logs(run) == ["hi ana@1000"])
        #expect(crash.contains("Fatal error: Attempted to read an unowned reference but object Session"), "\(crash)")
    }
}
