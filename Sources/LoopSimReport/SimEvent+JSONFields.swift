import LoopSimKernel

extension SimEvent.Body {
    /// The event's own fields as JSON values, keyed as its trace line keys them: names as strings, instants and
    /// durations as integer nanoseconds (`null` for ``SimInstant/never`` or no duration), a wait set as the
    /// trace's list of ports, `entered` only when false.
    ///
    /// For views whose output carries an event's fields (the arguments of a Chrome trace slice); nothing is
    /// formatted: the values are the ones the trace line would hold.
    ///
    /// ```swift
    /// SimEvent.Body.timerFire(timer: t, slot: .milliseconds(16), latency: .zero).jsonFields(names)
    /// // ["timer": .string("NSTimer#3"), "slot": .int(16_000_000), "latency_ns": .int(0)]
    /// ```
    public func jsonFields(_ names: NameTable) -> [String: JSONValue] {
        var collector = JSONFieldCollector(names: names)
        visitFields(&collector)
        return collector.fields
    }
}

extension JSONValue {
    /// An instant as the trace holds it: integer nanoseconds, `null` for ``SimInstant/never``.
    static func instant(_ value: SimInstant) -> JSONValue { value.isNever ? .null : .int(value.nanoseconds) }
}

/// Collects an event's fields into a JSON object (``SimEvent/Body/jsonFields(_:)``).
private struct JSONFieldCollector: EventFieldVisitor {
    let names: NameTable
    var fields: [String: JSONValue] = [:]

    init(names: NameTable) { self.names = names }

    mutating func name(_ key: StaticString, _ value: Name) { fields[key.description] = .string(names[value]) }
    mutating func int(_ key: StaticString, _ value: Int64) { fields[key.description] = .int(value) }
    mutating func bool(_ key: StaticString, _ value: Bool) { fields[key.description] = .bool(value) }
    mutating func instant(_ key: StaticString, _ value: SimInstant) { fields[key.description] = .instant(value) }
    mutating func duration(_ key: StaticString, _ value: SimDuration) {
        fields[key.description] = .int(value.nanoseconds)
    }
    mutating func optionalDuration(_ key: StaticString, _ value: SimDuration?) {
        fields[key.description] = value.map { .int($0.nanoseconds) } ?? .null
    }
    mutating func names(_ key: StaticString, _ value: [Name]) {
        fields[key.description] = .array(value.map { .string(names[$0]) })
    }
    mutating func waitSet(_ key: StaticString, _ value: WaitSet) {
        fields[key.description] = .array(value.traceStrings.map(JSONValue.string))
    }
    mutating func entered(_ key: StaticString, _ value: Bool) {
        if !value { fields[key.description] = .bool(false) }  // the trace writes it only when false
    }
}
