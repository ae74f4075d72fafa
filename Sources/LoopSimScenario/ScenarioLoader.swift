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

    /// ``load(text:file:parameters:)`` with verbs beside ``ScenarioCompiler/stepVerbs`` (a verb defined outside
    /// the compiler, as `NewVerbTests` defines one, in the two places a verb's code takes).
    static func load(text: String, file: String, parameters: [(String, String)], extraVerbs: [StepVerb]) -> Loaded {
        var (root, syntax) = LocatedNode.parse(yaml: text, file: file)
        var bag = DiagnosticBag(syntax)
        if let top = root?.mapping {
            var values: [String: String] = [:]
            let defaults = Parameters.defaults(in: top, into: &bag)
            for (name, value) in defaults { values[name] = value }
            for (name, value) in parameters {
                guard values[name] != nil else {
                    let known = defaults.map(\.0)
                    bag.error(.nameUndefined, "no parameter named '\(name)' in params: to set (--param or a sweep); "
                        + (known.isEmpty ? "the file declares none" : "its parameters are " + known.joined(separator: ", "))
                        + (KeyChecker.suggestion(for: name, among: known).map { "; did you mean `\($0)`?" } ?? ""),
                              at: top["params"]?.location ?? top.location)
                    continue
                }
                values[name] = value
            }
            root = Parameters.substitute(.mapping(top), values, skippingKeys: ["params", "sweep"], into: &bag)
        }
        var scenario: Scenario?
        if root == nil && !bag.hasErrors {
            bag.error(.keyMissing, "the file is empty: a scenario needs at least name: and main:",
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
