import Foundation
import LoopSimKernel
import LoopSimReport
import LoopSimScenario

/// One broken invariant: which, where, and what was seen.
public struct Violation: Sendable, Hashable, CustomStringConvertible {
    /// The invariant's id, e.g. `time.monotone` (the list is in FUZZING.md).
    public var invariant: String
    /// The variant whose run broke it; nil for load-time invariants.
    public var variant: String?
    public var detail: String

    public var description: String { "\(invariant)\(variant.map { " [\($0)]" } ?? ""): \(detail)" }
}

/// What checking one scenario text found.
public struct CaseReport: Sendable {
    /// The text compiled without errors.
    public var compiled = false
    public var diagnostics = 0
    /// Runs made (two per variant: the second checks determinism).
    public var runs = 0
    public var limitStops = 0
    /// Runs in which the modelled app crashed (a scenario outcome, not a violation).
    public var modelledCrashes = 0
    public var events = 0
    public var violations: [Violation] = []
    /// A signal (Ctrl-C, SIGTERM) stopped one of its runs: the case did not run to the end, so it says nothing
    /// about the invariants (a cut run is not replayed, nor is its trace checked) and a campaign leaves it out.
    public var interrupted = false
}

/// Checks the invariants of loading and running a scenario:
///
/// - loading: every diagnostic points inside the file, errors and "no scenario" agree, diagnostics come sorted
///   and the same on a second load, and each renders with its `file:line:col:` header;
/// - each run: the trace has one line per event with `seq` counting from 0, every line is JSON, `t` never goes
///   backwards and never passes the end time, the trace starts with `run.start` and ends with `run.end` (a
///   `limit` line just before it when a limit stopped the run), and its XXH64 hash is the reported one;
/// - the heap after the run: no live object's strong slot (except a dangling reference taken during the freed
///   object's dealloc, which the kernel records) and no run-loop mode holds a freed object (each mode's
///   timer count equals the live timers that name it), every live object's retain count covers the strong
///   references to it that the heap and the run loops hold, and
///   allocated − deallocated equals the live scenario objects, and so do leaked + abandoned + alive; a freed
///   block is never named again by the trace;
/// - a second run with the same seed gives the same trace hash, event count, end time and JSON report.
public enum InvariantChecker {
    /// Limits for fuzz runs: small, so that a runaway case costs milliseconds.
    public static let limits = RunLimits(
        maxEvents: 5_000, maxTime: .never, maxObjects: 1_000, maxDepth: 256,
        maxSteps: 100_000)

    /// Loads `text` as `file`, checks the diagnostics, and runs every variant of a valid scenario twice.
    ///
    /// Each run polls `isInterrupted` as `loopsim run` does (``KernelConfiguration/isInterrupted``), and so does
    /// every phase between and after the runs (the second load, the trace's lines every ``pollLines``, the trace
    /// read back, each JSON report): once it returns true the case ends ``CaseReport/interrupted``, unchecked, within
    /// a fraction of the slowest phase's time, so a signal stops even a long case within 100 ms of CPU work in a
    /// debug build (issues 38 and 39). A phase that did not finish found nothing.
    public static func check(
        text: String, file: String, limits: RunLimits = limits,
        isInterrupted: @escaping () -> Bool = { false }
    ) -> CaseReport {
        var report = CaseReport()
        let poll = Poll(isInterrupted)
        do throws(Poll.Stop) {
            let loaded = ScenarioLoader.load(text: text, file: file)
            report.diagnostics = loaded.diagnostics.count
            report.violations += try checkDiagnostics(loaded, text: text, file: file, poll: poll)
            guard let scenario = loaded.scenario else { return report }
            report.compiled = true
            for variant in scenario.variants {
                try poll()
                guard let profile = try? scenario.profile(for: variant) else {
                    report.violations.append(
                        Violation(
                            invariant: "variant.profile", variant: variant,
                            detail: "a compiled scenario names a variant that has no profile"))
                    continue
                }
                // A fresh configuration per run: its samplers own the run's random stream.
                func configuration() -> KernelConfiguration {
                    var configuration = scenario.configuration(profile: profile, keepsTrace: true)
                    configuration.limits = limits
                    configuration.isInterrupted = isInterrupted
                    return configuration
                }
                let first = Kernel(program: scenario.program, configuration: configuration())
                let outcome = first.run()
                if outcome.limit?.kind == "interrupted" { throw Poll.Stop() }
                try poll()
                report.runs += 1
                report.events += outcome.events
                if outcome.limit != nil { report.limitStops += 1 }
                if outcome.crash != nil { report.modelledCrashes += 1 }
                var found = try checkTrace(outcome, until: scenario.until, poll: poll)
                try poll()
                found += checkHeap(first, outcome)
                try poll()
                let again = Kernel(program: scenario.program, configuration: configuration()).run()
                if again.limit?.kind == "interrupted" { throw Poll.Stop() }
                try poll()
                report.runs += 1
                found += try checkReplay(outcome, again, poll: poll)
                report.violations += found.map {
                    var v = $0; v.variant = variant; return v
                }
            }
        } catch {
            report.interrupted = true
        }
        return report
    }

    /// Trace lines checked between two polls of the interrupt flag: about 10 ms of a debug build's JSON parsing.
    static let pollLines = 256

    /// The interrupt flag, asked between the phases of a check: `try poll()` ends the check with ``Stop`` once a
    /// signal arrived. Once it answered true it is not asked again (a test's flag counts its questions).
    struct Poll {
        /// A signal arrived: the check ends, its case ``CaseReport/interrupted``.
        struct Stop: Error {}

        let isInterrupted: () -> Bool

        init(_ isInterrupted: @escaping () -> Bool) { self.isInterrupted = isInterrupted }

        /// A poll that never stops (the tests of one phase).
        static var never: Poll { Poll { false } }

        func callAsFunction() throws(Stop) {
            if isInterrupted() { throw Stop() }
        }
    }

    // MARK: Loading

    static func checkDiagnostics(
        _ loaded: ScenarioLoader.Loaded, text: String, file: String, poll: Poll = .never
    ) throws(Poll.Stop) -> [Violation] {
        var found: [Violation] = []
        func fail(_ invariant: String, _ detail: String) {
            found.append(Violation(invariant: invariant, variant: nil, detail: detail))
        }
        let lines = lineLengths(text)
        for (i, d) in loaded.diagnostics.enumerated() {
            if i % 64 == 63 { try poll() }
            let l = d.location
            if l.file != file { fail("diag.location", "\(d) names another file") }
            if l.line < 1 || l.line > lines.count + 1 || l.column < 1 {
                fail("diag.location", "\(d) is outside the file (\(lines.count) lines)")
            } else if l.line <= lines.count && l.column > lines[l.line - 1] + 2 {
                fail("diag.location", "\(d) is past the end of line \(l.line) (\(lines[l.line - 1]) columns)")
            }
            let rendered = DiagnosticPrinter().render(d, source: text)
            if !rendered.hasPrefix("\(l.file):\(l.line):\(l.column): ") {
                fail("diag.render", "rendering does not start with the location: \(rendered.prefix(80))")
            }
        }
        let hasErrors = loaded.diagnostics.contains { $0.severity == .error }
        if hasErrors == (loaded.scenario != nil) {
            fail("diag.consistent", hasErrors ? "a scenario was returned despite errors" : "no scenario and no error")
        }
        if loaded.diagnostics != loaded.diagnostics.sorted(by: { $0.location < $1.location }) {
            if zip(loaded.diagnostics, loaded.diagnostics.dropFirst()).contains(where: { $1.location < $0.location }) {
                fail("diag.sorted", "diagnostics are not in source order")
            }
        }
        try poll()  // before the second load: as long as the first
        if ScenarioLoader.load(text: text, file: file).diagnostics != loaded.diagnostics {
            fail("diag.deterministic", "a second load gave other diagnostics")
        }
        return found
    }

    /// Unicode scalars per line, the lines the loader's diagnostics count: ``SourceLocation/lines(of:)`` (libyaml's
    /// line breaks, `\r\n` as one, a leading BOM dropped); an empty text has one empty line.
    static func lineLengths(_ text: String) -> [Int] {
        let lengths = SourceLocation.lines(of: text).map(\.count)
        return lengths.isEmpty ? [0] : lengths
    }

    // MARK: Trace

    static func checkTrace(
        _ outcome: RunOutcome, until: SimInstant, poll: Poll = .never
    ) throws(Poll.Stop) -> [Violation] {
        var found: [Violation] = []
        func fail(_ invariant: String, _ detail: String) {
            found.append(Violation(invariant: invariant, variant: nil, detail: detail))
        }
        // The lines as ``RunOutcome/traceLines`` writes them, encoded here a slice at a time with a poll between
        // slices (5,000 lines took 80 ms of a debug build).
        var lines: [String] = []
        lines.reserveCapacity(outcome.eventLog.count)
        var encoder = TraceEncoder()
        for (seq, event) in outcome.eventLog.enumerated() {
            if seq % pollLines == pollLines - 1 { try poll() }
            lines.append(encoder.line(event, seq: seq, names: outcome.names))
        }
        if lines.count != outcome.events { fail("trace.count", "\(lines.count) lines for \(outcome.events) events") }
        var previous = Int64.min
        var freedBlocks: [String: Int] = [:]
        for (i, line) in lines.enumerated() {
            if i % pollLines == pollLines - 1 { try poll() }
            guard let (t, seq) = timeAndSequence(line) else {
                fail("trace.shape", "line \(i) does not start with {\"t\":…,\"seq\":…: \(line.prefix(80))")
                continue
            }
            if seq != i { fail("trace.seq", "line \(i) has seq \(seq)") }
            if t < previous { fail("time.monotone", "line \(i) at t=\(t) after t=\(previous): \(line.prefix(120))") }
            if t > outcome.endTime.nanoseconds {
                fail("time.end", "line \(i) at t=\(t) after the run's end \(outcome.endTime.nanoseconds)")
            }
            previous = max(previous, t)
            if (try? JSONSerialization.jsonObject(with: Data(line.utf8))) == nil {
                fail("trace.json", "line \(i) is not JSON: \(line.prefix(120))")
            }
            if line.contains("\"ev\":\"obj.dealloc\""), let label = quotedBlockLabel(in: line) {
                freedBlocks[label] = i
            } else if !freedBlocks.isEmpty {
                for label in blockLabels(in: line) where freedBlocks[label] != nil {
                    fail(
                        "dealloc.unreachable",
                        "\(label) freed at line \(freedBlocks[label]!) is named again at line \(i): "
                            + String(line.prefix(120)))
                }
            }
        }
        // The lines read back fold to the run's fingerprint (`loopsim fingerprint TRACE.jsonl`), read a slice at a
        // time with a poll between slices (one read of 5,000 lines took 200 ms of a debug build).
        try poll()
        switch Result(catching: { () throws(TraceFile.Failure) in
            try TraceFile(lines: lines, isInterrupted: { (try? poll()) == nil })
        }) {
        case .failure(let failure) where failure.isInterruption:
            throw Poll.Stop()
        case .success(let file) where file.fingerprint.hex != outcome.fingerprint:
            fail("trace.fingerprint", "lines fold to \(file.fingerprint.hex), reported \(outcome.fingerprint)")
        case .failure(let failure):
            fail("trace.fingerprint", "the lines do not read back: \(failure)")
        default:
            break
        }
        if lines.first.map({ !$0.contains("\"ev\":\"run.start\"") }) ?? true {
            fail("trace.frame", "no run.start first")
        }
        if lines.last.map({ !$0.contains("\"ev\":\"run.end\"") }) ?? true { fail("trace.frame", "no run.end last") }
        if outcome.limit != nil {
            // A limit stops the run before the step under way: its line comes right before `run.end`.
            if lines.count < 2 || !lines[lines.count - 2].contains("\"ev\":\"limit\"") {
                fail("trace.frame", "a limit stop without a limit line right before run.end")
            }
        }
        if outcome.endTime > until { fail("time.end", "the run ended at \(outcome.endTime), after until \(until)") }
        let report = try reportText(outcome, poll: poll)
        try poll()
        if (try? JSONSerialization.jsonObject(with: Data(report.utf8))) == nil {
            fail("report.json", "the run report is not JSON")
        }
        return found
    }

    /// `t` and `seq` from the start of a trace line.
    static func timeAndSequence(_ line: String) -> (Int64, Int)? {
        guard line.hasPrefix("{\"t\":") else { return nil }
        let rest = line.dropFirst(5)
        guard let comma = rest.firstIndex(of: ","), let t = Int64(rest[..<comma]) else { return nil }
        let afterT = rest[rest.index(after: comma)...]
        guard afterT.hasPrefix("\"seq\":") else { return nil }
        let seqText = afterT.dropFirst(6)
        guard let end = seqText.firstIndex(of: ","), let seq = Int(seqText[..<end]) else { return nil }
        return (t, seq)
    }

    /// The `"object":"block#N"` of a dealloc line, if the freed object is a block.
    static func quotedBlockLabel(in line: String) -> String? {
        guard let range = line.range(of: "\"object\":\"block#") else { return nil }
        let digits = line[range.upperBound...].prefix { $0.isNumber }
        return digits.isEmpty ? nil : "block#" + digits
    }

    /// Every `"block#N"` quoted in a line (a whole JSON string, not a prefix of `block#12`).
    static func blockLabels(in line: String) -> [String] {
        var labels: [String] = []
        var rest = Substring(line)
        while let range = rest.range(of: "\"block#") {
            let digits = rest[range.upperBound...].prefix { $0.isNumber }
            let after = rest[range.upperBound...].dropFirst(digits.count)
            if !digits.isEmpty, after.first == "\"" { labels.append("block#" + digits) }
            rest = rest[range.upperBound...]
        }
        return labels
    }

    // MARK: Heap

    static func checkHeap(_ kernel: Kernel, _ outcome: RunOutcome) -> [Violation] {
        var found: [Violation] = []
        func fail(_ invariant: String, _ detail: String) {
            found.append(Violation(invariant: invariant, variant: nil, detail: detail))
        }
        let heap = kernel.heap
        let live = heap.liveObjects
        var held: [ObjectID: Int] = [:]
        for o in live {
            // A strong slot's object, or each object element of an array it holds (`timers[2]`).
            for (i, value) in o.slots.enumerated() where o.slotStrengths[i] == .strong {
                for (edge, id) in value.objectEdges(o.slotNames[i]) {
                    if heap.object(id) == nil {
                        // A reference taken during the object's dealloc dangles: the app's bug, which the kernel
                        // models (releasing it crashes the run), not a kernel one.
                        if heap.danglingObjects[id] != nil { continue }
                        fail("dealloc.unreachable", "\(o.displayName).\(edge) holds a freed object \(id)")
                    } else {
                        held[id, default: 0] += 1
                    }
                }
            }
            if o.state == .alive && o.retainCount < 1 {
                fail("retain.count", "\(o.displayName) is alive with retain count \(o.retainCount)")
            }
        }
        for rl in kernel.runLoops.all {
            var roots: [(String, ObjectID)] =
                rl.commonTimers.map { ("common timers", $0) }
                + rl.commonSources.map { ("common sources", $0) }
            // Each list an observer is in (a mode's, the common items) retains the observer object.
            roots += rl.commonObservers.map { ("common observers", $0.object) }
            for mode in rl.modes.values {
                // A mode's timers are not listed publicly: each live timer names its modes, and the counts must
                // agree (a freed timer left in a mode would make the mode's count larger).
                let listed = live.filter { o in
                    o.isTimer && o.timer.runLoop == rl.id && o.timerModes.contains(mode.name)
                }.count
                if listed != mode.timerCount {
                    fail(
                        "dealloc.unreachable",
                        "run loop \(rl.id) mode \(mode.name) holds \(mode.timerCount) timers, "
                            + "but \(listed) live timers say they are in it")
                }
                roots += mode.sources0.map { ("mode \(mode.name) sources", $0) }
                roots += mode.observers.map { ("mode \(mode.name) observers", $0.object) }
            }
            for (what, id) in roots {
                if heap.object(id) == nil {
                    if heap.danglingObjects[id] != nil { continue }
                    fail("dealloc.unreachable", "run loop \(rl.id) \(what) holds a freed object \(id)")
                } else {
                    held[id, default: 0] += 1
                }
            }
        }
        for o in live {
            // Each mode a timer is in retains it.
            if o.isTimer, o.timer.runLoop != nil { held[o.id, default: 0] += o.timerModes.count }
        }
        // A global block's count does not move: retains and releases of it do nothing.
        for o in live where !o.isGlobal && (held[o.id] ?? 0) > o.retainCount {
            fail(
                "retain.count",
                "\(o.displayName) has retain count \(o.retainCount) but \(held[o.id]!) strong "
                    + "references from the heap and run loops")
        }
        let liveScenarioObjects = live.filter { !$0.isInternal }.count
        if outcome.allocated - outcome.deallocated != liveScenarioObjects {
            fail(
                "objects.balance",
                "allocated \(outcome.allocated) − deallocated \(outcome.deallocated) ≠ "
                    + "\(liveScenarioObjects) live objects")
        }
        // Every live scenario object is a finding or alive, once (docs/scenario-format.md §10.1).
        if outcome.leaked + outcome.abandoned + outcome.alive.count != liveScenarioObjects {
            fail(
                "objects.alive",
                "leaked \(outcome.leaked) + abandoned \(outcome.abandoned) + alive "
                    + "\(outcome.alive.count) ≠ \(liveScenarioObjects) live objects")
        }
        for leak in outcome.findings.leaks
        where leak.kind == .leaked && leak.path.count > 1 && leak.path.first != leak.path.last {
            fail("leaks.cycle", "a cycle leak whose path does not return to \(leak.object): \(leak.path)")
        }
        return found
    }

    // MARK: Determinism

    static func checkReplay(_ a: RunOutcome, _ b: RunOutcome, poll: Poll = .never) throws(Poll.Stop) -> [Violation] {
        var found: [Violation] = []
        if a.fingerprint != b.fingerprint || a.events != b.events || a.endTime != b.endTime {
            found.append(
                Violation(
                    invariant: "replay.hash", variant: nil,
                    detail: "\(a.fingerprint)/\(a.events) events, then \(b.fingerprint)/\(b.events) events"))
            return found
        }
        if try reportText(a, poll: poll) != reportText(b, poll: poll) {
            found.append(Violation(invariant: "replay.report", variant: nil, detail: "same trace, different reports"))
        }
        return found
    }

    /// The run's JSON report, compact: ``RunReport/json(_:)`` then its text, each up to 50 ms of a debug build for
    /// a 5,000-event run, with a poll before each.
    static func reportText(_ outcome: RunOutcome, poll: Poll) throws(Poll.Stop) -> String {
        try poll()
        let report = RunReport.json(outcome)
        try poll()
        return report.compact
    }
}
