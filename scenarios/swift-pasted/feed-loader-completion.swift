// A feed screen asks its loader for a page with a completion handler, `[weak self] hasMore, count in`, and keeps a
// progress handler in the loader's `onProgress: ((Int) -> Void)?`. The loader's `asyncAfter` closure captures the
// escaping `completion` parameter and the loader itself strongly (The Swift Programming Language, "Closures" ›
// "Escaping Closures" and "Capturing Values"), so when the screen is popped at 1 s the screen deinits at once (its
// handlers hold it weakly) but the loader lives until its reply at 2 s, which calls the completion with its two
// arguments: `self` is nil there, so nothing is shown. The arguments are the values Swift passes (`page < 3`,
// `page * 10`), and the parameters are printed with the values they hold.
import UIKit

let scenario = Scenario("A completion handler outlives the screen that passed it", until: .seconds(4),
                        variants: [.ios10, .ios13])

final class FeedLoader {
    var onProgress: ((Int) -> Void)?
    private var pending = 0

    func load(page: Int, completion: @escaping (Bool, Int) -> Void) {
        pending += 1
        onProgress?(pending)
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
            self.pending -= 1
            completion(page < 3, page * 10)
        }
    }

    deinit {
        print("FeedLoader deinit")
    }
}

final class FeedViewController: UIViewController {
    private let loader = FeedLoader()
    private var rows = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        loader.onProgress = { [weak self] pending in
            print("loading, \(pending) pending")
            self?.rows = 0
        }
        loader.load(page: 1) { [weak self] hasMore, count in
            print("page 1: \(count) rows, more: \(hasMore)")
            self?.show(count)
        }
    }

    private func show(_ count: Int) {
        rows = count
        print("showing \(rows) rows")
    }

    deinit {
        print("FeedViewController deinit")
    }
}

var screen: FeedViewController? = FeedViewController()
screen?.loadViewIfNeeded()

scenario.at(.seconds(1), "pop the feed") {
    screen = nil
}

scenario.expect(.all, [
    "logs": 4,
    "logs[0].text": "loading, 1 pending", "logs[0].at_ms": 0,
    "logs[1].text": "FeedViewController deinit", "logs[1].at_ms": 1000,
    "logs[2].text": "page 1: 10 rows, more: true", "logs[2].at_ms": 2000,
    "logs[3].text": "FeedLoader deinit", "logs[3].at_ms": 2000,
    "objects.leaked": 0,
])
