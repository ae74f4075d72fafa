// models: scenarios/swift/modelled/s15-block-observer.swift.txt
// S15 in Swift, the seed's "fix": remove the token in viewDidDisappear. But viewDidLoad writes `let ntfObserver`,
// a new local that shadows the stored property: the property stays nil, nothing is removed, and the controller
// still leaks; the token dies with the local. YAML twin: scenarios/s15-block-observer-shadowed-token.yaml.
import UIKit

let scenario = Scenario(
    "The seed's removal of a shadowed token still leaks (S15, Swift)", covers: ["S15"], until: .seconds(5),
    variants: [.ios9, .ios10])

extension Notification.Name {
    static let dataDidChange = Notification.Name("DataDidChange")
}

class DetailVC: UIViewController {
    var ntfObserver: NSObjectProtocol?
    var reloads = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        let ntfObserver = NotificationCenter.default.addObserver(forName: .dataDidChange, object: nil, queue: .main) {
            _ in
            self.reloads += 1
            print("reload the table")
        }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        if let observer = ntfObserver {  // nil: the token went to the local
            NotificationCenter.default.removeObserver(observer)
        }
    }
}

var detail: DetailVC? = DetailVC()
detail?.loadViewIfNeeded()

scenario.at(.seconds(2), "dismiss") {
    detail?.viewDidDisappear(true)  // what UIKit calls at the end of the dismissal
    detail = nil
}

scenario.expect(.all, [
    "objects.abandoned": 2,  // the controller, and the closure: its token died with the local
    "leaks[0].class": "DetailVC", "leaks[0].path[0]": "notification center",
])
