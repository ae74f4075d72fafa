import LoopSimKernel

extension ScenarioCompiler {
    /// The report's top-level figures that `expect:` may name (see docs/scenario-format.md): ``FigureSchema``'s.
    static let figureRoots = FigureSchema.figures.map(\.name)

    /// The checks of `log:` lines by their text, which `expect:` takes beside the figures (docs section 9):
    /// `logged: {TEXT: N}`, `first_logged_at_ms: {TEXT: T}`, `logged_in_order: [TEXT, …]`.
    static let logCheckKeys = ["logged", "first_logged_at_ms", "logged_in_order"]

    /// The keys of a range, `{min: A, max: B}`: one figure bounded on both sides.
    static let rangeKeys = ["min", "max"]

    /// `expect:` — per variant (or `all`), a mapping of figure path to a value or a comparison string.
    func compileExpectations(_ node: LocatedNode, variants: [String], root: LocatedNode) -> [Expectation] {
        guard let map = node.mapping else {
            bag.error(.typeMismatch, "expect: is a mapping of variant (or all) to figures", at: node.location)
            return []
        }
        var result: [Expectation] = []
        let threadNames = declaredThreadNames(root)
        for entry in map.entries {
            let variant = entry.key.text
            if variant != "all" && VariantProfile.builtIn(variant) == nil {
                bag.error(
                    .variantUnknown,
                    "unknown variant '\(variant)' in expect:"
                        + suggestion(variant, ["all"] + VariantProfile.builtInNames), at: entry.key.location)
                continue
            }
            guard let figures = entry.value.mapping else {
                bag.error(
                    .typeMismatch, "expect: \(variant) is a mapping of figure to value, e.g. {objects.leaked: 0}",
                    at: entry.value.location)
                continue
            }
            for figure in figures.entries {
                if Self.logCheckKeys.contains(figure.key.text) {
                    result += logChecks(figure, variant: variant == "all" ? nil : variant)
                    continue
                }
                let root = String(figure.key.text.prefix { $0 != "." && $0 != "[" })
                guard Self.figureRoots.contains(root) else {
                    bag.error(
                        .expectFigure,
                        "unknown figure '\(figure.key.text)'"
                            + suggestion(root, Self.figureRoots + Self.logCheckKeys), at: figure.key.location)
                    continue
                }
                // Every level is checked, whatever the expected value: a misspelt path is an error even with `null`.
                if let problem = FigureSchema.check(figure.key.text) {
                    bag.error(.expectFigure, problem.message, at: location(in: figure.key, offset: problem.offset))
                    continue
                }
                guard let (op, expected, written) = expectedValue(figure.value) else { continue }
                if case .string(let thread) = expected, op == .equal, Self.namesThread(figure.key.text),
                    !isKnownThread(thread, declared: threadNames)
                {
                    // A task suspended at an await holds no thread: it is listed under `tasks`, not `threads`.
                    let task =
                        thread.split(separator: " ").first == "Task"
                        ? "; '\(thread)' is a task, and a suspended task holds no thread: expect it in "
                            + Self.taskFigure(for: figure.key.text) : ""
                    bag.error(
                        .threadUnknown,
                        "no thread '\(thread)' can exist in this scenario: threads are main, pool "
                            + "workers (worker-1, worker-2, …) and the names of `thread:` steps"
                            + (task.isEmpty ? suggestion(thread, threadNames.sorted()) : task),
                        at: figure.value.location)
                    continue
                }
                result.append(
                    Expectation(
                        variant: variant == "all" ? nil : variant, figure: figure.key.text, op: op,
                        expected: expected, written: written, location: figure.key.location))
            }
        }
        return result
    }

    /// Whether a figure's value is a thread name: `…thread` keys, `threads.parked_names[N]` and
    /// `threads.waiting_names[N]` (threads only: a task, `Task LABEL`, is listed under `tasks`).
    static func namesThread(_ figure: String) -> Bool {
        figure.hasSuffix(".thread") || figure.hasPrefix("threads.parked_names[")
            || figure.hasPrefix("threads.waiting_names[")
    }

    /// The `tasks` figure that lists what a `threads` names figure would have listed for a task:
    /// `threads.parked_names[0]` → `tasks.suspended_names[0]`, `threads.waiting_names[0]` → `tasks.waiting_names[0]`.
    static func taskFigure(for figure: String) -> String {
        figure.hasPrefix("threads.parked_names")
            ? "tasks.suspended_names" + figure.dropFirst("threads.parked_names".count)
            : "tasks.waiting_names" + figure.dropFirst("threads.waiting_names".count)
    }

    /// `logged:`, `first_logged_at_ms:` (each a mapping of a log text to an expected value) or `logged_in_order:`
    /// (a list of texts): checks of the run's `log:` lines by their text, exactly as logged.
    private func logChecks(_ entry: LocatedNode.Mapping.Entry, variant: String?) -> [Expectation] {
        let key = entry.key.text
        if key == "logged_in_order" {
            guard let items = entry.value.sequence?.items, !items.isEmpty else {
                bag.error(
                    .typeMismatch, "logged_in_order: is a list of log texts, e.g. [start, tick 1, done]",
                    at: entry.value.location)
                return []
            }
            let texts = items.compactMap { logText($0.scalar, at: $0.location) }
            guard texts.count == items.count else { return [] }
            return [
                Expectation(
                    variant: variant, figure: key, op: .equal, expected: .texts(texts),
                    logQuery: .order(texts), location: entry.key.location)
            ]
        }
        guard let map = entry.value.mapping, !map.entries.isEmpty else {
            let example = key == "logged" ? "{tick 5: 1, stopped: 0}" : "{tick 5: 5000}"
            bag.error(
                .typeMismatch,
                "\(key): is a mapping of a log text to "
                    + (key == "logged"
                        ? "how many lines had it" : "when its first line was logged") + ", e.g. \(example)",
                at: entry.value.location)
            return []
        }
        var result: [Expectation] = []
        for check in map.entries {
            guard let text = logText(check.key, at: check.key.location),
                let (op, expected, written) = expectedValue(check.value)
            else { continue }
            switch expected {
            case .number, .range: break
            case .null where key == "first_logged_at_ms": break
            default:
                bag.error(
                    .valueInvalid,
                    "\(key): expects a number, a comparison such as \">= 1\" or a range "
                        + "{min: A, max: B}" + (key == "logged" ? " (0: never logged)" : ", or null (never logged)"),
                    at: check.value.location)
                continue
            }
            let quoted = "\"" + text + "\""
            result.append(
                Expectation(
                    variant: variant, figure: "\(key)[\(quoted)]", op: op, expected: expected,
                    written: written, logQuery: key == "logged" ? .count(text) : .firstAt(text),
                    location: check.key.location))
        }
        return result
    }

    /// A log text named by a log check: a scalar, kept as written (`"0"` and `0` are the text 0).
    private func logText(_ scalar: LocatedNode.Scalar?, at location: SourceLocation) -> String? {
        guard let s = scalar, !s.isNull else {
            bag.error(
                .typeMismatch, "a log text is a scalar such as `tick 5` (quote it when it is null or empty)",
                at: location)
            return nil
        }
        return s.text
    }

    /// `0`, `TimerButton`, `true`, `null`, a comparison such as `"<= 3"` or `"!= 0"`, or a range
    /// `{min: A, max: B}`; with the value as written when it reads as a number, a boolean or null (a figure that is
    /// a text compares with that text: `"0"` matches the text 0).
    private func expectedValue(_ node: LocatedNode)
        -> (Expectation.Operator, Expectation.Expected, written: String?)?
    {
        if let map = node.mapping { return range(map, at: node).map { (.equal, $0, nil) } }
        guard let s = node.scalar else {
            bag.error(.typeMismatch, "an expected value is a scalar, or a range {min: A, max: B}", at: node.location)
            return nil
        }
        if s.isNull { return (.equal, .null, nil) }
        var text = s.text
        var op = Expectation.Operator.equal
        // Two-character operators first, so "<=" is not read as "<" followed by "=".
        for candidate in [Expectation.Operator.lessOrEqual, .greaterOrEqual, .notEqual, .equal, .less, .greater]
        where text.hasPrefix(candidate.rawValue) {
            op = candidate
            text = String(text.dropFirst(candidate.rawValue.count)).trimmingCharacters
            break
        }
        // Numbers, booleans and null are read as such whether or not the scalar is quoted ("0" means 0 for a
        // number figure); the text as written is kept for a figure that is a text.
        if text == "null" { return (op, .null, text) }
        if text == "true" || text == "false" { return (op, .bool(text == "true"), text) }
        if let n = Double(text) { return (op, .number(n), text) }
        if op != .equal && op != .notEqual {
            bag.error(.valueInvalid, "\(op.rawValue) compares numbers; '\(text)' is not a number", at: node.location)
            return nil
        }
        return (op, .string(text), nil)
    }

    /// `{min: A, max: B}` (either may be left out): a number within both bounds, inclusive.
    private func range(_ map: LocatedNode.Mapping, at node: LocatedNode) -> Expectation.Expected? {
        checkKeys(map, allowed: Self.rangeKeys, context: "range", into: &bag)
        var bounds: [String: Double] = [:]
        for entry in map.entries where Self.rangeKeys.contains(entry.key.text) {
            guard let s = entry.value.scalar, !s.isNull, let n = Double(s.text), n.isFinite else {
                bag.error(
                    .valueInvalid, "\(entry.key.text): of a range is a number, e.g. {min: 1, max: 5}",
                    at: entry.value.location)
                return nil
            }
            bounds[entry.key.text] = n
        }
        let min = bounds["min"], max = bounds["max"]
        if min == nil && max == nil {
            bag.error(.valueInvalid, "a range has min:, max: or both, e.g. {min: 1, max: 5}", at: node.location)
            return nil
        }
        if let min, let max, min > max {
            bag.error(
                .valueInvalid, "this range is empty: min: \(min) is above max: \(max); swap them",
                at: node.location)
            return nil
        }
        return .range(min: min, max: max)
    }
}
