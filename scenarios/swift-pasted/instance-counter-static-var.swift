// The instance counter an iOS engineer adds to chase a leak: a `static var instances` counted up in `init` and down
// in `deinit`, printed when the screen is left. Swift keeps one storage per type for a `static var`, initialized on
// its first access (the Swift book, "Properties" › "Type Properties"), and a `static func` factory runs on the type
// ("Methods" › "Type Methods"). The detail view model's `onChange` closure captures `self` strongly, so releasing
// both models leaves the count at 1: the leaked one never runs its `deinit` (the Swift book, "Automatic Reference
// Counting" › "Strong Reference Cycles for Closures").
import Foundation

let scenario = Scenario(
    "Pasted: an instance counter in a static var shows the leaked view model", until: .seconds(3),
    variants: [.ios10, .ios13])

final class ViewModel {
    static var instances = 0
    var onChange: (() -> Void)?
    private var refreshes = 0

    static func make(bound: Bool) -> ViewModel {
        let model = ViewModel()
        if bound { model.bind() }
        return model
    }

    init() {
        ViewModel.instances += 1
        print("init, live: \(ViewModel.instances)")
    }

    func bind() {
        onChange = {
            self.refreshes += 1
        }
    }

    deinit {
        Self.instances -= 1
        print("deinit, live: \(Self.instances)")
    }
}

var list: ViewModel? = ViewModel.make(bound: false)
var detail: ViewModel? = ViewModel.make(bound: true)

scenario.at(.seconds(1), "leave both screens") {
    list = nil
    detail = nil
    print("after leaving, live: \(ViewModel.instances)")
}

scenario.expect(.all, [
    "logs": 4, "logs[1].text": "init, live: 2", "logs[2].text": "deinit, live: 1",
    "logs[3].text": "after leaving, live: 1", "objects.leaked": 2, "leaks[0].class": "ViewModel",
])
