// sw12: a repeating block timer made with Timer(timeInterval:repeats:block:) and added to the main run loop's
// common modes; a pull-to-refresh calls fire() at 1.3 s. fire() runs the block at once and, for a repeating timer,
// leaves the schedule alone (Apple's Timer.fire() reference: "firing a repeating timer doesn't interrupt its
// regular firing schedule"): the grid stays 1, 2, 3 s. swift-corelibs-foundation's block initializer sets the
// first fire to the creation instant (Timer.swift: `init(timeInterval:repeats:block:)` calls
// `init(fire: Date(), …)`; the flag unscheduledBlockTimerFirstFireNow, c18), so on Linux it also fires at 0.
import Foundation

let scenario = Scenario(
    "sw12 fire() on a repeating timer runs it now and keeps its grid", until: .milliseconds(3500),
    variants: [.linuxCorelibs])

class Feed {
    var timer: Timer?
    var refreshes = 0

    func start() {
        let timer = Timer(timeInterval: 1, repeats: true) { [weak self] _ in
            self?.refreshes += 1
            print("refresh")
        }
        RunLoop.main.add(timer, forMode: .common)
        self.timer = timer
    }

    func pullToRefresh() {
        timer?.fire()
    }
}

let feed = Feed()
feed.start()

scenario.at(.milliseconds(1300), "pull to refresh") {
    feed.pullToRefresh()
}

scenario.expect(.linuxCorelibs, [
    "logs": 5, "logs[0].at_ms": 0, "logs[1].at_ms": 1000, "logs[2].at_ms": 1300, "logs[3].at_ms": 2000,
    "logs[4].at_ms": 3000,
])
