// models: scenarios/cookbook/objc/kvo-observer-left-behind.m
// Cookbook in Swift: a player screen observes its own player's status with addObserver(_:forKeyPath:) and never
// removes itself: popping the screen frees the player with an observer registered, a crash before iOS 11.
// YAML twin: scenarios/cookbook/kvo-observer-left-behind.yaml.
import Foundation

let scenario = Scenario("KVO observer left behind (bug, Swift)", until: .seconds(3), variants: [.ios10, .ios13])

class Player: NSObject {
    @objc dynamic var status = 0
}

class PlayerVC: NSObject {
    var player: Player?
    var readyCount = 0

    func viewDidLoad() {
        player = Player()
        player?.addObserver(self, forKeyPath: #keyPath(Player.status), options: [.new], context: nil)
    }

    override func observeValue(forKeyPath keyPath: String?, of object: Any?,
                               change: [NSKeyValueChangeKey: Any]?, context: UnsafeMutableRawPointer?) {
        readyCount += 1
    }

    deinit {
        print("the screen goes")
    }
}

var vc: PlayerVC? = PlayerVC()
vc?.viewDidLoad()

scenario.at(.milliseconds(500)) {
    vc?.player?.status = 1  // ready to play: the screen is told
}
scenario.at(.seconds(1), "pop the player screen") {
    vc = nil
}

scenario.expect(.ios10, ["crashed": true, "crash.at_ms": 1000])
scenario.expect(.ios13, ["crashed": false, "objects.deallocated": 2])  // the screen and its player
