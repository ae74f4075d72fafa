import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Releasing a dispatch source whose suspensions are not balanced by resumes, cancelled or not: libdispatch's
/// object disposal (queue.c `_dispatch_queue_xref_dispose`) tests the suspend bits of the queue state, which
/// `dispatch_source_cancel` leaves alone (it only sets `DSF_CANCELED`), so a suspended source crashes with "Release of
/// a suspended object" and one never resumed with "Release of an inactive object" (docs/fidelity.md, "Dispatch
/// sources released suspended").
@Suite struct SuspendedSourceReleaseTests {
    /// The "RepeatingTimer" wrapper: a main-queue timer made in a property, scheduled and given its handler in `init`;
    /// `start()` resumes, `pause()` suspends, and `deinit` runs `deinitBody`. The wrapper is dropped at 3 s.
    static func wrapper(deinitBody: String, top: String, expect: String) -> String {
        """
        import Foundation
        let scenario = Scenario("repeating timer", until: .seconds(5), variants: [.ios9, .ios10, .ios13, .linuxCorelibs])
        final class RepeatingTimer {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            var ticks = 0
            init() {
                timer.schedule(deadline: .now() + 1, repeating: 1)
                timer.setEventHandler { [weak self] in
                    self?.ticks += 1
                    print("tick")
                }
            }
            func start() { timer.resume() }
            func pause() { timer.suspend() }
            func stop() { timer.cancel() }
            deinit {
        \(deinitBody)
            }
        }
        var repeating: RepeatingTimer? = RepeatingTimer()
        \(top)
        scenario.at(.seconds(3), "drop") { repeating = nil }
        scenario.expect(.all, \(expect))
        """
    }

    /// The reviewer's case: resumed, suspended at 2.5 s, `deinit { timer.cancel() }`: the cancel does not lift the
    /// suspension, so the release at 3 s crashes on every variant, after the two ticks.
    @Test func cancellingInDeinitDoesNotSaveASuspendedSource() throws {
        try SwiftLanguageTests.passes(
            Self.wrapper(
                deinitBody: "timer.cancel()",
                top: """
                    repeating?.start()
                    scenario.at(.milliseconds(2500), "pause") { repeating?.pause() }
                    """,
                expect: """
                    ["crashed": true, "crash.at_ms": 3000, "logs": 2, \
                    "crash.message": "BUG IN CLIENT OF LIBDISPATCH: Release of a suspended object"]
                    """))
    }

    /// Never resumed, cancelled in `deinit`: the source is still inactive (`dispatch_source_create` makes it with
    /// `DISPATCH_QUEUE_INACTIVE`), and its release crashes with the inactive message.
    @Test func aCancelledSourceNeverResumedCrashesAsInactive() throws {
        try SwiftLanguageTests.passes(
            Self.wrapper(
                deinitBody: "timer.cancel()", top: "",
                expect: """
                    ["crashed": true, "crash.at_ms": 3000, "logs": 0, \
                    "crash.message": "BUG IN CLIENT OF LIBDISPATCH: Release of an inactive object"]
                    """))
    }

    /// Suspended once while inactive, resumed once: still inactive (the resume takes back the suspension, the
    /// inactive bit stays), so the release crashes with the inactive message.
    @Test func aResumeBalancingASuspendOfAnInactiveSourceLeavesItInactive() throws {
        try SwiftLanguageTests.passes(
            Self.wrapper(
                deinitBody: "timer.cancel()",
                top: """
                    repeating?.pause()
                    repeating?.start()
                    """,
                expect: """
                    ["crashed": true, "logs": 0, \
                    "crash.message": "BUG IN CLIENT OF LIBDISPATCH: Release of an inactive object"]
                    """))
    }

    /// The fix: cancel, then resume, in `deinit`: the count is balanced, the release frees the source, and its
    /// cancellation callout (queued at the resume, when the source runs again) frees the handler. No crash; the
    /// ticks stop at the pause.
    @Test func cancelThenResumeInDeinitReleasesCleanly() throws {
        try SwiftLanguageTests.passes(
            Self.wrapper(
                deinitBody: "timer.cancel()\ntimer.resume()",
                top: """
                    repeating?.start()
                    scenario.at(.milliseconds(2500), "pause") { repeating?.pause() }
                    """,
                expect: #"["crashed": false, "logs": 2, "objects.alive": 0]"#))
    }

    /// A cancel while suspended does not run the cancellation callout, which frees the handler and what it captured,
    /// until the resume (libdispatch does not wake a suspended source): the captured payload lives from the cancel
    /// at 1.8 s until the resume at 3 s.
    @Test func aSuspendedSourceFreesItsHandlerOnlyWhenResumed() throws {
        try SwiftLanguageTests.passes(
            """
            import Foundation
            let scenario = Scenario("cancel while suspended", until: .seconds(5), variants: [.ios9, .ios10, .ios13, .linuxCorelibs])
            final class Payload {
                func touch() {}
                deinit { print("payload freed") }
            }
            final class Poller {
                let timer = DispatchSource.makeTimerSource(queue: .main)
                init(payload: Payload) {
                    timer.schedule(deadline: .now() + 1, repeating: 1)
                    timer.setEventHandler { payload.touch() }
                    timer.resume()
                }
                func pause() { timer.suspend() }
                func stop() { timer.cancel() }
                func go() { timer.resume() }
            }
            let poller = Poller(payload: Payload())
            scenario.at(.milliseconds(1500), "pause") { poller.pause() }
            scenario.at(.milliseconds(1800), "stop") { poller.stop() }
            scenario.at(.seconds(3), "go") { poller.go() }
            scenario.expect(.all, ["crashed": false, "logs": 1, "logs[0].text": "payload freed", "logs[0].at_ms": 3000])
            """)
    }
}
