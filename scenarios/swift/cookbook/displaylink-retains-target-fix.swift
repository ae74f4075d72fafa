// models: scenarios/cookbook/objc/displaylink-retains-target.m
// The fix of displaylink-retains-target.swift: invalidate the link when the view leaves its window; the run loop
// lets go of the link, the link of the view. YAML twin: scenarios/cookbook/displaylink-retains-target-fix.yaml.
import Foundation
import QuartzCore

let scenario = Scenario(
    "A display link keeps its animating view alive (cookbook, the fix, Swift)", until: .seconds(2),
    variants: [.ios9, .ios10])

class SpinnerView: NSObject {
    weak var link: CADisplayLink?
    var frames = 0

    func didMoveToWindow() {
        let link = CADisplayLink(target: self, selector: #selector(step))
        link.add(to: .main, forMode: .common)
        self.link = link
    }

    func willMoveToNilWindow() {
        print("removed from the window")
        link?.invalidate()  // FIX: the run loop lets go of the link, the link of the view
    }

    @objc func step() {
        frames += 1
    }
}

var spinner: SpinnerView? = SpinnerView()
spinner?.didMoveToWindow()

scenario.at(.milliseconds(500), "the controller removes the spinner") {
    spinner?.willMoveToNilWindow()
    spinner = nil
}

scenario.expect(.all, [
    "objects.abandoned": 0, "objects.leaked": 0, "objects.deallocated": 2, "timers.fires": 29,  // before 0.5 s only
])
