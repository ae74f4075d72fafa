// sw70: String(format:) of a TimeInterval. A stopwatch adds 0.25 s at each tick of a 250 ms timer and writes its
// time as `%.1f s`, a progress as `%05.1f%%` and the raw value as `%g`, and stops at 1.5 s. Foundation writes a
// `Double` as C's printf does (ISO C 7.21.6.1: the exact binary value, rounded half to even), so 0.25 is `0.2` and
// 0.75 is `0.8` (both exact binary values at a tie: the even digit wins), on the real Foundation and in the model.
import Foundation

let scenario = Scenario(
    "sw70 String(format:): a stopwatch's seconds as %.1f", until: .milliseconds(2000),
    variants: [.linuxCorelibs])

final class Stopwatch {
    private let limit: TimeInterval = 1.5
    private var elapsed: TimeInterval = 0
    private var timer: Timer?

    var progress: Double { elapsed / limit * 100 }

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { [weak self] timer in
            guard let self else { return }
            self.elapsed += 0.25
            print(String(format: "%.1f s [%05.1f%%] %g", self.elapsed, self.progress, self.elapsed))
            if self.elapsed >= self.limit { timer.invalidate() }
        }
    }
}

let stopwatch = Stopwatch()
stopwatch.start()

scenario.expect(.linuxCorelibs, [
    "logs": 6, "logs[0].text": "0.2 s [016.7%] 0.25", "logs[0].at_ms": 250, "logs[2].text": "0.8 s [050.0%] 0.75",
    "logs[5].text": "1.5 s [100.0%] 1.5", "logs[5].at_ms": 1500, "timers.fires": 6,
])
