import LoopSimScenario
import SwiftSyntax

/// An array's functions that take a closure, as a value (docs/swift-scenarios.md, "Arrays"): `a.filter { … }`,
/// `a.map { … }`, `a.first(where: { … })`, `a.contains(where: { … })`, `a.allSatisfy { … }`, `a.reduce(x) { $0 + $1 }`
/// and `a.count(where: { … })`. Each closure is non-escaping and runs in place, once per element in order, before the
/// call returns (the Swift standard library's `Sequence`), so each is lowered as the loop it runs: hoisted before the
/// statement into a local (SwiftLowering+Returns.swift), `for:` over a copy of the array, the closure's one
/// expression evaluated with its parameter (or `$0`) bound to the element; `first(where:)`, `contains(where:)` and
/// `allSatisfy` stop at the first element that decides, as the standard library's do.
extension SwiftLowering {
    /// The functions lowered here.
    static let arrayFunctions: Set<String> = ["filter", "map", "first", "contains", "allSatisfy", "reduce", "count"]

    /// The value of `call` when it is one of ``arrayFunctions`` on an array with a closure; nil when it is not.
    mutating func arrayFunctionValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            Self.arrayFunctions.contains(member.declName.baseName.text),
            Self.rangeOperands(base) != nil || isArrayExpression(base, in: scope)
        else { return nil }
        if let done = hoisting.temporaries[call.id] { return .some(done) }
        let name = member.declName.baseName.text
        let arguments = Array(call.arguments)
        // The closure: trailing, `where:`, or the last unlabelled argument (`reduce(0, { $0 + $1 })`).
        let closure =
            call.trailingClosure
            ?? arguments.last(where: { $0.label?.text == "where" || $0.label == nil })?
            .expression.as(ClosureExprSyntax.self)
        let labelled = arguments.filter { !$0.expression.is(ClosureExprSyntax.self) }
        switch name {
        case "first", "contains", "count":
            // `first(where:)`, `contains(where:)`, `count(where:)`; `a.contains(x)` is an element test (+Arrays).
            guard closure != nil, arguments.allSatisfy({ $0.label?.text == "where" }) || arguments.isEmpty else {
                return nil
            }
        case "reduce":
            guard labelled.count == 1, labelled[0].label == nil else {
                if call.arguments.first?.label?.text == "into" {
                    unsupported("`reduce(into:)`", "write `reduce(initial) { $0 + $1 }` or a `for` loop", at: call)
                    return .some(nil)
                }
                return nil  // `reduce(0, +)`: the array's sum (SwiftLowering+Dictionaries.swift)
            }
        default:
            guard labelled.isEmpty else { return nil }
        }
        guard let closure else { return nil }
        if name == "map", let made = structMadeBy(closure) {
            unsupported(
                "a `map` that makes values of the struct `\(made)`",
                "append them in a `for` loop in a method or `init`: `for i in 0..<n { items.append(\(made)(…)) }` "
                    + "(section \"Arrays of structs\")", at: closure)
            return .some(nil)
        }
        let at = location(call)
        guard hoisting.isOpen else {
            unsupported(
                "`\(name)` with a closure here",
                "use it in a method, a closure or the scenario's code, where statements run", at: call)
            return .some(nil)
        }
        // `(0..<n).map { … }`, `(1...3).filter { … }`: the range is the loop's, its bounds evaluated once
        // (SwiftLowering+RangeFunctions.swift); any other base is an array, copied when the loop starts.
        guard let array = rangeSource(base, in: scope) ?? expression(base, in: scope),
            case .array(let element) = array.type
        else { return .some(nil) }
        guard let body = Self.singleExpression(closure) else {
            unsupported(
                "a closure of more than one expression passed to `\(name)`",
                "write one expression (`{ $0.count > 2 }`), or a `for` loop that does the same", at: closure)
            return .some(nil)
        }
        let parameters = Self.orderedParameterNames(closure)
        let item = Self.temporaryName("item", at: at)
        let result = Self.temporaryName(name, at: at)
        var inner = scope
        func bind(_ swiftName: String?, as lowered: String, type: LoweredType) {
            let key = swiftName ?? "$0"
            inner.locals[key] = Local(type: type, isVar: false, lowered: lowered)
            inner.locals[key]?.isPlainElement = [.int, .bool, .string].contains(type)
        }
        var steps: [LocatedNode] = []
        let type: LoweredType
        var loopBody: [LocatedNode]
        if name == "reduce" {
            guard let initial = expression(labelled[0].expression, in: scope) else { return .some(nil) }
            guard parameters.count == 2 || (parameters.isEmpty && Self.usesShorthand(closure, upTo: 1)) else {
                unsupported(
                    "this `reduce` closure", "take the running value and the element: `{ total, x in total + x }`",
                    at: closure)
                return .some(nil)
            }
            bind(parameters.first, as: result, type: initial.type)
            if parameters.isEmpty {
                inner.locals["$1"] = Local(type: element, isVar: false, lowered: item)
            } else {
                bind(parameters[1], as: item, type: element)
            }
            if parameters.isEmpty { inner.locals["$0"] = Local(type: initial.type, isVar: false, lowered: result) }
            let mark = hoistingMark
            guard let next = expression(body, in: inner) else { return .some(nil) }
            let (before, after) = takeHoisted(since: mark)
            type = initial.type
            steps.append(.step("let", "\(result) = \(initial.text)", at: at))
            loopBody = before + [.step("set", "\(result) = \(next.text)", at: location(body))] + after
        } else {
            guard parameters.count <= 1 else {
                unsupported("this closure passed to `\(name)`", "take one element: `{ item in … }`", at: closure)
                return .some(nil)
            }
            bind(parameters.first, as: item, type: element)
            let mark = hoistingMark
            guard let value = expression(body, in: inner) else { return .some(nil) }
            // What the closure's expression hoists (`Cell(row: $0)` made into a temporary) runs in the loop, each
            // turn, as the closure's call does; its objects are released at the end of the turn.
            let (inLoop, inLoopReleases) = takeHoisted(since: mark)
            if name != "map", value.type != .bool {
                unsupported(
                    "a closure that does not give a `Bool` to `\(name)`", "write a condition: `{ $0 > 2 }`",
                    at: body)
                return .some(nil)
            }
            let then: (ScenarioLocation) -> [LocatedNode]
            switch name {
            case "filter":
                guard let typeName = collectionTypeName(array.type, at: call) else { return .some(nil) }
                type = array.type
                steps.append(.step("let", "\(result): \(typeName) = []", at: at))
                then = { [.step("append", result, at: $0, [("value", .plain(item, at: $0))])] }
            case "map":
                type = .array(value.type)
                guard let typeName = collectionTypeName(type, at: call) else { return .some(nil) }
                steps.append(.step("let", "\(result): \(typeName) = []", at: at))
                then = { _ in [] }
            case "first":
                type = element
                guard let typeName = element.fieldTypeName else { return .some(nil) }
                steps.append(.step("let", "\(result): \(typeName) = nil", at: at))
                then = { [.step("set", "\(result) = \(item)", at: $0), .plain("break", at: $0)] }
            case "count":
                type = .int
                steps.append(.step("let", "\(result) = 0", at: at))
                then = { [.step("increment", result, at: $0)] }
            case "allSatisfy":
                type = .bool
                steps.append(.step("let", "\(result) = true", at: at))
                then = { _ in [] }
            default:  // contains(where:)
                type = .bool
                steps.append(.step("let", "\(result) = false", at: at))
                then = { [.step("set", "\(result) = true", at: $0), .plain("break", at: $0)] }
            }
            let bodyAt = location(body)
            if name == "map" {
                loopBody = [.step("append", result, at: at, [("value", .plain(value.text, at: bodyAt))])]
            } else if name == "allSatisfy" {
                let stop: [LocatedNode] = [.step("set", "\(result) = false", at: bodyAt), .plain("break", at: bodyAt)]
                loopBody = [.step("if", "!(\(value.text))", at: bodyAt, [("then", .list(stop, at: bodyAt))])]
            } else {
                loopBody = [.step("if", value.text, at: bodyAt, [("then", .list(then(bodyAt), at: bodyAt))])]
            }
            loopBody = inLoop + loopBody + inLoopReleases
        }
        var sequence = array.text
        if base.is(ArrayExprSyntax.self) {
            // `[1, 2, 3].filter { … }`: the literal made once into a local, as a `for` over a literal is
            // (SwiftLowering+Arrays.swift); the language's `for:` runs over a range or a named array.
            sequence = Self.temporaryName("items", at: location(base))
            steps.insert(.step("let", "\(sequence) = \(array.text)", at: location(base)), at: 0)
        }
        steps.append(.step("for", "\(item) in \(sequence)", at: at, [("do", .list(loopBody, at: at))]))
        notePlainBinding(of: call, name: name, type: type)
        return .some(hoisted(steps, into: result, type: type, for: call.id, at: at))
    }

    /// `let n = a.count(where: …)` and `if let big = a.first(where: …)` of plain values print as their values
    /// (SwiftLowering+Interpolation.swift): the binding is recorded as proven plain.
    mutating func notePlainBinding(of call: FunctionCallExprSyntax, name: String, type: LoweredType) {
        guard [.int, .bool, .string].contains(type), let initializer = call.parent?.as(InitializerClauseSyntax.self)
        else { return }
        if name == "first", let condition = initializer.parent?.as(OptionalBindingConditionSyntax.self) {
            plainBindings.insert(condition.id)
        } else if name != "first", let binding = initializer.parent?.as(PatternBindingSyntax.self) {
            plainBindings.insert(binding.id)
        }
    }

    /// Whether `e` is a call of one of ``arrayFunctions`` with a closure whose value is never optional (all but
    /// `first(where:)`): its value prints as itself when it is a plain one.
    func isNonOptionalArrayFunction(_ e: ExprSyntax) -> Bool {
        guard let call = e.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
            Self.arrayFunctions.contains(name), name != "first"
        else { return false }
        return call.trailingClosure != nil || call.arguments.contains { $0.expression.is(ClosureExprSyntax.self) }
    }

    /// Where the hoisted steps and releases stand now.
    var hoistingMark: (steps: Int, releases: Int) { (hoisting.steps.count, hoisting.releases.count) }

    /// The steps and releases hoisted since `mark`, taken out of the statement's (a closure's body runs them itself).
    mutating func takeHoisted(since mark: (steps: Int, releases: Int)) -> ([LocatedNode], [LocatedNode]) {
        let steps = Array(hoisting.steps[min(mark.steps, hoisting.steps.count)...])
        let releases = Array(hoisting.releases[min(mark.releases, hoisting.releases.count)...])
        hoisting.steps.removeSubrange(min(mark.steps, hoisting.steps.count)...)
        hoisting.releases.removeSubrange(min(mark.releases, hoisting.releases.count)...)
        return (steps, releases)
    }

    /// The struct of the file a closure's one expression makes (`{ Banner(id: $0) }`), nil for any other closure.
    func structMadeBy(_ closure: ClosureExprSyntax) -> String? {
        guard let body = Self.singleExpression(closure), let call = body.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, structs[name] != nil
        else { return nil }
        return name
    }

    /// The one expression of a closure's body (`{ $0 > 2 }`, `{ item in item.isDone }`, `{ return $0 * 2 }`).
    static func singleExpression(_ closure: ClosureExprSyntax) -> ExprSyntax? {
        guard closure.statements.count == 1, let only = closure.statements.first else { return nil }
        if let e = only.item.as(ExprSyntax.self) { return e }
        if let s = only.item.as(ExpressionStmtSyntax.self) { return s.expression }
        if let r = only.item.as(ReturnStmtSyntax.self) { return r.expression }
        return nil
    }

    /// The closure's parameter names (`_` kept), in order.
    static func orderedParameterNames(_ closure: ClosureExprSyntax) -> [String] {
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): return list.map(\.name.text)
        case .parameterClause(let clause): return clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: return []
        }
    }

    /// Whether the closure's body uses `$n` for some n up to `last` (a shorthand closure of that many parameters).
    static func usesShorthand(_ closure: ClosureExprSyntax, upTo last: Int) -> Bool {
        closure.statements.tokens(viewMode: .sourceAccurate).contains { token in
            if case .dollarIdentifier(let text) = token.tokenKind {
                return Int(text.dropFirst()).map { $0 <= last } ?? false
            }
            return false
        }
    }
}
