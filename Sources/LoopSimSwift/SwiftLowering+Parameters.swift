import LoopSimScenario
import SwiftSyntax

/// A parameter of a Swift scenario: `let interval = scenario.param("interval", default: 1.0, in: [0.5, 1, 2])`,
/// lowered to `params:` (and a `sweep:` axis for `in:`), its uses to `${interval}` (docs/scenario-format.md §8.2).
struct SwiftParameter {
    /// How the value is written, which decides how a use of it is lowered.
    enum Kind {
        /// A number of seconds (`TimeInterval`): a duration `${name}s` where a duration is taken.
        case seconds
        /// `.milliseconds(500)` and the other duration forms: the value carries its unit (`500ms`).
        case duration
        /// An `Int` literal: an integer, or seconds where a duration is taken.
        case int
        case bool
        case string
    }

    /// The parameter's name in `params:` (the string the call gives).
    var name: String
    var kind: Kind
    /// The default's text, as `params:` holds it.
    var value: String
    /// The values of its sweep axis (`in:`), if any.
    var sweep: [String]
    var location: ScenarioLocation

    /// The static type a use of it has in an expression.
    var type: LoweredType {
        switch kind {
        case .int: .int
        case .bool: .bool
        case .string: .string
        case .seconds, .duration: .unknown
        }
    }

    /// A use of it in an expression: `${name}` (quoted for a string, which the language compares by text).
    var expressionText: String { kind == .string ? "\"${\(name)}\"" : "${\(name)}" }

    /// A use of it where a duration is taken: `${name}` with seconds as its unit when the value has none.
    var durationText: String? {
        switch kind {
        case .seconds, .int: "${\(name)}s"
        case .duration: "${\(name)}"
        case .bool, .string: nil
        }
    }
}

/// A case of a Swift scenario: `scenario.case("fix", params: ["fix": true])` (docs/scenario-format.md §8.2).
struct SwiftCase {
    var name: String
    var params: [(String, LocatedNode)]
    /// Its own expectations: `scenario.expect(.all, [...], case: "fix")`, by variant.
    var expect: [(String, [(String, LocatedNode)])] = []
    var location: ScenarioLocation
}

extension SwiftLowering {
    /// `let NAME = scenario.param("name", default: V, in: [V, …])` at the top level: records the parameter under
    /// the Swift name NAME. True when `decl` is one (reported problems included).
    mutating func parameterDeclaration(_ decl: VariableDeclSyntax) -> Bool {
        guard let binding = decl.bindings.first,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "param", let scenarioName,
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == scenarioName
        else { return false }
        guard decl.bindings.count == 1,
            let swiftName = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else {
            scenarioError(
                "a parameter is one name: `let interval = scenario.param(\"interval\", default: 1)`", at: decl)
            return true
        }
        let arguments = Array(call.arguments)
        guard arguments.count >= 2, arguments[0].label == nil, let name = plainString(arguments[0].expression),
            arguments[1].label?.text == "default"
        else {
            scenarioError(
                "param takes a name and a default: `scenario.param(\"interval\", default: 1.0, in: [0.5, 1, 2])`",
                at: call)
            return true
        }
        guard let (kind, value) = parameterValue(arguments[1].expression, kind: nil) else { return true }
        var sweep: [String] = []
        for argument in arguments.dropFirst(2) {
            guard argument.label?.text == "in", let array = argument.expression.as(ArrayExprSyntax.self) else {
                scenarioError("after its default, a parameter takes `in:`, the values a sweep tries", at: argument)
                return true
            }
            for element in array.elements {
                guard let (_, text) = parameterValue(element.expression, kind: kind) else { return true }
                sweep.append(text)
            }
        }
        if let earlier = parameters.values.first(where: { $0.name == name }) {
            scenarioError(
                "a second parameter named \"\(name)\" (the first is at line \(earlier.location.line))", at: call)
            return true
        }
        parameters[swiftName] = SwiftParameter(
            name: name, kind: kind, value: value, sweep: sweep, location: location(call))
        parameterOrder.append(swiftName)
        return true
    }

    /// A parameter's value: its kind and its text in `params:`. `kind`, when given, is the default's, which every
    /// value of the sweep must share (an `Int` among `TimeInterval`s is seconds too).
    private mutating func parameterValue(
        _ e: ExprSyntax, kind: SwiftParameter.Kind?
    ) -> (SwiftParameter.Kind, String)? {
        var found: (SwiftParameter.Kind, String)?
        if let i = e.as(IntegerLiteralExprSyntax.self) {
            found = (kind == .seconds ? .seconds : .int, i.literal.text.replacingUnderscores())
        } else if let f = e.as(FloatLiteralExprSyntax.self) {
            found = (.seconds, f.literal.text.replacingUnderscores())
        } else if let b = e.as(BooleanLiteralExprSyntax.self) {
            found = (.bool, b.literal.text)
        } else if let s = plainString(e) {
            found = (.string, s)
        } else if e.is(FunctionCallExprSyntax.self), let d = duration(e) {
            found = (.duration, d)
        }
        guard case (var foundKind, let text)? = found else {
            scenarioError(
                "a parameter's value is a literal: a number of seconds, an Int, a Bool, a String, or "
                    + "`.milliseconds(N)`", at: e)
            return nil
        }
        if kind == .int, foundKind == .seconds { foundKind = .int }
        if let kind, kind != foundKind, !(kind == .seconds && foundKind == .int) {
            scenarioError("every value of a parameter has the kind of its default", at: e)
            return nil
        }
        return (foundKind, text)
    }

    /// `scenario.case("fix", params: ["fix": true])`: a case of `cases:` (docs/scenario-format.md §8.2).
    mutating func lowerCase(_ call: FunctionCallExprSyntax) {
        let arguments = Array(call.arguments)
        guard let first = arguments.first, first.label == nil, let name = plainString(first.expression) else {
            scenarioError("case takes its name first: `scenario.case(\"fix\", params: [\"fix\": true])`", at: call)
            return
        }
        if cases.contains(where: { $0.name == name }) {
            scenarioError("a second case named \"\(name)\"", at: call)
            return
        }
        var params: [(String, LocatedNode)] = []
        for argument in arguments.dropFirst() {
            guard argument.label?.text == "params", let dictionary = argument.expression.as(DictionaryExprSyntax.self)
            else {
                scenarioError("after its name, a case takes `params:`, a dictionary of parameter values", at: argument)
                return
            }
            guard case .elements(let elements) = dictionary.content else { continue }
            for element in elements {
                guard let key = plainString(element.key) else {
                    scenarioError("a parameter's name is a string literal", at: element.key)
                    continue
                }
                let declared = parameters.values.first { $0.name == key }
                guard let (_, value) = parameterValue(element.value, kind: declared?.kind) else { continue }
                params.append((key, .quoted(value, at: location(element.value))))
            }
        }
        cases.append(SwiftCase(name: name, params: params, location: location(call)))
    }

    /// `scenario.sweep(replications: 50)`: the sweep's replications (its axes are the parameters' `in:` lists).
    mutating func lowerSweep(_ call: FunctionCallExprSyntax) {
        guard call.arguments.count == 1, let argument = call.arguments.first,
            argument.label?.text == "replications",
            let n = argument.expression.as(IntegerLiteralExprSyntax.self)
        else {
            scenarioError(
                "sweep takes `replications:`, an integer literal: `scenario.sweep(replications: 50)`", at: call)
            return
        }
        sweepReplications = (n.literal.text, location(n))
    }

    /// The top-level keys of the parameters and cases: `params:`, `sweep:`, `cases:`.
    func experimentKeys(at start: ScenarioLocation) -> [(String, LocatedNode)] {
        var result: [(String, LocatedNode)] = []
        let declared = parameterOrder.compactMap { parameters[$0] }
        if !declared.isEmpty {
            result.append(("params", .map(declared.map { ($0.name, .quoted($0.value, at: $0.location)) }, at: start)))
        }
        let axes = declared.filter { !$0.sweep.isEmpty }
        if !axes.isEmpty || sweepReplications != nil {
            var sweep: [(String, LocatedNode)] = axes.map { p in
                (p.name, .list(p.sweep.map { .quoted($0, at: p.location) }, at: p.location))
            }
            if let (n, at) = sweepReplications { sweep.append(("replications", .plain(n, at: at))) }
            result.append(("sweep", .map(sweep, at: start)))
        }
        if !cases.isEmpty {
            let entries: [(String, LocatedNode)] = cases.map { c in
                var body: [(String, LocatedNode)] = []
                if !c.params.isEmpty { body.append(("params", .map(c.params, at: c.location))) }
                if !c.expect.isEmpty { body.append(("expect", expectNode(c.expect, at: c.location))) }
                return (c.name, .map(body, at: c.location))
            }
            result.append(("cases", .map(entries, at: start)))
        }
        return result
    }

    /// `expect:`'s mapping of variant to figures, each figure's key located at its value (so that a failed
    /// expectation names the Swift line).
    func expectNode(_ expectations: [(String, [(String, LocatedNode)])], at start: ScenarioLocation) -> LocatedNode {
        let variants = expectations.map { variant, figures in
            let entries = figures.map { key, value in
                LocatedNode.Mapping.Entry(key: .init(text: key, location: value.location), value: value)
            }
            return (variant, LocatedNode.mapping(.init(entries: entries, location: start)))
        }
        return .map(variants, at: start)
    }
}
