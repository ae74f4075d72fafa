// models: scenarios/swift/modelled/s15-block-observer.swift.txt
// S15 in Swift, a real fix: store the token in the property and remove it in viewDidDisappear (a `[weak self]`
// would do as well). The center releases the closure, the closure the controller. YAML twin:
// scenarios/s15-block-observer-real-fix.yaml.
import UIKit

let scenario = Scenario(
    "Remove the stored token (S15, the real fix, Swift)", covers: ["S15"], until: .seconds(5),
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

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if let observer = ntfObserver {
            NotificationCenter.default.removeObserver(observer)  // FIX: the stored token ends the registration
        }
        ntfObserver = nil
    }
}

var detail: DetailVC? = DetailVC()
detail?.loadViewIfNeeded()

scenario.at(.seconds(2), "dismiss") {
    detail?.viewDidDisappear(true)  // what UIKit calls at the end of the dismissal
    detail = nil
}
scenario.at(.seconds(3)) { NotificationCenter.default.post(name: .dataDidChange, object: nil) }

scenario.expect(.all, ["objects.leaked": 0, "objects.abandoned": 0, "logs": 0])
