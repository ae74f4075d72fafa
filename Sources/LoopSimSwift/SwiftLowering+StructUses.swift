import LoopSimScenario
import SwiftSyntax

/// The uses of a struct value (SwiftLowering+Structs.swift declares and stores them): locals, whole stores and the
/// `let` refusals, interpolated reads, parameters and arguments, captures, and the inlined methods.
extension SwiftLowering {
    /// `let c = S(…)`, `var b = a` in a body: one local per stored property. Nil when the value is no struct.
    mutating func structLocal(
        _ binding: PatternBindingSyntax, name: String, isVar: Bool, in scope: inout Scope
    ) -> [LocatedNode]? {
        guard let value = binding.initializer?.value else {
            if let annotation = binding.typeAnnotation, case .value = typeNamed(annotation.type) {
                unsupported(
                    "a struct local without a value", "give it its value where it is declared", at: binding)
                return []
            }
            return nil
        }
        var s: String?
        if let annotation = binding.typeAnnotation, case .value(let named) = typeNamed(annotation.type) { s = named }
        if s == nil, let (made, _) = structConstruction(value) { s = made }
        if s == nil, let tuple = value.as(TupleExprSyntax.self) { s = tupleShape(tuple) }  // +Tuples.swift
        if s == nil, case .value(let named) = staticType(value, in: scope, report: false) { s = named }
        if s == nil { s = payloadEnumSpelledCase(value) }  // `let e = Ev.progress(done: 1)` (+PayloadEnumFlow)
        guard let s else { return nil }
        if isVar && scope.capturedVars.contains(name) {
            unsupported(
                "a struct `var` a closure captures",
                "keep the struct in a property of the class, which the closure reaches through `self`, or copy it "
                    + "into a `let` first", at: binding)
            return []
        }
        guard let steps = structStore(value, struct: s, into: name, verb: "let", in: scope) else { return [] }
        scope.locals[name] = Local(type: .value(s), isVar: isVar)
        for (place, field) in flatFields(of: s, prefix: name) {
            scope.locals[place] = Local(type: field.type, isVar: isVar)
        }
        return steps
    }

    /// `place = value` where `place` holds a struct: a copy into each stored property. Nil when it holds none.
    mutating func structAssignment(_ lhs: ExprSyntax, _ rhs: ExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard case .value(let s) = staticType(lhs, in: scope, report: false) else { return nil }
        guard let place = expression(lhs, in: scope) else { return [] }
        let isLocal = scope.locals[place.text] != nil && scope.kind != .closure
        return structStore(rhs, struct: s, into: place.text, verb: isLocal ? "let" : "set", in: scope) ?? []
    }

    /// Refuses a store into a `let` struct or a `let` property of one, as Swift does at compile time ("cannot
    /// assign to property: 'x' is a 'let' constant"). True when refused.
    mutating func refusesStructMutation(_ lhs: ExprSyntax, in scope: Scope) -> Bool {
        // `config = …`, `self.config = …` on a whole `let` struct.
        if isLetStruct(lhs, in: scope) {
            letError("`\(lhs.trimmedDescription)` is a `let` struct", "declare it with `var`", at: lhs)
            return true
        }
        var node = lhs
        while let member = node.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            if case .value(let s) = staticType(base, in: scope, report: false) {
                if let field = structs[s]?.field(name), field.isLet {
                    letError(
                        "`\(name)` is a `let` property of the struct `\(s)`",
                        "declare it `var \(name)` in `\(s)`, or store a new `\(s)(…)`", at: member)
                    return true
                }
            }
            node = base
            if isLetStruct(node, in: scope) {
                letError(
                    "`\(node.trimmedDescription)` is a `let` struct",
                    "declare it with `var`: a struct held by a `let` is constant, every property of it too", at: node)
                return true
            }
        }
        return false
    }

    /// A store Swift itself refuses at compile time ("cannot assign to property: 'x' is a 'let' constant").
    private mutating func letError(_ what: String, _ instead: String, at node: some SyntaxProtocol) {
        bag.error(
            .swiftUnsupported,
            "cannot assign: \(what), and Swift refuses this store when it compiles; \(instead) "
                + "(docs/swift-scenarios.md)", at: location(node))
    }

    /// Whether `e` names a struct held by a `let` (a local, or a class's `let` property outside its init).
    private mutating func isLetStruct(_ e: ExprSyntax, in scope: Scope) -> Bool {
        guard case .value = staticType(e, in: scope, report: false) else { return false }
        var name: String?
        var cls = scope.className
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            name = ref.baseName.text
            if let local = scope.locals[ref.baseName.text], local.type != .object(cls ?? "") {
                return !local.isVar
            }
        } else if let member = e.as(MemberAccessExprSyntax.self), let base = member.base,
            case .object(let owner) = staticType(base, in: scope, report: false)
        {
            name = member.declName.baseName.text
            cls = owner
        }
        guard let name, let cls, letStructFields.contains("\(cls).\(name)") else { return false }
        return scope.initializerOf != cls
    }

    /// `config.label`, `self.config.retries`: a stored property of a struct declared `Int`, `Bool` or `String`
    /// (not optional), which an interpolation prints as its value.
    mutating func isPlainStructRead(_ e: ExprSyntax, in scope: Scope) -> Bool {
        // `config.tag ?? "none"`: an optional property's value or the plain default (the standard library's `??`).
        if let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let first = sequence.elements.first, let last = sequence.elements.last,
            sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            let member = first.as(MemberAccessExprSyntax.self), let base = member.base,
            case .value(let s) = staticType(base, in: scope, report: false),
            let field = structs[s]?.field(member.declName.baseName.text)
        {
            return [.int, .bool, .string].contains(field.type) && interpolatedType(last) == .plain
        }
        // `policy.label()`: a struct method returning one expression, declared a plain `Int`, `Bool` or `String`
        if let call = e.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base, case .value(let s) = staticType(base, in: scope, report: false),
            let method = structs[s]?.valueMethods[member.declName.baseName.text]
        {
            let returns = declaredReturnType(method.decl)?.as(IdentifierTypeSyntax.self)?.name.text
            return ["Int", "Bool", "String"].contains(returns ?? "")
        }
        guard let member = e.as(MemberAccessExprSyntax.self), let base = member.base,
            case .value(let s) = staticType(base, in: scope, report: false)
        else { return false }
        if structs[s]?.plainComputed.contains(member.declName.baseName.text) == true { return true }
        guard let field = structs[s]?.field(member.declName.baseName.text), !field.isOptional else { return false }
        return [.int, .bool, .string].contains(field.type)
    }

    /// A parameter of struct type `s` (`init(config: PollConfig)`, `func apply(_ c: PollConfig)`): one parameter per
    /// stored property, `config_interval`, …, which the body reads as the struct `config` (a `let`: Swift's
    /// parameters are constants).
    mutating func structParameters(
        _ parameter: FunctionParameterSyntax, name: String, struct s: String, in scope: inout Scope
    ) -> [LocatedNode] {
        let at = location(parameter)
        if parameter.type.is(OptionalTypeSyntax.self) || parameter.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            || parameter.defaultValue != nil || parameter.type.trimmedDescription.hasPrefix("inout")
        {
            unsupported(
                "an optional, `inout` or defaulted struct parameter", "pass a `\(s)` value, without a default",
                at: parameter)
            return []
        }
        scope.locals[name] = Local(type: .value(s), isVar: false)
        var params: [LocatedNode] = []
        for (place, field) in flatFields(of: s, prefix: name) {
            let typeName = field.type == .timer ? "NSTimer" : (field.type.fieldTypeName ?? "id")
            scope.locals[place] = Local(type: field.type, isVar: false)
            params.append(.map([(place, .plain(typeName, at: at))], at: at))
        }
        return params
    }

    /// A struct passed to a parameter of struct type `s`: one argument per stored property. A struct made in the
    /// argument (`Poller(config: PollConfig(…))`) is made into temporaries `structLINExCOL_…` first, the objects
    /// among them released after the call, as Swift releases a temporary at the end of its statement.
    mutating func structArguments(_ e: ExprSyntax, struct s: String, in scope: Scope)
        -> (before: [LocatedNode], arguments: [LocatedNode], after: [LocatedNode])?
    {
        let at = location(e)
        if structConstruction(e) != nil || tupleArguments(e, of: s) != nil || isPayloadCaseValue(e, of: s) {
            let temporary = "struct\(at.line)x\(at.column)"
            guard let made = structStore(e, struct: s, into: temporary, verb: "let", in: scope) else { return nil }
            let fields = flatFields(of: s, prefix: temporary)
            let after = fields.filter { $0.field.type.isObject }.map { LocatedNode.step("release", $0.place, at: at) }
            return (made, fields.map { .plain($0.place, at: at) }, after)
        }
        guard let value = expression(e, in: scope) else { return nil }
        guard value.type == .value(s) else {
            unsupported("this value as a `\(s)`", "pass \(valueSpelling(s)) or another `\(s)`", at: e)
            return nil
        }
        return (
            [],
            flatFields(of: s, prefix: s).map {
                .plain(Self.elementPlace(value.text, String($0.place.dropFirst(s.count))), at: at)
            },
            []
        )
    }

    /// A closure's capture of the struct local `name`: a capture of each stored property's local, which the closure
    /// then reads as the struct (a `let` struct's properties cannot change, so capturing their values is capturing
    /// the variable; a captured `var` struct is refused in ``structLocal(_:name:isVar:in:)``).
    func structCaptures(
        _ name: String, struct s: String, from scope: Scope, into inner: inout Scope, at location: ScenarioLocation
    ) -> [LocatedNode] {
        inner.locals[name] = Local(type: .value(s), isVar: false)
        var captures: [LocatedNode] = []
        for (place, field) in flatFields(of: s, prefix: name) {
            inner.locals[place] = Local(type: field.type, isVar: false)
            captures.append(.plain("strong \(place)", at: location))
        }
        let flag = name + Self.optionalStructFlag  // an optional struct's flag (SwiftLowering+OptionalStructs.swift)
        if scope.locals[flag] != nil {
            inner.locals[flag] = Local(type: .bool, isVar: false)
            captures.append(.plain("strong \(flag)", at: location))
        }
        return captures
    }

    /// The scope of a struct's computed property or method on the value at `text`: `self` is that value, a bare
    /// stored property is its property there.
    func structScope(_ s: String, value text: String) -> Scope {
        var scope = Scope(kind: .method)
        scope.locals["self"] = Local(type: .value(s), isVar: true, lowered: text)
        scope.isInlineClosure = true  // a `return` would leave the caller: refused
        for field in structs[s]?.fields ?? [] {
            scope.locals[field.name] = Local(
                type: field.type, isVar: !field.isLet, lowered: Self.elementPlace(text, "_\(field.name)"))
        }
        return scope
    }

    /// `config.reset()`, `self.config.bump(by: 2)`: a method of a struct, its body's steps on the value called
    /// (its parameters `let` locals `METHOD_PARAM_LINExCOL` first). A `mutating` method of a `let` struct is
    /// refused, as Swift refuses it. Nil when `call` is no such call.
    mutating func structMethodCall(_ call: FunctionCallExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            case .value(let s) = staticType(base, in: scope, report: false)
        else { return nil }
        let name = member.declName.baseName.text
        if refusesOptionalStructChain(ExprSyntax(call), in: scope) { return [] }  // `fix?.reset()`: +OptionalStructs
        guard let method = structs[s]?.methods[name], let body = method.body else {
            unsupported(
                "the struct method `\(s).\(name)`",
                "a struct's methods that return nothing are called as statements (`config.reset()`)", at: member)
            return []
        }
        if method.modifiers.contains(where: { $0.name.text == "mutating" }), isLetStruct(base, in: scope) {
            letError(
                "`\(base.trimmedDescription)` is a `let` struct and `\(name)` is `mutating`",
                "declare it with `var`", at: base)
            return []
        }
        guard let receiver = expression(base, in: scope) else { return [] }
        if Self.splitElement(receiver.text) != nil, method.modifiers.contains(where: { $0.name.text == "mutating" }) {
            unsupported(
                "a `mutating` method called on an element of an array of structs",
                "copy the element out, call it, and store it back: `var item = items[i]; item.\(name)(…); "
                    + "items[i] = item`", at: call)
            return []
        }
        let at = location(call)
        var inner = structScope(s, value: receiver.text)
        var steps: [LocatedNode] = []
        let parameters = Array(method.signature.parameterClause.parameters)
        let arguments = Array(call.arguments)
        guard parameters.count == arguments.count, call.trailingClosure == nil else {
            unsupported(
                "this call of `\(s).\(name)`", "pass one argument per parameter, without a trailing closure", at: call)
            return []
        }
        guard
            let bound = inlinedParameterSteps(
                name, Array(zip(parameters, arguments)), objects: false, owner: "a struct method", at: at, in: scope,
                into: &inner)
        else { return [] }
        steps += bound
        inner.capturedVars = capturedNames(in: body.statements.map(Syntax.init))
        steps += lowerStatements(body.statements[...], in: &inner, tail: false)
        guard method.modifiers.contains(where: { $0.name.text == "mutating" }) else { return steps }
        // A mutating method of an observed struct property: its observers around the call (+StructObservers.swift).
        return observedStructMutation(ExprSyntax(member), in: scope, at: call) { steps }
    }
}
