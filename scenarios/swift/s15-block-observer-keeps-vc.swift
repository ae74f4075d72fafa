// models: scenarios/swift/modelled/s15-block-observer.swift.txt
// S15 in Swift: a block observer whose closure uses self strongly. The center keeps the closure until the token
// is removed, and the closure the controller: after the dismiss, deinit never runs and the closure still runs on
// every post. The token, owned only by the controller, leaks with it. YAML twin: scenarios/s15-block-observer-keeps-vc.yaml.
import UIKit

let scenario = Scenario(
    "A block observer keeps its view controller (S15, Swift)", covers: ["S15"], until: .seconds(5),
    variants: [.ios9, .ios10])

extension Notification.Name {
    static let dataDidChange = Notification.Name("DataDidChange")
}

class DetailVC: UIViewController {
    var ntfObserver: NSObjectProtocol?
    var reloads = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        ntfObserver = NotificationCenter.default.addObserver(forName: .dataDidChange, object: nil, queue: .main) { _ in
            self.reloads += 1
            print("reload the table")
        }
    }
}

var detail: DetailVC? = DetailVC()
detail?.loadViewIfNeeded()

scenario.at(.seconds(1)) { NotificationCenter.default.post(name: .dataDidChange, object: nil) }
scenario.at(.seconds(2), "dismiss") { detail = nil }
scenario.at(.seconds(3)) { NotificationCenter.default.post(name: .dataDidChange, object: nil) }

scenario.expect(.all, [
    "objects.abandoned": 2, "leaks[0].class": "DetailVC", "leaks[0].path[0]": "notification center",
    "leaks[0].path[1]": "block#1", "leaks[1].class": "NSObserver",
    "logs": 2,  // the closure ran after the dismiss too
])
