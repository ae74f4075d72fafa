// sw96: an array's closure-taking functions run their closure in place, once per element, before they return (the
// Swift standard library's Sequence): a poller keeps the delays it measured and, on each of three 200 ms ticks of
// a repeating Timer, prints the slow ones (`filter`), their doubling (`map`), a running budget (`reduce`), the first
// over 100 (`first(where:)`), `contains(where:)`, `allSatisfy` and `count(where:)`, then stops the timer.
// Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw96 array functions on a timer", until: .seconds(1), variants: [.linuxCorelibs])

final class LatencyPoller {
    private var delays: [Int] = [40]
    private var ticks = 0
    private var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { [weak self] _ in
            self?.tick()
        }
    }

    private func tick() {
        ticks += 1
        delays.append(ticks * 60)
        let slow = delays.filter { $0 > 50 }
        let doubled = slow.map { d in d * 2 }
        let budget = delays.reduce(500) { left, d in left - d }
        print("tick \(ticks): slow \(slow) doubled \(doubled) budget \(budget)")
        if let first = delays.first(where: { $0 > 100 }) {
            print("first over 100: \(first)")
        }
        print("any over 150 \(delays.contains(where: { $0 > 150 })) all under 200 \(delays.allSatisfy { $0 < 200 })")
        print("fast \(delays.count(where: { $0 <= 60 }))")
        if ticks == 3 {
            timer?.invalidate()
            timer = nil
        }
    }
}

let poller = LatencyPoller()
poller.start()

scenario.expect(.linuxCorelibs, [
    "logs": 11,
    "logs[0].text": "tick 1: slow [60] doubled [120] budget 400", "logs[0].at_ms": 200,
    "logs[1].text": "any over 150 false all under 200 true", "logs[2].text": "fast 2",
    "logs[3].text": "tick 2: slow [60, 120] doubled [120, 240] budget 280",
    "logs[4].text": "first over 100: 120",
    "logs[7].text": "tick 3: slow [60, 120, 180] doubled [120, 240, 360] budget 100", "logs[7].at_ms": 600,
    "logs[9].text": "any over 150 true all under 200 true", "logs[10].text": "fast 2",
])
