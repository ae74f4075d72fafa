import LoopSimScenario
import SwiftSyntax

/// Closures kept as values (docs/swift-scenarios.md, "Closures kept as values"): a property, parameter or local of
/// closure type (`var onTick: ((Int) -> Void)?`, `completion: @escaping (Bool) -> Void`, `let work = { … }`), a
/// closure stored into it (`block:`, with `params:` for its parameters), a closure passed to a method of the file's
/// classes (a temporary block), and a call of it (`callBlock:` with `with:` the arguments, behind a nil test for
/// `onTick?(n)`). A closure retains what it captures strongly, so `self.onTick = { self.count += 1 }` is the cycle
/// self → onTick → closure → self (The Swift Programming Language, "Strong Reference Cycles for Closures").
extension SwiftLowering {
    /// Whether `type` is a closure type: `() -> Void`, `(() -> Void)?`, `@escaping () -> Void`, `(Int) -> Void`.
    func isClosureType(_ type: TypeSyntax) -> Bool {
        functionType(type) != nil
    }

    /// The function type `type` spells, through `@escaping`, parentheses and closure typealiases (`Completion`,
    /// `Api.Completion`).
    private func functionType(_ type: TypeSyntax, depth: Int = 0) -> FunctionTypeSyntax? {
        guard depth < 16 else { return nil }  // an alias of an alias …: Swift refuses a cycle
        if let function = type.as(FunctionTypeSyntax.self) { return function }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return functionType(attributed.baseType, depth: depth + 1)
        }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return functionType(only.type, depth: depth + 1)
        }
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil,
            let aliased = closureAliases[identifier.name.text]
        {
            return functionType(aliased, depth: depth + 1)
        }
        if let member = type.as(MemberTypeSyntax.self), classes[member.baseType.trimmedDescription] != nil,
            let aliased = closureAliases[member.name.text]
        {
            return functionType(aliased, depth: depth + 1)
        }
        return nil
    }

    /// Records `typealias Completion = (Bool) -> Void` at the top level and in the file's classes (first pass).
    mutating func collectClosureAliases(_ item: CodeBlockItemSyntax) {
        var decls: [DeclSyntax] = []
        if let decl = item.item.as(DeclSyntax.self) { decls.append(decl) }
        if let c = item.item.as(ClassDeclSyntax.self) { decls += c.memberBlock.members.map(\.decl) }
        for decl in decls {
            guard let alias = decl.as(TypeAliasDeclSyntax.self), alias.genericParameterClause == nil,
                functionType(alias.initializer.value) != nil
            else { continue }
            closureAliases[alias.name.text] = alias.initializer.value
        }
    }

    /// Whether `decl` is a closure typealias (lowered to nothing: its uses are the closure type).
    func isClosureAlias(_ decl: DeclSyntax) -> Bool {
        guard let alias = decl.as(TypeAliasDeclSyntax.self) else { return false }
        return closureAliases[alias.name.text] != nil && alias.genericParameterClause == nil
    }

    /// A closure type's lowered type: its parameters' types, each `.unknown` when the language has no value for it:
    /// an optional `Int`, `Bool` or `String` (the language's integers, booleans and strings are never nil), or a
    /// type the lowering does not follow (`Error?`, `Data`, `[String]`).
    func closureType(_ type: TypeSyntax) -> LoweredType {
        guard let function = functionType(type) else { return .unknown }
        let parameters = function.parameters.map { closureParameterType($0.type) }
        // `() throws -> Void`: a hidden last parameter, the object its throws go to (SwiftLowering+ThrowingClosures).
        if function.effectSpecifiers?.throwsClause != nil { return .closure(parameters + [Self.closureBoxType]) }
        // `() -> Int`: a marker last, the value it returns (SwiftLowering+ClosureResults.swift).
        if let result = closureResultType(function) {
            return .closure(parameters + [Self.closureReturnsMarker(result)])
        }
        return .closure(parameters)
    }

    /// The lowered type of a closure's parameter of Swift type `type` (``closureType(_:)``).
    func closureParameterType(_ type: TypeSyntax) -> LoweredType {
        let lowered = typeNamed(type)
        let isOptional = type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
        if case .api = lowered { return .unknown }
        if isOptional && !lowered.isObject {
            // `Int?`, `String?`, `Error?`: the language's value, nil when the caller passes nil
            // (SwiftLowering+Errors.swift); an optional array or closure is not followed.
            switch lowered {
            case .int, .bool, .string, .duration, .enumeration: return .optional(lowered)
            default: return .unknown
            }
        }
        return lowered
    }

    /// Whether `e` is a closure value this body can see (a local, a parameter or a field of closure type, also
    /// another object's: `viewModel.onChange`, `self?.onChange`), found without reporting anything.
    mutating func isClosureValue(_ e: ExprSyntax, in scope: Scope) -> Bool {
        if case .closure = staticType(e, in: scope, report: false) { return true }
        return false
    }

    /// `onTick?(n)`, `self.onTick?()` (called only when not nil), `work()`, `completion(true)`: `callBlock:` with
    /// `with:` the arguments, evaluated after the closure value and only when it is called (Swift's optional
    /// chaining skips the arguments of a call on nil). Nil when `call` calls no closure value.
    /// `result:` (the type's name, the place) takes the value of a closure that returns one (+ClosureResults.swift).
    mutating func closureValueCall(
        _ call: FunctionCallExprSyntax, in scope: Scope, result: (type: String, place: String)? = nil
    ) -> [LocatedNode]? {
        var callee = call.calledExpression
        var isOptional = false
        if let chain = callee.as(OptionalChainingExprSyntax.self) {
            callee = chain.expression
            isOptional = true
        }
        guard case .closure(let all) = staticType(callee, in: scope, report: false) else { return nil }
        var types = Self.splitClosureResult(all).parameters
        let at = location(call)
        var box: String?
        if types.last == Self.closureBoxType {
            // A throwing closure: its caller passes itself, where its throws go (SwiftLowering+ThrowingClosures).
            types.removeLast()
            guard let me = throwingClosureCaller(call, in: scope) else { return [] }
            box = me
        }
        let written = call.arguments.lazy.compactMap { $0.expression.as(ClosureExprSyntax.self) }.first
        if let closure = call.trailingClosure ?? written {
            unsupported(
                "a closure written as the argument of a closure value",
                "make it a local first (`let done = { … }`) and pass the local", at: closure)
            return []
        }
        guard call.arguments.count == types.count else {
            unsupported(
                "calling a closure value with \(call.arguments.count) argument(s)",
                "the closure's type takes \(types.count)", at: call)
            return []
        }
        guard let value = expression(callee, in: scope) else { return [] }
        let mark = HoistMark(hoisting)  // the arguments' hoisted calls, moved under the nil test (+PayloadEnumFlow)
        var arguments: [LocatedNode] = []
        var (before, after): ([LocatedNode], [LocatedNode]) = ([], [])
        for (argument, type) in zip(call.arguments, types) {
            if case .result = type {  // SwiftLowering+Result.swift: its two parts
                guard let parts = resultArgument(argument.expression, type, in: scope) else { return [] }
                arguments += parts.map { .plain($0, at: location(argument.expression)) }
                continue
            }
            if let s = structArrayElement(type) {  // one argument per parallel array (+StructArrayValues.swift)
                guard let made = structArrayArguments(argument.expression, struct: s, in: scope) else { return [] }
                arguments += made
                continue
            }
            if case .value(let s) = type {  // a payload enum or a struct: its places (SwiftLowering+PayloadEnumFlow)
                guard let made = structArguments(argument.expression, struct: s, in: scope) else { return [] }
                (before, arguments, after) = (before + made.before, arguments + made.arguments, after + made.after)
                continue
            }
            guard type != .unknown else {
                unsupported(
                    "a closure parameter of this type",
                    "give closures parameters of type Int, Bool, String, TimeInterval, an enum or a class of the "
                        + "file (optional or not), `Error?` or `Result<Value, Error>`", at: argument)
                return []
            }
            guard
                let lowered = withEnumContext(type.unwrapped, { $0.expression(argument.expression, in: scope) })
            else {
                return []
            }
            arguments.append(.plain(lowered.text, at: location(argument.expression)))
        }
        if let box { arguments.append(.plain(box, at: at)) }
        var extra: [(String, LocatedNode)] = arguments.isEmpty ? [] : [("with", .list(arguments, at: at))]
        if let result {
            extra += [("returns", .plain(result.type, at: at)), ("result", .plain(result.place, at: at))]
        }
        var invoke = before + [LocatedNode.step("callBlock", value.text, at: at, extra)] + after
        guard isOptional else { return invoke }
        invoke = takeHoisted(since: mark, around: invoke)
        // Optional chaining: the call happens only when the closure is there (nil does nothing).
        return [.step("if", "\(value.text) != nil", at: at, [("then", .list(invoke, at: at))])]
    }

    /// `PLACE = { … }` where PLACE holds a closure: `block: PLACE` with the closure's parameters, captures and
    /// steps. Nil when `lhs = rhs` is not that.
    mutating func closureValueAssignment(_ lhs: ExprSyntax, _ rhs: ExprSyntax, place: String, in scope: Scope)
        -> [LocatedNode]?
    {
        guard let closure = rhs.as(ClosureExprSyntax.self),
            case .closure(let types) = staticType(lhs, in: scope, report: false)
        else { return nil }
        return closureValueSteps(closure, place: place, types: types, in: scope)
    }

    /// `let work = { … }`, `let done: (Bool) -> Void = { ok in … }`, `let log = { (n: Int) in … }` in a body: a
    /// `block` local. Nil when `value` is no closure.
    mutating func closureValueLocal(
        _ value: ExprSyntax, name: String, annotated: LoweredType?, in scope: inout Scope
    ) -> [LocatedNode]? {
        guard let closure = value.as(ClosureExprSyntax.self) else { return nil }
        var declared: [LoweredType]?
        if case .closure(let types) = annotated { declared = types }
        let types = declared ?? closureLiteralTypes(closure)
        let steps = closureValueSteps(closure, place: name, types: types, in: scope)
        scope.locals[name] = Local(type: .closure(types ?? []), isVar: false)
        return steps
    }

    /// The parameter types a closure literal spells itself (`{ (n: Int, ok: Bool) in … }`); nil when it has
    /// parameters without a type (which only a declared type gives), `[]` without parameters.
    private func closureLiteralTypes(_ closure: ClosureExprSyntax) -> [LoweredType]? {
        switch closure.signature?.parameterClause {
        case nil: return []
        case .simpleInput(let list): return list.isEmpty ? [] : nil
        case .parameterClause(let clause):
            var types: [LoweredType] = []
            for parameter in clause.parameters {
                guard let type = parameter.type else { return nil }
                types.append(closureParameterType(type))
            }
            return types
        }
    }

    /// The `block:` step storing `closure` into `place`, its parameters (of `types`, the place's closure type) in
    /// `params:`: each a local of the block named as the closure names it (`$0` as `shorthand0`, `_` as
    /// `unused0`), of the language's type for it.
    mutating func closureValueSteps(
        _ closure: ClosureExprSyntax, place: String, types: [LoweredType]?, in scope: Scope
    ) -> [LocatedNode] {
        var names: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): names = list.map(\.name.text)
        case .parameterClause(let clause): names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: break
        }
        guard let all = types else {
            unsupported(
                "a closure whose parameters have no type", "write their types: `{ (ok: Bool) in … }`",
                at: closure.signature.map(Syntax.init) ?? Syntax(closure))
            return []
        }
        // `{ … return 88 }` for a `() -> Int`: a block that returns its value (SwiftLowering+ClosureResults.swift).
        let split = Self.splitClosureResult(all)
        var types = split.parameters
        let returnType = split.result
        let throwsInto = types.last == Self.closureBoxType  // SwiftLowering+ThrowingClosures.swift
        if throwsInto { types.removeLast() }
        let isShorthand = closure.signature?.parameterClause == nil && !types.isEmpty
        if isShorthand { names = types.indices.map { "$\($0)" } }
        guard names.count == types.count else {
            unsupported(
                "a closure with \(names.count) parameter(s) where \(types.count) are passed",
                "give it as many parameters as its type has", at: closure.signature.map(Syntax.init) ?? Syntax(closure))
            return []
        }
        var bindings: [(String, Local)] = []
        var params: [LocatedNode] = []
        var printed: [String: LoweredType] = [:]
        for (i, (name, type)) in zip(names, types).enumerated() {
            let at = location(closure.signature.map(Syntax.init) ?? Syntax(closure))
            guard type != .unknown else {
                unsupported(
                    "a closure parameter of this type",
                    "give closures parameters of type Int, Bool, String, TimeInterval, an enum or a class of the "
                        + "file (optional or not), `Error?` or `Result<Value, Error>`",
                    at: closure.signature.map(Syntax.init) ?? Syntax(closure))
                return []
            }
            let lowered = name == "_" ? "unused\(i)" : name.hasPrefix("$") ? "shorthand\(i)" : name
            if case .result = type {  // SwiftLowering+Result.swift: two parameters
                let (split, locals) = resultParameters(name, lowered: lowered, type, at: at)
                params += split
                if name != "_" { bindings += locals }
                printed[name] = type
                continue
            }
            if let s = structArrayElement(type) {  // one parameter per parallel array (+StructArrayValues.swift)
                guard name != "_", !name.hasPrefix("$") else {
                    unsupported(
                        "an unnamed closure parameter of an array of structs",
                        "name it: `{ items in … }`", at: closure.signature.map(Syntax.init) ?? Syntax(closure))
                    return []
                }
                guard checkArrayableStruct(s, at: closure) else { return [] }
                bindings.append((name, Local(type: type, isVar: false)))
                for (place, field) in parallelArrays(of: s, at: name) {
                    params.append(.map([(place, .plain("[\(field.type.fieldTypeName ?? "id")]", at: at))], at: at))
                    bindings.append((place, Local(type: .array(field.type), isVar: false)))
                }
                continue
            }
            if case .value(let s) = type {  // a payload enum or a struct: one parameter per place (+PayloadEnumFlow)
                let (split, locals) = valueClosureParameters(name, lowered: lowered, struct: s, at: at)
                params += split
                if name != "_" { (bindings, printed[name]) = (bindings + locals, type) }
                continue
            }
            var local = Local(type: type.unwrapped, isVar: false)
            if lowered != name { local.lowered = lowered }
            if name != "_" {
                bindings.append((name, local))
                printed[name] = type
            }
            let typeName = type.unwrapped == .timer ? "NSTimer" : (type.fieldTypeName ?? "id")
            params.append(.map([(lowered, .plain(typeName, at: at))], at: at))
        }
        closureParameterTypes[closure.id] = printed
        if throwsInto {
            // The object the closure's throws go to, which its caller passes (SwiftLowering+ThrowingClosures.swift).
            let at = location(closure)
            params.append(.map([(Self.closureBoxName, .plain("id", at: at))], at: at))
            bindings.append((Self.closureBoxName, Local(type: Self.closureBoxType, isVar: false)))
        }
        guard
            let block = lowerClosure(
                closure, in: scope, parameters: names.count, bindings: bindings, returnType: returnType)
        else {
            return []
        }
        let at = location(closure)
        var paramEntry: [(String, LocatedNode)] = params.isEmpty ? [] : [("params", .list(params, at: at))]
        if let name = returnType?.fieldTypeName { paramEntry.append(("returns", .plain(name, at: at))) }
        return [.step("block", place, at: at, paramEntry + block)]
    }

    /// `DispatchQueue.concurrentPerform(iterations: N) { i in … }`: `concurrentPerform: N` with `index:` naming the
    /// closure's `Int` parameter (docs/scenario-format.md §7.6; `dispatch_apply`). Nil when `call` is not that.
    mutating func concurrentPerform(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "DispatchQueue",
            member.declName.baseName.text == "concurrentPerform"
        else { return nil }
        let at = location(call)
        guard let iterations = call.arguments.first(where: { $0.label?.text == "iterations" })?.expression,
            let closure = trailingOrLabelled(call, "execute")
        else {
            unsupported(
                "this `concurrentPerform`", "write `DispatchQueue.concurrentPerform(iterations: n) { i in … }`",
                at: call)
            return []
        }
        guard let count = expression(iterations, in: scope) else { return [] }
        var names: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): names = list.map(\.name.text)
        case .parameterClause(let clause): names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: if closureUsesShorthand(closure) { names = ["$0"] }
        }
        var extra: [(String, LocatedNode)] = []
        var bindings: [(String, Local)] = []
        if let name = names.first, name != "_" {
            let lowered = name.hasPrefix("$") ? "shorthand0" : name
            var local = Local(type: .int, isVar: false)
            if lowered != name { local.lowered = lowered }
            bindings.append((name, local))
            closureParameterTypes[closure.id] = [name: .int]
            extra.append(("index", .plain(lowered, at: at)))
        }
        guard let block = lowerClosure(closure, in: scope, parameters: 1, bindings: bindings) else { return [] }
        return [.step("concurrentPerform", count.text, at: at, extra + block)]
    }

    /// Whether a closure without a signature uses `$0`.
    private func closureUsesShorthand(_ closure: ClosureExprSyntax) -> Bool {
        let used = NameCollector()
        used.walk(closure.statements)
        return used.referenced.contains { $0.name == "$0" }
    }

    /// `queue.async(execute: work)` with a closure value: the queue holds a block that calls it, retaining it
    /// (`dispatch_async` copies the block it is given; the extra block is the model's, docs/fidelity.md).
    mutating func asyncClosureValue(_ queue: String, _ e: ExprSyntax, at call: FunctionCallExprSyntax, in scope: Scope)
        -> [LocatedNode]?
    {
        guard isClosureValue(e, in: scope), let value = expression(e, in: scope) else { return nil }
        let at = location(call)
        let isName = !value.text.contains(".")
        let capture = isName ? "strong \(value.text)" : "strong \(value.text) as work"
        return [
            .step(
                "dispatch_async", queue, at: at,
                [
                    ("captures", .list([.plain(capture, at: at)], at: at)),
                    ("do", .list([.step("callBlock", isName ? value.text : "work", at: at)], at: at)),
                ])
        ]
    }
}
