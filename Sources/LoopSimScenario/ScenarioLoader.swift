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

    /// Parses and validates `text` as the contents of `file`.
    public static func load(text: String, file: String) -> Loaded {
        let (root, syntax) = LocatedNode.parse(yaml: text, file: file)
        var bag = DiagnosticBag(syntax)
        var scenario: Scenario?
        if root == nil && !bag.hasErrors {
            bag.error(.keyMissing, "the file is empty: a scenario needs at least name: and main:",
                      at: SourceLocation(file: file, line: 1, column: 1))
        }
        if let root, !bag.hasErrors {
            let compiler = ScenarioCompiler(file: file)
            scenario = compiler.compile(root)
            bag.append(contentsOf: compiler.bag)
        }
        return Loaded(scenario: bag.hasErrors ? nil : scenario, diagnostics: bag.sorted(), source: text)
    }
}
