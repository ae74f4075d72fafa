// sw118: a `CaseIterable` enum's `allCases` and a conditional store of a payload enum's case, as a screen writes
// them, run on this machine's Foundation and predicted by LoopSim from the same file. A repeating Timer walks the
// sections: each tick prints the count of `Section.allCases` and, in a `for` over them, the one whose turn it is
// (SE-0194: the synthesized `allCases` lists the cases in declaration order). Each tick also stores the cart's
// badge with `badge = items == 0 ? .hidden : .count(items)` (only the chosen branch is evaluated, the Swift book,
// "Basic Operators" › "Ternary Conditional Operator") and prints it whole, `count(2)` or `hidden` (the standard
// library's `_adHocPrint_unlocked`, stdlib/public/core/OutputStream.swift). Real and simulated on Linux.
import Foundation

let scenario = Scenario("sw118 CaseIterable and a conditional badge", until: .seconds(2), variants: [.linuxCorelibs])

enum Section: CaseIterable { case recent, starred, shared }
enum CartBadge { case hidden; case count(Int) }

final class Screen {
    var badge: CartBadge = .hidden
    var tick = 0
    var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { [weak self] t in
            guard let self else { return }
            self.tick += 1
            var index = 0
            for section in Section.allCases {
                if index == self.tick % Section.allCases.count { print("tick \(self.tick) shows \(section)") }
                index += 1
            }
            let items = 2 - self.tick % 3
            self.badge = items == 0 ? .hidden : .count(items)
            print("badge \(self.badge)")
            if self.tick == 3 { t.invalidate() }
        }
    }
}

let screen = Screen()
screen.start()
scenario.expect(.linuxCorelibs, [
    "logs": 6,
    "logs[0].text": "tick 1 shows starred", "logs[0].at_ms": 250,
    "logs[1].text": "badge count(1)", "logs[1].at_ms": 250,
    "logs[2].text": "tick 2 shows shared", "logs[2].at_ms": 500,
    "logs[3].text": "badge hidden", "logs[3].at_ms": 500,
    "logs[4].text": "tick 3 shows recent", "logs[4].at_ms": 750,
    "logs[5].text": "badge count(2)", "logs[5].at_ms": 750,
])
