// models: scenarios/cookbook/objc/dispatch-after-delays-dealloc.m
// Cookbook in Swift, the fix: the closure captures self weakly, so the controller dies at the pop and the
// closure finds nil at its deadline. YAML twin: scenarios/cookbook/dispatch-after-delays-dealloc-fix.yaml.
import UIKit

let scenario = Scenario(
    "A weak self in a dispatch_after block does not delay its controller's dealloc (cookbook, the fix, Swift)",
    until: .seconds(12), variants: [.ios9, .ios10])

class ReportVC: UIViewController {
    var refreshes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        DispatchQueue.main.asyncAfter(deadline: .now() + 10) { [weak self] in  // FIX
            self?.refresh()
        }
    }

    func refresh() {
        refreshes += 1
        print("refreshing a screen that is gone")
    }
}

var vc: ReportVC? = ReportVC()
vc?.loadViewIfNeeded()
scenario.at(.seconds(1), "pop the controller") { vc = nil }

scenario.expect(.all, ["objects.delayed": 0, "objects.deallocated": 2, "logs": 0])
