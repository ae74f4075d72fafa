// A screen loads its team's avatars with a DispatchGroup: one `enter()` per member, the completion's `leave()`, a
// `notify` that reports. For a member with no avatar the completion's `guard … else { return }` returns before its
// `leave()`, so the count never comes back to zero and the notify block never runs. The group holds that block, the
// block captured the loader strongly, the loader holds the group: once the screen lets the loader go nothing can
// leave the group any more, and the loader, its group and the block are a leaked cycle (libdispatch semaphore.c:
// `_dispatch_group_notify` keeps the block on the group until it empties). `leave()` in a `defer` is the fix
// (team-loader-group-leave-in-defer.swift).
import Foundation

let scenario = Scenario("A guard that returns before leave(): the group never notifies",
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
                guard avatar != nil else {
                    print("no avatar for \(member)")
                    return  // leaves nothing: the count stays above zero
                }
                self.loaded += 1
                self.group.leave()
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
    "logged": ["no avatar for 2": 1, "team ready: 2 avatars": 0, "team loader deinit": 0],
    "leaks": 4,
    "leaks[0].class": "TeamLoader",
    "leaks[0].cause": "cycle",
    "leaks[2].class": "dispatch_group",
    "threads.parked": 0,
])
