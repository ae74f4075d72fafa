// A block observer whose token is kept in a private property and removed in deinit, with `[weak self]` in the
// block: the screen goes when the user leaves it. The center retains the block until the token is removed (Apple,
// `addObserver(forName:object:queue:using:)`: "you must invoke removeObserver"), but the block holds self weakly,
// so deinit runs and removes it. Two posts while the screen is alive are heard; the third, after, is not.
import Foundation

extension Notification.Name {
    static let cartDidChange = Notification.Name("CartDidChange")
}

let scenario = Scenario(
    "Pasted: a block observer with a weak self and a token removed in deinit", until: .seconds(5),
    variants: [.ios10, .ios13])

final class CartBadge {
    private var observer: NSObjectProtocol?
    private(set) var count = 0

    init() {
        observer = NotificationCenter.default.addObserver(
            forName: .cartDidChange, object: nil, queue: .main
        ) { [weak self] _ in
            self?.count += 1
            print("badge updated")
        }
    }

    deinit {
        if let observer {
            NotificationCenter.default.removeObserver(observer)
        }
    }
}

var badge: CartBadge? = CartBadge()

scenario.at(.seconds(1), "add to cart") {
    NotificationCenter.default.post(name: .cartDidChange, object: nil)
}
scenario.at(.seconds(2), "add another") {
    NotificationCenter.default.post(name: .cartDidChange, object: nil)
}
scenario.at(.seconds(3), "leave the shop") { badge = nil }
scenario.at(.seconds(4), "cart changes elsewhere") {
    NotificationCenter.default.post(name: .cartDidChange, object: nil)
}

scenario.expect(.all, ["logs": 2, "objects.leaked": 0, "objects.abandoned": 0])
