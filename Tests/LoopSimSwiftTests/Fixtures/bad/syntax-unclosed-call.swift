// expect: swift.syntax 8:18
import Foundation

let scenario = Scenario("unclosed", until: .seconds(5), variants: [.ios10])

class Page {
    func go() {
        print("a"; print("b")
    }
}
