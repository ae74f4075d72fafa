// models: scenarios/cookbook/objc/cell-timer-survives-reuse.m
// Cookbook in Swift, the fix: prepareForReuse() invalidates the timer, so one timer ticks the cell at a time.
// YAML twin: scenarios/cookbook/cell-timer-survives-reuse-fix.yaml.
import UIKit

let scenario = Scenario(
    "A cell invalidates its timer before reuse (cookbook, the fix, Swift)", until: .seconds(4),
    variants: [.ios9, .ios10])

class CountdownCell: NSObject {
    weak var timer: Timer?
    var secondsLeft = 0

    func prepareForReuse() {
        print("reused")
        timer?.invalidate()  // FIX: the old countdown stops before the cell is reused
    }

    func configure() {
        secondsLeft = 60
        timer = Timer.scheduledTimer(
            timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: true)
    }

    @objc func tick() {
        secondsLeft -= 1
    }
}

let cell = CountdownCell()  // the table view keeps the cell for reuse
cell.configure()

scenario.at(.milliseconds(500), "scrolled away and back, the cell is reused") {
    cell.prepareForReuse()
    cell.configure()
}
scenario.at(.milliseconds(700), "and again") {
    cell.prepareForReuse()
    cell.configure()
}
scenario.at(.milliseconds(3500)) {
    scenario.sample("seconds left", cell.secondsLeft)
}

scenario.expect(.all, [
    "timers.fires": 3,  // one timer, from 0.7 s: at 1.7, 2.7 and 3.7 s
    "samples[0].value": 58,  // 60 - 2 at 3.5 s: right
    "objects.abandoned": 0,
])
