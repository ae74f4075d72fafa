// A retry schedule written with `stride`: the client queues its reconnect attempts at 0.5 s steps through 2 s with
// `stride(from: 0.5, through: 2.0, by: 0.5)` (`through:` includes the end; Swift's floating stride computes
// `start + i * step`), each one a main-queue `asyncAfter` that checks whether the socket came back, and counts down
// the attempts left with `stride(from: 3, to: 0, by: -1)` (a negative step counts down, the end excluded; Swift
// standard library, `stride(from:to:by:)`). The connection comes back at 1.2 s, so the attempts at 1.5 and 2.0 s
// find it connected. A session-expiry check uses `asyncAfter(wallDeadline:)`, which runs on the wall clock.
import Foundation

let scenario = Scenario(
    "Pasted: reconnect attempts scheduled with stride", until: .seconds(5), variants: [.ios10, .ios13])

final class Reconnector {
    var isConnected = false
    private var attempts = 0

    func scheduleRetries() {
        for left in stride(from: 3, to: 0, by: -1) {
            print("attempts left \(left)")
        }
        for delay in stride(from: 0.5, through: 2.0, by: 0.5) {
            DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
                self?.attempt()
            }
        }
        DispatchQueue.main.asyncAfter(wallDeadline: .now() + 3) {
            print("session check")
        }
    }

    func attempt() {
        attempts += 1
        if isConnected {
            print("already connected")
        } else {
            print("retry \(attempts)")
        }
    }
}

let reconnector = Reconnector()
reconnector.scheduleRetries()

scenario.at(.milliseconds(1200), "network comes back") {
    reconnector.isConnected = true
}

scenario.expect(.all, [
    "logs": 8, "logs[0].text": "attempts left 3", "logs[2].text": "attempts left 1",
    "logs[3].text": "retry 1", "logs[3].at_ms": 500, "logs[4].text": "retry 2", "logs[4].at_ms": 1000,
    "logs[5].text": "already connected", "logs[5].at_ms": 1500, "logs[6].at_ms": 2000,
    "logs[7].text": "session check", "logs[7].at_ms": 3000,
])
