// models: scenarios/cookbook/objc/lag-monitor-ignores-activity.m
// Cookbook in Swift: a run-loop lag monitor (one observer for every activity, a watchdog waiting 50 ms at a time)
// that never looks at the activity: an idle main loop, asleep after BeforeWaiting, reads as a hang every 250 ms.
// YAML twin: scenarios/cookbook/lag-monitor-ignores-activity.yaml.
import Foundation

let scenario = Scenario(
    "A lag monitor that ignores the activity reports an idle main loop as a hang (cookbook, the bug, Swift)",
    until: .seconds(3), variants: [.ios9, .ios13, .linuxCorelibs])

class LagMonitor {
    var observer: CFRunLoopObserver?
    var semaphore: DispatchSemaphore?
    var activity: CFRunLoopActivity?
    var timeouts = 0

    func start() {
        semaphore = DispatchSemaphore(value: 0)
        observer = CFRunLoopObserverCreateWithHandler(
            kCFAllocatorDefault, CFRunLoopActivity.allActivities.rawValue, true, 0
        ) { [unowned(unsafe) self] _, activity in
            self.activity = activity
            self.semaphore?.signal()
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
        DispatchQueue.global().async {
            while true {
                let timedOut = self.semaphore?.wait(timeout: .now() + .milliseconds(50))
                if timedOut == .timedOut {
                    self.timeouts += 1
                    if self.timeouts < 5 { continue }
                    print("lag")
                }
                self.timeouts = 0
            }
        }
    }
}

let monitor = LagMonitor()  // the app delegate's, at launch
monitor.start()

scenario.at(.seconds(1), "a tap runs 400 ms of work on the main thread") {
    Thread.sleep(forTimeInterval: 0.4)
}

scenario.expect(.all, [
    "first_logged_at_ms": ["lag": 250],  // the idle loop, asleep since launch: five timeouts
    "logged": ["lag": ["min": 8]],  // about one every 250 ms while idle, and one for the real hang
])
