// models: scenarios/cookbook/objc/idle-work-in-default-mode.m
// Cookbook in Swift: idle work on a BeforeWaiting observer registered in the default mode only waits for the end of
// a scroll, which runs the main loop in the tracking mode.
// YAML twin: scenarios/cookbook/idle-work-in-default-mode.yaml.
import Foundation

let scenario = Scenario(
    "Idle work on a default-mode BeforeWaiting observer waits for the scroll (cookbook, the bug, Swift)",
    until: .seconds(3), variants: [.ios9, .ios10])

class Transaction {
    var pending = 0
    var commits = 0

    func install() {
        let observer = CFRunLoopObserverCreateWithHandler(
            kCFAllocatorDefault, CFRunLoopActivity.beforeWaiting.rawValue, true, 0
        ) { _, _ in
            self.commit()
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .defaultMode)
    }

    func commit() {
        if pending == 1 {
            pending = 0
            commits += 1
            print("layout committed")
        }
    }

    func setNeedsLayout() {
        pending = 1
    }
}

let transaction = Transaction()
transaction.install()

scenario.at(.milliseconds(500), "the user starts scrolling") {
    scenario.scroll(.milliseconds(1500))  // UITrackingRunLoopMode until 2 s
}
scenario.at(.seconds(1), "new data arrives during the scroll") {
    transaction.setNeedsLayout()
}

scenario.expect(.all, ["logs[0].at_ms": 2000])  // only when the scroll ends
