import LoopSimKernel

/// The data a player page (``PlayerPage``) plays: every variant's events, compactly, with the narration line of
/// each step, the point where the variants' traces part, and what each run left behind.
///
/// The page recomputes the state at a step by replaying the events up to it (``PlayerPage`` keeps snapshots), so
/// nothing here is state: only the trace itself, encoded as JSON arrays over one string table.
///
/// - `strings`: every string the data names, once; every other string is an index into it.
/// - `kinds`: per event kind, `[name, [[field key, offset]…], width, list]`: the keys in the order the trace line
///   writes them, each with its offset from the event's first number; how many numbers the fields take; and the
///   offset of the count of a list of names (`captures`), which adds that many numbers, or -1.
/// - `flags`: `[name, value, source, certainty]` of every variant flag a narration line cites; `flagsets`: the lists
///   of flags the lines cite, as indices into `flags`.
/// - per run: `events`, one flat array of numbers: per event the nanoseconds since the event before, the thread, the
///   kind, then the fields (a name is a string index, an instant or a duration integer nanoseconds or -1 for never,
///   a bool 0 or 1, a wait set three numbers: timer port deadline or -1, main queue 0 or 1, time-out or -1; a list
///   of names its count then its items); `lines`, flat too, ten numbers per narration line: event, thread, text,
///   about, mode, run, pass, depth, bits (1 in a callout, 2 decisive), flag set (-1 for none); `leaks`, `parked`,
///   `end_ns`, `retain` (the retain graph SVG of its leaks), `diverges` (the index of its first event that the
///   first variant does not have at the same index, or null); `graph`, when the run's retain graph was read
///   (``PlayerGraph``): `nodes`, three numbers per object (name, class, its leak's kind or -1), `deltas`, six numbers
///   per change as ``PlayerGraph`` writes them with every label a string index (a root `-1 - index`), and `stopped`,
///   the event where it stopped being read, or null.
///
/// Flat arrays of numbers, not an array per event: a browser parses and keeps them without allocating an object
/// per event, which is what lets a 100,000-event run open in well under two seconds.
///
/// ```swift
/// let json = PlayerData(scenario: "S2", file: "s02.yaml", runs: runs).json
/// ```
public struct PlayerData {
    private var strings: [String] = []
    private var index: [String: Int] = [:]
    private var kinds: [EventKind] = []
    private var kindIndex: [EventKind: Int] = [:]
    private var kindKeys: [KeyCollector] = []
    private var flags: [NarrationFlag] = []
    private var flagIndex: [NarrationFlag: Int] = [:]
    private var flagSets: [[Int]] = []
    private var flagSetIndex: [[Int]: Int] = [:]
    /// The page's data as one JSON text.
    public private(set) var json = ""

    /// Encodes `runs` (their outcomes must keep their events) of the scenario `scenario` from `file`, with the
    /// retain graphs read during the runs, in the same order, if any (``PlayerGraph``).
    public init(scenario: String, file: String, runs: [VariantRun], graphs: [PlayerGraph] = []) {
        let prefix = Self.commonPrefix(runs)
        var encoded: [String] = []
        for (i, run) in runs.enumerated() {
            let parts = runs.count > 1 && prefix < run.outcome.eventLog.count
            encoded.append(encode(run, diverges: parts ? prefix : nil, graph: i < graphs.count ? graphs[i] : nil))
        }
        var out = "{\"scenario\":" + JSONText.quoted(scenario) + ",\"file\":" + JSONText.quoted(file)
        out += ",\"strings\":[" + strings.map(JSONText.quoted).joined(separator: ",") + "]"
        var kindRows: [String] = []
        for (kind, keys) in zip(kinds, kindKeys) {
            let quotedKeys: [String] = zip(keys.keys, keys.offsets).map { "[" + JSONText.quoted($0) + ",\($1)]" }
            kindRows.append(
                "[" + JSONText.quoted(kind.name.description) + ",[" + quotedKeys.joined(separator: ",")
                    + "],\(keys.width),\(keys.list)]")
        }
        out += ",\"kinds\":[" + kindRows.joined(separator: ",") + "]"
        var flagRows: [String] = []
        for f in flags {
            let cells: [String] = [f.name, f.value, f.source, f.certainty ?? ""].map(JSONText.quoted)
            flagRows.append("[" + cells.joined(separator: ",") + "]")
        }
        out += ",\"flags\":[" + flagRows.joined(separator: ",") + "]"
        let setRows: [String] = flagSets.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }
        out += ",\"flagsets\":[" + setRows.joined(separator: ",") + "]"
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
                NormalizedEvent(base.events[i], names: base.names) == NormalizedEvent(o.events[i], names: o.names)
            {
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
        kindKeys.append(keys)
        kindIndex[body.kind] = kinds.count - 1
        return kinds.count - 1
    }

    private mutating func flag(_ f: NarrationFlag) -> Int {
        if let i = flagIndex[f] { return i }
        flags.append(f)
        flagIndex[f] = flags.count - 1
        return flags.count - 1
    }

    /// The index of a line's list of flags in `flagsets`, -1 for none.
    private mutating func flagSet(_ list: [NarrationFlag]) -> Int {
        guard !list.isEmpty else { return -1 }
        let ids = list.map { flag($0) }
        if let i = flagSetIndex[ids] { return i }
        flagSets.append(ids)
        flagSetIndex[ids] = flagSets.count - 1
        return flagSets.count - 1
    }

    /// One run as a JSON object.
    private mutating func encode(_ run: VariantRun, diverges: Int?, graph: PlayerGraph?) -> String {
        let events = RunEvents(run.outcome)
        var out = "{\"variant\":" + JSONText.quoted(run.variant) + ",\"end_ns\":\(run.outcome.endTime.nanoseconds)"
        out += ",\"fingerprint\":" + JSONText.quoted(run.outcome.fingerprint)
        out += ",\"diverges\":" + (diverges.map(String.init) ?? "null")
        out += ",\"events\":["
        out.reserveCapacity(events.events.count * 32)
        var previous: Int64 = 0
        for (i, e) in events.events.enumerated() {
            if i > 0 { out += "," }
            var row = FieldWriter()
            let t = e.instant.nanoseconds
            row.out = "\(t - previous),\(string(events.names[e.thread])),\(kind(e.body))"
            previous = t
            var collect = NameCollector()
            e.body.visitFields(&collect)
            row.nameIDs = collect.names.map { string(events.names[$0]) }
            e.body.visitFields(&row)
            out += row.out
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
                cells.append("\(flagSet(l.flags))")
                out += cells.joined(separator: ",")
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
            parked.append(
                "{\"thread\":" + JSONText.quoted(p.name) + ",\"since_ns\":" + since + ",\"reason\":"
                    + JSONText.quoted(p.reason) + "}")
        }
        out += ",\"parked\":[" + parked.joined(separator: ",") + "]"
        out +=
            ",\"retain\":"
            + JSONText.quoted(
                RetainGraphSVG.render(
                    run.outcome.findings.leaks, width: 560,
                    id: "retain-\(run.variant)"))
        if let graph { out += ",\"graph\":" + encode(graph, leaks: run.outcome.findings.leaks) }
        return out + "}"
    }

    /// A run's retain graph (``PlayerGraph``) as a JSON object, its labels and names in the string table.
    private mutating func encode(_ graph: PlayerGraph, leaks: [Leak]) -> String {
        var kinds: [Int: Int] = [:]
        for leak in leaks where kinds[leak.serial] == nil { kinds[leak.serial] = string(leak.kind.rawValue) }
        var nodes: [String] = []
        for n in graph.nodes {
            nodes.append("\(string(n.name)),\(string(n.className)),\(kinds[n.serial] ?? -1)")
        }
        let labels = graph.labels.map { string($0) }
        var deltas: [String] = []
        deltas.reserveCapacity(graph.deltas.count / 6)
        var d = graph.deltas[...]
        while d.count >= 6 {
            let row = Array(d.prefix(6))
            d = d.dropFirst(6)
            var cells = row
            if row[1] == 3 || row[1] == 4 {
                cells[2] = row[2] < 0 ? -1 - labels[-1 - row[2]] : row[2]
                cells[3] = labels[row[3]]
            }
            deltas.append(cells.map(String.init).joined(separator: ","))
        }
        return "{\"nodes\":[" + nodes.joined(separator: ",") + "],\"deltas\":[" + deltas.joined(separator: ",")
            + "],\"stopped\":" + (graph.stoppedAt.map(String.init) ?? "null") + "}"
    }

    /// Collects the field keys of an event kind, with their offsets in its flat row (after time, thread and kind).
    private struct KeyCollector: EventFieldVisitor {
        var keys: [String] = []
        var offsets: [Int] = []
        /// How many numbers the fields take (a list of names: its count only).
        var width = 0
        /// The offset of a list's count, or -1.
        var list = -1
        mutating func add(_ key: StaticString, _ numbers: Int = 1) {
            keys.append(key.description)
            offsets.append(3 + width)
            width += numbers
        }
        mutating func name(_ key: StaticString, _ value: Name) { add(key) }
        mutating func int(_ key: StaticString, _ value: Int64) { add(key) }
        mutating func bool(_ key: StaticString, _ value: Bool) { add(key) }
        mutating func instant(_ key: StaticString, _ value: SimInstant) { add(key) }
        mutating func duration(_ key: StaticString, _ value: SimDuration) { add(key) }
        mutating func optionalDuration(_ key: StaticString, _ value: SimDuration?) { add(key) }
        mutating func names(_ key: StaticString, _ value: [Name]) {
            list = 3 + width
            add(key)
        }
        mutating func waitSet(_ key: StaticString, _ value: WaitSet) { add(key, 3) }
        mutating func entered(_ key: StaticString, _ value: Bool) { add(key) }
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
        static func instant(_ t: SimInstant) -> String { t.isNever ? "-1" : String(t.nanoseconds) }
        mutating func name(_ key: StaticString, _ value: Name) { out += ",\(nextName())" }
        mutating func int(_ key: StaticString, _ value: Int64) { out += ",\(value)" }
        mutating func bool(_ key: StaticString, _ value: Bool) { out += value ? ",1" : ",0" }
        mutating func instant(_ key: StaticString, _ value: SimInstant) { out += "," + Self.instant(value) }
        mutating func duration(_ key: StaticString, _ value: SimDuration) { out += ",\(value.nanoseconds)" }
        mutating func optionalDuration(_ key: StaticString, _ value: SimDuration?) {
            out += "," + (value.map { String($0.nanoseconds) } ?? "-1")
        }
        mutating func names(_ key: StaticString, _ value: [Name]) {
            out += ",\(value.count)"
            for _ in value { out += ",\(nextName())" }
        }
        mutating func waitSet(_ key: StaticString, _ value: WaitSet) {
            out += "," + Self.instant(value.timerPort) + (value.mainQueue ? ",1," : ",0,") + Self.instant(value.timeout)
        }
        mutating func entered(_ key: StaticString, _ value: Bool) { out += value ? ",1" : ",0" }
    }
}
