import LoopSimKernel
import LoopSimScenario
import LoopSimStats

/// Builds the JSON report of one run (the schema in docs/scenario-format.md, "Run report").
public enum RunReport {
    /// The run's figures, before expectations are added.
    public static func json(_ outcome: RunOutcome) -> JSONValue {
        let parked = outcome.findings.parkedThreads
        let waiting = outcome.findings.waitingThreads
        let suspendedTasks = outcome.findings.suspendedTasks
        let waitingTasks = outcome.findings.waitingTasks
        var run: [String: JSONValue] = [
            "variant": .string(outcome.variant),
            "seed": .int(Int64(bitPattern: outcome.seed)),
            "fingerprint": .string(outcome.fingerprint),
            "end_time_ms": .double(outcome.endTime.milliseconds),
            "events": .int(Int64(outcome.events)),
            "crashed": .bool(outcome.crash != nil),
            "threads": .object([
                "parked": .int(Int64(parked.count)),
                "parked_names": .array(parked.map { .string($0.name) }),
                "parked_reasons": .array(parked.map { .string($0.reason) }),
                "waiting": .int(Int64(waiting.count)),
                "waiting_names": .array(waiting.map { .string($0.name) }),
                "waiting_reasons": .array(waiting.map { .string($0.reason) }),
                "all": .array(
                    outcome.threads.map {
                        .object([
                            "name": .string($0.name), "kind": .string($0.kind.rawValue),
                            "state": .string($0.state),
                        ])
                    }),
            ]),
            // Swift tasks suspended at an await hold no thread (SE-0296): apart from `threads`.
            "tasks": .object([
                "suspended": .int(Int64(suspendedTasks.count)),
                "suspended_names": .array(suspendedTasks.map { .string($0.name) }),
                "suspended_reasons": .array(suspendedTasks.map { .string($0.reason) }),
                "waiting": .int(Int64(waitingTasks.count)),
                "waiting_names": .array(waitingTasks.map { .string($0.name) }),
                "waiting_reasons": .array(waitingTasks.map { .string($0.reason) }),
            ]),
            "objects": .object([
                "allocated": .int(Int64(outcome.allocated)),
                "deallocated": .int(Int64(outcome.deallocated)),
                "leaked": .int(Int64(outcome.leaked)),
                "abandoned": .int(Int64(outcome.abandoned)),
                "delayed": .int(Int64(outcome.delayed)),
                "alive": .int(Int64(outcome.alive.count)),
            ]),
            "leaks": .array(outcome.findings.leaks.map { leakJSON($0, site: outcome.site(of: $0)) }),
            "delayed": .array(outcome.findings.delayed.map(delayedJSON)),
            "timers": timersJSON(outcome.timers),
            "countdowns": .array(
                Array(
                    outcome.timers.lazy.filter { $0.interval > .zero }.map { t in
                        .object([
                            "timer": .string(t.label), "ticks": .int(Int64(t.fires)),
                            "slots_elapsed": .int(Int64(t.fires + t.skipped)),
                            "drift_ms": .double(Double(t.skipped) * t.interval.milliseconds),
                        ])
                    })),
            "dispatch_sources": .array(
                outcome.sources.map { s in
                    .object([
                        "source": .string(s.label), "fires": .int(Int64(s.fires)),
                        "handler_calls": .int(Int64(s.invocations)),
                        "merged": .int(Int64(s.fires - s.invocations)), "largest_merge": .int(Int64(s.largestMerge)),
                    ])
                }),
            "runloop_exits": .array(
                outcome.runLoopExits.filter(\.entered).map { exit in
                    .object([
                        "thread": .string(exit.thread), "at_ms": .double(exit.at.milliseconds),
                        "mode": .string(exit.mode), "result": .string(exit.result.rawValue),
                    ])
                }),
            "logs": .array(
                outcome.logs.map {
                    .object([
                        "at_ms": .double($0.at.milliseconds), "thread": .string($0.thread),
                        "text": .string($0.text),
                    ])
                }),
            "app": .object([
                "state": .string(outcome.appState.rawValue),
                "killed": .bool(outcome.appState == .killed),
                "timeline": .array(
                    outcome.appStateTimeline.map { change in
                        .object([
                            "at_ms": .double(change.at.milliseconds), "state": .string(change.state.rawValue),
                            "device_asleep": .bool(change.deviceAsleep),
                        ])
                    }),
                "foreground_returns": .array(
                    outcome.foregroundReturns.map { r in
                        .object([
                            "at_ms": .double(r.at.milliseconds),
                            "countdowns": .array(
                                r.countdowns.map { c in
                                    .object([
                                        "timer": .string(c.timer), "ticks": .int(Int64(c.ticks)),
                                        "wall_slots": .int(Int64(c.wallSlots)),
                                        "behind_ms": .double(Double(c.wallSlots - c.ticks) * c.interval.milliseconds),
                                    ])
                                }),
                        ])
                    }),
            ]),
            "presentations": .array(
                outcome.presentations.map { p in
                    var o: [String: JSONValue] = [
                        "object": .string(p.object), "serial": .int(Int64(p.serial)), "class": .string(p.className),
                        "requests": .int(Int64(p.requests)),
                        "refused": .int(Int64(p.refused)), "shown": .int(Int64(p.shown)), "lost": .bool(p.shown == 0),
                    ]
                    o["created_ms"] = .double(p.createdAt.milliseconds)
                    if let r = p.firstRequestedAt { o["first_requested_ms"] = .double(r.milliseconds) }
                    if let s = p.firstShownAt { o["first_shown_ms"] = .double(s.milliseconds) }
                    if let wait = p.waitBeforeShown { o["wait_ms"] = .double(wait.milliseconds) }
                    return .object(o)
                }),
            "samples": .array(
                outcome.samples.map {
                    .object([
                        "name": .string($0.name), "at_ms": .double($0.at.milliseconds),
                        "value": .int(Int64($0.value)),
                    ])
                }),
            "checks": .array(
                outcome.checks.map { check in
                    .object([
                        "label": .string(check.label), "at_ms": .double(check.at.milliseconds),
                        "leaks": .array(check.findings.leaks.map { leakJSON($0, site: outcome.site(of: $0)) }),
                        "parked": .array(check.findings.parkedThreads.map { .string($0.name) }),
                        "suspended": .array(check.findings.suspendedTasks.map { .string($0.name) }),
                    ])
                }),
        ]
        if let alive = outcome.alive.listed { run["alive"] = .array(alive.map(aliveJSON)) }
        if let crash = outcome.crash {
            run["crash"] = .object([
                "message": .string(crash.message), "at_ms": .double(crash.at.milliseconds),
                "thread": .string(crash.thread),
            ])
        }
        if let limit = outcome.limit {
            run["limit"] = .object([
                "kind": .string(limit.kind), "message": .string(limit.message),
                "at_ms": .double(limit.at.milliseconds),
            ])
        }
        return .object(run)
    }

    /// One timer: fires, skipped slots, its latency summary, and the drift of a counter decremented per fire
    /// (each skipped slot is one missed decrement: the counter shows `drift_ms` more than is really left).
    static func perTimerJSON(_ t: RunOutcome.TimerRecord) -> JSONValue {
        var o: [String: JSONValue] = [
            "timer": .string(t.label), "fires": .int(Int64(t.fires)), "skipped": .int(Int64(t.skipped)),
            "wasted": .int(Int64(t.wasted)),
            "interval_ms": .double(t.interval.milliseconds),
            "drift_ms": .double(Double(t.skipped) * t.interval.milliseconds),
        ]
        if let s = t.latency.millisecondSummary {
            o["latency_ms"] = .object([
                "mean": .double(s.mean), "p50": .double(s.p50), "p99": .double(s.p99),
                "max": .double(s.max),
            ])
        }
        return .object(o)
    }

    /// A leak as the report's `leaks[N]`; `site` is where its object was made (`site`: `FILE:LINE`), when known.
    static func leakJSON(_ leak: Leak, site: SourceSite? = nil) -> JSONValue {
        var o: [String: JSONValue] = [
            "object": .string(leak.object), "class": .string(leak.className), "kind": .string(leak.kind.rawValue),
            "path": .array(leak.path.map { .string($0) }), "edges": .array(leak.edges.map { .string($0) }),
        ]
        o["cause"] = .string(leak.cause)
        if let holder = leak.holder { o["holder"] = .string(holder) }
        if let letGo = leak.letGo { o["let_go_at_ms"] = .double(letGo.at.milliseconds) }
        if let site { o["site"] = .string(site.shortText) }
        return .object(o)
    }

    static func aliveJSON(_ a: AliveObject) -> JSONValue {
        var o: [String: JSONValue] = [
            "object": .string(a.object), "class": .string(a.className),
            "path": .array(a.path.map { .string($0) }), "edges": .array(a.edges.map { .string($0) }),
        ]
        if let heldBy = a.heldBy { o["held_by"] = .string(heldBy.rawValue) }
        if let holder = a.holder { o["holder"] = .string(holder) }
        if let letGo = a.letGo { o["let_go_at_ms"] = .double(letGo.at.milliseconds) }
        return .object(o)
    }

    static func delayedJSON(_ d: DelayedRelease) -> JSONValue {
        .object([
            "object": .string(d.object), "class": .string(d.className), "reason": .string(d.reason),
            "let_go_at_ms": .double(d.letGoAt.milliseconds), "freed_at_ms": .double(d.freedAt.milliseconds),
            "late_ms": .double(d.late.milliseconds),
        ])
    }

    /// A total that may pass 64 bits (skipped slots over every timer): an integer while it fits, else the nearest
    /// double (JSON numbers have no width).
    static func count(_ n: Int128) -> JSONValue {
        Int64(exactly: n).map(JSONValue.int) ?? .double(Double(n))
    }

    /// The most timers `timers.per_timer` lists: the first by printed name; `timers.per_timer_omitted` counts the
    /// rest, whose fires, slots and latencies the totals still hold. A row costs about 2 KB while the report is
    /// built (a dictionary of seven values, and its text), so a `performSelector:afterDelay:` loop, a new one-shot
    /// timer a turn, made the report grow by that much a freed timer: 223 MB for 100,000 of them (issue 39).
    public static let perTimerLimit = 1_000

    static func timersJSON(_ timers: RunOutcome.TimerRecords) -> JSONValue {
        let pooled = timers.pooledLatency
        var latency: [String: JSONValue] = ["count": .int(Int64(pooled.count))]
        var histogram: JSONValue = .null
        if let h = pooled.millisecondHistogram(binCount: 10) {
            histogram = .object([
                "edges_ms": .array(h.edges.map { .double($0) }), "counts": .array(h.counts.map { .int(Int64($0)) }),
            ])
        }
        if let s = pooled.millisecondSummary {
            latency["mean"] = .double(s.mean)
            latency["sd"] = .double(s.sd)
            latency["p50"] = .double(s.p50)
            latency["p90"] = .double(s.p90)
            latency["p95"] = .double(s.p95)
            latency["p99"] = .double(s.p99)
            latency["max"] = .double(s.max)
        }
        var result: [String: JSONValue] = [
            "fires": .int(Int64(pooled.count)),
            "skipped": count(timers.totalSkipped),
            "wasted": count(timers.totalWasted),
            "latency_ms": .object(latency),
            "histogram": histogram,
            "per_timer": .array(timers.prefix(perTimerLimit).map(perTimerJSON)),
        ]
        if timers.count > perTimerLimit { result["per_timer_omitted"] = .int(Int64(timers.count - perTimerLimit)) }
        return .object(result)
    }
}
