// sw70: methods that return values steer a repeating block timer on the real Foundation: `nextAction() -> Action`
// (an enum, from a `switch` and an early `return`), `backoffTicks(after:) -> Int` (from inside a `for` loop) and
// `trySync() -> Bool` decide each tick whether to retry, wait or give up and invalidate the timer; the client is
// freed when the action lets it go. The same code as scenarios/swift-pasted/sync-backoff-state-machine.swift.
import Foundation

enum Action { case retry, wait, giveUp }

let scenario = Scenario(
    "sw70 returned values steer a timer", until: .seconds(3), variants: [.linuxCorelibs])

final class SyncClient {
    private var failures = 0
    private var ticksToWait = 0
    private var timer: Timer?

    deinit { print("client freed") }

    func backoffTicks(after failures: Int) -> Int {
        var ticks = 1
        for _ in 1..<failures {
            ticks = ticks * 2 + 1
            if ticks >= 7 {
                return 7
            }
        }
        return ticks
    }

    func nextAction() -> Action {
        if ticksToWait > 0 {
            return .wait
        }
        switch failures {
        case 0, 1, 2: return .retry
        default: return .giveUp
        }
    }

    func trySync() -> Bool {
        print("sync attempt \(failures + 1)")
        return false  // the server answers 503
    }

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: true) { [weak self] t in
            guard let self = self else { return }
            switch self.nextAction() {
            case .retry:
                if !self.trySync() {
                    self.failures += 1
                    self.ticksToWait = self.backoffTicks(after: self.failures)
                }
            case .wait:
                self.ticksToWait -= 1
            case .giveUp:
                print("giving up after \(self.failures) failures")
                t.invalidate()
            }
        }
    }
}

var client: SyncClient? = SyncClient()
client?.start()

scenario.at(.seconds(2), "leave") { client = nil }

scenario.expect(
    .linuxCorelibs,
    [
        "crashed": false, "objects.leaked": 0, "timers.fires": 15, "logs": 5,
        "logs[0].text": "sync attempt 1", "logs[0].at_ms": 100,
        "logs[1].text": "sync attempt 2", "logs[1].at_ms": 300,
        "logs[2].text": "sync attempt 3", "logs[2].at_ms": 700,
        "logs[3].text": "giving up after 3 failures", "logs[3].at_ms": 1500,
        "logs[4].text": "client freed", "logs[4].at_ms": 2000,
    ])
