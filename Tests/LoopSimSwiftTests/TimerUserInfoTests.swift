import Foundation
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// A timer's `userInfo` read in its handler (`timer.userInfo as? T`) and the lifetime it gives the value: the
/// timer retains it until invalidated (Apple, NSTimer `userInfo`); and `asyncAfter(wallDeadline:)` on the wall
/// clock (docs/swift-scenarios.md, "Timer userInfo and wall deadlines").
@Suite struct TimerUserInfoTests {
    /// The app lets go of the session at once; the repeating timer keeps it alive and reads it in each fire, until
    /// `stop()` invalidates the timer, which frees the session there. `as? Int` of a one-shot's `3` reads it.
    @Test func theTimerKeepsItsUserInfoUntilInvalidated() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("userInfo", until: .seconds(10), variants: [.ios10, .ios13])
            final class UploadSession {
                let id = 7
                deinit { print("session freed") }
            }
            final class UploadMonitor: NSObject {
                private var timer: Timer?
                func start(_ session: UploadSession) {
                    timer = Timer.scheduledTimer(
                        timeInterval: 1.0, target: self, selector: #selector(poll(_:)), userInfo: session,
                        repeats: true)
                    Timer.scheduledTimer(
                        timeInterval: 0.5, target: self, selector: #selector(count(_:)), userInfo: 3, repeats: false)
                }
                @objc func poll(_ timer: Timer) {
                    guard let session = timer.userInfo as? UploadSession else { return }
                    if session.id == 7 { print("poll 7") }
                }
                @objc func count(_ timer: Timer) {
                    if let n = timer.userInfo as? Int { print("count \\(n)") }
                    if let s = timer.userInfo as? String { print("string " + s) } else { print("not a string") }
                }
                func stop() {
                    timer?.invalidate()
                    timer = nil
                }
            }
            let monitor = UploadMonitor()
            monitor.start(UploadSession())
            scenario.at(.milliseconds(2500), "stop") { monitor.stop() }
            scenario.expect(.all, [
                "logs": 5, "logs[0].text": "count 3", "logs[1].text": "not a string", "logs[2].text": "poll 7",
                "logs[4].text": "session freed", "logs[4].at_ms": 2500, "objects.leaked": 0,
            ])
            """)
    }

    /// `timer.userInfo as! T`: the value when it is a T; Swift traps otherwise ("Could not cast value"), and on a
    /// nil userInfo ("Unexpectedly found nil"), ending the run there.
    @Test func aForcedCastReadsOrTraps() throws {
        let text = """
            let scenario = Scenario("forced", until: .seconds(3), variants: [.ios13])
            final class Session { let id = 1 }
            final class Poller: NSObject {
                func go(_ info: Int) {
                    if info == 0 {
                        Timer.scheduledTimer(
                            timeInterval: 1, target: self, selector: #selector(tick(_:)), userInfo: Session(),
                            repeats: false)
                    } else {
                        Timer.scheduledTimer(
                            timeInterval: 1, target: self, selector: #selector(tick(_:)), userInfo: info,
                            repeats: false)
                    }
                }
                @objc func tick(_ t: Timer) {
                    let s = t.userInfo as! Session
                    if s.id == 1 { print("session") }
                }
            }
            Poller().go(0)
            scenario.at(.milliseconds(1500), "wrong") { Poller().go(7) }
            scenario.expect(.all, [
                "logs": 1, "logs[0].at_ms": 1000, "crashed": true, "crash.at_ms": 2500,
            ])
            """
        try SwiftLanguageTests.passes(text)
    }

    /// A dictionary userInfo is not modelled: its cast is refused at the type, saying what to pass instead.
    @Test func aDictionaryCastIsRefused() {
        let loaded = SwiftScenarioLoader.load(
            text: UnsupportedConstructTests.file(
                "TOP:class T: NSObject { @objc func tick(_ t: Timer) { let d = t.userInfo as? [String: Any] } }"),
            file: "P.swift")
        #expect(loaded.scenario == nil)
        #expect(loaded.diagnostics.contains { $0.message.contains("pass one value") }, "\(loaded.diagnostics)")
    }

    /// The device sleeps from 1 s to 8 s: a wall deadline 5 s ahead expires at 5 s and its block runs when the
    /// app returns at 9 s; an uptime deadline moves by the 7 s slept, to 12 s.
    @Test func aWallDeadlineGoesOnWhileTheDeviceSleeps() throws {
        try SwiftLanguageTests.passes(
            """
            let scenario = Scenario("wall", until: .seconds(20), variants: [.ios13])
            final class SessionTimeout {
                func arm() {
                    DispatchQueue.main.asyncAfter(deadline: .now() + 5) { print("uptime") }
                    DispatchQueue.main.asyncAfter(wallDeadline: .now() + 5) { print("wall") }
                }
            }
            let t = SessionTimeout()
            t.arm()
            scenario.at(.seconds(1), "lock") { scenario.lock() }
            scenario.at(.seconds(8), "unlock") { scenario.unlock() }
            scenario.at(.seconds(9), "open") { scenario.foreground() }
            scenario.expect(.all, [
                "logs[0].text": "wall", "logs[0].at_ms": 9000, "logs[1].text": "uptime", "logs[1].at_ms": 12000,
            ])
            """)
    }
}
