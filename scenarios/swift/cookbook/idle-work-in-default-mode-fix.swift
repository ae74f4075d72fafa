// models: scenarios/cookbook/objc/idle-work-in-default-mode.m
// The fix of idle-work-in-default-mode.swift: the observer is registered for the common modes, so the tracking mode
// calls it too and the layout commits during the scroll.
// YAML twin: scenarios/cookbook/idle-work-in-default-mode-fix.yaml.
import Foundation

let scenario = Scenario(
    "Idle work on a common-modes BeforeWaiting observer runs during the scroll (cookbook, the fix, Swift)",
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
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)  // FIX was: .defaultMode
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

scenario.expect(.all, ["logs[0].at_ms": 1000])  // at once, in the tracking mode's pass
