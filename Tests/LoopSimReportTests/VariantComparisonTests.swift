import Foundation
import LoopSimReport
import Testing

/// `loopsim compare`: the figures table and the first divergence, on S2 and its fix.
@Suite struct VariantComparisonTests {
    @Test func s2FirstDivergenceIsTheStaleTimerPortWakeUnderIOS9() throws {
        let (scenario, runs) = try ReportFixtures.runs(ReportFixtures.s2, variants: ["ios9", "ios10"])
        let c = VariantComparison(scenario, runs)
        let d = try #require(c.divergences.first)
        #expect(!d.identical)
        #expect(d.at == 4_000_000_000)
        #expect(d.thread == "worker-1")
        #expect(d.first.map(\.variant) == ["ios9", "ios10"])
        #expect(d.first[0].kind == "port.fire")
        #expect(d.first[0].text == "the timer port of mode default of runloop(worker-1) fires (stale: no timer is due)")
        #expect(d.first[1].kind == "none")
        #expect(d.first[1].text.hasPrefix("nothing: worker-1 stays asleep since 3.000 s in mode default"))
        #expect(d.first[1].text.contains("the timer port of mode default (disarmed at 3.500 s)"))
        // What set it up: ios10 disarmed the worker's port when the last timer went; ios9 left it armed.
        #expect(d.setup.map(\.variant) == ["ios10"])
        #expect(d.setup.first?.kind == "port.cancel")
        #expect(d.setup.first?.t == 3_500_000_000)
        #expect(d.setup.first?.text.contains("under ios9 that port stays armed for 4.000 s") == true)
        // The chain: wake, nothing due, the loop returns, the dispatch block returns, the button goes.
        let chain = d.consequences[0].map(\.kind)
        #expect(Array(chain.prefix(4)) == ["rl.wake", "rl.timers.none-due", "rl.exit", "obj.dealloc"])
        let texts = d.consequences[0].map(\.text)
        #expect(
            texts.contains("the run loop returns finished from mode default: its mode has no sources or timers left"))
        #expect(texts.contains("frees block#1 (the block dispatched to the global queue: it has returned)"))
        #expect(texts.contains("frees TimerButton button"))
        #expect(d.consequences[1].isEmpty)
        // ios10 ends parked and leaking the button; ios9 has nothing of its own.
        #expect(d.endState[0].isEmpty)
        #expect(d.endState[1].count == 2)
        #expect(d.endState[1][0].hasPrefix("worker-1 is parked for ever (asleep since 3.000 s)"))
        #expect(
            d.endState[1][1]
                == "TimerButton button leaks (abandoned): thread worker-1 frame → block#1 → TimerButton button")
    }

    @Test func s2TableMarksTheFiguresThatDiffer() throws {
        let (scenario, runs) = try ReportFixtures.runs(ReportFixtures.s2, variants: ["ios9", "ios10"])
        let c = VariantComparison(scenario, runs)
        func figure(_ path: String) throws -> VariantComparison.Figure {
            try #require(c.figures.first { $0.path == path })
        }
        #expect(try figure("objects.abandoned").texts == ["0", "1"])
        #expect(try figure("objects.abandoned").differs)
        #expect(try figure("threads.parked").differs)
        #expect(try figure("timers.fires").texts == ["3", "3"])
        #expect(try !figure("timers.fires").differs)
        #expect(try figure("runloop_exits[0]").texts == ["worker-1 default → finished at 4000 ms", "–"])
        let text = c.text
        let rows = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains(["≠", "objects", "abandoned", "0", "1"]))
        #expect(rows.contains(["objects", "leaked", "0", "0"]))
        #expect(rows.contains(["timer", "fires", "3", "3"]))
        #expect(text.contains("── first divergence: ios9 vs ios10 "))
        #expect(text.contains("  at 4.000 s on worker-1\n"))
        #expect(
            text == VariantComparison(scenario, try ScenarioRunnerAgain.runs(ReportFixtures.s2)).text,
            "byte-identical twice")
    }

    @Test func jsonCarriesTheFiguresAndTheDivergence() throws {
        let (scenario, runs) = try ReportFixtures.runs(ReportFixtures.s2, variants: ["ios9", "ios10"])
        let json = VariantComparison(scenario, runs).json.pretty
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(doc["variants"] as? [String] == ["ios9", "ios10"])
        #expect(doc["seed"] as? Int == 1)
        let figures = try #require(doc["figures"] as? [[String: Any]])
        let leaked = try #require(figures.first { $0["figure"] as? String == "objects.abandoned" })
        #expect((leaked["values"] as? [String: Any])?["ios10"] as? Int == 1)
        #expect(leaked["differs"] as? Bool == true)
        let d = try #require((doc["divergences"] as? [[String: Any]])?.first)
        #expect(d["at_ms"] as? Int == 4000)
        #expect(d["thread"] as? String == "worker-1")
        let first = try #require(d["first"] as? [[String: Any]])
        #expect(first.first?["ev"] as? String == "port.fire")
        let end = try #require(d["end_state"] as? [String: [String]])
        #expect(end["ios10"]?.count == 2)
        let consequences = try #require(d["consequences"] as? [String: [[String: Any]]])
        #expect(consequences["ios9"]?.contains { $0["ev"] as? String == "rl.exit" } == true)
    }

    /// The flags whose values differ, in the kernel's order, each with its source and how its Linux value is known,
    /// between the table and the divergence; a flag an override sets alike in every variant is not among them.
    @Test func s2ListsTheFlagsThatDifferWithTheirEvidence() throws {
        let (scenario, runs) = try ReportFixtures.runs(ReportFixtures.s2, variants: ["ios9", "ios10"])
        let c = VariantComparison(scenario, runs)
        #expect(c.flags.variants == ["ios9", "ios10"])
        #expect(
            c.flags.rows.map(\.flag.name) == [
                "staleTimerPortWakeAfterLastTimerRemoved", "timerPortBackend", "runCommonModesPseudoModeRejected",
                "blockBasedTimerAPI", "toleranceAffectsWakeTime", "dispatchOwnedLockCrashes",
            ])
        #expect(c.flags.rows.first?.values == ["true", "false"])
        let text = c.text
        #expect(
            text.contains(
                "\n  staleTimerPortWakeAfterLastTimerRemoved  ios9 true · ios10 false\n"
                    + "      source: CF-1153.18 vs SCF-Sierra __CFArmNextTimerInMode"))
        #expect(text.contains("\n      linux: measured by conformance c01, c16, c31\n"))
        #expect(text.contains("\n      linux: cited: CFRunLoopTimerSetTolerance does nothing outside TARGET_OS_MAC"))
        let table = try #require(text.range(of: "  ≠ marks the "))
        let flags = try #require(text.range(of: "── flags that differ "))
        let divergence = try #require(text.range(of: "── first divergence: "))
        #expect(table.lowerBound < flags.lowerBound && flags.lowerBound < divergence.lowerBound)

        let doc = try #require(try JSONSerialization.jsonObject(with: Data(c.json.pretty.utf8)) as? [String: Any])
        let rows = try #require(doc["flags"] as? [[String: Any]])
        #expect(rows.count == 6)
        #expect(rows.first?["flag"] as? String == "staleTimerPortWakeAfterLastTimerRemoved")
        #expect(rows.first?["values"] as? [String: String] == ["ios9": "true", "ios10": "false"])
        let measured = try #require(rows.first?["linux_evidence"] as? [String: Any])
        #expect(measured["kind"] as? String == "measured")
        #expect(measured["scenarios"] as? [String] == ["c01", "c16", "c31"])
        let cited = try #require(
            rows.first { $0["flag"] as? String == "dispatchOwnedLockCrashes" }?["linux_evidence"]
                as? [String: Any])
        #expect(cited["kind"] as? String == "cited" && (cited["citation"] as? String)?.isEmpty == false)

        let alike = try ScenarioRunner.run(
            scenario, variants: ["ios9", "ios10"],
            overrides: [("staleTimerPortWakeAfterLastTimerRemoved", "false")])
        #expect(VariantComparison(scenario, alike).flags.rows.first?.flag.name == "timerPortBackend")
        let same = FlagDifferences([runs[1].profile, runs[1].profile])
        #expect(same.rows.isEmpty && same.text.hasSuffix("  none: every flag has the same value in each variant\n"))
    }

    @Test func theFixDivergesOnlyInAStaleWakeOfAnIdleThread() throws {
        let (scenario, runs) = try ReportFixtures.runs(ReportFixtures.s2fix, variants: ["ios9", "ios10"])
        let d = try #require(VariantComparison(scenario, runs).divergences.first)
        #expect(d.first.first?.kind == "port.fire")
        #expect(d.first.last?.text.hasPrefix("nothing: worker-1 is idle in the GCD pool") == true)
        #expect(d.consequences.allSatisfy { $0.isEmpty })
        #expect(d.endState.allSatisfy { $0.isEmpty })
    }

    @Test func s9VariantsRunTheSameTraceAndFiguresPrintToTheMicrosecond() throws {
        let (scenario, runs) = try ReportFixtures.runs(ReportFixtures.s9, variants: ["ios9", "ios10"])
        let c = VariantComparison(scenario, runs)
        #expect(c.divergences.first?.identical == true)
        // identical traces: no figure is marked, not even the fingerprint, which differs because it folds the variant
        #expect(c.figures.filter(\.differs).isEmpty)
        let fingerprint = try #require(c.figures.first { $0.path == "fingerprint" })
        #expect(Set(fingerprint.texts).count == 2 && !fingerprint.differs)
        #expect(c.figures.first { $0.path == "timers.latency_ms.p99" }?.texts == ["2325", "2325"])
        #expect(c.figures.first { $0.path == "timers.skipped" }?.texts == ["2", "2"])
    }

    /// Times in the table are to the microsecond: S9's random scrolls stop the main loop at 6270.652078 ms.
    @Test func theFirstExitIsPrintedToTheMicrosecond() throws {
        let (scenario, runs) = try ReportFixtures.runs(
            "scenarios/s09-countdown-random-scrolls.yaml", variants: ["ios9"])
        let c = VariantComparison(scenario, runs)
        #expect(c.figures.first { $0.label == "first exit" }?.texts == ["main default → stopped at 6270.652 ms"])
    }

    @Test func aVariantAgainstItselfIsIdentical() throws {
        let (_, runs) = try ReportFixtures.runs(ReportFixtures.s2, variants: ["ios10"])
        let d = TraceDivergence(runs[0], runs[0])
        #expect(d.identical)
        #expect(d.first.isEmpty)
    }
}

/// A second, independent run of a scenario file, for byte-identity checks.
enum ScenarioRunnerAgain {
    static func runs(_ path: String) throws -> [VariantRun] {
        try ReportFixtures.runs(path, variants: ["ios9", "ios10"]).1
    }
}
