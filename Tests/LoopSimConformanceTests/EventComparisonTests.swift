import LoopSimConformance
import LoopSimScenario
import Testing

/// The comparer's rules: per-thread order exactly, the pool as a multiset, times within the tolerance,
/// the same survivors.
@Suite struct EventComparisonTests {
    static func prediction(_ events: [ObservedEvent], alive: [String] = [], until: Int64 = 10_000_000_000) -> Prediction
    {
        Prediction(events: events, alive: alive, until: until, runKinds: [], abnormalEnd: nil)
    }

    static func e(_ ms: Int64, _ thread: String, _ kind: String, _ detail: String, slot: Int64? = nil) -> ObservedEvent
    {
        ObservedEvent(at: ms * 1_000_000, thread: thread, kind: kind, detail: detail, slot: slot.map { $0 * 1_000_000 })
    }

    static let tolerance: Int64 = 100_000_000

    @Test func identicalSequencesWithinTheToleranceAgree() {
        let p = Self.prediction([Self.e(1000, "w", "fire", "NSTimer t", slot: 1000), Self.e(1000, "w", "log", "tick")])
        let r = RealRun(
            events: [Self.e(1040, "w", "fire", "NSTimer t", slot: 1010), Self.e(1041, "w", "log", "tick")],
            alive: [])
        let c = EventComparison(prediction: p, real: r, tolerance: Self.tolerance)
        #expect(c.agrees, "\(c.mismatches)")
        #expect(c.maxDeviation == 41_000_000)
    }

    @Test func aLateEventOrASlotOutsideTheToleranceDisagrees() {
        let p = Self.prediction([Self.e(1000, "w", "fire", "NSTimer t", slot: 1000)])
        let late = EventComparison(
            prediction: p,
            real: RealRun(
                events: [Self.e(1200, "w", "fire", "NSTimer t", slot: 1000)],
                alive: []), tolerance: Self.tolerance)
        #expect(!late.agrees)
        let slot = EventComparison(
            prediction: p,
            real: RealRun(
                events: [Self.e(1000, "w", "fire", "NSTimer t", slot: 1500)],
                alive: []), tolerance: Self.tolerance)
        #expect(slot.mismatches.count == 1)
    }

    @Test func orderOnAThreadMustMatchExactly() {
        let p = Self.prediction([Self.e(1000, "w", "log", "a"), Self.e(1000, "w", "log", "b")])
        let r = RealRun(events: [Self.e(1000, "w", "log", "b"), Self.e(1000, "w", "log", "a")], alive: [])
        let c = EventComparison(prediction: p, real: r, tolerance: Self.tolerance)
        #expect(c.mismatches.map(\.message) == ["thread w, event 1: predicted 1000ms [w] log a, real 1000ms [w] log b"])
    }

    @Test func missingAndExtraEventsAndResultsDisagree() {
        let p = Self.prediction([Self.e(1000, "w", "return", "0 finished")])
        #expect(!EventComparison(prediction: p, real: RealRun(events: [], alive: []), tolerance: Self.tolerance).agrees)
        let r = RealRun(events: [Self.e(1000, "w", "return", "0 timed-out")], alive: [])
        #expect(!EventComparison(prediction: p, real: r, tolerance: Self.tolerance).agrees)
        let extra = RealRun(
            events: [Self.e(1000, "w", "return", "0 finished"), Self.e(1500, "main", "log", "x")], alive: [])
        #expect(!EventComparison(prediction: p, real: extra, tolerance: Self.tolerance).agrees)
    }

    @Test func poolEventsMatchAsAMultiset() {
        let p = Self.prediction([Self.e(500, "pool", "log", "a"), Self.e(500, "pool", "log", "b")])
        let r = RealRun(events: [Self.e(505, "pool", "log", "b"), Self.e(506, "pool", "log", "a")], alive: [])
        #expect(EventComparison(prediction: p, real: r, tolerance: Self.tolerance).agrees)
    }

    @Test func survivorsMustBeTheSame() {
        let p = Self.prediction([], alive: ["Page page"])
        #expect(!EventComparison(prediction: p, real: RealRun(events: [], alive: []), tolerance: Self.tolerance).agrees)
        #expect(
            EventComparison(prediction: p, real: RealRun(events: [], alive: ["Page page"]), tolerance: Self.tolerance)
                .agrees)
    }

    @Test func anEventPredictedAtTheHorizonIsAScenarioError() {
        let p = Self.prediction([Self.e(9950, "w", "log", "late")])
        let c = EventComparison(
            prediction: p, real: RealRun(events: [Self.e(9950, "w", "log", "late")], alive: []),
            tolerance: Self.tolerance)
        #expect(!c.agrees)
    }
}
