// Timing constants as apps keep them: a caseless enum namespace of static lets, a top-level `let`, and a private
// `let` property. The timer fires every 2 s; the deferred refresh runs 0.5 s after launch on the main queue
// (`asyncAfter(deadline:)` runs the block "at the specified time", Apple); the tick counter stops the timer at
// its third fire, which is at 6 s. `loopsim conform` runs this file on the real RunLoop, against the
// `linux-corelibs` run.
import Foundation

enum Constants {
    static let refreshInterval: TimeInterval = 2.0
    static let initialDelay = 0.5
}

let kMaxTicks = 3

let scenario = Scenario(
    "Pasted: constants in an enum namespace drive a timer and a delay", until: .seconds(10),
    variants: [.ios10, .ios13, .linuxCorelibs])

final class FeedRefresher {
    private let label = "feed"
    private var timer: Timer?
    private var ticks = 0

    func begin() {
        DispatchQueue.main.asyncAfter(deadline: .now() + Constants.initialDelay) {
            print("first refresh")
        }
        timer = Timer.scheduledTimer(withTimeInterval: Constants.refreshInterval, repeats: true) { [weak self] _ in
            self?.tick()
        }
    }

    private func tick() {
        ticks += 1
        print("refresh")
        if ticks >= kMaxTicks {
            timer?.invalidate()
            timer = nil
        }
    }
}

let refresher = FeedRefresher()
refresher.begin()

scenario.expect(.all, [
    "timers.fires": 3, "logs[0].text": "first refresh", "logs[0].at_ms": 500, "logs[1].at_ms": 2000,
    "logs[3].at_ms": 6000, "logs": 4,
])
