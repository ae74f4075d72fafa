import ArgumentParser
import LoopSimKernel
import LoopSimReport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `loopsim sweep`'s run: each point's rows written to standard output as soon as the point and every earlier one
/// are done, in the bytes the whole document would print (``SweepStream``), a progress line on a terminal, and
/// the exit status (130/143 after a signal, 3 when a limit stopped replications).
struct SweepRun {
    var plan: Sweep.Plan
    var format: SweepFormat
    var jobs: Int
    var limits: RunLimits

    /// Runs the sweep; the caller has installed ``Interrupt``.
    /// - Throws: ``Sweep/Failure`` for a point that does not load or a write that fails; an exit code after a
    ///   signal or a limit.
    func run() throws {
        var stream = SweepStream(plan: plan, format: format, write: SweepStream.standardOutput)
        try stream.begin()
        let bar = ProgressBar(title: "sweep", total: plan.shardPointCount, minimum: 2)
        let stopped: String?
        do {
            defer { bar?.finish() }
            stopped = try plan.run(
                jobs: jobs, limits: limits, isInterrupted: Interrupt.check,
                progress: { bar?.update($0) },
                row: { row throws(Sweep.Failure) in try stream.row(row) })
        }
        try stream.end(stopped: stopped)
        if let stopped {
            StandardError.write(
                "interrupted: \(stopped.dropFirst("interrupted ".count)); every row printed is "
                    + "complete\n")
            throw ExitCode(Interrupt.exitCode)
        }
        if stream.limited > 0 {
            let limited = stream.limited
            StandardError.write(
                "limit: \(limited) replication\(limited == 1 ? "" : "s") stopped at a limit and "
                    + "\(limited == 1 ? "is" : "are") left out of their rows' figures (column limited); raise the limit "
                    + "with --max-… if the scenario needs more\n")
            throw Exit.limit
        }
    }
}

/// A sweep document written row by row: the same bytes as printing the whole document at the end
/// (`Sweep.csv(doc)` or `doc.pretty + "\n"`), so output never depends on when it was written, while memory holds
/// one point's rows at most.
///
/// JSON: the document's keys are sorted and `rows` sorts before `scenario`, `shard` and `stopped`, so the text
/// before the rows is known at the start and the text after them at the end. CSV: the header, then each row as
/// `Sweep.csv` renders a one-row document (the same quoting whatever it is).
struct SweepStream {
    let plan: Sweep.Plan
    let format: SweepFormat
    let write: (String) throws(Sweep.Failure) -> Void
    /// Rows written.
    private(set) var rows = 0
    /// Replications the rows count as limited.
    private(set) var limited: Int64 = 0

    /// Stands for the rows in a document rendered without them (a string no JSON escaping changes).
    private static let marker = "@@loopsim-sweep-rows@@"

    /// Standard output, written at once (no buffer): a row is on its way as soon as it is done.
    static func standardOutput(_ text: String) throws(Sweep.Failure) {
        do throws(OutputTarget.WriteError) {
            try OutputTarget.writeAll([text], to: STDOUT_FILENO)
        } catch {
            throw Sweep.Failure(
                message: "cannot write the sweep to standard output: \(error.message)", diagnostics: [],
                source: "")
        }
    }

    /// The header (CSV) or the text up to `"rows": ` (JSON).
    func begin() throws(Sweep.Failure) {
        switch format {
        case .csv: try write(Sweep.csv(plan.document(rows: [])))
        case .json: try write(Self.split(plan.document(rows: [])).before)
        }
    }

    /// One row.
    mutating func row(_ row: JSONValue) throws(Sweep.Failure) {
        if case .int(let k)? = row.value(at: "limited") { limited += k }
        switch format {
        case .csv:
            let header = Sweep.csv(plan.document(rows: [])).count
            try write(String(Sweep.csv(plan.document(rows: [row])).dropFirst(header)))
        case .json:
            let lines = row.pretty.split(separator: "\n", omittingEmptySubsequences: false)
            try write((rows == 0 ? "[\n" : ",\n") + "    " + lines.joined(separator: "\n    "))
        }
        rows += 1
    }

    /// The rest of the document; `stopped` names a signal's stop (JSON key `stopped`; CSV has no place for it,
    /// the command says it on standard error).
    func end(stopped: String?) throws(Sweep.Failure) {
        guard format == .json else { return }
        try write((rows == 0 ? "[]" : "\n  ]") + Self.split(plan.document(rows: [], stopped: stopped)).after + "\n")
    }

    /// The pretty text of `doc` before and after its `rows` value.
    private static func split(_ doc: JSONValue) -> (before: String, after: String) {
        guard case .object(var fields) = doc else { return (doc.pretty, "") }
        fields["rows"] = .string(marker)
        let text = JSONValue.object(fields).pretty
        let parts = text.split(separator: "\"\(marker)\"", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
    }
}
