// sw15: durations computed from values. A poller's interval is an init argument (`TimeInterval`), its timer
// repeats at that interval; a retry doubles its delay after each attempt (exponential back-off through
// `asyncAfter(deadline: .now() + .milliseconds(delay))`). The fire times follow from the values alone: polls at
// 350 and 700 ms until the poller stops at 1 s; attempts at 0, 200, 600, 1400 ms (Apple, `asyncAfter(deadline:)`:
// the block runs at the deadline; `scheduledTimer(withTimeInterval:repeats:block:)`: the timer fires every interval).
import Foundation

let scenario = Scenario(
    "sw15 computed intervals: a poller's init argument and a doubling retry delay", until: .seconds(2),
    variants: [.linuxCorelibs])

final class Poller {
    private let interval: TimeInterval
    private var timer: Timer?

    init(interval: TimeInterval) {
        self.interval = interval
    }

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true) { _ in
            print("poll")
        }
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }
}

final class Retrier {
    private var delay = 200
    private var attempts = 0

    func attempt() {
        attempts += 1
        print("attempt \(attempts)")
        guard attempts < 4 else { return }
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(delay)) {
            self.attempt()
        }
        delay *= 2
    }
}

let poller = Poller(interval: 0.35)
poller.start()
let retrier = Retrier()
retrier.attempt()

scenario.at(.milliseconds(1000), "stop polling") {
    poller.stop()
}

scenario.expect(.linuxCorelibs, [
    "logs": 6, "logs[0].text": "attempt 1", "logs[0].at_ms": 0, "logs[1].text": "attempt 2", "logs[1].at_ms": 200,
    "logs[2].text": "poll", "logs[2].at_ms": 350, "logs[3].text": "attempt 3", "logs[3].at_ms": 600,
    "logs[4].text": "poll", "logs[4].at_ms": 700, "logs[5].text": "attempt 4", "logs[5].at_ms": 1400,
])
