/// Reads scenario files: YAML text → located tree → validated ``Scenario``, with every problem collected.
public enum ScenarioLoader {
    /// The result of loading one file.
    public struct Loaded: Sendable {
        /// The scenario, when there was no error (warnings may remain).
        public var scenario: Scenario?
        public var diagnostics: [Diagnostic]
        public var source: String

        public init(scenario: Scenario?, diagnostics: [Diagnostic], source: String) {
            self.scenario = scenario
            self.diagnostics = diagnostics
            self.source = source
        }
    }

    /// Parses and validates `text` as the contents of `file`, with `parameters` overriding `params:` defaults.
    public static func load(text: String, file: String, parameters: [(String, String)] = []) -> Loaded {
        load(text: text, file: file, parameters: parameters, extraVerbs: [])
    }

    /// The most cases a file's `cases:` may list.
    public static let maxCases = 256

    /// The cases of a file with `cases:` (docs/scenario-format.md §8.2), each loaded as its own scenario: the
    /// file with that case's `params:` over the file's (and `parameters` over both), its `expect:` entries added
    /// to the file's, and its name after the scenario's (`NAME [case]`). A file without `cases:` is one scenario.
    /// `only` keeps one case; a name the file does not have is `name.undefined`.
    public static func loadCases(
        text: String, file: String, parameters: [(String, String)] = [],
        only: String? = nil
    ) -> [Loaded] {
        let (root, syntax, summary) = LocatedNode.parseSummarizing(yaml: text, file: file)
        return loadCases(
            root: root, syntax: syntax, summary: summary, text: text, file: file, parameters: parameters, only: only)
    }

    /// ``loadCases(text:file:parameters:only:)`` of a scenario tree made by another front-end (the Swift one,
    /// docs/swift-scenarios.md, or a YAML file whose app code is in Swift files): `params:`, `cases:` and `${name}`
    /// work as in a YAML file. `syntax` holds the front-end's own diagnostics.
    public static func loadCases(
        tree: LocatedNode, syntax: [Diagnostic], text: String, file: String, parameters: [(String, String)] = [],
        only: String? = nil
    ) -> [Loaded] {
        loadCases(root: tree, syntax: syntax, summary: nil, text: text, file: file, parameters: parameters, only: only)
    }

    /// ``loadCases(text:file:parameters:only:)`` of a parsed tree.
    private static func loadCases(
        root: LocatedNode?, syntax: [Diagnostic], summary: LocatedNode.ScalarSummary?, text: String, file: String,
        parameters: [(String, String)], only: String?
    ) -> [Loaded] {
        guard let top = root?.mapping, let casesEntry = top.entries.first(where: { $0.key.text == "cases" }) else {
            if let only {
                var bag = DiagnosticBag(syntax)
                bag.error(
                    .nameUndefined, "'\(file)' has no cases: (so no case '\(only)'); leave out --case",
                    at: SourceLocation(file: file, line: 1, column: 1))
                return [Loaded(scenario: nil, diagnostics: bag.sorted(), source: text)]
            }
            // The tree just parsed, not the text again: parsing the 10k-timer storm file was a third of the
            // instructions of reading and compiling it, and it was parsed twice (BENCHMARKS.md "Start-up").
            return [
                load(
                    root: root, syntax: syntax, summary: summary, text: text, file: file, parameters: parameters,
                    extraVerbs: [])
            ]
        }
        var bag = DiagnosticBag(syntax)
        guard let cases = casesEntry.value.mapping, !cases.entries.isEmpty else {
            bag.error(
                .typeMismatch, "cases: is a mapping of case name to {params: …, expect: …}",
                at: casesEntry.value.location)
            return [Loaded(scenario: nil, diagnostics: bag.sorted(), source: text)]
        }
        // Each case is compiled, and run under each variant, as a scenario of its own, and `run` keeps every run
        // for its report: 20,000 cases on one line took 761 MB (debug), 100,000 passed 4 GiB.
        guard cases.entries.count <= maxCases else {
            bag.error(
                .namesTooMany,
                "cases: lists \(cases.entries.count) cases; a file has at most \(maxCases) (each "
                    + "is a scenario of its own); split the file, or use params: and sweep: for a grid",
                at: casesEntry.value.location)
            return [Loaded(scenario: nil, diagnostics: bag.sorted(), source: text)]
        }
        var selected = cases.entries
        if let only {
            selected = cases.entries.filter { $0.key.text == only }
            if selected.isEmpty {
                bag.error(
                    .nameUndefined,
                    "no case named '\(only)' in cases:; its cases are "
                        + cases.entries.map(\.key.text).joined(separator: ", ")
                        + (KeyChecker.suggestion(for: only, among: cases.entries.map(\.key.text)).map {
                            "; did you mean `\($0)`?"
                        } ?? ""),
                    at: casesEntry.key.location)
                return [Loaded(scenario: nil, diagnostics: bag.sorted(), source: text)]
            }
        }
        return selected.map { entry in
            var caseBag = DiagnosticBag(syntax)
            var caseParameters: [(String, String)] = []
            var caseExpect: LocatedNode.Mapping?
            if let body = entry.value.mapping {
                checkKeys(body, allowed: ["params", "expect"], context: "case `\(entry.key.text)`", into: &caseBag)
                if let params = body["params"] {
                    if let map = params.mapping {
                        for p in map.entries {
                            if let value = p.value.scalar, !value.isNull {
                                caseParameters.append((p.key.text, value.text))
                            } else {
                                caseBag.error(
                                    .typeMismatch, "parameter `\(p.key.text)` needs a scalar value",
                                    at: p.value.location)
                            }
                        }
                    } else {
                        caseBag.error(
                            .typeMismatch, "a case's params: is a mapping of parameter name to value",
                            at: params.location)
                    }
                }
                if let expect = body["expect"] {
                    if let map = expect.mapping {
                        caseExpect = map
                    } else {
                        caseBag.error(
                            .typeMismatch, "a case's expect: is a mapping of variant (or all) to figures",
                            at: expect.location)
                    }
                }
            } else if !entry.value.isNull {
                caseBag.error(
                    .typeMismatch, "case `\(entry.key.text)` is a mapping with params: and expect: (or empty)",
                    at: entry.value.location)
            }
            guard !caseBag.hasErrors else { return Loaded(scenario: nil, diagnostics: caseBag.sorted(), source: text) }
            let tree = caseTree(top, case: entry.key.text, expect: caseExpect)
            var loaded = load(
                root: tree, syntax: syntax, text: text, file: file,
                parameters: caseParameters + parameters, extraVerbs: [])
            loaded.scenario?.caseName = entry.key.text
            return loaded
        }
    }

    /// The file's tree for one case: without `cases:`, the name followed by the case's, and `expect:` with the
    /// case's entries after the file's (a variant both name keeps both sets of figures).
    private static func caseTree(
        _ top: LocatedNode.Mapping, case name: String,
        expect: LocatedNode.Mapping?
    ) -> LocatedNode {
        var result = top
        result.entries.removeAll { $0.key.text == "cases" }
        for i in result.entries.indices where result.entries[i].key.text == "name" {
            if case .scalar(var s) = result.entries[i].value {
                s.text += " [\(name)]"
                result.entries[i].value = .scalar(s)
            }
        }
        guard let expect else { return .mapping(result) }
        if let i = result.entries.firstIndex(where: { $0.key.text == "expect" }),
            var merged = result.entries[i].value.mapping
        {
            for entry in expect.entries {
                if let j = merged.entries.firstIndex(where: { $0.key.text == entry.key.text }),
                    var figures = merged.entries[j].value.mapping, let more = entry.value.mapping
                {
                    figures.entries += more.entries
                    merged.entries[j].value = .mapping(figures)
                } else {
                    merged.entries.append(entry)
                }
            }
            result.entries[i].value = .mapping(merged)
        } else {
            result.entries.append(
                .init(
                    key: LocatedNode.Scalar(
                        text: "expect", location: expect.location,
                        style: .plain), value: .mapping(expect)))
        }
        return .mapping(result)
    }

    /// Compiles a scenario tree made by another front-end (the Swift one, docs/swift-scenarios.md): the tree's
    /// locations point into `text`, the file as written, which diagnostics quote. `syntax` holds the front-end's
    /// own diagnostics, reported with the compiler's.
    public static func load(
        tree: LocatedNode, syntax: [Diagnostic], text: String, file: String, parameters: [(String, String)] = []
    ) -> Loaded {
        load(root: tree, syntax: syntax, text: text, file: file, parameters: parameters, extraVerbs: [])
    }

    /// ``load(text:file:parameters:)`` with verbs beside ``ScenarioCompiler/stepVerbs`` (a verb defined outside
    /// the compiler, as `NewVerbTests` defines one, in the two places a verb's code takes).
    static func load(text: String, file: String, parameters: [(String, String)], extraVerbs: [StepVerb]) -> Loaded {
        let (root, syntax, summary) = LocatedNode.parseSummarizing(yaml: text, file: file)
        return load(
            root: root, syntax: syntax, summary: summary, text: text, file: file, parameters: parameters,
            extraVerbs: extraVerbs)
    }

    /// Substitutes the parameters into a parsed tree and compiles it. With a `summary` of the tree's scalars (the
    /// file's own tree, not a case's, whose name is longer), the substitution is skipped when no scalar has a `$`,
    /// and the length check too when no scalar is longer than ``LocatedNode/maxScalarLength`` bytes either: the two
    /// walks of the tree were 2 % of reading and compiling the 10k-timer storm file each (BENCHMARKS.md "Start-up").
    private static func load(
        root: LocatedNode?, syntax: [Diagnostic], summary: LocatedNode.ScalarSummary? = nil, text: String,
        file: String, parameters: [(String, String)], extraVerbs: [StepVerb]
    ) -> Loaded {
        var root = root
        var bag = DiagnosticBag(syntax)
        if let top = root?.mapping {
            var values: [String: String] = [:]
            let defaults = Parameters.defaults(in: top, into: &bag)
            for (name, value) in defaults { values[name] = value }
            for (name, value) in parameters {
                guard values[name] != nil else {
                    let known = defaults.map(\.0)
                    bag.error(
                        .nameUndefined,
                        "no parameter named '\(name)' in params: to set (--param or a sweep); "
                            + (known.isEmpty
                                ? "the file declares none" : "its parameters are " + known.joined(separator: ", "))
                            + (KeyChecker.suggestion(for: name, among: known).map { "; did you mean `\($0)`?" } ?? ""),
                        at: top["params"]?.location ?? top.location)
                    continue
                }
                values[name] = value
            }
            if summary?.hasDollarSign != false {
                root = Parameters.substitute(.mapping(top), values, skippingKeys: ["params", "sweep"], into: &bag)
            }
        }
        let mayBeTooLong = summary.map { $0.hasDollarSign || $0.longestUTF8 > LocatedNode.maxScalarLength } ?? true
        if let root, mayBeTooLong { LocatedNode.checkLengths(root, into: &bag) }
        var scenario: Scenario?
        if root == nil && !bag.hasErrors {
            bag.error(
                .keyMissing, "the file is empty: a scenario needs at least name: and main:",
                at: SourceLocation(file: file, line: 1, column: 1))
        }
        if let root, !bag.hasErrors {
            let compiler = ScenarioCompiler(file: file, extraVerbs: extraVerbs)
            scenario = compiler.compile(root)
            scenario?.origin = (text, file, parameters)
            bag.append(contentsOf: compiler.bag)
        }
        return Loaded(scenario: bag.hasErrors ? nil : scenario, diagnostics: bag.sorted(), source: text)
    }
}
