// models: scenarios/cookbook/objc/kvo-observer-left-behind.m
// The fix of kvo-observer-left-behind.swift: deinit removes the observer before the player goes with the screen,
// so no version crashes. YAML twin: scenarios/cookbook/kvo-observer-left-behind-fix.yaml.
import Foundation

let scenario = Scenario("KVO observer removed in deinit (fix, Swift)", until: .seconds(3), variants: [.ios10, .ios13])

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
        player?.removeObserver(self, forKeyPath: #keyPath(Player.status))  // FIX
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

scenario.expect(.all, ["crashed": false, "objects.deallocated": 2])
