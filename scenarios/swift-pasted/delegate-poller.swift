// A poller that reports to its owner through a delegate protocol, as UIKit-style code does: `protocol
// PollerDelegate: AnyObject`, a `weak var delegate`, the conformance in an extension of the owner. The delegate is
// weak (the Swift book, "Delegation": "declared as a weak reference … to prevent strong reference cycles"), so the
// screen does not live because its poller does: releasing it at 2.5 s frees the screen and its poller; the
// poller's deinit invalidates its timer, which fired twice.
import Foundation

let scenario = Scenario(
    "Pasted: a poller reports to its screen through a weak delegate", until: .seconds(5),
    variants: [.ios10, .ios13])

protocol PollerDelegate: AnyObject {
    func pollerDidTick(_ poller: Poller)
}

final class Poller {
    weak var delegate: PollerDelegate?
    private var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 1.0, repeats: true) { [weak self] _ in
            guard let self = self else { return }
            self.delegate?.pollerDidTick(self)
        }
    }

    deinit {
        timer?.invalidate()
    }
}

final class FeedScreen {
    private let poller = Poller()
    private var refreshes = 0

    func viewDidLoad() {
        poller.delegate = self
        poller.start()
    }
}

// MARK: - PollerDelegate

extension FeedScreen: PollerDelegate {
    func pollerDidTick(_ poller: Poller) {
        refreshes += 1
        print("refresh")
    }
}

var screen: FeedScreen? = FeedScreen()
screen?.viewDidLoad()

scenario.at(.milliseconds(2500), "leave the feed") { screen = nil }

scenario.expect(.all, [
    "logs": 2, "logs[1].at_ms": 2000, "timers.fires": 2, "objects.leaked": 0, "objects.abandoned": 0,
])
