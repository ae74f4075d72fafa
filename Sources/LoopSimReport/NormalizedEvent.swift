import LoopSimKernel

/// An event as two runs of one scenario can share it, for aligning their traces (``TraceAlignment``): its
/// instant, thread, kind and field values, with names resolved to their strings (each run numbers its strings
/// in its own ``NameTable``), and without `run.start`'s variant, the one field two variants always differ in.
/// The sequence number is not part of it either: it is the event's position, which the alignment matches.
///
/// Two normalized events are equal exactly when their trace lines are, less `seq` and `run.start`'s `variant`.
///
/// ```swift
/// let a = ra.events.map { NormalizedEvent($0, names: ra.names) }
/// let b = rb.events.map { NormalizedEvent($0, names: rb.names) }
/// TraceAlignment(a, b).commonPrefix
/// ```
struct NormalizedEvent: Hashable {
    var instant: SimInstant
    var thread: String
    var kind: EventKind
    /// The field values in the trace line's order (a kind's fields are always the same keys in the same order).
    var fields: [Field]

    /// One field's value.
    enum Field: Hashable {
        case string(String)
        case strings([String])
        case int(Int64)
        case bool(Bool)
        case instant(SimInstant)
        case duration(SimDuration?)
        case waitSet(WaitSet)
    }

    init(_ event: SimEvent, names: NameTable) {
        instant = event.instant
        thread = names[event.thread]
        kind = event.kind
        if case .runStart(_, let seed, let until) = event.body {
            fields = [.int(seed), .instant(until)]  // the variant is left out
        } else {
            var collector = Collector(names: names)
            event.body.visitFields(&collector)
            fields = collector.fields
        }
    }

    /// Collects the field values with names resolved.
    private struct Collector: EventFieldVisitor {
        let names: NameTable
        var fields: [Field] = []

        init(names: NameTable) {
            self.names = names
            fields.reserveCapacity(4)
        }

        mutating func name(_ key: StaticString, _ value: Name) { fields.append(.string(names[value])) }
        mutating func int(_ key: StaticString, _ value: Int64) { fields.append(.int(value)) }
        mutating func bool(_ key: StaticString, _ value: Bool) { fields.append(.bool(value)) }
        mutating func instant(_ key: StaticString, _ value: SimInstant) { fields.append(.instant(value)) }
        mutating func duration(_ key: StaticString, _ value: SimDuration) { fields.append(.duration(value)) }
        mutating func optionalDuration(_ key: StaticString, _ value: SimDuration?) { fields.append(.duration(value)) }
        mutating func names(_ key: StaticString, _ value: [Name]) { fields.append(.strings(value.map { names[$0] })) }
        mutating func waitSet(_ key: StaticString, _ value: WaitSet) { fields.append(.waitSet(value)) }
        mutating func entered(_ key: StaticString, _ value: Bool) { fields.append(.bool(value)) }
    }
}
