// models: scenarios/swift/modelled/dispatch-sync-main-from-main.m
// Cookbook in Swift: a "UI-safe" helper always does DispatchQueue.main.sync and is called on the main thread, which
// holds the main queue: a crash from iOS 10 (libdispatch-685), the main thread parked for ever on iOS 9.
// YAML twin: scenarios/cookbook/dispatch-sync-main-from-main.yaml.
import Foundation

let scenario = Scenario(
    "dispatch_sync onto main from main (the bug, Swift)", until: .seconds(5), variants: [.ios9, .ios10, .linuxCorelibs])

class FeedVC {
    var rows = 0

    func reloadRows() {
        DispatchQueue.main.sync {
            rows += 1
            print("rows applied on the main queue")
        }
    }
}

let vc = FeedVC()  // viewDidLoad, on the main thread
vc.reloadRows()
print("viewDidLoad returned")

scenario.expect(.ios9, ["crashed": false, "logs": 0, "threads.parked": 1, "threads.parked_names[0]": "main",
    "threads.parked_reasons[0]": "main waits in dispatch_sync onto the main queue, held by main itself → deadlock: main waits for itself"])
scenario.expect(.ios10, ["crashed": true, "crash.thread": "main", "crash.at_ms": 0, "logs": 0,
    "crash.message": "BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by current thread (queue main)"])
scenario.expect(.linuxCorelibs, ["crashed": true,
    "crash.message": "BUG IN CLIENT OF LIBDISPATCH: dispatch_sync called on queue already owned by current thread (queue main)"])
