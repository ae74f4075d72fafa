/// The shape of a run's JSON report (docs/scenario-format.md section 10), so that `expect:` catches a misspelt or
/// misshapen figure path (`objects.leakd`, `timers.latency_ms.p98`, `leaks.kind`) when the file is loaded,
/// whatever its expected value — `null` included — rather than reading it as an "absent" figure after the run.
///
/// Every level of every figure is described. A figure that a run may leave out (`crash`, `limit`, a leak's
/// `holder`, the latency summary of a timer that never fired, an index past the end of a list) is declared
/// optional: a path to it is valid and reads as absent. Two tests keep the table and the report in step: every
/// key declared here is found in some report, and every key of the reports of every scenario is declared here.
public enum FigureSchema {
    /// What a figure holds.
    public indirect enum Shape: Sendable {
        /// A number, a string or a boolean: nothing below it.
        case value
        /// A list, each item of this shape (`[N]`; the list alone is compared by its count).
        case list(Shape)
        /// An object with these keys.
        case object([Field])
    }

    /// One key of an object figure.
    public struct Field: Sendable {
        /// The key.
        public var name: String
        /// What it holds.
        public var shape: Shape
        /// Whether a run may leave it out (or set it to null).
        public var isOptional: Bool

        init(_ name: String, _ shape: Shape = .value, optional: Bool = false) {
            self.name = name
            self.shape = shape
            self.isOptional = optional
        }
    }

    private static func object(_ fields: Field...) -> Shape { .object(fields) }
    private static func keys(_ names: String...) -> Shape { .object(names.map { Field($0) }) }
    private static let texts = Shape.list(.value)
    private static let leak = Shape.object([
        Field("object"), Field("class"), Field("kind"), Field("cause"), Field("path", texts), Field("edges", texts),
        Field("holder", optional: true), Field("let_go_at_ms", optional: true), Field("site", optional: true),
    ])
    private static let alive = Shape.object([
        Field("object"), Field("class"), Field("held_by", optional: true), Field("path", texts),
        Field("edges", texts), Field("holder", optional: true), Field("let_go_at_ms", optional: true),
    ])
    private static let latencySummary = Shape.object(["mean", "p50", "p99", "max"].map { Field($0) })

    /// The figures of one run, the roots `expect:` may name, in the report's documented order.
    public static let figures: [Field] = [
        Field("variant"), Field("seed"), Field("fingerprint"), Field("events"), Field("end_time_ms"), Field("crashed"),
        Field("crash", keys("message", "at_ms", "thread"), optional: true),
        Field("limit", keys("kind", "message", "at_ms"), optional: true),
        Field(
            "threads",
            object(
                Field("all", .list(keys("name", "kind", "state"))), Field("parked"), Field("parked_names", texts),
                Field("parked_reasons", texts), Field("waiting"), Field("waiting_names", texts),
                Field("waiting_reasons", texts))),
        Field(
            "tasks",
            object(
                Field("suspended"), Field("suspended_names", texts), Field("suspended_reasons", texts),
                Field("waiting"), Field("waiting_names", texts), Field("waiting_reasons", texts))),
        Field("objects", keys("allocated", "deallocated", "leaked", "abandoned", "delayed", "alive")),
        Field("leaks", .list(leak)),
        Field("delayed", .list(keys("object", "class", "reason", "let_go_at_ms", "freed_at_ms", "late_ms"))),
        Field("alive", .list(alive), optional: true),  // listed when there are at most 20
        Field(
            "timers",
            object(
                Field("fires"), Field("skipped"), Field("wasted"),
                Field(
                    "latency_ms",
                    .object(
                        [Field("count")]
                            + ["mean", "sd", "p50", "p90", "p95", "p99", "max"].map {
                                Field($0, optional: true)  // when count > 0
                            })),
                Field("histogram", object(Field("edges_ms", texts), Field("counts", texts)), optional: true),
                Field(
                    "per_timer",
                    .list(
                        object(
                            Field("timer"), Field("fires"), Field("skipped"), Field("wasted"), Field("interval_ms"),
                            Field("drift_ms"), Field("latency_ms", latencySummary, optional: true)))),
                Field("per_timer_omitted", optional: true))),  // beyond RunReport.perTimerLimit timers
        Field("countdowns", .list(keys("timer", "ticks", "slots_elapsed", "drift_ms"))),
        Field("dispatch_sources", .list(keys("source", "fires", "handler_calls", "merged", "largest_merge"))),
        Field("runloop_exits", .list(keys("thread", "at_ms", "mode", "result"))),
        Field("logs", .list(keys("at_ms", "thread", "text"))),
        Field(
            "checks",
            .list(
                object(
                    Field("label"), Field("at_ms"), Field("leaks", .list(leak)),
                    Field("parked", texts), Field("suspended", texts)))),
        Field(
            "app",
            object(
                Field("state"), Field("killed"), Field("timeline", .list(keys("at_ms", "state", "device_asleep"))),
                Field(
                    "foreground_returns",
                    .list(
                        object(
                            Field("at_ms"),
                            Field("countdowns", .list(keys("timer", "ticks", "wall_slots", "behind_ms")))))))),
        Field("samples", .list(keys("name", "at_ms", "value"))),
        Field(
            "presentations",
            .list(
                .object(
                    ["object", "serial", "class", "created_ms", "requests", "refused", "shown", "lost"].map {
                        Field($0)
                    }
                        + ["first_requested_ms", "first_shown_ms", "wait_ms"].map { Field($0, optional: true) }))),
    ]

    /// The report's root as a shape.
    public static let report = Shape.object(figures)

    /// The keys of each root's object (or of its items, for a list of objects): the level below the root.
    public static var children: [String: (isList: Bool, keys: [String])] {
        var result: [String: (isList: Bool, keys: [String])] = [:]
        for field in figures {
            switch field.shape {
            case .object(let fields): result[field.name] = (false, fields.map(\.name))
            case .list(.object(let fields)): result[field.name] = (true, fields.map(\.name))
            default: break
            }
        }
        return result
    }

    /// Why `path` names no figure: the message and the offset in `path` of the part that is wrong.
    public struct Problem: Sendable, Hashable {
        /// What is wrong, naming the path and what exists there.
        public var message: String
        /// Where in the path the problem starts (0-based, in characters).
        public var offset: Int
    }

    /// Why `path` cannot name a figure of the report, or nil.
    /// - Parameter path: A figure path such as `objects.leaked` or `leaks[0].class`.
    public static func problem(in path: String) -> String? { check(path)?.message }

    /// Walks `path` through ``report`` and says what is wrong with it first, or nil.
    ///
    /// The path is keys separated by `.`, each key optionally followed by indices `[N]`. A list may be named alone
    /// (its count) or indexed; a key needs an object; nothing goes below a single value.
    /// - Parameter path: A figure path such as `objects.leaked` or `leaks[0].class`.
    /// - Returns: The problem with the offset of the part of `path` it is about, or nil when `path` is valid.
    public static func check(_ path: String) -> Problem? {
        let chars = Array(path)
        var shape = report
        var i = 0
        var walked = ""  // the valid prefix, indices written [N]
        while i < chars.count {
            let start = i
            let written = String(chars[..<start])  // the path so far, as written
            if chars[i] == "[" {
                var j = i + 1
                while j < chars.count && chars[j] != "]" { j += 1 }
                let digits = String(chars[(i + 1)..<min(j, chars.count)])
                guard j < chars.count, !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else {
                    return Problem(
                        message: "'\(path)': an index is written [N] with a number N, e.g. \(written)[0]",
                        offset: start)
                }
                guard case .list(let item) = shape else {
                    return Problem(
                        message: "'\(path)': \(written) is not a list" + whatIs(written, shape), offset: start)
                }
                shape = item
                walked += "[N]"
                i = j + 1
                continue
            }
            if !walked.isEmpty {
                guard chars[i] == "." else {
                    return Problem(
                        message: "'\(path)': expected `.` and a key after \(String(chars[..<i]))",
                        offset: start)
                }
                i += 1
            }
            var j = i
            while j < chars.count && chars[j] != "." && chars[j] != "[" { j += 1 }
            let key = String(chars[i..<j])
            guard !key.isEmpty else {
                return Problem(
                    message: "'\(path)': an empty key" + (walked.isEmpty ? "" : " after \(walked)")
                        + "; keys are separated by a single `.`", offset: i)
            }
            switch shape {
            case .object(let fields):
                guard let field = fields.first(where: { $0.name == key }) else {
                    let names = fields.map(\.name)
                    let hint = KeyChecker.suggestion(for: key, among: names).map { "did you mean `\($0)`? " } ?? ""
                    let level = walked.isEmpty ? "the report" : walked
                    return Problem(
                        message: "unknown figure '\(path)': \(level) has no key '\(key)'; \(hint)"
                            + "its keys are " + names.joined(separator: ", "), offset: i)
                }
                shape = field.shape
            case .list:
                return Problem(
                    message: "'\(path)': \(written) is a list: write \(written)[0].\(key) for its first "
                        + "item, or \(written) alone for its count", offset: i)
            case .value:
                return Problem(
                    message: "'\(path)': \(written) is a single value (a number, text or boolean); "
                        + "it has no key '\(key)'", offset: i)
            }
            walked += walked.isEmpty ? key : "." + key
            i = j
        }
        return nil
    }

    /// ` (…)` saying what a figure that is not a list holds.
    private static func whatIs(_ walked: String, _ shape: Shape) -> String {
        switch shape {
        case .object(let fields):
            "; write \(walked).\(fields[0].name) — its keys are " + fields.map(\.name).joined(separator: ", ")
        case .value: " but a single value"
        case .list: ""
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
