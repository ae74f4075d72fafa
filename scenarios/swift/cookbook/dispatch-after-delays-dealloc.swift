// models: scenarios/cookbook/objc/dispatch-after-delays-dealloc.m
// Cookbook in Swift: a `DispatchQueue.main.asyncAfter` closure that uses self strongly keeps the controller
// alive until its deadline; it dies 9 s after the pop. YAML twin: scenarios/cookbook/dispatch-after-delays-dealloc.yaml.
import UIKit

let scenario = Scenario(
    "A dispatch_after block delays its controller's dealloc (cookbook, Swift)", until: .seconds(12),
    variants: [.ios9, .ios10])

class ReportVC: UIViewController {
    var refreshes = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        DispatchQueue.main.asyncAfter(deadline: .now() + 10) {
            self.refresh()
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

scenario.expect(.all, ["objects.delayed": 1, "delayed[0].class": "ReportVC", "delayed[0].late_ms": 9000, "logs": 1])
