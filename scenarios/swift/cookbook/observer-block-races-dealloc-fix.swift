// models: scenarios/cookbook/objc/observer-block-races-dealloc.m
// Cookbook in Swift, the fix: the closure captures self weakly, so a delivery that arrives after the deinit
// finds nil. YAML twin: scenarios/cookbook/observer-block-races-dealloc-fix.yaml.
import UIKit

let scenario = Scenario(
    "A queued notification block with a weak self survives its observer (cookbook, the fix, Swift)",
    until: .seconds(2), variants: [.ios9, .ios10])

extension Notification.Name {
    static let feedDidUpdate = Notification.Name("FeedDidUpdate")
}

class FeedScreen: UIViewController {
    var token: NSObjectProtocol?
    var reloads = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        token = NotificationCenter.default.addObserver(forName: .feedDidUpdate, object: nil, queue: OperationQueue()) {
            [weak self] _ in  // FIX
            Thread.sleep(forTimeInterval: 0.01)  // decoding the payload
            self?.reloads += 1
        }
    }

    deinit {
        if let token { NotificationCenter.default.removeObserver(token) }
    }
}

var screen: FeedScreen? = FeedScreen()
screen?.loadViewIfNeeded()
scenario.at(.seconds(1), "the feed update arrives on a background queue") {
    DispatchQueue.global().async { NotificationCenter.default.post(name: .feedDidUpdate, object: nil) }
}
scenario.at(.milliseconds(1005), "the user closes the screen while the block decodes") { screen = nil }

scenario.expect(.all, ["crashed": false, "objects.deallocated": 3, "objects.abandoned": 0])
