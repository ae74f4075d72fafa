// models: scenarios/cookbook/objc/runloop-observer-keeps-screen.m
// Cookbook in Swift: a feed screen applies its batched cell updates when the main run loop is about to sleep, from
// a CFRunLoopObserver whose block calls self.flushUpdates(); nothing removes the observer. The common modes keep
// the observer, the observer its block, the block the screen: after the pop the screen is abandoned.
// YAML twin: scenarios/cookbook/runloop-observer-keeps-screen.yaml.
import UIKit

let scenario = Scenario(
    "A run-loop observer block keeps a popped screen alive (cookbook, the bug, Swift)",
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
    "objects.abandoned": 4,  // the popped FeedVC, its navigation item, the block and the observer
    "leaks[0].class": "FeedVC",
    "leaks[0].path[0]": "runloop(main) mode default",
])
