// models: scenarios/cookbook/objc/observer-block-races-dealloc.m
// Cookbook in Swift: a notification closure on a background queue races its observer's deinit. It uses self
// `unowned`; an update posted from a background queue hands it to the observer's queue, the screen is released
// on the main thread while it runs, and removeObserver cannot take back a delivery under way. YAML twin:
// scenarios/cookbook/observer-block-races-dealloc.yaml.
import UIKit

let scenario = Scenario(
    "A queued notification block outlives its observer (cookbook, Swift)", until: .seconds(2),
    variants: [.ios9, .ios10])

extension Notification.Name {
    static let feedDidUpdate = Notification.Name("FeedDidUpdate")
}

class FeedScreen: UIViewController {
    var token: NSObjectProtocol?
    var reloads = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        token = NotificationCenter.default.addObserver(forName: .feedDidUpdate, object: nil, queue: OperationQueue()) {
            [unowned self] _ in
            Thread.sleep(forTimeInterval: 0.01)  // decoding the payload
            self.reloads += 1
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

scenario.expect(.all, ["crashed": true, "crash.thread": "worker-2"])
