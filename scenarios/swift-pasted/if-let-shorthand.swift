// Optional shorthand of Swift 5.7 (SE-0345: `if let timer {`, `guard let timer else {`) and a binding with a
// condition (`if let t = timer, t.isValid`). The session's heartbeat is a repeating 1 s timer; `pause()` at 2.5 s
// invalidates it, so it fires twice; the second `pause()` at 3 s finds the timer invalid (Apple, `isValid`) and
// logs that, and `restart()` at 4 s drops the invalid timer and schedules a new one, which fires at 5 s and 6 s
// before the horizon at 6.5 s. `loopsim conform` runs this file on the real RunLoop, against the
// `linux-corelibs` run.
import Foundation

let scenario = Scenario(
    "Pasted: if let shorthand around a heartbeat timer", until: .milliseconds(6500),
    variants: [.ios10, .ios13, .linuxCorelibs])

final class Session {
    private var heartbeat: Timer?
    var beats = 0

    func resume() {
        if let heartbeat, heartbeat.isValid {
            return
        }
        heartbeat = Timer.scheduledTimer(withTimeInterval: 1.0, repeats: true) { [weak self] _ in
            self?.beats += 1
            print("beat")
        }
    }

    func pause() {
        guard let heartbeat else { return }
        if heartbeat.isValid {
            heartbeat.invalidate()
            print("paused")
        } else {
            print("already paused")
        }
    }

    func restart() {
        if let t = heartbeat, !t.isValid {
            heartbeat = nil
        }
        resume()
    }
}

let session = Session()
session.resume()

scenario.at(.milliseconds(2500), "pause") { session.pause() }
scenario.at(.seconds(3), "pause again") { session.pause() }
scenario.at(.seconds(4), "come back") { session.restart() }

scenario.expect(.all, [
    "timers.fires": 4, "logged": ["beat": 4, "paused": 1, "already paused": 1], "logs": 6, "logs[1].at_ms": 2000,
    "logs[2].text": "paused", "logs[3].text": "already paused", "logs[4].at_ms": 5000, "logs[5].at_ms": 6000,
])
