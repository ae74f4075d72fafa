// A banner rotator: an unscheduled selector timer force-unwrapped into the common modes (Apple, RunLoop.add
// (_:forMode:)), its paging in an extension. It fires at 2 and 4 s; stopped and dropped at 4.5 s, the timer
// lets go of its target (Apple, Timer.invalidate()) and the rotator is freed.
import Foundation

let scenario = Scenario("Timer in common modes, set up in an extension", until: .seconds(6),
                        variants: [.ios9, .ios10])

class BannerRotator: NSObject {
    var timer: Timer?
    var page = 0
    let pageCount = 3

    func start() {
        timer = Timer(timeInterval: 2.0, target: self, selector: #selector(next), userInfo: nil, repeats: true)
        RunLoop.main.add(timer!, forMode: .common)
    }

    deinit {
        print("BannerRotator deinit")
    }
}

// MARK: - Paging
extension BannerRotator {
    @objc func next() {
        page = (page + 1) % pageCount
        print("page \(page)")
    }

    func stop() {
        timer?.invalidate()
        timer = nil
    }
}

var rotator: BannerRotator? = BannerRotator()
rotator?.start()

scenario.at(.milliseconds(4500), "leave the home screen") {
    rotator?.stop()
    rotator = nil
}

scenario.expect(.all, ["timers.fires": 2, "logs[1].text": "page 2", "objects.leaked": 0, "objects.abandoned": 0])
