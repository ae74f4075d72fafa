// Observer tokens kept in an array: `private var observers: [NSObjectProtocol] = []`, one token per
// `addObserver(forName:object:queue:using:)`, removed one by one in `deinit`. The center keeps each observer's block
// until `removeObserver(_:)` (Apple, `addObserver(forName:object:queue:using:)`: "you must invoke
// removeObserver(_:) … before any object specified by addObserver(forName:object:queue:using:) is deallocated"),
// and a block keeps what it captures strongly (The Swift Programming Language, "Strong Reference Cycles for
// Closures"). The settings screen's blocks capture `[weak self]`: dismissed at 1 s, it deinits and removes its
// tokens, so the post at 1.5 s reaches nobody there. The profile screen's blocks use `self` strongly: the center
// holds the blocks, the blocks the screen, whose `deinit`, which would remove them, never runs: it is abandoned to
// the notification center and still reloads at 1.5 s; its token is abandoned with it, the path naming the array's
// element (`notification center -> block -> profile -[observers[0]]-> token`).
import Foundation

let scenario = Scenario(
    "Pasted: observer tokens in an array, removed in deinit", until: .seconds(2), variants: [.ios10, .ios13])

extension Notification.Name {
    static let accountChanged = Notification.Name("AccountChanged")
    static let themeChanged = Notification.Name("ThemeChanged")
}

final class SettingsController {
    private var observers: [NSObjectProtocol] = []

    func viewDidLoad() {
        observers.append(NotificationCenter.default.addObserver(forName: .accountChanged, object: nil, queue: .main) {
            [weak self] _ in
            self?.reload()
        })
        observers.append(NotificationCenter.default.addObserver(forName: .themeChanged, object: nil, queue: .main) {
            [weak self] _ in
            self?.reload()
        })
        print("settings observes \(observers.count)")
    }

    func reload() {
        print("settings reload")
    }

    deinit {
        for observer in observers {
            NotificationCenter.default.removeObserver(observer)
        }
        print("settings deinit")
    }
}

final class ProfileController {
    private var observers: [NSObjectProtocol] = []

    func viewDidLoad() {
        observers.append(NotificationCenter.default.addObserver(forName: .accountChanged, object: nil, queue: .main) {
            _ in
            self.reload()
        })
    }

    func reload() {
        print("profile reload")
    }

    deinit {
        observers.forEach { NotificationCenter.default.removeObserver($0) }
        print("profile deinit")
    }
}

var settings: SettingsController? = SettingsController()
var profile: ProfileController? = ProfileController()
settings?.viewDidLoad()
profile?.viewDidLoad()

scenario.at(.seconds(1), "dismiss both") {
    settings = nil
    profile = nil
}
scenario.at(.milliseconds(1500), "account changes") {
    NotificationCenter.default.post(name: .accountChanged, object: nil)
}

scenario.expect(
    .all,
    [
        "logs[0].text": "settings observes 2",
        "logs[1].text": "settings deinit",
        "logs[2].text": "profile reload",
        "logs[2].at_ms": 1500,
        "logs": 3,
        "leaks[0].class": "ProfileController",
        "leaks[0].kind": "abandoned",
        "leaks[1].edges[2]": "observers[0]",
        "objects.abandoned": 2,
    ])
