// sw64: dates. A stopwatch keeps `Date()` in a `Date?` property and logs the tenths of a second since then at
// each tick of a 300 ms timer (`Int(Date().timeIntervalSince(start) * 10)`: Swift's `Int(_: Double)` truncates);
// it stops at the first tick past a deadline made with `Date(timeIntervalSinceNow: 1)` and moved 0.2 s later with
// `addingTimeInterval`, read through `timeIntervalSinceNow`. The logged values follow from the fire times alone:
// 3, 6, 9, 12 tenths, then stopped at 1200 ms (Apple, `Date()`: "the current date and time";
// `timeIntervalSince(_:)`, `timeIntervalSinceNow`, `addingTimeInterval(_:)`: the interval between two dates).
import Foundation

let scenario = Scenario(
    "sw64 dates: elapsed time and a deadline from Date()", until: .seconds(2), variants: [.linuxCorelibs])

final class Stopwatch {
    private var start: Date?
    private var deadline = Date()
    private var timer: Timer?

    func begin() {
        if start == nil { print("no start yet") }
        start = Date()
        deadline = Date(timeIntervalSinceNow: 1).addingTimeInterval(0.2)
        timer = Timer.scheduledTimer(withTimeInterval: 0.3, repeats: true) { [weak self] _ in
            self?.tick()
        }
    }

    private func tick() {
        guard let start else { return }
        let elapsed = Date().timeIntervalSince(start)
        print("tenths \(Int(elapsed * 10))")
        if deadline.timeIntervalSinceNow <= 0 {
            timer?.invalidate()
            print("stopped")
        }
    }
}

let watch = Stopwatch()
watch.begin()

scenario.expect(.linuxCorelibs, [
    "logs": 6, "logs[0].text": "no start yet", "logs[1].text": "tenths 3", "logs[1].at_ms": 300,
    "logs[2].text": "tenths 6", "logs[3].text": "tenths 9", "logs[4].text": "tenths 12",
    "logs[4].at_ms": 1200, "logs[5].text": "stopped", "timers.fires": 4,
])
