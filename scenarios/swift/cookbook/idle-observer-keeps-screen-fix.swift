// models: scenarios/cookbook/objc/idle-observer-keeps-screen.m
// Cookbook in Swift, the fix: when every row is done the observer invalidates itself and the screen lets go of
// it, so nothing keeps the block. YAML twin: scenarios/cookbook/idle-observer-keeps-screen-fix.yaml.
import UIKit

let scenario = Scenario(
    "An idle-time observer never removed keeps its popped screen (cookbook, the fix, Swift)",
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
        } else {
            CFRunLoopObserverInvalidate(idleObserver)  // FIX: out of the run loop; its block is released
            idleObserver = nil
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
    "objects.abandoned": 0,
    "objects.deallocated": 4,  // the list, its navigation item, the observer and its block
])
