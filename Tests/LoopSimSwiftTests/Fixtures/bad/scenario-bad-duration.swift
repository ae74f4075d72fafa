// expect: swift.scenario 4:47
import Foundation

let scenario = Scenario("bad horizon", until: "30s", variants: [.ios10])

let x = 1
