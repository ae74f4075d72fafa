// A progress ring animated by a display link kept in a `lazy var`, as apps write it: the link is made at its first
// read (the Swift book, "Properties" › "Lazy Stored Properties"), in `viewDidAppear`, with `self` as its target.
// A display link retains its target (Apple, `init(target:selector:)`: "The newly constructed display link retains
// the target") and the run loop it is added to retains the link, so after the pop the controller stays alive and
// its deinit, which would invalidate the link, never runs.
import UIKit

let scenario = Scenario(
    "Pasted: a lazy CADisplayLink keeps its controller", until: .seconds(3), variants: [.ios10, .ios13])

final class ProgressViewController: UIViewController {
    private lazy var link = CADisplayLink(target: self, selector: #selector(step))
    private var frames = 0

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        link.add(to: .main, forMode: .common)
    }

    @objc private func step() {
        frames += 1
    }

    deinit {
        link.invalidate()
    }
}

final class HomeViewController: UIViewController {
    func openProgress() {
        let progress = ProgressViewController()
        navigationController?.pushViewController(progress, animated: true)
    }
}

let home = HomeViewController()
let nav = UINavigationController(rootViewController: home)

scenario.at(.milliseconds(500), "open the progress screen") {
    home.openProgress()
}
scenario.at(.milliseconds(1500), "pop it") {
    nav.popViewController(animated: true)
}

scenario.expect(.all, [
    "objects.abandoned": 3,  // the popped controller, its navigation item and the display link
    "leaks[0].class": "ProgressViewController",
])
