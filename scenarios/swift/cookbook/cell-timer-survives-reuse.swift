// models: scenarios/cookbook/objc/cell-timer-survives-reuse.m
// Cookbook in Swift: a table view cell's countdown timer survives the cell's reuse. Each configure() schedules a
// new repeating timer that targets the cell and keeps only a weak reference to the newest; prepareForReuse()
// never invalidates the old one, so after two reuses three timers tick the same cell, three times as fast.
// YAML twin: scenarios/cookbook/cell-timer-survives-reuse.yaml.
import UIKit

let scenario = Scenario(
    "A cell's timer survives reuse (cookbook, the bug, Swift)", until: .seconds(4), variants: [.ios9, .ios10])

class CountdownCell: NSObject {
    weak var timer: Timer?
    var secondsLeft = 0

    func prepareForReuse() {
        print("reused")
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
    "timers.fires": 10,  // three timers: at 1, 2, 3, 4 s; 1.5, 2.5, 3.5 s; 1.7, 2.7, 3.7 s
    "samples[0].value": 52,  // 60 - 8 at 3.5 s: 2.8 s since the last configure shown as 8
    "objects.abandoned": 0,  // the table still holds the cell; the timers are waste, not leaks
])
