// models: scenarios/cookbook/objc/lag-monitor-ignores-activity.m
// The fix of lag-monitor-ignores-activity.swift: a timeout counts only when the main loop's last activity is
// BeforeSources or AfterWaiting (it is working, not asleep), so only the tap's 400 ms of work is reported.
// YAML twin: scenarios/cookbook/lag-monitor-ignores-activity-fix.yaml.
import Foundation

let scenario = Scenario(
    "A lag monitor that ignores the activity reports an idle main loop as a hang (cookbook, the fix, Swift)",
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
                let working = self.activity == .beforeSources || self.activity == .afterWaiting  // FIX
                if timedOut == .timedOut && working {  // FIX was: if timedOut == .timedOut {
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
    "logged": ["lag": 1],  // the 400 ms of work only
    "first_logged_at_ms": ["lag": 1250],  // five 50 ms timeouts after the tap's work began at 1 s
])
