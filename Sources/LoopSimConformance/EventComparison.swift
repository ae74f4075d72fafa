/// The real program's events against LoopSim's prediction.
///
/// Rules, in the order they are checked:
/// 1. **Per thread, order and content exactly.** Events are grouped by thread (`main`, each `thread:`
///    name). Within a group the sequence of `kind detail` must be the same, event for event: the same
///    fires of the same timers, the same returns with the same results, the same deinits, in the same
///    order, and no event more or less. GCD workers are interchangeable, so the `pool` group is matched
///    as a multiset instead: in predicted-time order, each predicted event takes the earliest unmatched
///    real event with the same key.
/// 2. **Times within the tolerance.** Each matched pair must satisfy `|real − predicted| ≤ tolerance`,
///    and so must a fire's slot.
/// 3. **Retention.** The instances alive at the horizon must be the same multiset.
/// 4. **CF's diagnostics.** The kinds of misuse CF logged (``CFDiagnostic``) must be the same.
///
/// Order across threads is not compared: two threads' events at nearby instants race on a real machine.
/// Scenarios keep every event at least a tolerance away from the horizon (checked: an event predicted
/// there is a scenario error, since the real program may record it just after its end).
public struct EventComparison: Sendable {
    /// One problem, printable as a line.
    public struct Mismatch: Sendable, Hashable, CustomStringConvertible {
        public var message: String
        /// Only a time (or slot) outside the tolerance: order, counts and results agreed.
        public var isTiming: Bool
        public var description: String { message }
    }

    /// A predicted event and the real event it was matched with.
    public struct Pair: Sendable, Hashable {
        public var predicted: ObservedEvent
        public var real: ObservedEvent
        /// real − predicted, virtual nanoseconds.
        public var delta: Int64 { real.at - predicted.at }
        /// real slot − predicted slot, for fires.
        public var slotDelta: Int64? {
            guard let p = predicted.slot, let r = real.slot else { return nil }
            return r - p
        }
    }

    public private(set) var mismatches: [Mismatch] = []
    public private(set) var pairs: [Pair] = []
    /// The largest |real − predicted| over every matched event and slot, virtual nanoseconds.
    public var maxDeviation: Int64 {
        pairs.map { max(abs($0.delta), abs($0.slotDelta ?? 0)) }.max() ?? 0
    }
    public var agrees: Bool { mismatches.isEmpty }
    /// Every mismatch is a time outside the tolerance: the kind of difference machine noise can cause.
    public var onlyTimingDiffers: Bool { !mismatches.isEmpty && mismatches.allSatisfy(\.isTiming) }

    /// Whether a real event's detail is the one predicted: equal text, or, for a Swift file run as itself, a log
    /// whose interpolations match any text (``SwiftFileConformance/logDetailMatches(predicted:real:)``).
    private let detailMatches: @Sendable (ObservedEvent, ObservedEvent) -> Bool

    /// Compares `real` with `prediction`, allowing `tolerance` virtual nanoseconds on every time; `detailMatches`
    /// decides whether a real event's detail is the predicted one (equal text by default).
    public init(
        prediction: Prediction, real: RealRun, tolerance: Int64,
        detailMatches: @escaping @Sendable (_ predicted: ObservedEvent, _ real: ObservedEvent) -> Bool = {
            $0.detail == $1.detail
        }
    ) {
        self.detailMatches = detailMatches
        let until = prediction.until
        let predicted = prediction.events.filter { $0.at <= until }
        let actual = real.events.filter { $0.at <= until }
        for e in predicted where e.at > until - tolerance {
            fail("predicted event within the tolerance of the horizon (move until: later): \(e)")
        }
        let threads = (predicted.map(\.thread) + actual.map(\.thread)).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        for thread in threads {
            let p = predicted.filter { $0.thread == thread }
            let r = actual.filter { $0.thread == thread }
            if thread == "pool" { matchAsMultiset(p, r) } else { matchInOrder(thread, p, r) }
        }
        for pair in pairs {
            if abs(pair.delta) > tolerance {
                fail(
                    timing: true,
                    "late or early by \(ObservedEvent.milliseconds(pair.delta)) (tolerance "
                        + "\(ObservedEvent.milliseconds(tolerance))): predicted \(pair.predicted), real \(pair.real)")
            }
            if let d = pair.slotDelta, abs(d) > tolerance {
                fail(
                    timing: true,
                    "slot off by \(ObservedEvent.milliseconds(d)): predicted \(pair.predicted), real \(pair.real)")
            }
        }
        if prediction.diagnostics != real.diagnostics {
            fail("CF diagnostics: predicted \(prediction.diagnostics), real \(real.diagnostics)")
        }
        if prediction.alive != real.alive {
            fail("alive at the horizon: predicted \(prediction.alive), real \(real.alive)")
        }
    }

    private mutating func fail(timing: Bool = false, _ message: String) {
        mismatches.append(Mismatch(message: message, isTiming: timing))
    }

    private mutating func matchInOrder(_ thread: String, _ p: [ObservedEvent], _ r: [ObservedEvent]) {
        for i in 0..<max(p.count, r.count) {
            switch (i < p.count ? p[i] : nil, i < r.count ? r[i] : nil) {
            case (let pe?, let re?) where pe.kind == re.kind && detailMatches(pe, re):
                pairs.append(Pair(predicted: pe, real: re))
            case (let pe?, let re?):
                fail("thread \(thread), event \(i + 1): predicted \(pe), real \(re)")
                return
            case (let pe?, nil):
                fail("thread \(thread): predicted \(pe), but the real run has no more events on it")
                return
            case (nil, let re?):
                fail("thread \(thread): real \(re), not predicted")
                return
            case (nil, nil):
                return
            }
        }
    }

    private mutating func matchAsMultiset(_ p: [ObservedEvent], _ r: [ObservedEvent]) {
        var unmatched = r.sorted { $0.at < $1.at }
        for pe in p.sorted(by: { $0.at < $1.at }) {
            if let index = unmatched.firstIndex(where: { $0.kind == pe.kind && detailMatches(pe, $0) }) {
                pairs.append(Pair(predicted: pe, real: unmatched.remove(at: index)))
            } else {
                fail("pool: predicted \(pe), not in the real run")
            }
        }
        for re in unmatched { fail("pool: real \(re), not predicted") }
    }
}
