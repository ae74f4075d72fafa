import Foundation
import LoopSimReport
import LoopSimScenario
import Testing

@testable import LoopSimSwift

/// Runs each Swift scenario against its YAML twin under every variant of the twin and requires the same findings:
/// objects lost and why, parked threads, fires, skipped slots, run-loop exits, crashes and logs (issue 35).
@Suite struct SwiftTwinTests {
    /// The package's root directory.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each Swift scenario and the YAML scenario it models.
    static let pairs: [(swift: String, yaml: String)] = [
        ("scenarios/swift/s02-timerbutton-worker-loop.swift", "scenarios/s02-timerbutton-worker-loop.yaml"),
        ("scenarios/swift/s02-timerbutton-worker-loop-fix.swift", "scenarios/s02-timerbutton-worker-loop-fix.yaml"),
        ("scenarios/swift/s06-timer-target-self.swift", "scenarios/s06-timer-target-self.yaml"),
        ("scenarios/swift/s08-weak-proxy.swift", "scenarios/s08-weak-proxy.yaml"),
        ("scenarios/swift/s08-proxy-nil-target-crash.swift", "scenarios/s08-proxy-nil-target-crash.yaml"),
        ("scenarios/swift/s09-countdown-during-scroll.swift", "scenarios/s09-countdown-during-scroll.yaml"),
        ("scenarios/swift/s09-countdown-during-scroll-fix.swift", "scenarios/s09-countdown-during-scroll-fix.yaml"),
        ("scenarios/swift/s15-block-observer-keeps-vc.swift", "scenarios/s15-block-observer-keeps-vc.yaml"),
        ("scenarios/swift/s15-block-observer-real-fix.swift", "scenarios/s15-block-observer-real-fix.yaml"),
        ("scenarios/swift/s15-block-observer-shadowed-token.swift", "scenarios/s15-block-observer-shadowed-token.yaml"),
        (
            "scenarios/swift/cookbook/dispatch-after-delays-dealloc.swift",
            "scenarios/cookbook/dispatch-after-delays-dealloc.yaml"
        ),
        (
            "scenarios/swift/cookbook/dispatch-after-delays-dealloc-fix.swift",
            "scenarios/cookbook/dispatch-after-delays-dealloc-fix.yaml"
        ),
        (
            "scenarios/swift/cookbook/block-timer-captures-self.swift",
            "scenarios/cookbook/block-timer-captures-self.yaml"
        ),
        (
            "scenarios/swift/cookbook/block-timer-captures-self-fix.swift",
            "scenarios/cookbook/block-timer-captures-self-fix.yaml"
        ),
        (
            "scenarios/swift/cookbook/observer-block-races-dealloc.swift",
            "scenarios/cookbook/observer-block-races-dealloc.yaml"
        ),
        (
            "scenarios/swift/cookbook/observer-block-races-dealloc-fix.swift",
            "scenarios/cookbook/observer-block-races-dealloc-fix.yaml"
        ),
        ("scenarios/swift/cookbook/task-loop-keeps-owner.swift", "scenarios/cookbook/task-loop-keeps-owner.yaml"),
        (
            "scenarios/swift/cookbook/task-loop-keeps-owner-fix.swift",
            "scenarios/cookbook/task-loop-keeps-owner-fix.yaml"
        ),
        (
            "scenarios/swift/cookbook/main-actor-job-behind-nested-wait.swift",
            "scenarios/cookbook/main-actor-job-behind-nested-wait.yaml"
        ),
        (
            "scenarios/swift/cookbook/main-actor-job-behind-nested-wait-fix.swift",
            "scenarios/cookbook/main-actor-job-behind-nested-wait-fix.yaml"
        ),
        ("scenarios/swift/cookbook/dispatch-timer-not-kept.swift", "scenarios/cookbook/dispatch-timer-not-kept.yaml"),
        (
            "scenarios/swift/cookbook/dispatch-timer-not-kept-fix.swift",
            "scenarios/cookbook/dispatch-timer-not-kept-fix.yaml"
        ),
        ("scenarios/swift/cookbook/timer-on-gcd-thread.swift", "scenarios/cookbook/timer-on-gcd-thread.yaml"),
        ("scenarios/swift/cookbook/timer-on-gcd-thread-fix.swift", "scenarios/cookbook/timer-on-gcd-thread-fix.yaml"),
        ("scenarios/swift/cookbook/semaphore-wait-on-main.swift", "scenarios/cookbook/semaphore-wait-on-main.yaml"),
        (
            "scenarios/swift/cookbook/semaphore-wait-on-main-fix.swift",
            "scenarios/cookbook/semaphore-wait-on-main-fix.yaml"
        ),
        (
            "scenarios/swift/cookbook/dispatch-sync-main-from-main.swift",
            "scenarios/cookbook/dispatch-sync-main-from-main.yaml"
        ),
        (
            "scenarios/swift/cookbook/dispatch-sync-main-from-main-fix.swift",
            "scenarios/cookbook/dispatch-sync-main-from-main-fix.yaml"
        ),
        (
            "scenarios/swift/cookbook/perform-after-delay-on-gcd-thread.swift",
            "scenarios/cookbook/perform-after-delay-on-gcd-thread.yaml"
        ),
        (
            "scenarios/swift/cookbook/perform-after-delay-on-gcd-thread-fix.swift",
            "scenarios/cookbook/perform-after-delay-on-gcd-thread-fix.yaml"
        ),
        ("scenarios/swift/cookbook/kvo-observer-left-behind.swift", "scenarios/cookbook/kvo-observer-left-behind.yaml"),
        (
            "scenarios/swift/cookbook/kvo-observer-left-behind-fix.swift",
            "scenarios/cookbook/kvo-observer-left-behind-fix.yaml"
        ),
        ("scenarios/swift/cookbook/lock-order-inversion.swift", "scenarios/cookbook/lock-order-inversion.yaml"),
        ("scenarios/swift/cookbook/lock-order-inversion-fix.swift", "scenarios/cookbook/lock-order-inversion-fix.yaml"),
        (
            "scenarios/swift/cookbook/resident-thread-without-port.swift",
            "scenarios/cookbook/resident-thread-without-port.yaml"
        ),
        (
            "scenarios/swift/cookbook/resident-thread-without-port-fix.swift",
            "scenarios/cookbook/resident-thread-without-port-fix.yaml"
        ),
        (
            "scenarios/swift/cookbook/displaylink-retains-target.swift",
            "scenarios/cookbook/displaylink-retains-target.yaml"
        ),
        (
            "scenarios/swift/cookbook/displaylink-retains-target-fix.swift",
            "scenarios/cookbook/displaylink-retains-target-fix.yaml"
        ),
        (
            "scenarios/swift/cookbook/idle-work-in-default-mode.swift",
            "scenarios/cookbook/idle-work-in-default-mode.yaml"
        ),
        (
            "scenarios/swift/cookbook/idle-work-in-default-mode-fix.swift",
            "scenarios/cookbook/idle-work-in-default-mode-fix.yaml"
        ),
        (
            "scenarios/swift/cookbook/lag-monitor-ignores-activity.swift",
            "scenarios/cookbook/lag-monitor-ignores-activity.yaml"
        ),
        (
            "scenarios/swift/cookbook/lag-monitor-ignores-activity-fix.swift",
            "scenarios/cookbook/lag-monitor-ignores-activity-fix.yaml"
        ),
        (
            "scenarios/swift/cookbook/operation-waits-for-own-queue.swift",
            "scenarios/cookbook/operation-waits-for-own-queue.yaml"
        ),
        (
            "scenarios/swift/cookbook/operation-waits-for-own-queue-fix.swift",
            "scenarios/cookbook/operation-waits-for-own-queue-fix.yaml"
        ),
        ("scenarios/swift/cookbook/closure-property-cycle.swift", "scenarios/cookbook/closure-property-cycle.yaml"),
        (
            "scenarios/swift/cookbook/closure-property-cycle-fix.swift",
            "scenarios/cookbook/closure-property-cycle-fix.yaml"
        ),
        (
            "scenarios/swift/cookbook/cell-timer-survives-reuse.swift",
            "scenarios/cookbook/cell-timer-survives-reuse.yaml"
        ),
        (
            "scenarios/swift/cookbook/cell-timer-survives-reuse-fix.swift",
            "scenarios/cookbook/cell-timer-survives-reuse-fix.yaml"
        ),
        (
            "scenarios/swift/cookbook/idle-observer-keeps-screen.swift",
            "scenarios/cookbook/idle-observer-keeps-screen.yaml"
        ),
        (
            "scenarios/swift/cookbook/idle-observer-keeps-screen-fix.swift",
            "scenarios/cookbook/idle-observer-keeps-screen-fix.yaml"
        ),
        (
            "scenarios/swift/cookbook/runloop-observer-keeps-screen.swift",
            "scenarios/cookbook/runloop-observer-keeps-screen.yaml"
        ),
        (
            "scenarios/swift/cookbook/runloop-observer-keeps-screen-fix.swift",
            "scenarios/cookbook/runloop-observer-keeps-screen-fix.yaml"
        ),
        (
            "scenarios/swift/cookbook/port-kept-network-thread-fix.swift",
            "scenarios/cookbook/port-kept-network-thread-fix.yaml"
        ),
    ]

    /// Twins whose findings agree with their YAML twin's but whose traces do not, and why.
    static let differentTraces: Set<String> = [
        "scenarios/swift/s15-block-observer-real-fix.swift",  // `if let observer = ntfObserver` retains the token
        // `guard let self` holds the screen for the rest of its turn, across the sleep: it goes at 3 s, not at the
        // pop (2.5 s) as the YAML twin's weak reads let it.
        "scenarios/swift/cookbook/task-loop-keeps-owner-fix.swift",
        // `x = nil` lowers to a `release:` (one more trace event) where the YAML twin has `set: x = nil`.
        "scenarios/swift/cookbook/idle-observer-keeps-screen-fix.swift",
        "scenarios/swift/cookbook/runloop-observer-keeps-screen-fix.swift",
        "scenarios/swift/cookbook/port-kept-network-thread-fix.swift",
    ]

    /// Loads a scenario file of either language, requiring it to compile without errors.
    static func load(_ path: String) throws -> Scenario {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        let loaded =
            SwiftScenarioLoader.isSwiftScenario(path)
            ? SwiftScenarioLoader.load(text: text, file: path) : ScenarioLoader.load(text: text, file: path)
        let errors = loaded.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors)")
        return try #require(loaded.scenario)
    }

    /// The findings of a run report that must agree: everything but names of scenarios, files and locations.
    static func findings(_ report: JSONValue) -> [String] {
        let paths = [
            "objects", "leaks", "threads.parked", "threads.parked_names", "threads.parked_reasons",
            // not `tasks.suspended_reasons`: a reason names the line of its own file
            "tasks.suspended", "tasks.suspended_names", "tasks.waiting", "tasks.waiting_names",
            "timers.fires", "timers.skipped", "timers.wasted", "runloop_exits", "crashed", "logs", "end_time_ms",
        ]
        // A leak's `site` names its own file's line: the twins' differ by design.
        func withoutSites(_ v: JSONValue?) -> JSONValue? {
            guard case .array(let items)? = v else { return v }
            return .array(
                items.map { item in
                    guard case .object(var o) = item else { return item }
                    o["site"] = nil
                    return .object(o)
                })
        }
        return paths.map { p in
            let v = p == "leaks" ? withoutSites(report.value(at: p)) : report.value(at: p)
            return "\(p): \(v?.compact ?? "absent")"
        }
    }

    @Test(arguments: pairs.map(\.swift))
    func swiftScenarioFindsWhatItsYAMLTwinFinds(_ swiftPath: String) throws {
        let yamlPath = try #require(Self.pairs.first { $0.swift == swiftPath }?.yaml)
        let swift = try Self.load(swiftPath)
        let yaml = try Self.load(yamlPath)
        #expect(swift.variants == yaml.variants)
        for variant in yaml.variants {
            let swiftRun = try #require(try ScenarioRunner.run(swift, variants: [variant]).first)
            let yamlRun = try #require(try ScenarioRunner.run(yaml, variants: [variant]).first)
            #expect(Self.findings(swiftRun.report) == Self.findings(yamlRun.report), "\(swiftPath) under \(variant)")
            #expect(swiftRun.failedExpectations.isEmpty, "\(swiftPath) under \(variant)")
            #expect(swiftRun.expectations.count == yamlRun.expectations.count)
            // These twins go further: the same trace, event for event (the fingerprint folds every event).
            if !Self.differentTraces.contains(swiftPath) {
                #expect(swiftRun.outcome.fingerprint == yamlRun.outcome.fingerprint, "\(swiftPath) under \(variant)")
            }
        }
    }

    @Test func theSameFileRunsTwiceToTheSameFingerprint() throws {
        let scenario = try Self.load(Self.pairs[0].swift)
        let first = try ScenarioRunner.run(scenario).map(\.outcome.fingerprint)
        let second = try ScenarioRunner.run(try Self.load(Self.pairs[0].swift)).map(\.outcome.fingerprint)
        #expect(first == second)
    }
}
