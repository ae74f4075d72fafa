import Foundation
import LoopSimKernel
import Testing

@testable import LoopSimReport

/// The typed comparison that aligns two variants' traces agrees with the text comparison it replaced (the line
/// without `seq` and `run.start`'s `variant`), and compares names as strings across name tables.
@Suite struct NormalizedEventTests {
    /// The line without `seq` and without `run.start`'s `variant`: what the alignment compared before it was typed.
    static func normalizedLine(_ line: String, seq: Int, variant: String) -> String {
        var s = line
        if let r = s.range(of: ",\"seq\":\(seq)") { s.removeSubrange(r) }
        if s.contains("\"ev\":\"run.start\""), let r = s.range(of: ",\"variant\":" + JSONText.quoted(variant)) {
            s.removeSubrange(r)
        }
        return s
    }

    /// Two variants of one scenario (two name tables): normalized events are equal exactly when the normalized
    /// lines are, pair for pair, and the alignment over them matches the same events.
    @Test(arguments: [ReportFixtures.s2, ReportFixtures.s9])
    func normalizedEventsCompareAsTheNormalizedLinesDid(_ path: String) throws {
        let (_, runs) = try ReportFixtures.runs(path, variants: ["ios9", "ios10"])
        let sides = runs.map { run in
            let o = run.outcome
            return (
                events: o.eventLog.map { NormalizedEvent($0, names: o.names) },
                lines: run.outcome.traceLines.enumerated().map {
                    Self.normalizedLine($0.element, seq: $0.offset, variant: run.variant)
                }
            )
        }
        let (a, b) = (sides[0], sides[1])
        #expect(a.events[0] == b.events[0] && a.lines[0] == b.lines[0])  // run.start, variants aside
        let n = 250
        for i in 0..<min(n, a.events.count) {
            for j in 0..<min(n, b.events.count) where (a.events[i] == b.events[j]) != (a.lines[i] == b.lines[j]) {
                Issue.record("\(path): event \(i) of ios9 and \(j) of ios10: \(a.lines[i]) vs \(b.lines[j])")
            }
        }
        let typed = TraceAlignment(a.events, b.events), text = TraceAlignment(a.lines, b.lines)
        #expect(typed.matchInA == text.matchInA && typed.matchInB == text.matchInB)
        #expect(typed.commonPrefix == text.commonPrefix && typed.truncated == text.truncated)
    }

    /// Names compare as strings: the same event through two tables is one normalized event; another seed is not.
    @Test func namesCompareAsStrings() {
        var forward = NameTable(), backward = NameTable()
        for s in ["worker-1", "default", "ios9"] { _ = forward.intern(s) }
        for s in ["ios10", "default", "worker-1"] { _ = backward.intern(s) }
        func sleep(_ t: inout NameTable) -> SimEvent {
            SimEvent(
                instant: SimInstant(nanoseconds: 3_000_000), thread: t.intern("worker-1"),
                body: .sleep(
                    mode: t.intern("default"),
                    ports: WaitSet(timerPort: .never, mainQueue: false, timeout: .never)))
        }
        #expect(NormalizedEvent(sleep(&forward), names: forward) == NormalizedEvent(sleep(&backward), names: backward))
        let start9 = SimEvent(
            instant: .zero, thread: .kernel,
            body: .runStart(variant: forward.intern("ios9"), seed: 7, until: .never))
        let start10 = SimEvent(
            instant: .zero, thread: .kernel,
            body: .runStart(variant: backward.intern("ios10"), seed: 7, until: .never))
        let otherSeed = SimEvent(
            instant: .zero, thread: .kernel,
            body: .runStart(variant: backward.intern("ios10"), seed: 8, until: .never))
        #expect(NormalizedEvent(start9, names: forward) == NormalizedEvent(start10, names: backward))
        #expect(NormalizedEvent(start9, names: forward) != NormalizedEvent(otherSeed, names: backward))
    }
}
