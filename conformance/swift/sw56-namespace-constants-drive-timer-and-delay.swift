// sw56: timing constants as apps keep them — a caseless `enum` of `static let`s, a top-level `let` and
// `DispatchTime.now() + constant` — drive a main-queue `asyncAfter` (run once its deadline has passed, Apple) at
// 0.5 s and a repeating 2 s timer that stops itself at its third fire, 6 s.
import Foundation

enum Constants {
    static let refreshInterval: TimeInterval = 2.0
    static let initialDelay = 0.5
}

let kMaxTicks = 3

let scenario = Scenario(
    "sw56 constants in an enum namespace drive a timer and a delay", until: .seconds(8),
    variants: [.linuxCorelibs])

final class FeedRefresher {
    private var timer: Timer?
    private var ticks = 0

    func begin() {
        DispatchQueue.main.asyncAfter(deadline: DispatchTime.now() + Constants.initialDelay) {
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

scenario.expect(.linuxCorelibs, [
    "logs": 4, "logs[0].text": "first refresh", "logs[0].at_ms": 500, "logs[1].at_ms": 2000,
    "logs[3].at_ms": 6000, "timers.fires": 3,
])
