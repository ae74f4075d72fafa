import Foundation
import LoopSimKernel
import LoopSimReport
import Testing

/// The views read typed events: the same views from a run and from its trace file read back (another name table).
@Suite struct RunEventsTests {
    static let paths = [ReportFixtures.s2, ReportFixtures.s9, ReportFixtures.onePass, ReportFixtures.modeSwitch]

    /// A trace file numbers its strings in order of appearance, the kernel its well-known strings first: the views
    /// must not care.
    @Test(arguments: paths)
    func aTraceFileReadBackGivesTheRunsViews(_ path: String) throws {
        let (_, runs) = try ReportFixtures.runs(path)
        for run in runs {
            let live = RunEvents(run.outcome)
            let file = RunEvents(try TraceFile(lines: run.outcome.traceLines))
            // A trace file records no sites (docs/kernel.md, "Sites"): the lines agree but for the line they name.
            let liveLines = Narration(events: live).lines.map { l in
                var l = l
                l.site = nil
                return l
            }
            #expect(Narration(events: file).lines == liveLines, "\(path) \(run.variant)")
            let a = ThreadTimeline(events: live, outcome: run.outcome)
            let b = ThreadTimeline(events: file, outcome: run.outcome)
            #expect(a.spans == b.spans && a.markers == b.markers && a.lanes == b.lanes, "\(path) \(run.variant)")
            #expect(
                live.events.map { EventPhrases.describe($0, live.names) }
                    == file.events.map { EventPhrases.describe($0, file.names) })
        }
    }
}
