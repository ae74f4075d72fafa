import LoopSimKernel
import LoopSimReport
import LoopSimScenario
import Testing

/// `loopsim run --narrate`: passes, activities in CFRunLoop's order, sleep and wake reasons, filters.
@Suite struct NarrationTests {
    static func narration(
        _ path: String, variant: String, thread: String? = nil, from: Int64? = nil,
        to: Int64? = nil
    ) throws -> Narration {
        let (_, runs) = try ReportFixtures.runs(path, variants: [variant])
        return Narration(events: RunEvents(runs[0].outcome), thread: thread, from: from, to: to)
    }

    @Test func onePassListsTheSixObserverActivitiesInCFRunLoopsOrder() throws {
        let n = try Self.narration(ReportFixtures.onePass, variant: "ios10", thread: "worker")
        let pass = n.lines.filter { $0.run == 1 && $0.pass == 1 }
        #expect(
            pass.compactMap(\.activity) == [
                "Entry", "BeforeTimers", "BeforeSources", "BeforeWaiting", "AfterWaiting", "Exit",
            ])
        #expect(!n.lines.contains { $0.pass == 2 })
        // Why it slept and on which ports, what woke it, what it handled, why it returned.
        let texts = pass.map(\.text)
        #expect(
            texts.contains(
                "sleeps in mode default on: wake-up port, timer port (armed for 0.500 s), time limit at 2.000 s"))
        #expect(texts.contains("wakes: a message on the timer port of mode default"))
        #expect(texts.contains("fires NSTimer t (due at 0.500 s, on time)"))
        #expect(texts.last == "the run loop returns finished from mode default: its mode has no sources or timers left")
        // The observer's block and the timer's action are work inside callouts.
        #expect(
            pass.filter { $0.inCallout }.map(\.text) == Array(repeating: "logs “observed”", count: 5) + ["logs “tick”"]
                + ["logs “observed”"])
        #expect(pass.allSatisfy { $0.mode == "default" && $0.thread == "worker" })
    }

    @Test func s2WorkerPassesAndTheDecisionToGoRoundAgain() throws {
        let n = try Self.narration(ReportFixtures.s2, variant: "ios9", thread: "worker-1")
        // worker-1's own steps, and main's step that left its port armed.
        #expect(n.lines.allSatisfy { $0.thread == "worker-1" || ($0.thread == "main" && $0.about == "worker-1") })
        let own = n.lines.filter { $0.thread == "worker-1" }
        #expect(own.compactMap(\.pass).max() == 4)
        #expect(own.filter { $0.kind == "decide" }.count == 3)
        let last = own.filter { $0.pass == 4 }.map(\.text)
        #expect(
            last.contains(
                "the timer port of mode default of runloop(worker-1) fires (stale: no timer is due): "
                    + "the deadline it was left armed for when its mode's last timer went"))
        // The stale wake finds no timer left: nothing to re-arm.
        #expect(
            last.contains(
                "finds no timer due in mode default: a stale wake; the mode has no timer left, so "
                    + "nothing is re-armed"))
        // The rescheduling after a fire is the loop's own work, not the callout's.
        let reschedule = try #require(n.lines.first { $0.kind == "timer.reschedule" })
        #expect(!reschedule.inCallout)
        let queued = try #require(n.lines.first { $0.kind == "dispatch.async" && $0.pass != nil })
        #expect(queued.inCallout)
    }

    @Test func windowAndTextAreDeterministic() throws {
        let n = try Self.narration(ReportFixtures.s2, variant: "ios10", from: 3_500_000_000, to: 3_500_000_000)
        #expect(!n.lines.isEmpty)
        #expect(n.lines.allSatisfy { $0.t == 3_500_000_000 })
        #expect(n.lines.contains { $0.text == "UIKit delivers the user action “pop the page”" })
        let again = try Self.narration(ReportFixtures.s2, variant: "ios10", from: 3_500_000_000, to: 3_500_000_000)
        #expect(n.text(title: "ios10") == again.text(title: "ios10"))
        #expect(n.text(title: "ios10").hasPrefix("── ios10 · narration ─"))
        #expect(n.json.compact.contains("\"activity\":\"AfterWaiting\""))
    }
}

/// What the narration says of timer ports: whose call armed or disarmed one, what a wake that finds nothing due
/// leaves armed, and the variant flags behind it.
@Suite struct NarrationPortTests {
    static func narration(
        _ path: String, variant: String, overrides: [(String, String)] = [],
        detail: Narration.Detail = .full, thread: String? = nil
    ) throws -> Narration {
        let scenario = try ReportFixtures.scenario(path)
        let run = try ScenarioRunner.run(scenario, variants: [variant], overrides: overrides, keepsTrace: true)[0]
        return Narration(
            events: RunEvents(run.outcome), profile: run.profile, detail: detail,
            findings: run.outcome.findings, thread: thread)
    }

    @Test func s2UnderIOS10MainsInvalidateDisarmsTheWorkersPort() throws {
        let n = try Self.narration(ReportFixtures.s2, variant: "ios10")
        let disarm = try #require(n.lines.first { $0.kind == "port.cancel" })
        #expect(disarm.t == 3_500_000_000)
        #expect(disarm.thread == "main" && disarm.about == "worker-1" && disarm.inCallout)
        #expect(
            disarm.text == "disarms the timer port of mode default of runloop(worker-1): invalidating NSTimer "
                + "timer took the mode's last timer; no wake-up is sent, so worker-1 sleeps on")
        #expect(
            disarm.flags.map(\.assignment) == [
                "staleTimerPortWakeAfterLastTimerRemoved = false",
                "removeOrInvalidateWakesLoop = false",
            ])
        #expect(disarm.flags[0].certainty?.hasPrefix("read in the source: SCF-Sierra") == true)
        // It follows main's invalidate, in the same callout.
        let index = try #require(n.lines.firstIndex(of: disarm))
        #expect(n.lines[index - 1].text == "invalidates NSTimer timer (invalidate)")
        #expect(n.lines[index - 1].thread == "main")
        // A narration of worker-1 alone keeps the step that changed its port.
        let worker = try Self.narration(ReportFixtures.s2, variant: "ios10", thread: "worker-1")
        #expect(worker.lines.contains(disarm))
        // The worker's own arming stays its own.
        let arm = try #require(n.lines.first { $0.kind == "port.arm" })
        #expect(arm.thread == "worker-1" && arm.about == nil)
    }

    @Test func aWakeForAMessageLeftFromAnEarlierExpiryDoesNotClaimARearm() throws {
        // S9's fix: the timer is in both common modes; a port that fired while the loop ran the other mode leaves a
        // message that the next pass of its mode finds with nothing due, the port armed again for the next slot.
        let n = try Self.narration("scenarios/s09-countdown-during-scroll-fix.yaml", variant: "ios10")
        let noneDue = n.lines.filter { $0.kind == "rl.timers.none-due" }.map(\.text)
        #expect(!noneDue.isEmpty)
        #expect(noneDue.allSatisfy { $0.contains("left from an earlier expiry, and the port is armed again for") })
        #expect(!n.lines.contains { $0.text.contains("re-arms the port") })
    }

    @Test func s2UnderIOS9TheNarrationInfersThePortLeftArmedAt3500ms() throws {
        let n = try Self.narration(ReportFixtures.s2, variant: "ios9")
        #expect(!n.lines.contains { $0.kind == "port.cancel" })
        let inferred = try #require(n.lines.first { $0.kind == "infer" })
        #expect(inferred.t == 3_500_000_000 && inferred.thread == "main" && inferred.about == "worker-1")
        #expect(inferred.inCallout)
        #expect(
            inferred.text.hasPrefix(
                "leaves the timer port of mode default of runloop(worker-1) armed for 4.000 s "
                    + "(inferred: nothing disarms it)"))
        #expect(
            inferred.text.hasSuffix(
                "no wake-up is sent, so worker-1 sleeps on; it fires at 4.000 s with no "
                    + "timer due"))
        let stale = try #require(inferred.flags.first)
        #expect(stale.assignment == "staleTimerPortWakeAfterLastTimerRemoved = true")
        #expect(stale.source.contains("CF-1153.18"))
        #expect(stale.certainty?.hasPrefix("inferred: no CF of iOS 9") == true)
        // The stale wake at 4 s cites the same flag.
        let fire = try #require(n.lines.first { $0.kind == "port.fire" && $0.t == 4_000_000_000 })
        #expect(fire.thread == "worker-1" && fire.flags == [stale])
    }

    /// The inference is checked against the kernel: with the flag set the other way, the port is disarmed at the
    /// instant and in the mode where the narration said it was left armed.
    @Test(arguments: [
        ReportFixtures.s2, "scenarios/cookbook/cell-timer-survives-reuse-fix.yaml",
        "scenarios/displaylink-tracking.yaml",
    ])
    func theInferenceIsWhereTheOtherBuildDisarms(_ path: String) throws {
        let stale = try Self.narration(path, variant: "ios9")
        let tracked = try Self.narration(
            path, variant: "ios9",
            overrides: [("staleTimerPortWakeAfterLastTimerRemoved", "false")])
        func port(_ l: Narration.Line) -> String {
            let words = l.text.split(separator: " ")
            let i = words.firstIndex(of: "mode")!
            return "\(l.t) \(words[i + 1]) \(words[i + 3].trimmingCharacters(in: [":"]))"
        }
        let inferred = stale.lines.filter { $0.kind == "infer" }.map(port)
        let disarmed = tracked.lines.filter { $0.kind == "port.cancel" && $0.text.contains("last timer") }.map(port)
        #expect(!inferred.isEmpty)
        #expect(inferred.first == disarmed.first)
    }

    @Test func eachFlagsSourceIsPrintedOnceAndAnOverrideSaysSo() throws {
        let n = try Self.narration(ReportFixtures.s2, variant: "ios10")
        let text = n.text(title: "ios10")
        let note = "· staleTimerPortWakeAfterLastTimerRemoved = false — source: CF-1153.18 vs SCF-Sierra"
        #expect(text.components(separatedBy: note).count == 2)
        #expect(
            text.contains(
                "[staleTimerPortWakeAfterLastTimerRemoved = false; "
                    + "removeOrInvalidateWakesLoop = false]"))
        let set = try Self.narration(
            ReportFixtures.s2, variant: "ios10",
            overrides: [("removeOrInvalidateWakesLoop", "true")])
        let disarm = try #require(set.lines.first { $0.kind == "port.cancel" })
        #expect(disarm.text.hasSuffix("; the call also wakes worker-1"))
        #expect(disarm.flags[1].certainty == "set for this run (a scenario's set: or --set), not ios10's own value")
    }

    @Test func deallocsByAPoolOrAnInvalidationAndUIKitsModeSwitchCiteTheirFlags() throws {
        let s2 = try Self.narration(ReportFixtures.s2, variant: "ios9")
        // main's invalidate releases the timer's userInfo block; worker-1's pool frees the factory-made timer.
        let block = try #require(s2.lines.first { $0.text.hasPrefix("releases the last strong reference to block#2") })
        #expect(block.flags.map(\.assignment) == ["timerReleasesTargetOnInvalidate = true"])
        let timer = try #require(s2.lines.first { $0.text.hasPrefix("releases the last strong reference to NSTimer") })
        #expect(timer.thread == "worker-1" && timer.flags.map(\.assignment) == ["autoreleasedFactoryResults = true"])
        // TimerButton goes when the dispatch block returns: no flag.
        let button = try #require(
            s2.lines.first {
                $0.text.hasPrefix("releases the last strong reference to TimerButton")
            })
        #expect(button.flags.isEmpty)
        let s9 = try Self.narration(ReportFixtures.s9, variant: "ios10")
        let switches = s9.lines.filter { $0.kind == "ui.mode" }
        #expect(switches.count == 2)
        #expect(switches.allSatisfy { $0.flags.map(\.assignment) == ["uikitMainRunLoop = true"] })
    }

    /// Every iOS profile has a certainty for each flag kept; linux-corelibs takes the flag's own evidence.
    @Test func flagCertaintiesNameKnownFlagsAndProfiles() throws {
        let ios = VariantProfile.builtInNames.filter { $0 != NarrationFlag.linux }
        for (flag, values) in NarrationFlag.certainties {
            #expect(VariantFlag.named(flag) != nil, "\(flag)")
            #expect(values.keys.sorted() == ios.sorted(), "\(flag)")
            let linux = try #require(VariantProfile.builtIn(NarrationFlag.linux))
            let cited = try #require(NarrationFlag(flag, in: linux))
            #expect(cited.certainty == VariantFlag.named(flag)?.linuxEvidence.text, "\(flag)")
        }
    }
}

/// `loopsim run --narrate --brief`: the decisive steps with their flags, then what the run left behind.
@Suite struct BriefNarrationTests {
    static func brief(_ path: String, variant: String) throws -> Narration {
        try NarrationPortTests.narration(path, variant: variant, detail: .brief)
    }

    @Test func s2UnderIOS10() throws {
        let n = try Self.brief(ReportFixtures.s2, variant: "ios10")
        let full = try NarrationPortTests.narration(ReportFixtures.s2, variant: "ios10")
        #expect(n.lines == full.lines.filter(\.isDecisive))
        #expect(n.lines.count < full.lines.count / 10)
        #expect(n.lines.allSatisfy { $0.activity == nil && $0.kind != "decide" })
        #expect(
            n.lines.map(\.kind) == [
                "rl.run", "port.arm", "rl.run", "user.action", "obj.dealloc.begin",
                "port.cancel", "obj.let-go",
            ])
        #expect(
            n.leftBehind == [
                "TimerButton button is abandoned (owner died, let go at 3.500 s); held from a root: thread worker-1 frame "
                    + "-> block#1 -> TimerButton button",
                "worker-1 is parked since 3.000 s: asleep in runloop(worker-1) mode default (an empty mode): no armed "
                    + "timer port, no deadline, no pending wake-up, and nothing the app holds can wake it",
            ])
        let text = n.text(title: "ios10")
        #expect(text.hasPrefix("── ios10 · brief narration ─"))
        #expect(text.contains("\n  left behind:\n    TimerButton button is abandoned"))
        #expect(text == (try Self.brief(ReportFixtures.s2, variant: "ios10")).text(title: "ios10"), "deterministic")
    }

    @Test func s2UnderIOS9TheStaleWakeEndsTheLoopAndFreesTheButton() throws {
        let n = try Self.brief(ReportFixtures.s2, variant: "ios9")
        #expect(
            n.lines.map(\.kind) == [
                "rl.run", "port.arm", "rl.run", "user.action", "obj.dealloc.begin", "infer",
                "obj.let-go", "port.fire", "rl.timers.none-due", "rl.exit",
                "obj.dealloc.begin", "obj.dealloc.begin",
            ])
        let deallocs = n.lines.filter { $0.kind == "obj.dealloc.begin" && $0.t == 4_000_000_000 }
        #expect(deallocs.map(\.thread) == ["worker-1", "worker-1"])
        #expect(
            deallocs.map(\.text)
                == ["TimerButton button", "NSTimer timer"].map {
                    "releases the last strong reference to \($0): its dealloc runs here"
                })
        // The autorelease pool of the work item frees the factory-made timer.
        #expect(deallocs[1].flags.map(\.assignment) == ["autoreleasedFactoryResults = true"])
        #expect(n.leftBehind.isEmpty)
        #expect(n.text(title: "ios9").hasSuffix("  left behind:\n    nothing: no leak, no parked thread\n"))
    }

    @Test func s9ModeSwitchesCiteUIKitsRunLoop() throws {
        let n = try Self.brief(ReportFixtures.s9, variant: "ios10")
        let switches = n.lines.filter { $0.kind == "ui.mode" }
        #expect(
            switches.map(\.text) == [
                "UIKit switches the main run loop to mode tracking",
                "UIKit switches the main run loop to mode default",
            ])
        #expect(switches.allSatisfy { $0.flags.map(\.assignment) == ["uikitMainRunLoop = true"] })
        #expect(n.lines.filter { $0.kind == "rl.run" }.compactMap(\.mode) == ["default", "tracking", "default"])
        #expect(n.lines.filter { $0.kind == "rl.exit" }.map(\.t) == [2_500_000_000, 5_500_000_000])
        let late = "moves NSTimer timer to its next slot, 6.000 s, skipping 2 missed slots"
        #expect(n.lines.contains { $0.text == late })
    }

    @Test func aCycleIsLeftBehind() throws {
        let n = try Self.brief("scenarios/leaks-cycle.yaml", variant: "ios10")
        #expect(n.lines.filter { $0.kind == "obj.let-go" }.count == 2)
        #expect(n.leftBehind.count == 2)
        #expect(
            n.leftBehind[0].hasPrefix(
                "Parent p is leaked (cycle, let go at 0.000 s); the cycle: "
                    + "Parent p -> child"))
    }
}
