// The fix of team-loader-group-leave-skipped.swift: the completion's `leave()` is in a `defer`, so the path that
// returns early for a member with no avatar leaves too. The count comes back to zero when the last avatar arrives
// (300 ms), the notify block runs on the main queue and is released, and the loader is freed when the screen lets it
// go at 1 s (the notify block held it only until it ran).
import Foundation

let scenario = Scenario("leave() in a defer: every path leaves, the group notifies",
                        until: .seconds(3), variants: [.ios13, .linuxCorelibs])

final class AvatarAPI {
    func avatar(for member: Int, completion: @escaping (String?) -> Void) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100 * member)) {
            completion(member == 2 ? nil : "avatar\(member)")
        }
    }
}

final class TeamLoader {
    let api = AvatarAPI()
    let group = DispatchGroup()
    var loaded = 0
    func load(members: Int) {
        for member in 1...members {
            group.enter()
            api.avatar(for: member) { avatar in
                defer { self.group.leave() }
                guard avatar != nil else {
                    print("no avatar for \(member)")
                    return
                }
                self.loaded += 1
            }
        }
        group.notify(queue: .main) {
            print("team ready: \(self.loaded) avatars")
        }
    }

    deinit {
        print("team loader deinit")
    }
}

var loader: TeamLoader? = TeamLoader()
loader?.load(members: 3)

scenario.at(.seconds(1), "leave the team screen") {
    loader = nil
}

scenario.expect(.all, [
    "logged": ["no avatar for 2": 1, "team ready: 2 avatars": 1, "team loader deinit": 1],
    "first_logged_at_ms": ["team ready: 2 avatars": 300, "team loader deinit": 1000],
    "leaks": 0,
])
