// sw57: Swift 5.7's optional shorthand around a heartbeat timer (SE-0345: `if let heartbeat`, `guard let
// heartbeat else`). It beats at 1 s and 2 s; `pause()` at 2.5 s invalidates it; a second `pause()` at 3 s finds
// it invalid (Apple, `isValid`); `restart()` at 4 s drops it and schedules a new one, which beats at 5 s and 6 s.
import Foundation

let scenario = Scenario(
    "sw57 if let shorthand around a heartbeat timer", until: .milliseconds(6500), variants: [.linuxCorelibs])

final class Session {
    private var heartbeat: Timer?

    func resume() {
        if let heartbeat, heartbeat.isValid {
            return
        }
        heartbeat = Timer.scheduledTimer(withTimeInterval: 1.0, repeats: true) { _ in
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

scenario.expect(.linuxCorelibs, [
    "logs": 6, "logs[1].at_ms": 2000, "logs[2].text": "paused", "logs[3].text": "already paused",
    "logs[4].at_ms": 5000, "logs[5].at_ms": 6000, "timers.fires": 4,
])
