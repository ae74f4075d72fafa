import LoopSimKernel

/// The data a player page (``PlayerPage``) plays: every variant's events, compactly, with the narration line of
/// each step, the point where the variants' traces part, and what each run left behind.
///
/// The page recomputes the state at a step by replaying the events up to it (``PlayerPage`` keeps snapshots), so
/// nothing here is state: only the trace itself, encoded as JSON arrays over one string table.
///
/// - `strings`: every string the data names, once; every other string is an index into it.
/// - `kinds`: per event kind, `[name, [field keys…]]`, the keys in the order the trace line writes them.
/// - `flags`: `[name, value, source, certainty]` of every variant flag a narration line cites.
/// - per run: `events`, each `[t_ns, thread, kind, fields…]` (a name is a string index, an instant or a duration
///   integer nanoseconds or null for never, a bool 0 or 1, a wait set `[timer_ns|null, main_queue, timeout_ns|null]`);
///   `lines`, each `[event, thread, text, about, mode, run, pass, depth, bits, [flags…]]` (-1 for none; bits: 1 in a
///   callout, 2 decisive); `leaks`, `parked`, `end_ns`, `retain` (the retain graph SVG of its leaks), `diverges`
///   (the index of its first event that the first variant does not have at the same index, or null).
///
/// ```swift
/// let json = PlayerData(scenario: "S2", file: "s02.yaml", runs: runs).json
/// ```
public struct PlayerData {
    private var strings: [String] = []
    private var index: [String: Int] = [:]
    private var kinds: [EventKind] = []
    private var kindIndex: [EventKind: Int] = [:]
    private var kindKeys: [[String]] = []
    private var flags: [NarrationFlag] = []
    private var flagIndex: [NarrationFlag: Int] = [:]
    /// The page's data as one JSON text.
    public private(set) var json = ""

    /// Encodes `runs` (their outcomes must keep their events) of the scenario `scenario` from `file`.
    public init(scenario: String, file: String, runs: [VariantRun]) {
        let prefix = Self.commonPrefix(runs)
        var encoded: [String] = []
        for run in runs {
            let parts = runs.count > 1 && prefix < run.outcome.eventLog.count
            encoded.append(encode(run, diverges: parts ? prefix : nil))
        }
        var out = "{\"scenario\":" + JSONText.quoted(scenario) + ",\"file\":" + JSONText.quoted(file)
        out += ",\"strings\":[" + strings.map(JSONText.quoted).joined(separator: ",") + "]"
        var kindRows: [String] = []
        for (kind, keys) in zip(kinds, kindKeys) {
            let quotedKeys: [String] = keys.map(JSONText.quoted)
            kindRows.append("[" + JSONText.quoted(kind.name.description) + ",[" + quotedKeys.joined(separator: ",") + "]]")
        }
        out += ",\"kinds\":[" + kindRows.joined(separator: ",") + "]"
        var flagRows: [String] = []
        for f in flags {
            let cells: [String] = [f.name, f.value, f.source, f.certainty ?? ""].map(JSONText.quoted)
            flagRows.append("[" + cells.joined(separator: ",") + "]")
        }
        out += ",\"flags\":[" + flagRows.joined(separator: ",") + "]"
        out += ",\"runs\":[" + encoded.joined(separator: ",") + "]}"
        json = out
    }

    /// How many leading events every run has in common (same instant, thread, kind and fields; the variant of
    /// `run.start` aside): the step where the traces part.
    static func commonPrefix(_ runs: [VariantRun]) -> Int {
        guard let first = runs.first else { return 0 }
        let base = RunEvents(first.outcome)
        var n = base.events.count
        for other in runs.dropFirst() {
            let o = RunEvents(other.outcome)
            var i = 0
            while i < min(n, o.events.count),
                  NormalizedEvent(base.events[i], names: base.names) == NormalizedEvent(o.events[i], names: o.names) {
                i += 1
            }
            n = i
        }
        return n
    }

    private mutating func string(_ s: String) -> Int {
        if let i = index[s] { return i }
        strings.append(s)
        index[s] = strings.count - 1
        return strings.count - 1
    }

    private mutating func kind(_ body: SimEvent.Body) -> Int {
        if let i = kindIndex[body.kind] { return i }
        var keys = KeyCollector()
        body.visitFields(&keys)
        kinds.append(body.kind)
        kindKeys.append(keys.keys)
        kindIndex[body.kind] = kinds.count - 1
        return kinds.count - 1
    }

    private mutating func flag(_ f: NarrationFlag) -> Int {
        if let i = flagIndex[f] { return i }
        flags.append(f)
        flagIndex[f] = flags.count - 1
        return flags.count - 1
    }

    /// One run as a JSON object.
    private mutating func encode(_ run: VariantRun, diverges: Int?) -> String {
        let events = RunEvents(run.outcome)
        var out = "{\"variant\":" + JSONText.quoted(run.variant) + ",\"end_ns\":\(run.outcome.endTime.nanoseconds)"
        out += ",\"fingerprint\":" + JSONText.quoted(run.outcome.fingerprint)
        out += ",\"diverges\":" + (diverges.map(String.init) ?? "null")
        out += ",\"events\":["
        out.reserveCapacity(events.events.count * 32)
        for (i, e) in events.events.enumerated() {
            if i > 0 { out += "," }
            var row = FieldWriter()
            row.out = "[\(e.instant.nanoseconds),\(string(events.names[e.thread])),\(kind(e.body))"
            var collect = NameCollector()
            e.body.visitFields(&collect)
            row.nameIDs = collect.names.map { string(events.names[$0]) }
            e.body.visitFields(&row)
            out += row.out + "]"
        }
        out += "],\"lines\":["
        var narrator = Narration.Narrator(run: events, profile: run.profile)
        var first = true
        for i in events.events.indices {
            let before = narrator.lines.count
            narrator.narrate(i)
            for l in narrator.lines[before...] {
                if !first { out += "," }
                first = false
                let bits = (l.inCallout ? 1 : 0) | (l.isDecisive ? 2 : 0)
                let about: Int = l.about.map { string($0) } ?? -1
                let mode: Int = l.mode.map { string($0) } ?? -1
                var cells: [String] = ["\(i)", "\(string(l.thread))", "\(string(l.text))", "\(about)", "\(mode)"]
                cells += ["\(l.run ?? -1)", "\(l.pass ?? -1)", "\(l.depth)", "\(bits)"]
                let flagIDs: [String] = l.flags.map { String(flag($0)) }
                out += "[" + cells.joined(separator: ",") + ",[" + flagIDs.joined(separator: ",") + "]]"
            }
        }
        var leaks: [String] = []
        for leak in run.outcome.findings.leaks {
            var o = "{\"object\":" + JSONText.quoted(leak.object) + ",\"class\":" + JSONText.quoted(leak.className)
            o += ",\"kind\":" + JSONText.quoted(leak.kind.rawValue) + ",\"cause\":" + JSONText.quoted(leak.cause)
            let letGo: String = leak.letGo.map { String($0.at.nanoseconds) } ?? "null"
            leaks.append(o + ",\"let_go_ns\":" + letGo + "}")
        }
        out += "],\"leaks\":[" + leaks.joined(separator: ",") + "]"
        var parked: [String] = []
        for p in run.outcome.findings.parkedThreads {
            let since: String = p.since.map { String($0.nanoseconds) } ?? "null"
            parked.append("{\"thread\":" + JSONText.quoted(p.name) + ",\"since_ns\":" + since + ",\"reason\":"
                          + JSONText.quoted(p.reason) + "}")
        }
        out += ",\"parked\":[" + parked.joined(separator: ",") + "]"
        out += ",\"retain\":" + JSONText.quoted(RetainGraphSVG.render(run.outcome.findings.leaks, width: 560,
                                                                       id: "retain-\(run.variant)"))
        return out + "}"
    }

    /// Collects the field keys of an event kind.
    private struct KeyCollector: EventFieldVisitor {
        var keys: [String] = []
        mutating func name(_ key: StaticString, _ value: Name) { keys.append(key.description) }
        mutating func int(_ key: StaticString, _ value: Int64) { keys.append(key.description) }
        mutating func bool(_ key: StaticString, _ value: Bool) { keys.append(key.description) }
        mutating func instant(_ key: StaticString, _ value: SimInstant) { keys.append(key.description) }
        mutating func duration(_ key: StaticString, _ value: SimDuration) { keys.append(key.description) }
        mutating func optionalDuration(_ key: StaticString, _ value: SimDuration?) { keys.append(key.description) }
        mutating func names(_ key: StaticString, _ value: [Name]) { keys.append(key.description) }
        mutating func waitSet(_ key: StaticString, _ value: WaitSet) { keys.append(key.description) }
        mutating func entered(_ key: StaticString, _ value: Bool) { keys.append(key.description) }
    }

    /// Collects the names an event's fields hold, in field order (so that they can be interned before writing).
    private struct NameCollector: EventFieldVisitor {
        var names: [Name] = []
        mutating func name(_ key: StaticString, _ value: Name) { names.append(value) }
        mutating func int(_ key: StaticString, _ value: Int64) {}
        mutating func bool(_ key: StaticString, _ value: Bool) {}
        mutating func instant(_ key: StaticString, _ value: SimInstant) {}
        mutating func duration(_ key: StaticString, _ value: SimDuration) {}
        mutating func optionalDuration(_ key: StaticString, _ value: SimDuration?) {}
        mutating func names(_ key: StaticString, _ value: [Name]) { names += value }
        mutating func waitSet(_ key: StaticString, _ value: WaitSet) {}
        mutating func entered(_ key: StaticString, _ value: Bool) {}
    }

    /// Writes an event's fields as JSON array elements, each name as the string index ``nameIDs`` gives in order.
    private struct FieldWriter: EventFieldVisitor {
        var nameIDs: [Int] = []
        var next = 0
        var out = ""

        mutating func nextName() -> Int {
            defer { next += 1 }
            return nameIDs[next]
        }
        static func instant(_ t: SimInstant) -> String { t.isNever ? "null" : String(t.nanoseconds) }
        mutating func name(_ key: StaticString, _ value: Name) { out += ",\(nextName())" }
        mutating func int(_ key: StaticString, _ value: Int64) { out += ",\(value)" }
        mutating func bool(_ key: StaticString, _ value: Bool) { out += value ? ",1" : ",0" }
        mutating func instant(_ key: StaticString, _ value: SimInstant) { out += "," + Self.instant(value) }
        mutating func duration(_ key: StaticString, _ value: SimDuration) { out += ",\(value.nanoseconds)" }
        mutating func optionalDuration(_ key: StaticString, _ value: SimDuration?) {
            out += "," + (value.map { String($0.nanoseconds) } ?? "null")
        }
        mutating func names(_ key: StaticString, _ value: [Name]) {
            out += ",[" + value.map { _ in String(nextName()) }.joined(separator: ",") + "]"
        }
        mutating func waitSet(_ key: StaticString, _ value: WaitSet) {
            out += ",[" + Self.instant(value.timerPort) + (value.mainQueue ? ",1," : ",0,") + Self.instant(value.timeout)
                + "]"
        }
        mutating func entered(_ key: StaticString, _ value: Bool) { out += value ? ",1" : ",0" }
    }
}
