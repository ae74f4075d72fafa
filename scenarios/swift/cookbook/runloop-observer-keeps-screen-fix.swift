// models: scenarios/cookbook/objc/runloop-observer-keeps-screen.m
// Cookbook in Swift, the fix: viewWillDisappear removes the observer from the common modes and lets go of it
// (removing alone would leave screen -> observer -> block -> screen, a cycle).
// YAML twin: scenarios/cookbook/runloop-observer-keeps-screen-fix.yaml.
import UIKit

let scenario = Scenario(
    "A run-loop observer block keeps a popped screen alive (cookbook, the fix, Swift)",
    until: .seconds(3), variants: [.ios9, .ios13])

class FeedVC: UIViewController {
    var observer: CFRunLoopObserver?
    var flushes = 0

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        observer = CFRunLoopObserverCreateWithHandler(
            kCFAllocatorDefault, CFRunLoopActivity.beforeWaiting.rawValue, true, 0
        ) { _, _ in
            self.flushUpdates()
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        print("feed disappears")
        CFRunLoopRemoveObserver(CFRunLoopGetMain(), observer, .commonModes)  // FIX: the modes let go of it
        observer = nil  // FIX: nothing holds the observer or its block
    }

    func flushUpdates() {
        flushes += 1
    }
}

class HomeVC: UIViewController {
    func openFeed() {
        let feed = FeedVC()
        navigationController?.pushViewController(feed, animated: true)
    }
}

let home = HomeVC()
let nav = UINavigationController(rootViewController: home)

scenario.at(.milliseconds(500)) {
    home.openFeed()
}
scenario.at(.milliseconds(1500)) {
    nav.popViewController(animated: true)
}

scenario.expect(.all, [
    "objects.abandoned": 0,
    "objects.deallocated": 4,  // the feed, its navigation item, its observer and the block
])
