// models: scenarios/cookbook/objc/idle-observer-keeps-screen.m
// Cookbook in Swift: a list screen precaches its rows' heights in the main run loop's idle time, from one
// CFRunLoopObserver for BeforeWaiting and Exit whose block uses self, and never removes it. The run loop keeps the
// observer, the observer its block, the block the screen: the popped screen is abandoned.
// YAML twin: scenarios/cookbook/idle-observer-keeps-screen.yaml.
import UIKit

let scenario = Scenario(
    "An idle-time observer never removed keeps its popped screen (cookbook, the bug, Swift)",
    until: .seconds(3), variants: [.ios9, .ios13])

class ListVC: UIViewController {
    var idleObserver: CFRunLoopObserver?
    var pending = 2

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        idleObserver = CFRunLoopObserverCreateWithHandler(
            kCFAllocatorDefault, CFRunLoopActivity.beforeWaiting.rawValue | CFRunLoopActivity.exit.rawValue, true, 0
        ) { _, _ in
            self.precacheNextRow()
        }
        CFRunLoopAddObserver(CFRunLoopGetMain(), idleObserver, .defaultMode)
    }

    func precacheNextRow() {
        if pending > 0 {
            pending -= 1
            print("precached a row")
        }
    }
}

class HomeVC: UIViewController {
    func openList() {
        let list = ListVC()
        navigationController?.pushViewController(list, animated: true)
    }
}

let home = HomeVC()
let nav = UINavigationController(rootViewController: home)

scenario.at(.milliseconds(500)) {
    home.openList()
}
scenario.at(.milliseconds(1500)) {
    nav.popViewController(animated: true)
}

scenario.expect(.all, [
    "logs": 2,  // both rows precached while the list was on screen
    "objects.abandoned": 4,  // the popped ListVC, its navigation item, the block and the observer
    "leaks[0].class": "ListVC",
])
