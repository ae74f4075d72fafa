// models: scenarios/cookbook/objc/displaylink-retains-target.m
// Cookbook in Swift: a CADisplayLink whose target is the view itself retains the view until it is invalidated, and
// the main run loop keeps the link: removing the view frees neither, and it draws 60 times a second for nobody.
// The view is an NSObject here (UIView is not lowered). YAML twin: scenarios/cookbook/displaylink-retains-target.yaml.
import Foundation
import QuartzCore

let scenario = Scenario(
    "A display link keeps its animating view alive (cookbook, the bug, Swift)", until: .seconds(2),
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
    "objects.abandoned": 2, "leaks[0].class": "SpinnerView", "leaks[0].path[0]": "runloop(main) common items",
    "timers.fires": 119,  // every 1/60 s until 2 s: it never stopped
])
