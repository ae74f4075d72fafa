// sw88: `async let` (SE-0317) starts each child at once, nonisolated, on the global executor; `await` of the name
// waits for that child and takes its value: two children of 300 and 500 ms awaited together as a tuple end at 500
// ms, not 800; a third, started after them, is awaited inside an interpolation. The parent is a main-actor task.
// Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw88 async let children", until: .seconds(2), variants: [.linuxCorelibs])

final class DashboardService {
    func unreadCount() async -> Int {
        try? await Task.sleep(nanoseconds: 300_000_000)
        return 7
    }

    func displayName() async -> String {
        try? await Task.sleep(nanoseconds: 500_000_000)
        return "Ada"
    }

    func badge(_ n: Int) async -> Int {
        try? await Task.sleep(nanoseconds: 200_000_000)
        return n * 2
    }
}

final class Dashboard {
    private let service = DashboardService()

    func load() async {
        async let unread = service.unreadCount()
        async let name = service.displayName()
        let (count, who) = await (unread, name)
        print("\(who) has \(count)")
        async let doubled = service.badge(count)
        print("badge \(await doubled)")
    }
}

let dashboard = Dashboard()
Task { @MainActor in
    await dashboard.load()
}

scenario.expect(.linuxCorelibs, [
    "logs": 2, "logs[0].text": "Ada has 7", "logs[0].at_ms": 500, "logs[1].text": "badge 14", "logs[1].at_ms": 700,
])
