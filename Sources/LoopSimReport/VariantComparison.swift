import LoopSimScenario

/// `loopsim compare`: one scenario run under several variants with the same seed, side by side — a table
/// with a column per variant and the figures that differ marked — followed by where each variant's trace
/// first parts from the first variant's (``TraceDivergence``).
///
/// ```swift
/// let runs = try ScenarioRunner.run(scenario, variants: ["ios9", "ios10"], keepsTrace: true)
/// let c = VariantComparison(scenario, runs)
/// print(c.text)
/// ```
public struct VariantComparison: Sendable {
    /// One row of the table.
    public struct Figure: Sendable, Hashable {
        /// The row's label (`objects leaked`).
        public var label: String
        /// The report path it comes from (`objects.leaked`), for JSON readers.
        public var path: String
        /// One value per variant, in the order of ``variants``.
        public var values: [JSONValue]
        /// The same values as text.
        public var texts: [String]
        /// Whether the row is marked when its values differ: not the fingerprint, whose ingredients include the
        /// variant's name (`run.start`), so that it differs between any two variants even when every other event
        /// is the same.
        public var marksDifferences = true
        /// Whether the variants disagree (on a row that marks differences).
        public var differs: Bool { marksDifferences && Set(texts).count > 1 }
    }

    public var scenario: String
    public var file: String
    public var seed: UInt64
    public var variants: [String]
    public var figures: [Figure]
    /// The first variant against each of the others, in order.
    public var divergences: [TraceDivergence]
    /// The flags whose values differ between the variants, with their evidence.
    public var flags: FlagDifferences

    /// Builds the comparison; the runs must have kept their traces.
    public init(_ scenario: Scenario, _ runs: [VariantRun]) {
        self.scenario = scenario.name
        file = scenario.file
        seed = runs.first?.outcome.seed ?? scenario.seed
        variants = runs.map(\.variant)
        figures = Self.rows.map { row in
            let values = runs.map { row.value($0) }
            return Figure(
                label: row.label, path: row.path, values: values, texts: values.map(Self.text),
                marksDifferences: row.marksDifferences)
        }
        divergences = runs.count < 2 ? [] : runs.dropFirst().map { TraceDivergence(runs[0], $0) }
        flags = FlagDifferences(runs.map(\.profile))
    }

    private struct Row: Sendable {
        var label: String
        var path: String
        var value: @Sendable (VariantRun) -> JSONValue
        var marksDifferences = true
        init(
            _ label: String, _ path: String, marksDifferences: Bool = true,
            _ value: (@Sendable (VariantRun) -> JSONValue)? = nil
        ) {
            self.label = label
            self.path = path
            self.marksDifferences = marksDifferences
            self.value = value ?? { $0.report.value(at: path) ?? .null }
        }
    }

    private static let rows: [Row] = [
        Row("ended at (ms)", "end_time_ms"),
        // Why the run ended then: "ended at" differs between runs that both ran out of events at different times.
        Row(
            "ended because", "end_reason",
            { run in
                switch run.outcome.ending {
                case .crash: .string("the app crashed")
                case .limit: .string("limit \(run.outcome.limit?.kind ?? "")")
                case .lastEvent: .string("nothing left to happen")
                case .horizon: .string("until: reached")
                }
            }),
        Row("trace events", "events"),
        Row("fingerprint (folds the variant)", "fingerprint", marksDifferences: false),
        Row("crashed", "crashed"),
        Row("threads", "threads.all", { .int(Int64($0.outcome.threads.count)) }),
        Row("threads parked", "threads.parked"),
        Row(
            "parked names", "threads.parked_names",
            { .string($0.outcome.findings.parkedThreads.map(\.name).joined(separator: ", ")) }),
        Row("tasks suspended for ever", "tasks.suspended"),
        Row(
            "suspended task names", "tasks.suspended_names",
            { .string($0.outcome.findings.suspendedTasks.map(\.name).joined(separator: ", ")) }),
        Row("objects allocated", "objects.allocated"),
        Row("objects deallocated", "objects.deallocated"),
        Row("objects leaked", "objects.leaked"),
        Row("objects abandoned", "objects.abandoned"),
        Row("objects delayed", "objects.delayed"),
        Row(
            "leaks", "leaks",
            { run in
                .string(
                    run.outcome.findings.leaks.map { "\($0.className) \($0.object) (\($0.kind.rawValue))" }
                        .joined(separator: ", "))
            }),
        Row("timer fires", "timers.fires"),
        Row("skipped slots", "timers.skipped"),
        Row("latency p50 (ms)", "timers.latency_ms.p50"),
        Row("latency p99 (ms)", "timers.latency_ms.p99"),
        Row("latency max (ms)", "timers.latency_ms.max"),
        Row("run-loop exits", "runloop_exits", { .int(Int64($0.outcome.runLoopExits.filter(\.entered).count)) }),
        Row(
            "first exit", "runloop_exits[0]",
            { run in
                guard let x = run.outcome.runLoopExits.first(where: \.entered) else { return .string("") }
                // to the microsecond, as the table's other times (6270.652 ms, not 6270.652078 ms)
                let microseconds = (x.at.nanoseconds + 500) / 1000
                return .string("\(x.thread) \(x.mode) → \(x.result.rawValue) at \(TimeText.ms(microseconds * 1000))")
            }),
        Row("expectations failed", "expectations", { .int(Int64($0.failedExpectations.count)) }),
    ]

    static func text(_ v: JSONValue) -> String {
        switch v {
        case .null: return "–"
        case .string(let s): return s.isEmpty ? "–" : s
        case .double(let d) where d.isFinite:
            // Milliseconds to the microsecond: enough for any figure, and no binary-fraction noise (2324.999…).
            return JSONValue.double((d * 1000).rounded() / 1000).compact
        default: return v.compact
        }
    }

    /// The table, the flags that differ, then one divergence section per pair.
    public var text: String {
        var out = "\(scenario)\n  file \(file) · seed \(seed) · variants \(variants.joined(separator: ", "))\n\n"
        let labelWidth = max(6, figures.map(\.label.count).max() ?? 0)
        var widths = variants.map(\.count)
        for f in figures { for (i, t) in f.texts.enumerated() { widths[i] = max(widths[i], min(t.count, 48)) } }
        func clip(_ s: String, _ w: Int) -> String { s.count <= w ? s : String(s.prefix(w - 1)) + "…" }
        out += "    " + "figure".padding(to: labelWidth)
        for (i, v) in variants.enumerated() { out += "  " + v.padding(to: widths[i]) }
        out = String(out.reversed().drop { $0 == " " }.reversed()) + "\n"
        for f in figures {
            out += (f.differs ? "  ≠ " : "    ") + f.label.padding(to: labelWidth)
            for (i, t) in f.texts.enumerated() { out += "  " + clip(t, widths[i]).padding(to: widths[i]) }
            out = String(out.reversed().drop { $0 == " " }.reversed()) + "\n"
        }
        let differing = figures.filter(\.differs).count
        out +=
            "  ≠ marks the \(differing) figure\(differing == 1 ? "" : "s") that differ (same seed \(seed) for every variant)\n"
        out += "\n" + flags.text
        for d in divergences { out += "\n" + Self.text(d) }
        return out
    }

    static func text(_ d: TraceDivergence) -> String {
        let title = "── first divergence: \(d.a) vs \(d.b) "
        var out = title + String(repeating: "─", count: max(4, 72 - title.count)) + "\n"
        if d.identical { return out + "  none: the traces are identical event for event\n" }
        let width = max(d.a.count, d.b.count)
        if let at = d.at, let thread = d.thread {
            out += "  at \(TimeText.seconds(at)) on \(thread)\n"
        } else {
            out += "  the traces differ only in kernel bookkeeping\n"
        }
        for s in d.first {
            out += "    " + s.variant.padding(to: width) + "  " + s.text + (s.site.map { "  ← \($0)" } ?? "") + "\n"
        }
        if !d.setup.isEmpty {
            out += "  set up by\n"
            for s in d.setup {
                out +=
                    "    " + s.variant.padding(to: width) + "  \(TimeText.seconds(s.t)) \(s.thread): " + s.text + "\n"
            }
        }
        out += "  what follows\n"
        for (i, name) in [d.a, d.b].enumerated() {
            var items = d.consequences[i].map { "\(TimeText.seconds($0.t)) \($0.thread): \($0.text)" }
            if items.isEmpty { items.append("nothing more happens") }
            items += d.endState[i]
            for (j, item) in items.enumerated() {
                out +=
                    "    " + (j == 0 ? name.padding(to: width) : String(repeating: " ", count: width)) + "  → " + item
                    + "\n"
            }
        }
        if d.truncated { out += "  (the traces were aligned only up to a window: later consequences may be missing)\n" }
        return out
    }

    /// `{scenario, file, seed, variants, figures: [{label, figure, values: {variant: value}, differs}], flags,
    /// divergences}`; `flags` is ``FlagDifferences/json``.
    public var json: JSONValue {
        .object([
            "scenario": .string(scenario), "file": .string(file), "seed": .int(Int64(bitPattern: seed)),
            "variants": .array(variants.map(JSONValue.string)),
            "figures": .array(
                figures.map { f in
                    var values: [String: JSONValue] = [:]
                    for (i, v) in variants.enumerated() { values[v] = f.values[i] }
                    return .object([
                        "label": .string(f.label), "figure": .string(f.path), "values": .object(values),
                        "differs": .bool(f.differs),
                    ])
                }),
            "flags": flags.json,
            "divergences": .array(divergences.map(\.json)),
        ])
    }
}
