// A rate limiter keeps its window as a tuple and lets a request through while the window has room; a 400 ms
// timer opens a new window with one more slot. A tuple is a value type (the Swift book, "The Basics" > "Tuples"):
// `let (used, limit) = window` copies the two numbers. The timer's closure holds the limiter weakly, so releasing
// the screen's limiter frees it and the timer is invalidated in deinit (Apple, Timer: a repeating timer keeps its
// block until it is invalidated). On Linux the invalidated timer and its block stay in corelibs' CF timer context
// (docs/scenario-format.md, "Paths"): abandoned, not leaked.
import Foundation

let scenario = Scenario("Rate limiter with a tuple window", until: .seconds(2), variants: [.ios13, .linuxCorelibs])

final class RateLimiter {
    private var window = (used: 0, limit: 1)
    private var timer: Timer?

    init() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.4, repeats: true) { [weak self] _ in
            guard let self else { return }
            self.window = (used: 0, limit: self.window.limit + 1)
            print("new window", self.window)
        }
    }

    deinit {
        timer?.invalidate()
        print("limiter freed")
    }

    func request(_ id: Int) {
        let (used, limit) = window
        guard used < limit else {
            print("request \(id) limited (\(used) of \(limit))")
            return
        }
        window.used += 1
        print("request \(id) sent")
    }
}

var limiter: RateLimiter? = RateLimiter()
scenario.at(.milliseconds(100), "tap") { limiter?.request(1) }
scenario.at(.milliseconds(200), "tap") { limiter?.request(2) }
scenario.at(.milliseconds(500), "tap") { limiter?.request(3) }
scenario.at(.milliseconds(600), "tap") { limiter?.request(4) }
scenario.at(.milliseconds(700), "tap") { limiter?.request(5) }
scenario.at(.milliseconds(1000), "close") { limiter = nil }

scenario.expect(.all, [
    "logs[0].text": "request 1 sent", "logs[1].text": "request 2 limited (1 of 1)",
    "logs[2].text": "new window (used: 0, limit: 2)", "logs[5].text": "request 5 limited (2 of 2)",
    "logs[6].text": "new window (used: 0, limit: 3)", "logs[7].text": "limiter freed", "logs": 8,
    "objects.leaked": 0,
])
scenario.expect(.ios13, ["objects.abandoned": 0])
scenario.expect(.linuxCorelibs, ["objects.abandoned": 2, "leaks[1].path[0]": "corelibs CF timer context"])
