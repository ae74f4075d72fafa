// A stopwatch keeps the Date it started at and logs the whole seconds since then at each tick; stopped at 3.5 s.
// Date() is wall-clock time (Apple, Date: "a specific point in time"); Int(_: Double) truncates toward zero.
import Foundation

let scenario = Scenario("Stopwatch", until: .seconds(5), variants: [.ios13, .linuxCorelibs])

final class Stopwatch {
    private var start: Date?
    private var timer: Timer?
    private(set) var ticks = 0

    func begin() {
        start = Date()
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            guard let self = self, let start = self.start else { return }
            self.ticks += 1
            let elapsed = Date().timeIntervalSince(start)
            print("elapsed \(Int(elapsed))")
        }
    }

    func end() {
        timer?.invalidate()
        timer = nil
    }
}

let watch = Stopwatch()
watch.begin()
scenario.at(.milliseconds(3500), "stop") { watch.end() }
scenario.expect(.all, ["logs[0].text": "elapsed 1", "logs[2].text": "elapsed 3", "timers.fires": 3])
