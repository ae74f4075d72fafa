// A reconnect loop with exponential back-off, as engineers write it: a `TimeInterval` delay that doubles after each
// failed attempt, capped, and `DispatchQueue.main.asyncAfter(deadline: .now() + delay)` for the next try. Each
// block runs once its deadline has passed (Apple, `asyncAfter(deadline:execute:)`), so the attempts come at 0,
// 0.5, 1.5, 3.5 and 7.5 s (delays 0.5, 1, 2 and 4 s, the cap); the fifth attempt succeeds and stops the loop.
// The client holds itself weakly in the retry block, so nothing outlives it.
import Foundation

let scenario = Scenario(
    "Pasted: reconnect with exponential back-off", until: .seconds(12), variants: [.ios10, .ios13])

final class ReconnectingClient {
    private let initialDelay: TimeInterval = 0.5
    private let maxDelay: TimeInterval = 4
    private var delay: TimeInterval = 0
    private var attempts = 0

    func connect() {
        delay = initialDelay
        attempt()
    }

    private func attempt() {
        attempts += 1
        print("attempt \(attempts)")
        if attempts >= 5 {
            print("connected")
            return
        }
        scheduleRetry()
    }

    private func scheduleRetry() {
        DispatchQueue.main.asyncAfter(deadline: .now() + delay) { [weak self] in
            self?.attempt()
        }
        delay *= 2
        if delay > maxDelay {
            delay = maxDelay
        }
    }
}

let client = ReconnectingClient()
client.connect()

scenario.expect(.all, [
    "logs": 6, "logs[1].at_ms": 500, "logs[2].at_ms": 1500, "logs[3].at_ms": 3500, "logs[4].at_ms": 7500,
    "logs[5].text": "connected", "logs[5].at_ms": 7500, "objects.leaked": 0,
])
