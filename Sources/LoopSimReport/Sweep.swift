import LoopSimKernel
import LoopSimScenario
import LoopSimStats

/// A parameter sweep: every grid point of a scenario's `sweep:` block, under each variant, with replications.
///
/// Rows are numbered in grid order (`row = point × variants + variant`), so shards (`--shard K/N` runs the
/// rows whose point index is `K-1 mod N`) merge back, sorted by row, into exactly the unsharded document.
public enum Sweep {
    public struct Failure: Error, Sendable {
        public var message: String
        public var diagnostics: [Diagnostic]
        public var source: String

        public init(message: String, diagnostics: [Diagnostic], source: String) {
            self.message = message
            self.diagnostics = diagnostics
            self.source = source
        }
    }

    /// Runs the sweep of the scenario in `text`; `shard` is (index from 1, count); the whole document at the end
    /// (``Plan/run(jobs:limits:isInterrupted:progress:row:)`` hands out each row as it is done instead).
    /// A replication that a limit or an interrupt stops is left out of its row's figures and counted in the row's
    /// `limited` (``Replications/limited``).
    public static func run(
        text: String, file: String, replications: Int?, jobs: Int,
        shard: (Int, Int) = (1, 1), limits: RunLimits = RunLimits(),
        isInterrupted: @escaping @Sendable () -> Bool = { false }
    ) throws(Failure) -> JSONValue {
        let plan = try Plan(text: text, file: file, replications: replications, shard: shard)
        var rows: [JSONValue] = []
        let stopped = try plan.run(jobs: jobs, limits: limits, isInterrupted: isInterrupted) { rows.append($0) }
        return plan.document(rows: rows, stopped: stopped)
    }

    /// A sweep loaded and ready to run: its grid is enumerated point by point (``point(_:)``), never held whole,
    /// so a grid of any size runs in memory bounded by one point's replications.
    public struct Plan: Sendable {
        public let scenario: Scenario
        public let spec: SweepSpec
        public let text: String
        public let file: String
        /// Replications per point and variant.
        public let n: Int
        public let shard: (index: Int, count: Int)
        /// Grid points in all shards.
        public let pointCount: Int

        /// Loads a scenario's text with parameters: the YAML loader, or another front-end's (a Swift file's).
        public typealias Loader =
            @Sendable (_ text: String, _ file: String, _ parameters: [(String, String)]) ->
            ScenarioLoader.Loaded
        /// How the scenario's text is loaded at each point.
        public let loader: Loader

        /// Loads the scenario and its `sweep:` block, with `loader` (the YAML loader by default).
        /// - Throws: ``Failure`` for an invalid scenario, one without `sweep:`, or a grid whose size overflows.
        public init(
            text: String, file: String, replications: Int?, shard: (Int, Int) = (1, 1),
            loader: @escaping Loader = { ScenarioLoader.load(text: $0, file: $1, parameters: $2) }
        ) throws(Failure) {
            self.loader = loader
            let base = loader(text, file, [])
            guard let scenario = base.scenario else {
                throw Failure(message: "invalid scenario", diagnostics: base.diagnostics, source: text)
            }
            guard let spec = scenario.sweep else {
                throw Failure(message: "\(file) has no sweep: block", diagnostics: [], source: text)
            }
            var count = 1
            for axis in spec.axes {
                let (product, overflow) = count.multipliedReportingOverflow(by: axis.values.count)
                guard !overflow else {
                    throw Failure(
                        message: "\(file): the sweep grid has more points than can be counted; "
                            + "split it into several sweeps", diagnostics: [], source: text)
                }
                count = product
            }
            self.scenario = scenario
            self.spec = spec
            self.text = text
            self.file = file
            n = replications ?? spec.replications
            self.shard = shard
            pointCount = count
        }

        /// Points this shard runs (every `shard.count`-th from `shard.index - 1`).
        public var shardPointCount: Int {
            pointCount > shard.index - 1 ? (pointCount - shard.index) / shard.count + 1 : 0
        }

        /// Grid point `p` as (name, value) pairs, row-major (the last axis varies fastest), as
        /// ``SweepSpec/points``[p] without building the grid.
        public func point(_ p: Int) -> [(name: String, value: String)] {
            var rest = p
            var result: [(name: String, value: String)] = []
            for axis in spec.axes.reversed() {
                result.append((axis.name, axis.values[rest % axis.values.count]))
                rest /= axis.values.count
            }
            return result.reversed()
        }

        /// Runs the shard's points in order, handing each point's rows (one per variant) to `row` as soon as the
        /// point is done; `progress` gets the points done. Once `isInterrupted` returns true the point under way
        /// is dropped (its replications were cut short) and the run ends.
        /// - Returns: nil when every point ran, or the sentence a stopped document carries
        ///   (``document(rows:stopped:)``).
        public func run(
            jobs: Int, limits: RunLimits = RunLimits(),
            isInterrupted: @escaping @Sendable () -> Bool = { false },
            progress: ((Int) -> Void)? = nil,
            row: (JSONValue) throws(Failure) -> Void
        ) throws(Failure) -> String? {
            var done = 0
            for p in stride(from: shard.index - 1, to: pointCount, by: shard.count) {
                if isInterrupted() { return stopped(done) }
                let point = point(p)
                let loaded = loader(text, file, point.map { ($0.name, $0.value) })
                guard let atPoint = loaded.scenario else {
                    throw Failure(
                        message: "invalid scenario at grid point \(p)", diagnostics: loaded.diagnostics,
                        source: text)
                }
                let all: [Replications]
                do {
                    all = try Replications.run(
                        atPoint, variants: spec.variants, n: n, jobs: jobs, limits: limits,
                        isInterrupted: isInterrupted)
                } catch {
                    throw Failure(message: error.message, diagnostics: [], source: text)
                }
                // A point a signal reached is incomplete: its row would count cut-short replications as limited.
                if isInterrupted() { return stopped(done) }
                let params = Dictionary(point.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 })
                for (v, reps) in all.enumerated() {
                    var figures: [String: JSONValue] = [:]
                    for (figure, statistics) in reps.figures {
                        guard let ci = statistics.confidenceInterval() else { continue }
                        figures[figure] = interval(mean: ci.mean, low: ci.low, high: ci.high)
                    }
                    try row(
                        Sweep.row(
                            Int64(p * spec.variants.count + v), point: Int64(p), params: params,
                            variant: reps.variant, n: Int64(n), limited: Int64(reps.limitedCount),
                            figures: figures))
                }
                done += 1
                progress?(done)
            }
            return nil
        }

        /// What a document a signal stopped says: how many of the shard's points it has.
        func stopped(_ done: Int) -> String {
            "interrupted after \(done) of \(shardPointCount) points: the rows are of those, the rest were not run"
        }

        /// The sweep's document with `rows`; `stopped` (sorted after `rows`, so a stream can write it last) only
        /// for a sweep a signal stopped.
        public func document(rows: [JSONValue], stopped: String? = nil) -> JSONValue {
            var doc = Sweep.document(
                scenario: scenario.name, file: file, axes: spec.axes.map(\.name),
                figures: Replications.figurePaths, rows: rows,
                shard: shard.count > 1 ? "\(shard.index)/\(shard.count)" : nil)
            if let stopped, case .object(var fields) = doc {
                fields["stopped"] = .string(stopped)
                doc = .object(fields)
            }
            return doc
        }
    }

    // The document's parts, built in one place for `run` and for a document read back (`decode(_:)`).

    /// A figure's mean and 95 % interval (`null` for a value read back as `null`: one that was not finite).
    static func interval(mean: Double?, low: Double?, high: Double?) -> JSONValue {
        let number = { (d: Double?) in d.map(JSONValue.double) ?? .null }
        return .object(["mean": number(mean), "ci95_low": number(low), "ci95_high": number(high)])
    }

    /// One row: a grid point under one variant.
    /// `limited` counts the replications a limit stopped, left out of the figures.
    static func row(
        _ index: Int64, point: Int64, params: [String: String], variant: String, n: Int64, limited: Int64,
        figures: [String: JSONValue]
    ) -> JSONValue {
        .object([
            "row": .int(index),
            "point": .int(point),
            "params": .object(params.mapValues(JSONValue.string)),
            "variant": .string(variant),
            "n": .int(n),
            "limited": .int(limited),
            "figures": .object(figures),
        ])
    }

    /// The whole document; `shard` (`K/N`) only for a shard.
    static func document(
        scenario: String, file: String, axes: [String], figures: [String], rows: [JSONValue],
        shard: String?
    ) -> JSONValue {
        var doc: [String: JSONValue] = [
            "scenario": .string(scenario), "file": .string(file),
            "axes": .array(axes.map(JSONValue.string)),
            "figures": .array(figures.map(JSONValue.string)),
            "rows": .array(rows),
        ]
        if let shard { doc["shard"] = .string(shard) }
        return .object(doc)
    }

    /// Joins shard documents: rows of all, sorted by row number, without the shard marks. Every shard of the
    /// sweep must be there, once: each document says which it is (`"shard": "K/N"`), and a merge that misses
    /// one (a Slurm task that never ran) or has one twice fails, naming them, rather than print a partial sweep.
    public static func merge(_ docs: [JSONValue]) throws(Failure) -> JSONValue {
        guard case .object(var first)? = docs.first else {
            throw Failure(message: "nothing to merge", diagnostics: [], source: "")
        }
        try checkShards(docs)
        for doc in docs {
            if let stopped = doc.value(at: "stopped")?.stringValue {
                let shard = doc.value(at: "shard")?.stringValue.map { "shard \($0)" } ?? "a document"
                throw Failure(
                    message: "\(shard) is incomplete (\(stopped)): rerun it before merging", diagnostics: [],
                    source: "")
            }
        }
        var rows: [(Int64, JSONValue)] = []
        for doc in docs {
            guard case .object(let o) = doc, o["scenario"] == first["scenario"], o["axes"] == first["axes"],
                case .array(let items)? = o["rows"]
            else {
                throw Failure(message: "the documents are not shards of one sweep", diagnostics: [], source: "")
            }
            for item in items {
                guard case .object(let row) = item, let index = row["row"]?.numberValue else {
                    throw Failure(message: "a row has no row number", diagnostics: [], source: "")
                }
                rows.append((Int64(index), item))
            }
        }
        rows.sort { $0.0 < $1.0 }
        for i in 1..<max(1, rows.count) where rows[i].0 == rows[i - 1].0 {
            throw Failure(message: "row \(rows[i].0) appears in two shards", diagnostics: [], source: "")
        }
        first["rows"] = .array(rows.map(\.1))
        first["shard"] = nil
        return .object(first)
    }

    /// Checks that the documents are shards 1…N of N, each once (a lone unsharded sweep passes).
    static func checkShards(_ docs: [JSONValue]) throws(Failure) {
        var seen: [Int: Int] = [:]
        var total: Int?
        for doc in docs {
            guard case .object(let o) = doc, let mark = o["shard"]?.stringValue else {
                if docs.count == 1 { return }
                throw Failure(
                    message: "a document without a shard mark (\"shard\": \"K/N\") among shards: merge the "
                        + "outputs of `loopsim sweep --shard K/N --format json`", diagnostics: [], source: "")
            }
            let parts = mark.split(separator: "/")
            guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
                throw Failure(message: "shard mark '\(mark)' is not K/N", diagnostics: [], source: "")
            }
            if let total, total != n {
                throw Failure(message: "shards of \(total) and of \(n) parts are mixed", diagnostics: [], source: "")
            }
            total = n
            seen[k, default: 0] += 1
        }
        guard let total else { return }
        let missing = (1...total).filter { seen[$0] == nil }
        let twice = (1...total).filter { (seen[$0] ?? 0) > 1 }
        if !missing.isEmpty || !twice.isEmpty {
            var problems: [String] = []
            if !missing.isEmpty {
                problems.append(
                    "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(total)" }.joined(separator: ", ")) "
                        + "missing")
            }
            if !twice.isEmpty {
                problems.append(
                    "shard\(twice.count == 1 ? "" : "s") \(twice.map { "\($0)/\(total)" }.joined(separator: ", ")) given twice"
                )
            }
            throw Failure(
                message: problems.joined(separator: "; ") + ": the merge would not be the whole sweep; rerun "
                    + "the missing shards (`loopsim sweep FILE --shard K/\(total) --format json`)", diagnostics: [],
                source: "")
        }
    }

    /// The sweep as CSV: one line per row, parameters and variant first, then each figure's mean and interval.
    /// Cells are quoted as RFC 4180 says (``CSV``): a parameter value `"a, b"` is one cell.
    public static func csv(_ doc: JSONValue) -> String {
        guard case .object(let o) = doc, case .array(let axes)? = o["axes"], case .array(let figures)? = o["figures"],
            case .array(let rows)? = o["rows"]
        else { return "" }
        let axisNames = axes.compactMap(\.stringValue)
        let figureNames = figures.compactMap(\.stringValue)
        var header = ["point"] + axisNames + ["variant", "n", "limited"]
        for f in figureNames { header += ["\(f).mean", "\(f).ci95_low", "\(f).ci95_high"] }
        var lines = [CSV.record(header)]
        for row in rows {
            var cells = [row.value(at: "point")?.compact ?? ""]
            for a in axisNames { cells.append(row.value(at: "params.\(a)")?.stringValue ?? "") }
            cells.append(row.value(at: "variant")?.stringValue ?? "")
            cells.append(row.value(at: "n")?.compact ?? "")
            cells.append(row.value(at: "limited")?.compact ?? "0")
            for f in figureNames {
                for k in ["mean", "ci95_low", "ci95_high"] {
                    // figure names contain dots: look the figure up as one key
                    if case .object(let fs)? = row.value(at: "figures"), case .object(let ci)? = fs[f] {
                        cells.append(ci[k]?.compact ?? "")
                    } else {
                        cells.append("")
                    }
                }
            }
            lines.append(CSV.record(cells))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension JSONValue {
    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
    var numberValue: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }
}
