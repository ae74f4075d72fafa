// models: scenarios/cookbook/objc/closure-property-cycle.m
// Cookbook in Swift: a ticker keeps its tick handler in a closure property, and the handler uses self strongly:
// self -> onTick -> closure -> self, so the ticker leaks when the screen lets it go. YAML twin:
// scenarios/cookbook/closure-property-cycle.yaml.
import Foundation

let scenario = Scenario(
    "A closure property that captures self keeps its owner (cookbook, Swift)", until: .seconds(3),
    variants: [.ios10, .ios13])

final class Ticker {
    var onTick: (() -> Void)?
    var count = 0

    func start() {
        onTick = {
            self.count += 1
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

scenario.expect(.all, ["logs": 1, "objects.leaked": 2, "leaks[0].class": "Ticker"])
