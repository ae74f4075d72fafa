// models: scenarios/cookbook/objc/closure-property-cycle.m
// Cookbook in Swift, the fix: the tick handler captures self weakly, so letting the ticker go frees it. YAML
// twin: scenarios/cookbook/closure-property-cycle-fix.yaml.
import Foundation

let scenario = Scenario(
    "A closure property with a weak self lets its owner go (cookbook, the fix, Swift)", until: .seconds(3),
    variants: [.ios10, .ios13])

final class Ticker {
    var onTick: (() -> Void)?
    var count = 0

    func start() {
        onTick = { [weak self] in  // FIX
            self?.count += 1
            print("tick")
        }
    }

    func tick() {
        onTick?()
    }
}

var ticker: Ticker? = Ticker()
ticker?.start()
ticker?.tick()
scenario.at(.seconds(1), "close the screen") { ticker = nil }

scenario.expect(.all, ["logs": 1, "objects.leaked": 0])
