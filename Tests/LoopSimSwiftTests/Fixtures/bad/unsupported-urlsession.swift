// expect: swift.unsupported 11:9
import Foundation

let scenario = Scenario("fetch on a page", until: .seconds(5), variants: [.ios10])

class FeedPage {
    var rows = 0

    func load() {
        // A network call: LoopSim says to model the reply's latency with asyncAfter instead.
        URLSession.shared.dataTask(with: feedRequest) { _, _, _ in
            self.rows = 10
        }.resume()
    }
}

let page = FeedPage()
page.load()
