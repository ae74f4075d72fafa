// An upload screen observes its upload's `progress` with block KVO and reads the change's values:
// `observe(\.progress, options: [.new, .old]) { upload, change in … change.newValue … change.oldValue … }`. The
// handler runs synchronously on the thread that changed the property (here a global-queue worker), once per store,
// with the values of that store (Apple, NSKeyValueObservedChange: `newValue` and `oldValue` are set only when the
// options ask for them with `.new` and `.old`; Key-Value Observing Programming Guide, "Registering for Key-Value
// Observing": the observer is told as the change is made). The `state` observation asks for no options, so its
// `change.newValue` is nil every time. The handler hops to the main queue to show each value: the main thread runs
// them after the worker's three stores, each with the value its change carried, not the property's latest.
// Block KVO is Darwin-only (swift-corelibs-foundation has no key-value observing): no conformance twin.
import UIKit

let scenario = Scenario("Block KVO reads change.newValue and change.oldValue", until: .seconds(3),
                        variants: [.ios10, .ios13])

final class Upload: NSObject {
    @objc dynamic var progress = 0
    @objc dynamic var state = "idle"

    func start() {
        DispatchQueue.global().async {
            self.progress = 40
            self.progress = 100
            self.state = "done"
        }
    }
}

final class UploadViewController: UIViewController {
    private let upload = Upload()
    private var progressObservation: NSKeyValueObservation?
    private var stateObservation: NSKeyValueObservation?
    private var shown = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        progressObservation = upload.observe(\.progress, options: [.new, .old]) { [weak self] upload, change in
            guard let progress = change.newValue, let before = change.oldValue else { return }
            print("progress \(before) -> \(progress) on the worker")
            DispatchQueue.main.async {
                self?.shown = progress
                print("bar at \(progress)")
            }
        }
        stateObservation = upload.observe(\.state) { _, change in
            if change.newValue == nil {
                print("state changed; no new value asked for")
            }
        }
        upload.start()
    }
}

var screen: UploadViewController? = UploadViewController()
screen?.loadViewIfNeeded()

scenario.at(.seconds(2), "close the upload") {
    screen = nil
}

scenario.expect(.all, [
    "logs": 5,
    "logs[0].text": "progress 0 -> 40 on the worker",
    "logs[1].text": "progress 40 -> 100 on the worker",
    "logs[2].text": "state changed; no new value asked for",
    "logs[3].text": "bar at 40",
    "logs[4].text": "bar at 100",
    "objects.leaked": 0,
])
