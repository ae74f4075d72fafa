// A photo gallery advances every 2 s on a timer in the common modes. It is its scroll view's delegate
// (UIScrollView.h: a weak reference): UIKit calls scrollViewWillBeginDragging when the user's drag starts at
// 3.5 s and the gallery stops its timer; the drag ends at 5.5 s with a 1 s deceleration, so
// scrollViewDidEndDragging waits, and scrollViewDidEndDecelerating at 6.5 s starts a fresh timer (8.5 s, 10.5 s).
// The YAML twin is scenarios/scroll-delegate-pauses-gallery.yaml.
import UIKit

let scenario = Scenario(
    "A gallery's scroll-view delegate pauses its auto-advance timer while the user drags",
    until: .seconds(11), variants: [.ios13])

final class GalleryViewController: UIViewController, UIScrollViewDelegate {
    let scrollView = UIScrollView()
    private weak var timer: Timer?
    private var page = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        scrollView.delegate = self
        view.addSubview(scrollView)
        startAutoAdvance()
    }

    private func startAutoAdvance() {
        timer?.invalidate()
        let timer = Timer(timeInterval: 2, target: self, selector: #selector(advance), userInfo: nil, repeats: true)
        RunLoop.main.add(timer, forMode: .common)
        self.timer = timer
    }

    @objc private func advance() {
        page += 1
        print("page \(page)")
    }

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        timer?.invalidate()
        print("drag began")
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        print("drag ended, decelerate \(decelerate)")
        if !decelerate {
            startAutoAdvance()
        }
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        print("settled")
        startAutoAdvance()
    }
}

let gallery = GalleryViewController()
gallery.loadViewIfNeeded()

scenario.at(.milliseconds(3500), "the user drags the gallery for 2 s; it decelerates for 1 s") {
    scenario.scroll(.seconds(2), decelerate: .seconds(1), in: gallery.scrollView)
}

scenario.expect(.all, [
    "timers.fires": 3,  // 2 s; then the fresh timer of 6.5 s at 8.5 s and 10.5 s
    "logged_in_order": ["page 1", "drag began", "drag ended, decelerate true", "settled", "page 2", "page 3"],
    "first_logged_at_ms": ["drag began": 3500, "drag ended, decelerate true": 5500, "settled": 6500,
                           "page 2": 8500],
    "objects.leaked": 0,
])
