import LoopSimScenario
import SwiftSyntax

/// Read-only computed properties (docs/swift-scenarios.md, "Computed properties"): `var isRunning: Bool { timer !=
/// nil }` has no storage; each read is its getter's expression, inlined with `self` read as the receiver. The
/// language's expressions have no side effects, so evaluating the getter in place at each read is what Swift's call
/// of the getter computes, and the inlined read holds no reference of its own (no hidden lifetime).
extension SwiftLowering {
    /// The single expression a read-only computed property's getter returns: `{ e }`, `{ return e }`,
    /// `{ get { e } }`, `{ get { return e } }`. Nil for anything else (observers, setters, statements).
    func computedGetter(_ binding: PatternBindingSyntax) -> ExprSyntax? {
        guard let accessors = binding.accessorBlock?.accessors else { return nil }
        let items: CodeBlockItemListSyntax
        switch accessors {
        case .getter(let list): items = list
        case .accessors(let list):
            guard list.count == 1, let get = list.first, get.accessorSpecifier.text == "get",
                get.effectSpecifiers == nil, let body = get.body
            else { return nil }
            items = body.statements
        }
        guard items.count == 1, let item = items.first?.item else { return nil }
        if let e = item.as(ExprSyntax.self) { return e }
        if let r = item.as(ReturnStmtSyntax.self) { return r.expression }
        return nil
    }

    /// The statements of a read-only getter (`{ … }`, `{ get { … } }`); nil for a setter, an observer or an effectful
    /// getter.
    func getterStatements(_ binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        switch binding.accessorBlock?.accessors {
        case .getter(let list): return list
        case .accessors(let list):
            guard list.count == 1, let get = list.first, get.accessorSpecifier.text == "get",
                get.effectSpecifiers == nil, let body = get.body
            else { return nil }
            return body.statements
        case nil: return nil
        }
    }

    /// The methods of the class's getters lowered as methods (``ClassShape/getters``) that `decl` declares:
    /// `NAME: {returns: TYPE, do: [the getter's statements]}`.
    mutating func getterMethods(_ decl: VariableDeclSyntax, className: String) -> [(String, LocatedNode)] {
        var methods: [(String, LocatedNode)] = []
        for binding in decl.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                classes[className]?.getters.contains(name) == true, let statements = getterStatements(binding),
                let type = classes[className]?.returns[name], let typeName = type.fieldTypeName
            else { continue }
            let at = location(binding)
            var scope = Scope(kind: .method, className: className)
            scope.locals["self"] = Local(type: .object(className), isVar: false)
            scope.capturedVars = capturedNames(in: statements.map(Syntax.init))
            scope.returnType = type
            // `var x: Int { e }` returns its one expression, as `{ return e }` does.
            var steps: [LocatedNode]
            if statements.count == 1, let only = statements.first?.item.as(ExprSyntax.self) {
                guard let returned = returnSteps(only, type: type, in: scope) else { continue }
                steps = returned
            } else {
                steps = lowerStatements(statements, in: &scope, tail: true)
                steps += unreachableEnd(of: statements, at: binding)  // SwiftLowering+Returns.swift
            }
            methods.append(
                (name, .map([("returns", .plain(typeName, at: at)), ("do", .list(steps, at: at))], at: at)))
        }
        return methods
    }

    /// The steps of a body that returns the one expression `only` of `type`: what it hoists, then `return:` it (the
    /// hoisted objects released, but not the one returned). Nil when the expression is refused.
    mutating func returnSteps(_ only: ExprSyntax, type: LoweredType, in scope: Scope) -> [LocatedNode]? {
        let before = hoisting
        hoisting = Hoisting(isOpen: true, root: Syntax(only))
        let lowered = withEnumContext(type) { $0.expression(only, in: scope) }
        let steps = hoisting.steps + hoisting.releases.filter { $0.scalarArgument != lowered?.text }
        hoisting = before
        guard let lowered else { return nil }
        return steps + [.step("return", lowered.text, at: location(only))]
    }

    /// Records a computed property of the class (first pass). True when `binding` has accessors: such a
    /// property is never a field; one that is not a single-expression getter is refused where it is lowered.
    func collectComputed(_ binding: PatternBindingSyntax, name: String, into shape: inout ClassShape) -> Bool {
        guard binding.accessorBlock != nil else { return false }
        if let getter = computedGetter(binding), !callsAMethod(getter), let annotation = binding.typeAnnotation {
            shape.computed[name] = ComputedProperty(getter: getter, type: typeNamed(annotation.type))
        } else if getterStatements(binding) != nil, let annotation = binding.typeAnnotation,
            Self.isReturnable(typeNamed(annotation.type))
        {
            // A getter of several statements, or one that calls a method: a method returning its value.
            shape.getters.insert(name)
            shape.methods[name] = []
            shape.returns[name] = typeNamed(annotation.type)
        }
        return true
    }

    /// Whether the computed property needs nothing more at its declaration (its reads are inlined); refuses a
    /// computed property the lowering cannot inline. Called for a binding with accessors.
    mutating func checkComputed(_ binding: PatternBindingSyntax, name: String, className: String) {
        if classes[className]?.computed[name] != nil || classes[className]?.getters.contains(name) == true { return }
        if binding.typeAnnotation == nil {
            unsupported(
                "a computed property without its type", "write its type: `var isRunning: Bool { … }`",
                at: binding)
            return
        }
        unsupported(
            "a computed property with a setter or an observer, or whose type is not one a method may return",
            "write a read-only property (`var isRunning: Bool { timer != nil }`) of an Int, Bool, String, enum or "
                + "object type, or a stored property and a method", at: binding)
    }

    /// A read of the computed property `name` of `cls` on `receiver` (the lowered text of the object): its getter's
    /// expression lowered with `self` as the receiver, in parentheses. Nil when `name` is no computed property of
    /// `cls`; a getter that reads itself (directly or not) is refused, as it would recurse for ever.
    mutating func computedRead(_ cls: String, _ name: String, receiver: String, at node: some SyntaxProtocol)
        -> (String, LoweredType)??
    {
        guard let property = classes[cls]?.computed[name] else { return nil }
        let key = cls + "." + name
        if computedInProgress.contains(key) {
            unsupported(
                "a computed property that reads itself", "Swift would recurse for ever: read a stored property",
                at: node)
            return .some(nil)
        }
        computedInProgress.insert(key)
        defer { computedInProgress.remove(key) }
        var scope = Scope(kind: .method, className: cls)
        scope.locals["self"] = Local(type: .object(cls), isVar: false, lowered: receiver)
        guard let value = expression(property.getter, in: scope) else { return .some(nil) }
        let type = property.type == .unknown ? value.type : property.type
        // A creation (`new C`) is a whole value already; anything else is parenthesized to keep its precedence.
        let isCreation = value.text.hasPrefix("new ") && !value.text.dropFirst(4).contains(" ")
        return .some((isCreation ? value.text : "(\(value.text))", type))
    }
}

extension SwiftLowering {
    /// Records `func f() -> T { e }` (or `{ return e }`): a method without parameters whose body returns one
    /// expression, read like a computed property (`f()` is its expression inlined on the receiver). True when
    /// recorded; any other method that returns a value stays refused where it is lowered.
    func collectReturningMethod(_ decl: FunctionDeclSyntax, into shape: inout ClassShape) -> Bool {
        guard let returns = decl.signature.returnClause, !["Void", "()"].contains(returns.type.trimmedDescription),
            decl.signature.parameterClause.parameters.isEmpty,
            decl.signature.effectSpecifiers == nil, decl.genericParameterClause == nil,
            !decl.modifiers.contains(where: { ["static", "class", "override"].contains($0.name.text) }),
            let body = decl.body, body.statements.count == 1, let item = body.statements.first?.item
        else { return false }
        guard let value = item.as(ExprSyntax.self) ?? item.as(ReturnStmtSyntax.self)?.expression else { return false }
        // A call of a method (`loader.isReady()`, `check()`) may do anything: such a method is a method, called
        // where it is read (SwiftLowering+Returns.swift); a creation (`Child()`) is an expression.
        if callsAMethod(value) { return false }
        if Self.makesStream(value) { return false }  // a new stream each call (SwiftLowering+ThrowingStreams.swift)
        // A payload enum has no one value to inline: refused where the method is lowered (+PayloadEnumFlow.swift);
        // a struct is returned through the object's hidden fields (+StructReturns.swift).
        if case .value = typeNamed(returns.type) { return false }
        if structArrayElement(typeNamed(returns.type)) != nil { return false }  // refused (+StructArrays.swift)
        shape.computed[decl.name.text + "()"] = ComputedProperty(getter: value, type: typeNamed(returns.type))
        return true
    }

    /// Whether `e` calls something other than an initializer (`Child()`): a callee that starts lowercase, or a
    /// member (`x.f()`).
    func callsAMethod(_ e: ExprSyntax) -> Bool {
        final class Finder: SyntaxVisitor {
            var found = false
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
                    if name.first?.isLowercase ?? false { found = true }
                } else if node.calledExpression.is(MemberAccessExprSyntax.self) {
                    found = true
                }
                return .visitChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(e)
        return finder.found
    }

    /// `f()` or `x.f()` of a method recorded by ``collectReturningMethod(_:into:)``, as a value: its expression
    /// inlined on the receiver. Nil when `call` is no such call.
    mutating func returnedValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard call.arguments.isEmpty, call.trailingClosure == nil else { return nil }
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), let cls = scope.className,
            classes[cls]?.computed[callee.baseName.text + "()"] != nil
        {
            let receiver = scope.locals["self"]?.text("self") ?? "self"
            return computedRead(cls, callee.baseName.text + "()", receiver: receiver, at: call)
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return nil
        }
        let key = member.declName.baseName.text + "()"
        guard classes.values.contains(where: { $0.computed[key] != nil }) else { return nil }
        guard let inner = expression(base, in: scope) else { return .some(nil) }
        guard case .object(let cls) = inner.type, classes[cls]?.computed[key] != nil else { return nil }
        return computedRead(cls, key, receiver: inner.text, at: call)
    }
}

/// A read-only computed property: the expression its getter returns, and its declared type.
struct ComputedProperty {
    var getter: ExprSyntax
    var type: LoweredType
}
