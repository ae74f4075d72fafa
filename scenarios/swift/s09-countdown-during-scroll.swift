// models: scenarios/swift/modelled/s09-countdown-during-scroll.m
// S9 in Swift: a 1 s countdown Timer scheduled with scheduledTimer lives in the default mode only. While the user
// drags a table view, UIKit runs the main run loop in the tracking mode, so the timer is silent; when the scroll
// ends it fires once, late, and the missed slots are skipped, not replayed (runloop-semantics.md §2, §3.5): the
// counter falls behind. YAML twin: scenarios/s09-countdown-during-scroll.yaml.
import UIKit

let scenario = Scenario(
    "Countdown timer during a 3 s scroll (S9, the bug, Swift)", covers: ["S9"], until: .seconds(10),
    variants: [.ios9, .ios10])

class CountdownVC: NSObject {
    weak var timer: Timer?
    var count = 60

    func startCountdown() {
        timer = Timer.scheduledTimer(
            timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: true)
    }

    @objc func tick() {
        count -= 1
    }
}

let vc = CountdownVC()
vc.startCountdown()

scenario.at(.milliseconds(2500), "drag the table view for 2 s, then it decelerates for 1 s") {
    scenario.scroll(.seconds(2), decelerate: .seconds(1))
}

scenario.expect(.all, [
    "timers.fires": 8,  // 1, 2, 5.5 (late, for the 3 s slot), 6, 7, 8, 9, 10
    "timers.skipped": 2,  // the 4 s and 5 s slots
    "timers.latency_ms.max": 2500,  // the 3 s slot fired at 5.5 s
    "timers.per_timer[0].drift_ms": 2000,  // the counter shows 2 s more than is left
    "objects.leaked": 0, "objects.abandoned": 0,
])
