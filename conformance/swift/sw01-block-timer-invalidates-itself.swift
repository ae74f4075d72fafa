// sw01: a repeating block Timer on the main run loop fires on its 1 s grid, and invalidating it from its own
// closure after the third fire stops it: no fourth fire (Timer's block API, which swift-corelibs-foundation has).
import Foundation

let scenario = Scenario(
    "sw01 a block timer fires on its grid and invalidates itself", until: .seconds(5),
    variants: [.linuxCorelibs])

class Ticker {
    var timer: Timer?
    var ticks = 0

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            guard let self else { return }
            self.ticks += 1
            print("tick")
            if self.ticks == 3 {
                self.timer?.invalidate()
            }
        }
    }
}

let ticker = Ticker()
ticker.start()

scenario.expect(.linuxCorelibs, [
    "timers.fires": 3, "logs[0].at_ms": 1000, "logs[2].at_ms": 3000, "logs": 3,
])
