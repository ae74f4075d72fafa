import LoopSimKernel
import LoopSimScenario

/// The human-readable report: a header, then one table per variant with leak paths and parked threads.
public enum TextReport {
    public static func render(_ scenario: Scenario, _ runs: [VariantRun]) -> String {
        var out = "\(scenario.name)\n"
        var header = ["file \(scenario.file)"]
        if !scenario.covers.isEmpty { header.append("covers " + scenario.covers.joined(separator: " ")) }
        header.append("until \(scenario.until)")
        let given = scenario.givenParameters
        if !given.isEmpty { header.append("params " + given.map { "\($0.name)=\($0.value)" }.joined(separator: " ")) }
        out += "  " + header.joined(separator: " · ") + "\n"
        for run in runs { out += "\n" + render(run) }
        return out
    }

    static func render(_ run: VariantRun) -> String {
        let o = run.outcome
        let title = "── \(run.variant) (seed \(o.seed)) "
        var out = title + String(repeating: "─", count: max(4, 72 - title.count)) + "\n"
        var rows: [(String, String)] = []
        rows.append(
            (
                "ended",
                "at \(ms(o.endTime.milliseconds)), \(endingText(o)) · \(o.events) trace events"
                    + " · fingerprint \(o.fingerprint)"
            ))
        if let crash = o.crash {
            rows.append(("CRASHED", "at \(ms(crash.at.milliseconds)) on \(crash.thread): \(crash.message)"))
        }
        if let limit = o.limit { rows.append(("LIMIT", "\(limit.message) at \(ms(limit.at.milliseconds))")) }
        let parked = o.findings.parkedThreads
        let waiting = o.findings.waitingThreads
        rows.append(
            (
                "threads",
                "\(o.threads.count) · parked \(parked.count)"
                    + (parked.isEmpty ? "" : " (" + parked.map(\.name).joined(separator: ", ") + ")")
                    + (waiting.isEmpty
                        ? ""
                        : " · waiting \(waiting.count) (" + waiting.map(\.name).joined(separator: ", ") + ")")
            ))
        let suspendedTasks = o.findings.suspendedTasks
        let waitingTasks = o.findings.waitingTasks
        if !suspendedTasks.isEmpty || !waitingTasks.isEmpty {
            rows.append(
                (
                    "tasks",
                    "suspended for ever \(suspendedTasks.count)"
                        + (suspendedTasks.isEmpty
                            ? "" : " (" + suspendedTasks.map(\.name).joined(separator: ", ") + ")")
                        + (waitingTasks.isEmpty
                            ? ""
                            : " · waiting \(waitingTasks.count) ("
                                + waitingTasks.map(\.name).joined(separator: ", ") + ")")
                ))
        }
        rows.append(
            (
                "objects",
                "allocated \(o.allocated) · deallocated \(o.deallocated) · leaked \(o.leaked)"
                    + " · abandoned \(o.abandoned) · delayed \(o.delayed) · alive \(o.alive.count)"
            ))
        if case .object(let timers)? = run.report.value(at: "timers"), case .int(let fires)? = timers["fires"] {
            var line = "fires \(fires) · skipped slots \(timers["skipped"]?.compact ?? "0")"
            if case .double(let p50)? = run.report.value(at: "timers.latency_ms.p50"),
                case .double(let p99)? = run.report.value(at: "timers.latency_ms.p99"),
                case .double(let max)? = run.report.value(at: "timers.latency_ms.max")
            {
                line += " · latency p50 \(ms(p50)) p99 \(ms(p99)) max \(ms(max))"
            }
            rows.append(("timers", line))
        }
        let exits = o.runLoopExits.filter(\.entered)
        rows.append(
            (
                "run-loop exits",
                exits.isEmpty
                    ? "none"
                    : exits.map {
                        "\($0.thread) \($0.mode) → \($0.result.rawValue) at \(ms($0.at.milliseconds))"
                    }.joined(separator: "; ")
            ))
        if !run.expectations.isEmpty {
            let passed = run.expectations.filter(\.passed).count
            rows.append(("expectations", "\(passed)/\(run.expectations.count) passed"))
        }
        let width = rows.map(\.0.count).max() ?? 0
        for (key, value) in rows { out += "  " + key.padding(to: width) + "  " + value + "\n" }
        if !o.findings.leaks.isEmpty {
            out += "  leaks\n"
            for leak in o.findings.leaks {
                out +=
                    "    \(leak.className) \(leak.object) (\(leak.kind.rawValue): \(leak.cause)"
                    + (leak.letGo.map { "; let go at \(ms($0.at.milliseconds))" } ?? "")
                    + (leak.holder.map { "; " + heldBy($0) } ?? "") + ")"
                    + (o.site(of: leak).map { ", made at \($0.shortText)" } ?? "") + "\n"
                out += "      " + pathText(leak) + "\n"
            }
        }
        out += aliveText(o.alive)
        if !o.findings.delayed.isEmpty {
            out += "  delayed releases\n"
            for d in o.findings.delayed {
                out +=
                    "    \(d.className) \(d.object): let go at \(ms(d.letGoAt.milliseconds)) (\(d.reason)), freed at "
                    + "\(ms(d.freedAt.milliseconds)), \(ms(d.late.milliseconds)) late\n"
            }
        }
        if !parked.isEmpty {
            out += "  parked threads\n"
            for p in parked {
                out += "    \(p.name)" + (p.since.map { " since \(ms($0.milliseconds))" } ?? "") + ": \(p.reason)\n"
            }
        }
        if !waiting.isEmpty {
            out += "  waiting threads (something the app holds can wake them)\n"
            for w in waiting {
                out += "    \(w.name)" + (w.since.map { " since \(ms($0.milliseconds))" } ?? "") + ": \(w.reason)\n"
            }
        }
        if !suspendedTasks.isEmpty {
            out += "  tasks suspended for ever (no thread is blocked: nothing can resume them)\n"
            for t in suspendedTasks {
                out += "    \(t.name)" + (t.since.map { " since \(ms($0.milliseconds))" } ?? "") + ": \(t.reason)\n"
            }
        }
        if !waitingTasks.isEmpty {
            out += "  waiting tasks (something the app holds can resume them)\n"
            for t in waitingTasks {
                out += "    \(t.name)" + (t.since.map { " since \(ms($0.milliseconds))" } ?? "") + ": \(t.reason)\n"
            }
        }
        for failure in run.failedExpectations {
            out += "  FAILED \(failure.explanation)  [\(failure.expectation.location)]\n"
        }
        return out
    }

    /// Why the run ended when it did, from its outcome (``RunOutcome/ending``): at its last event (nothing was left
    /// to happen), at its horizon, at a crash of the modelled app, or at a limit. A run that runs out of events
    /// ends before `until:`, so two variants' end times may differ though neither was stopped.
    static func endingText(_ o: RunOutcome) -> String {
        switch o.ending {
        case .lastEvent: "its last event: nothing was left to happen"
        case .horizon: "its horizon (until:); more was due later"
        case .crash: "the app's crash"
        case .limit: o.limit.map { $0.kind == "interrupted" ? "an interruption" : "the \($0.kind) limit" } ?? "a limit"
        }
    }

    /// The objects alive at the end that are not findings, each with the path that holds it (only the count when
    /// there are more than ``AliveObjects/listLimit``); nothing when there are none.
    static func aliveText(_ alive: AliveObjects) -> String {
        guard alive.count > 0 else { return "" }
        guard let listed = alive.listed else {
            return "  alive at the end, not findings: \(alive.count), too many to list (`loopsim why` explains one)\n"
        }
        var out = "  alive at the end, not findings\n"
        for a in listed {
            let notes =
                [a.heldBy?.rawValue ?? "no root reaches it"]
                + (a.letGo.map { ["let go at \(ms($0.at.milliseconds))"] } ?? [])
                + (a.holder.map { [heldBy($0)] } ?? [])
            out += "    \(a.path.last ?? a.object) (\(notes.joined(separator: "; ")))\n"
            out += "      " + a.path.joined(separator: " -> ") + "\n"
        }
        return out
    }

    /// `held by a thread root`, `held by an app root`, `held by a uikit root`: the kind of root that holds an
    /// object. The article follows the sound: no holder's name opens with a vowel sound on `u` (`uikit` is said
    /// "you-i-kit").
    static func heldBy(_ holder: String) -> String {
        "held by \(holder.first.map { "aeio".contains($0) } == true ? "an" : "a") \(holder) root"
    }

    /// An abandoned object as `root -> object -> …`; a leaked cycle as FBRetainCycleDetector prints it, objects
    /// and the references between them: `-> A a -> b -> B b -> a -> A a`.
    public static func pathText(_ leak: Leak) -> String {
        guard leak.kind == .leaked, leak.edges.count == leak.path.count - 1 else {
            return leak.path.joined(separator: " -> ")
        }
        var parts: [String] = []
        for (i, node) in leak.path.enumerated() {
            parts.append(node)
            if i < leak.edges.count { parts.append(leak.edges[i]) }
        }
        return "-> " + parts.joined(separator: " -> ")
    }

    static func ms(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        var s = rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
        s += " ms"
        return s
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
