// sw40: a repeating block Timer that no property holds invalidates itself through its closure's parameter (the
// timer itself: "The block takes a single Timer parameter", Apple; `__NSFireTimer` calls `t._fire(t)` in
// swift-corelibs-foundation) after the third fire on its 0.5 s grid, reading its own `timeInterval` on the way.
import Foundation

let scenario = Scenario(
    "sw40 a block timer invalidates itself through its parameter", until: .seconds(3),
    variants: [.linuxCorelibs])

class Ticker {
    var ticks = 0

    func start() {
        Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] timer in
            guard let self else {
                timer.invalidate()
                return
            }
            self.ticks += 1
            print("tick")
            if self.ticks == 3 && timer.timeInterval == 0.5 {
                timer.invalidate()
            }
        }
    }
}

let ticker = Ticker()
ticker.start()

scenario.expect(.linuxCorelibs, [
    "timers.fires": 3, "logs": 3, "logs[0].at_ms": 500, "logs[2].at_ms": 1500,
])
