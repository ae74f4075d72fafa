// A search field that debounces keystrokes with a DispatchWorkItem: each keystroke cancels the pending search and
// schedules a new one 300 ms later on the main queue. Keystrokes at 0, 100 and 200 ms leave one search, at 500 ms;
// a keystroke at 900 ms searches at 1200 ms. A cancelled item still reaches the main queue at its deadline (300 and
// 400 ms), where its block is skipped (libdispatch `_dispatch_block_async_invoke2`); the main queue lets each item
// go once it has run, and the controller keeps only the last one.
import UIKit

let scenario = Scenario(
    "Pasted: a debounced search with DispatchWorkItem", until: .seconds(3), variants: [.ios10, .ios13])

final class SearchViewController: UIViewController {
    private var pendingSearch: DispatchWorkItem?
    private(set) var searches = 0

    func textDidChange() {
        pendingSearch?.cancel()
        let work = DispatchWorkItem { [weak self] in
            self?.performSearch()
        }
        pendingSearch = work
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300), execute: work)
    }

    private func performSearch() {
        searches += 1
        print("searching")
    }
}

let search = SearchViewController()
search.textDidChange()

scenario.at(.milliseconds(100), "type") { search.textDidChange() }
scenario.at(.milliseconds(200), "type") { search.textDidChange() }
scenario.at(.milliseconds(900), "type again") { search.textDidChange() }
scenario.at(.seconds(2), "look") { scenario.sample("searches", search.searches) }

scenario.expect(.all, [
    "logs": 2, "logs[0].at_ms": 500, "logs[1].at_ms": 1200, "samples[0].value": 2, "objects.leaked": 0,
])
