import LoopSimKernel
import LoopSimStats

/// Turns a located YAML tree into a ``Scenario``, collecting every problem as a ``Diagnostic``.
///
/// Compilation is two passes: class names and fields first (so bodies may name classes declared later),
/// then every body. Nothing stops at the first error: each section reports what it can.
final class ScenarioCompiler {
    let file: String
    var bag = DiagnosticBag()
    var program = Program()
    /// Each site's index in ``Program/sites`` (``site(of:)``).
    var siteIndex: [SourceSite: Int32] = [:]
    /// The `root: true` classes whose instance (`shared C`) the step being compiled reads a field of, in the order
    /// first read: ``compileSteps(_:scope:)`` makes each before the step (``EnsureSharedStep``).
    var sharedFieldReads: [Int] = []
    var classFields: [[(name: String, type: TypeRef, location: SourceLocation)]] = []
    var classMethods: [[String]] = []
    /// Each method's `params:`, by class and method index: names and types, bound to a `call:`'s `with:`.
    var classMethodParams: [[[(name: String, type: TypeRef)]]] = []
    /// Each method's `returns:` type, by class and method index; nil for a method that returns nothing.
    var classMethodReturns: [[TypeRef?]] = []
    var samplers: [(distribution: Distribution, stream: UInt64)] = []
    /// Where each `thread:` step name was first given, to warn about a second (``threadName(_:)``).
    var threadStepNames: [String: SourceLocation] = [:]

    /// The verbs a step may start with, by name: ``stepVerbs`` and any extra ones.
    let verbs: [String: StepVerb]

    init(file: String, extraVerbs: [StepVerb] = []) {
        self.file = file
        var verbs = Self.stepVerbsByName
        for verb in extraVerbs {
            precondition(verbs.updateValue(verb, forKey: verb.name) == nil, "step verb '\(verb.name)' listed twice")
        }
        self.verbs = verbs
    }

    /// The keys a scenario file may have at its top level.
    /// The most fields a class, captures a block, and locals and parameters a method, block, init or dealloc may
    /// have. Each instance, block copy or call holds all of its own: a class of 40,000 fields (one line of a flow
    /// mapping) with 10,000 live instances took 3.6 GB, a block of 100,000 captures trapped (an object's slot count
    /// is 16 bits), and threads nesting calls of a thousand locals each passed 4 GiB. Scenarios use a handful.
    static let maxNames = 256

    static let topLevelKeys = [
        "name", "description", "covers", "seed", "until", "variants", "set", "classes", "queues",
        "main", "user", "appDelegate", "gestures", "params", "sweep", "operationQueues", "expect",
        "cases", "process", "swift",
    ]
    static let seedCases = (1...19).filter { $0 != 5 && $0 != 16 }.map { "S\($0)" }

    func compile(_ root: LocatedNode) -> Scenario? {
        guard let top = root.mapping else {
            bag.error(
                .typeMismatch, "a scenario file is a mapping with keys such as name, classes, main and expect",
                at: root.location)
            return nil
        }
        checkKeys(top, allowed: Self.topLevelKeys, required: ["name", "main"], context: "scenario", into: &bag)
        if let cases = top.entries.first(where: { $0.key.text == "cases" }) {
            // ScenarioLoader.loadCases makes one scenario per case; a file with cases: loaded whole is none of them.
            bag.error(
                .keyUnknown,
                "cases: makes one scenario per case: load the file with ScenarioLoader.loadCases "
                    + "(the loopsim commands do)", at: cases.key.location)
        }
        if let swift = top.entries.first(where: { $0.key.text == "swift" }) {
            // The Swift front-end (LoopSimSwift, which the loopsim commands use) replaces it with the files' code.
            bag.error(
                .keyUnknown,
                "swift: names Swift files of app code, which the Swift front-end reads: load the file with "
                    + "SwiftScenarioLoader.loadCases(yaml:file:) (the loopsim commands do)", at: swift.key.location)
        }
        let name = top["name"].flatMap { string($0, what: "name") } ?? "unnamed"
        let covers = top["covers"].map { stringList($0, what: "covers") } ?? []
        for (i, id) in covers.enumerated() where !Self.seedCases.contains(id) {
            bag.error(
                .coversUnknown, "'\(id)' is not a seed case id; ids are S1…S19 without S5 and S16",
                at: top["covers"]!.sequence?.items[i].location ?? top.location)
        }
        var seed = top["seed"].flatMap { unsigned($0, what: "seed") } ?? 0
        if seed > UInt64(Int64.max) {
            bag.error(.valueInvalid, "seed must be at most \(Int64.max)", at: top["seed"]!.location)
            seed = 0
        }
        let until =
            top["until"].flatMap { duration($0, what: "until") }.map { SimInstant.zero + $0 } ?? .zero + .seconds(60)
        let variants = top["variants"].map { variantList($0) } ?? VariantProfile.builtInNames
        let overrides = top["set"].map { flagOverrides($0) } ?? []
        if let node = top["process"], let process = string(node, what: "process") {
            if process.isEmpty || process.contains("/") {
                bag.error(
                    .valueInvalid, "process is an executable's file name: not empty, without '/'", at: node.location)
            } else {
                program.processName = process
            }
        }
        if let queues = top["queues"] { declareQueues(queues) }
        if let node = top["operationQueues"] {
            if let map = node.mapping {
                for entry in map.entries {
                    // `default` or nothing: NSOperationQueueDefaultMaxConcurrentOperationCount, what
                    // `OperationQueue()` has
                    let n =
                        entry.value.isNull || entry.value.scalar?.text == "default"
                        ? Program.defaultMaxConcurrentOperationCount
                        : int(entry.value, what: "maxConcurrentOperationCount (or default)")
                    guard let n, n >= 1 || n == Program.defaultMaxConcurrentOperationCount else { continue }
                    if entry.key.text == "main" {
                        bag.error(
                            .valueInvalid,
                            "'main' is the main operation queue (NSOperationQueue.mainQueue): "
                                + "give this queue another name", at: entry.key.location)
                        continue
                    }
                    program.operationQueues.append((entry.key.text, n))
                }
            } else {
                bag.error(
                    .typeMismatch,
                    "operationQueues: maps a queue name to its maxConcurrentOperationCount or default, "
                        + "e.g. {alerts: 1}",
                    at: node.location)
            }
        }
        declareClasses(top["classes"])
        compileClassBodies(top["classes"])
        checkInitCycles(top["classes"])
        compileMain(top["main"], user: top["user"], appDelegate: top["appDelegate"], until: until)
        let gestures = top["gestures"].flatMap { gestureSpec($0, until: until) }
        let sweep = top["sweep"].flatMap { sweepSpec($0, params: top["params"]?.mapping, variants: variants) }
        let expectations = top["expect"].map { compileExpectations($0, variants: variants, root: root) } ?? []
        return Scenario(
            name: name, file: file, summary: top["description"].flatMap { string($0, what: "description") },
            covers: covers, seed: seed, until: until, variants: variants, flagOverrides: overrides,
            program: program, samplers: samplers, gestures: gestures, sweep: sweep, expectations: expectations)
    }

    // MARK: Scalars

    func string(_ node: LocatedNode, what: String) -> String? {
        guard let s = node.scalar, !s.isNull else {
            bag.error(.typeMismatch, "\(what) must be a string, not \(node.kindName)", at: node.location)
            return nil
        }
        return s.text
    }

    func stringList(_ node: LocatedNode, what: String) -> [String] {
        if let s = node.scalar, !s.isNull { return [s.text] }
        guard let seq = node.sequence else {
            bag.error(.typeMismatch, "\(what) must be a list, e.g. [a, b]", at: node.location)
            return []
        }
        return seq.items.compactMap { string($0, what: "each entry of \(what)") }
    }

    func unsigned(_ node: LocatedNode, what: String) -> UInt64? {
        guard let s = node.scalar, s.isPlain, let v = UInt64(s.text) else {
            bag.error(.typeMismatch, "\(what) must be a non-negative integer", at: node.location)
            return nil
        }
        return v
    }

    func int(_ node: LocatedNode, what: String) -> Int? {
        guard let s = node.scalar, s.isPlain, let v = Int(s.text) else {
            bag.error(.typeMismatch, "\(what) must be an integer", at: node.location)
            return nil
        }
        return v
    }

    func bool(_ node: LocatedNode, what: String) -> Bool? {
        guard let s = node.scalar, s.isPlain else {
            bag.error(.typeMismatch, "\(what) must be true or false", at: node.location)
            return nil
        }
        switch s.text {
        case "true", "yes", "YES": return true
        case "false", "no", "NO": return false
        default:
            bag.error(.typeMismatch, "\(what) must be true or false, not '\(s.text)'", at: node.location)
            return nil
        }
    }

    /// A duration written with a unit (`"250ms"`); bare numbers are refused (YAML reads `010` as 8).
    func duration(_ node: LocatedNode, what: String, allowNegative: Bool = false) -> SimDuration? {
        guard let s = node.scalar, !s.isNull else {
            bag.error(
                .typeMismatch, "\(what) must be a duration such as \"250ms\" or \"1.5s\", not \(node.kindName)",
                at: node.location)
            return nil
        }
        let parsed = allowNegative ? DurationParser.signedNanoseconds(s.text) : DurationParser.nanoseconds(s.text)
        switch parsed {
        case .success(let ns):
            return checkDurationRange(SimDuration(nanoseconds: ns), text: s.text, what: what, at: node.location)
        case .failure(let error):
            bag.error(error.diagnosticID, "\(what): \(error.message)", at: node.location)
            return nil
        }
    }

    /// A duration argument of a step: a literal, read by ``duration(_:what:allowNegative:)`` exactly as before, or
    /// an expression of type `duration` (`self.interval`, `delay * 2`, `base + 250ms`) evaluated when the step runs
    /// (docs/scenario-format.md §6, "Durations as values"). A text that reads as a number with a unit, or that no
    /// scope can resolve, stays a literal and gets the literal's diagnostics.
    func durationArgument(
        _ node: LocatedNode, what: String, scope: Scope?, allowNegative: Bool = false
    ) -> DurationArgument? {
        guard let scope, let s = node.scalar, !s.isNull,
            s.style == .plain || s.style == .doubleQuoted
                || s.style == .singleQuoted, !Self.looksLikeDurationLiteral(s.text)
        else {
            return duration(node, what: what, allowNegative: allowNegative).map { .fixed($0) }
        }
        guard let (expr, type) = expression(node, scope: scope) else { return nil }
        guard type == .duration else {
            bag.error(
                .typeMismatch,
                "\(what) must be a duration: a literal such as \"250ms\" or \"1.5s\", or an expression of type "
                    + "duration (a `duration` field or local, `delay * 2`, `n * 1s`), not \(type)", at: node.location)
            return nil
        }
        if case .literal(.duration(let d)) = expr {  // `0.5`, `(2s)`: a constant, folded as a literal is
            return checkDurationRange(d, text: s.text, what: what, at: node.location).map { .fixed($0) }
        }
        return .computed(expr)
    }

    /// Whether `text` is written as a duration literal (`250ms`, `1.5 s`, `-5ms`, `250`, `1e3ms`): a sign, then a
    /// digit or a dot, and no operator after it (but an exponent's sign); such a text is read as a literal, and a bad
    /// one gets the literal's error. `2 * base` and `delay` are expressions.
    static func looksLikeDurationLiteral(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        guard let first = rest.first else { return true }
        guard first.isASCII && (first.isNumber || first == ".") else { return false }
        var previous: Character = first
        for c in rest.dropFirst() {
            if "*/%()<>=!&|".contains(c) { return false }
            if (c == "+" || c == "-") && previous != "e" && previous != "E" { return false }
            previous = c
        }
        return true
    }

    // MARK: Sweeps

    /// `sweep:` — each key a parameter declared under `params:` (or `variant`) with a list of values, plus
    /// an optional `replications:` count.
    private func sweepSpec(_ node: LocatedNode, params: LocatedNode.Mapping?, variants: [String]) -> SweepSpec? {
        guard let map = node.mapping else {
            bag.error(.typeMismatch, "sweep: is a mapping of parameter to a list of values", at: node.location)
            return nil
        }
        var axes: [(name: String, values: [String])] = []
        var sweepVariants = variants
        var replications = 100
        for entry in map.entries {
            switch entry.key.text {
            case "replications":
                // A count below 1 ran as 1, silently: say so at the value instead.
                guard let n = int(entry.value, what: "replications") else { continue }
                guard n >= 1 else {
                    bag.error(
                        .valueInvalid,
                        "replications is the number of runs per grid point and variant: at least "
                            + "1, not \(n) (default 100)", at: entry.value.location)
                    continue
                }
                replications = n
            case "variant", "variants":
                sweepVariants = variantList(entry.value)
            default:
                guard params?.contains(entry.key.text) == true else {
                    bag.error(
                        .nameUndefined,
                        "sweep over '\(entry.key.text)', which is not declared under params:"
                            + suggestion(entry.key.text, params?.keys ?? []), at: entry.key.location)
                    continue
                }
                // One value (`k: 5s`) was taken silently as a one-value list; a sweep axis is a list, and a
                // parameter that does not vary belongs under params:.
                guard entry.value.sequence != nil else {
                    bag.error(
                        .typeMismatch,
                        "the values of '\(entry.key.text)' must be a list, e.g. "
                            + "\(entry.key.text): [\(entry.value.scalar?.text ?? "…")]; a value that does not vary goes "
                            + "under params:", at: entry.value.location)
                    continue
                }
                axes.append((entry.key.text, stringList(entry.value, what: "the values of \(entry.key.text)")))
            }
        }
        return SweepSpec(axes: axes, variants: sweepVariants, replications: replications)
    }

    // MARK: Variants

    func variantList(_ node: LocatedNode) -> [String] {
        let names = stringList(node, what: "variants")
        let items = node.sequence?.items ?? [node]
        var listed: Set<String> = [], repeated: Set<String> = []
        for (i, n) in names.enumerated() {
            let location = items[min(i, items.count - 1)].location
            if VariantProfile.builtIn(n) == nil, n == "ios11" || n == "ios12" {
                bag.error(
                    .variantUnknown,
                    "unknown variant '\(n)': LoopSim models ios8, ios9, ios10, ios13 and linux-corelibs; iOS 11 "
                        + "and 12 lie between ios10 and ios13 (KVO's automatic observer removal came in iOS 11; "
                        + "page sheets and 30 s background tasks in iOS 13): run both", at: location)
            } else if VariantProfile.builtIn(n) == nil {
                bag.error(
                    .variantUnknown, "unknown variant '\(n)'\(suggestion(n, VariantProfile.builtInNames))",
                    at: location)
            } else if !listed.insert(n).inserted, repeated.insert(n).inserted {
                // Once per name: a list of 100,000 `ios10`s ran 100,000 identical runs (855 MB), and each repeat
                // reported would be as many lines.
                bag.error(
                    .variantDuplicate,
                    "variant '\(n)' is listed more than once; list each variant once (a "
                        + "repeat would run the same run again)", at: location)
            }
        }
        return names.filter { VariantProfile.builtIn($0) != nil }
    }

    private func flagOverrides(_ node: LocatedNode) -> [(flag: String, value: String)] {
        guard let map = node.mapping else {
            bag.error(.typeMismatch, "set: is a mapping of variant flag to value", at: node.location)
            return []
        }
        var result: [(flag: String, value: String)] = []
        let probe = VariantProfile.builtIn("ios10")!
        for entry in map.entries {
            guard let value = entry.value.scalar?.text else {
                bag.error(.typeMismatch, "a flag value is a scalar", at: entry.value.location)
                continue
            }
            do {
                _ = try probe.setting(entry.key.text, to: value)
                result.append((entry.key.text, value))
            } catch {
                let names = VariantFlag.all.map(\.name)
                let hint = VariantFlag.named(entry.key.text) == nil ? suggestion(entry.key.text, names) : ""
                bag.error(.flagInvalid, error.message + hint, at: entry.key.location)
            }
        }
        return result
    }

    /// `; did you mean `x`?` for the closest candidate, or nothing.
    func suggestion(_ name: String, _ candidates: [String]) -> String {
        KeyChecker.suggestion(for: name, among: candidates).map { "; did you mean `\($0)`?" } ?? ""
    }
}
