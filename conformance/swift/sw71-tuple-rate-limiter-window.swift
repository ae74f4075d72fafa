// sw71: tuples. A rate limiter keeps its window as `(count: Int, limit: Int)` and a pair of counters `(Int, Int)`;
// a 200 ms timer counts in the window, replaces it whole when it is full, copies it into a local that changes
// alone, destructures it and prints it. A tuple is a value type (the Swift book, "The Basics" > "Tuples"), so the
// copy's change is not the window's, and `print` writes a tuple as `(count: 1, limit: 2)`.
import Foundation

let scenario = Scenario(
    "sw71 tuples: a rate limiter's window", until: .milliseconds(1600), variants: [.linuxCorelibs])

final class RateLimiter {
    private var window = (count: 0, limit: 2)
    private var totals: (Int, Int) = (0, 0)
    private var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.2, repeats: true) { [weak self] timer in
            guard let self else { return }
            var preview = self.window
            preview.count += 100
            if self.window.count < self.window.limit {
                self.window.count += 1
                self.totals.0 += 1
                let (count, limit) = self.window
                print("allowed \(count)/\(limit) preview \(preview.count)")
            } else {
                self.totals.1 += 1
                self.window = (count: 0, limit: self.window.limit + 1)
                print("limited, window now", self.window)
            }
            if self.totals.0 + self.totals.1 == 6 {
                print("totals", self.totals)
                timer.invalidate()
            }
        }
    }
}

let limiter = RateLimiter()
limiter.start()

scenario.expect(.linuxCorelibs, [
    "logs": 7, "logs[0].text": "allowed 1/2 preview 100", "logs[0].at_ms": 200,
    "logs[1].text": "allowed 2/2 preview 101", "logs[2].text": "limited, window now (count: 0, limit: 3)",
    "logs[5].text": "allowed 3/3 preview 102", "logs[6].text": "totals (5, 1)", "logs[6].at_ms": 1200,
])
