// models: scenarios/swift/modelled/dispatch-sync-main-from-main.m
// The fix of dispatch-sync-main-from-main.swift: the helper checks Thread.isMainThread first and runs the work
// inline on the main thread; only a background caller goes through DispatchQueue.main.sync.
// YAML twin: scenarios/cookbook/dispatch-sync-main-from-main-fix.yaml.
import Foundation

let scenario = Scenario(
    "dispatch_sync onto main from main (the fix, Swift)", until: .seconds(5), variants: [.ios9, .ios10, .linuxCorelibs])

class FeedVC {
    var rows = 0

    func reloadRows() {
        if Thread.isMainThread {  // FIX: on the main thread already, apply the rows at once
            rows += 1
            print("rows applied inline")
        } else {
            DispatchQueue.main.sync {
                rows += 1
                print("rows applied on the main queue")
            }
        }
    }
}

let vc = FeedVC()  // viewDidLoad, on the main thread
vc.reloadRows()
print("viewDidLoad returned")

scenario.expect(.all, ["crashed": false, "threads.parked": 0, "logs": 2, "logs[0].text": "rows applied inline", "logs[1].text": "viewDidLoad returned"])
