import LoopSimScenario
import SwiftParser
import SwiftSyntax

/// Reads a scenario written in Swift (docs/swift-scenarios.md): swift-syntax parses the file, ``SwiftLowering``
/// lowers it into the located scenario tree the YAML front-end produces, and the one ``ScenarioCompiler`` compiles
/// that tree. Every location in the tree is a Swift `file:line:column`, so the compiler's diagnostics, the trace's
/// step locations and the views all name the Swift line.
public enum SwiftScenarioLoader {
    /// Whether `path` names a Swift scenario (by its extension).
    public static func isSwiftScenario(_ path: String) -> Bool {
        path.hasSuffix(".swift")
    }

    /// Parses, lowers and compiles `text`, the contents of `file`. Errors of every stage are collected; the
    /// scenario is nil when any is an error.
    public static func load(text: String, file: String) -> ScenarioLoader.Loaded {
        let (tree, diagnostics) = lower(text: text, file: file)
        guard let tree, !diagnostics.contains(where: { $0.severity == .error }) else {
            return ScenarioLoader.Loaded(scenario: nil, diagnostics: diagnostics, source: text)
        }
        var loaded = ScenarioLoader.load(tree: tree, syntax: diagnostics, text: text, file: file)
        // The origin lets a run reload its program from the text; that text is Swift, which the YAML loader
        // cannot read, so a Swift scenario keeps the program it was compiled with.
        loaded.scenario?.origin = nil
        return loaded
    }

    /// Every scenario of a Swift file: itself, or each of its cases (`scenario.case(…)`; only `only` when given),
    /// with `parameters` over its `scenario.param(…)` defaults, as
    /// ``ScenarioLoader/loadCases(text:file:parameters:only:)`` loads a YAML file's (docs/scenario-format.md §8.2).
    public static func loadCases(
        text: String, file: String, parameters: [(String, String)] = [], only: String? = nil
    ) -> [ScenarioLoader.Loaded] {
        let (tree, diagnostics) = lower(text: text, file: file)
        guard let tree, !diagnostics.contains(where: { $0.severity == .error }) else {
            return [ScenarioLoader.Loaded(scenario: nil, diagnostics: diagnostics, source: text)]
        }
        return ScenarioLoader.loadCases(
            tree: tree, syntax: diagnostics, text: text, file: file, parameters: parameters, only: only
        ).map { loaded in
            var loaded = loaded
            // The origin names the parameters given; its text is Swift, which the YAML loader cannot reload.
            loaded.scenario?.reloadsFromOrigin = false
            return loaded
        }
    }

    /// The scenario tree of a Swift file, and the problems found making it (nil when it does not parse).
    public static func lower(text: String, file: String) -> (LocatedNode?, [Diagnostic]) {
        lower(text: text, file: file, isAppCode: false)
    }

    /// ``lower(text:file:)``; `isAppCode` lowers the app code a YAML scenario names in `swift:` (no `Scenario`).
    static func lower(text: String, file: String, isAppCode: Bool) -> (LocatedNode?, [Diagnostic]) {
        let source = Parser.parse(source: text)
        var lowering = SwiftLowering(file: file, tree: source)
        lowering.isAppCode = isAppCode
        if source.hasError {
            // `.all`: a missing token is not part of the source-accurate view.
            let finder = SyntaxErrorFinder(viewMode: .all)
            finder.walk(source)
            for node in finder.errors.prefix(5) {
                let snippet = node.trimmedDescription.prefix(40)
                let missing = node.as(TokenSyntax.self).map { $0.presence == .missing ? $0.text : "" } ?? ""
                let message =
                    !missing.isEmpty
                    ? "the Swift does not parse here: expected `\(missing)`; fix the syntax (swiftc reports the same)"
                    : snippet.isEmpty
                        ? "the Swift does not parse here: something is missing; check the brackets and the statement"
                        : "the Swift does not parse here, at `\(snippet)`; fix the syntax (swiftc reports the same)"
                lowering.bag.error(.swiftSyntax, message, at: lowering.location(node))
            }
            if finder.errors.isEmpty {
                lowering.bag.error(
                    .swiftSyntax, "the Swift does not parse; fix the syntax (swiftc reports where)",
                    at: ScenarioLocation(file: file, line: 1, column: 1))
            }
            return (nil, lowering.bag.sorted())
        }
        // Method references become the closures Swift makes of them (SwiftMethodReferences.swift), then overloads by
        // labels or `async` get names of their own (SwiftOverloads.swift); locations stay the file's.
        let references = MethodReferenceRewriting(source)
        for refusal in references.refusals {  // located in the file's own tree
            lowering.unsupported(refusal.what, refusal.instead, at: lowering.location(of: refusal.at))
        }
        lowering.methodReferences = references
        let renaming = OverloadRenaming(references.tree)
        for refusal in renaming.refusals {
            lowering.unsupported(
                refusal.what, refusal.instead, at: lowering.location(of: refusal.at))
        }
        lowering.overloads = renaming
        let tree = lowering.lowerFile(renaming.tree)
        return (tree, lowering.bag.sorted())
    }
}

/// Finds the places where the parser recovered: unexpected text and missing tokens.
private final class SyntaxErrorFinder: SyntaxVisitor {
    /// The nodes that carry an error, in source order.
    var errors: [Syntax] = []

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        errors.append(Syntax(node))
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing { errors.append(Syntax(token)) }
        return .skipChildren
    }
}
