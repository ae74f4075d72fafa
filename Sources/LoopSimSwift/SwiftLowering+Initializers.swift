import LoopSimScenario
import SwiftSyntax

/// Initializers with parameters (docs/swift-scenarios.md, "Initializers").
///
/// Swift's two-phase initialization (The Swift Programming Language, "Initialization", "Two-Phase
/// Initialization"): every stored property gets its initial value, then the initializer's body runs. The scenario
/// language's `new C` does the first phase (the class's `init:` holds the property initializers); the body of each
/// Swift `init(a:b:)` becomes a method `init_a_b` with `params:`, which the lowering calls on the new object right
/// after `new C`, on a temporary local when the object goes anywhere but a fresh local. Overloaded inits are told
/// apart by their argument labels, as Swift tells them apart.
extension SwiftLowering {
    /// The method an initializer with these argument labels lowers to: `init(interval:)` → `init_interval`,
    /// `init(_ x:)` → `init__`, `init()` → `init_`.
    static func initializerMethodName(labels: [String]) -> String {
        labels.isEmpty ? "init_" : "init" + labels.map { "_" + $0 }.joined()
    }

    /// An initializer's argument labels (`_` for none), in order.
    func initializerLabels(_ decl: InitializerDeclSyntax) -> [String] {
        decl.signature.parameterClause.parameters.map { $0.firstName.text }
    }

    /// A call's argument labels (`_` for none), in order.
    func callLabels(_ call: FunctionCallExprSyntax) -> [String] {
        call.arguments.map { $0.label?.text ?? "_" }
    }

    /// Whether the class is made through initializer methods: it declares an `init` with parameters or a
    /// `convenience init`. Then every `C(…)` calls one, and an `init()` of its own is a method too (`init_`).
    func hasInitializerMethods(_ decl: some ClassLikeDecl) -> Bool {
        classMembers(decl).contains { member in  // its extensions' too, less `init?(coder:)` (+Extensions.swift)
            guard let i = member.decl.as(InitializerDeclSyntax.self) else { return false }
            return !i.signature.parameterClause.parameters.isEmpty
                || i.modifiers.contains { $0.name.text == "convenience" } || Self.isThrowingInit(i)
        }
    }

    /// Records the class's initializers (first pass): the method each label list names, with its parameters.
    /// A weak proxy (`forwardingTarget(for:)`, SwiftLowering+Proxies.swift) is not: the language's proxy forwards
    /// every message, an init's too, so its inits stay refused with the store to write instead.
    func collectInitializers(_ decl: some ClassLikeDecl, into shape: inout ClassShape) {
        let isProxy = decl.memberBlock.members.contains {
            $0.decl.as(FunctionDeclSyntax.self).map(isForwardingTarget) ?? false
        }
        guard hasInitializerMethods(decl), !isProxy else { return }
        for member in classMembers(decl) {
            guard let i = member.decl.as(InitializerDeclSyntax.self) else { continue }
            if collectUIKitDesignatedInit(i, into: &shape) { continue }  // SwiftLowering+UIKitInits.swift
            let name = Self.initializerMethodName(labels: initializerLabels(i))
            shape.initializers[initializerLabels(i)] = name
            // A `DispatchQueue` parameter names a queue statically and is no parameter of the method
            // (SwiftLowering+QueueParameters.swift).
            let parameters = i.signature.parameterClause.parameters
            let values = parameters.filter { !Self.isQueueParameter($0) }
            shape.methods[name] = values.map { ($0.secondName ?? $0.firstName).text }
            shape.methodParameterTypes[name] = values.map { typeNamed($0.type) }
            if parameters.contains(where: { $0.defaultValue != nil }) {
                shape.methodParameterDefaults[name] = parameters.map { ($0.firstName.text, $0.defaultValue?.value) }
            }
            let queuePositions = parameters.enumerated().filter { Self.isQueueParameter($0.element) }.map(\.offset)
            if !queuePositions.isEmpty { shape.initializerQueuePositions[name] = Set(queuePositions) }
        }
    }

    /// An initializer of a class made through initializer methods, as its method `init_a_b: {params: […], do: […]}`.
    mutating func lowerInitializer(_ decl: InitializerDeclSyntax, className: String) -> (String, LocatedNode)? {
        let at = location(decl)
        if let mark = decl.optionalMark {
            unsupported(
                "a failable `init?`", "write a non-failable `init`: creation failing is not modelled", at: mark)
            return nil
        }
        if let effects = decl.signature.effectSpecifiers, !acceptsInitEffects(effects) {  // +ThrowingInits.swift
            return nil
        }
        if let generics = decl.genericParameterClause {
            unsupported("a generic init", "write it with concrete types", at: generics)
            return nil
        }
        let isUIKitInit = isUIKitDesignatedInit(decl, superclass: classes[className]?.superclass)
        for modifier in decl.modifiers
        where !["private", "fileprivate", "internal", "public", "convenience"].contains(modifier.name.text)
            && !(isUIKitInit && modifier.name.text == "override")
        {
            unsupported(
                "a `\(modifier.name.text) init(…)`",
                "a scenario class's inits are its own (an NSObject subclass's `super.init()` does nothing the "
                    + "model follows); create a UIKit subclass with `C()` and set it up in a method", at: modifier)
            return nil
        }
        guard let body = decl.body else { return nil }
        var scope = Scope(kind: .method, className: className)
        scope.locals["self"] = Local(type: .object(className), isVar: false)
        scope.capturedVars = capturedNames(in: body.statements.map(Syntax.init))
        scope.initializerOf = className
        if Self.isThrowingInit(decl) { scope.throwContext = .method(returns: nil) }  // SwiftLowering+ThrowingInits
        var params: [LocatedNode] = []
        guard let queues = initializerQueueParameters(decl, of: className) else { return nil }  // +QueueParameters
        for parameter in decl.signature.parameterClause.parameters where !isUIKitInit {
            let name = (parameter.secondName ?? parameter.firstName).text
            if Self.isQueueParameter(parameter) { continue }
            let type = typeNamed(parameter.type)
            if case .value(let s) = type {
                // A struct: one parameter per stored property (SwiftLowering+Structs.swift).
                params += structParameters(parameter, name: name, struct: s, in: &scope)
                continue
            }
            guard let typeName = type.fieldTypeName, type != .interval, type != .date else {
                unsupported(
                    "an init parameter of type `\(parameter.type.trimmedDescription)`",
                    initializerParameterAdvice(parameter.type), at: parameter.type)
                return nil
            }
            scope.locals[name] = Local(type: type, isVar: false)
            params.append(.map([(name, .plain(typeName, at: location(parameter)))], at: location(parameter)))
        }
        queueParameters = queues
        let steps = lowerStatements(body.statements[...], in: &scope, tail: true)
        queueParameters = [:]
        let method = Self.initializerMethodName(labels: initializerLabels(decl))
        // An actor's synchronous init is nonisolated (SE-0327): `let box = Box(start: 3)` needs no `await`.
        let isActorInit = decl.ancestorOrSelf(mapping: { $0.as(ActorDeclSyntax.self) }) != nil
        if params.isEmpty && !isActorInit { return (method, .list(steps, at: at)) }
        var entries: [(String, LocatedNode)] = params.isEmpty ? [] : [("params", .list(params, at: at))]
        if isActorInit { entries.append(("nonisolated", .plain("true", at: at))) }
        return (method, .map(entries + [("do", .list(steps, at: at))], at: at))
    }

    /// What to write instead of an init parameter whose type a method parameter cannot have.
    private func initializerParameterAdvice(_ type: TypeSyntax) -> String {
        let name = type.trimmedDescription.replacingOccurrences(of: "?", with: "")
        if ["Float", "Float32", "Float80"].contains(name) {
            return "a time is a `TimeInterval` (a `Double` of seconds, held exactly to the nanosecond); other "
                + "floating-point types are not modelled: declare the parameter `TimeInterval`"
        }
        return "an init takes what a field may hold: a scenario class, Timer, DispatchSemaphore, DispatchGroup, "
            + "Thread, Int, Bool or String"
    }

    /// The initializer `C(…)` calls, or a reported problem (nil) when the class has none with these labels.
    private mutating func initializer(of cls: String, for call: FunctionCallExprSyntax) -> String? {
        let labels = callLabels(call)
        if let method = classes[cls]?.initializers[labels] { return method }
        if let method = initializerWithDefaults(of: cls, labels: labels, trailing: call.trailingClosure != nil) {
            return method
        }
        // `Throttler(interval: 0.25) { … }`: a trailing closure is the argument of the init's last parameter,
        // whatever its label (the Swift book, "Closures" › "Trailing Closures"); ``callArguments`` passes it last.
        if call.trailingClosure != nil, call.additionalTrailingClosures.isEmpty {
            let matching = (classes[cls]?.initializers ?? [:]).filter {
                $0.key.count == labels.count + 1
                    && Array($0.key.prefix(labels.count)) == labels
            }
            if matching.count == 1, let method = matching.first?.value { return method }
        }
        let known = (classes[cls]?.initializers.keys.map { "init(" + $0.map { $0 + ":" }.joined() + ")" } ?? [])
            .sorted().joined(separator: ", ")
        bag.error(
            .nameUndefined,
            "`\(cls)` has no init with these labels (\(labels.map { $0 + ":" }.joined())); it declares \(known)",
            at: location(call))
        return nil
    }

    /// The class `call` creates when it is `C(…)` of a class made through initializer methods.
    func initializedClass(_ call: FunctionCallExprSyntax) -> String? {
        guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            let shape = classes[callee.baseName.text], !shape.initializers.isEmpty
        else { return nil }
        return shape.name
    }

    /// The arguments of an init call as `with:`, with the steps that make and release a closure passed to it
    /// (``callArguments(_:types:callee:in:)``), or nil after a reported problem.
    private mutating func initializerArguments(
        _ call: FunctionCallExprSyntax, _ cls: String, _ method: String, in scope: Scope
    )
        -> (before: [LocatedNode], arguments: [LocatedNode], after: [LocatedNode])?
    {
        let defaults = classes[cls]?.methodParameterDefaults[method]
        return callArguments(
            call, types: classes[cls]?.methodParameterTypes[method] ?? [], callee: "this init of `\(cls)`",
            defaults: defaults, skipping: classes[cls]?.initializerQueuePositions[method] ?? [], in: scope)
    }

    /// `let x = C(a: 1)`: `let: x = new C`, then `call: x.init_a with: [1]` (the property initializers run at
    /// `new`, the init body after them, as Swift's two-phase initialization orders them). `declared` is the name
    /// as the `let:` step declares it (`__block x`). Nil when `call` is no such creation.
    mutating func initializedLocal(
        _ call: FunctionCallExprSyntax, name: String, declared: String, in scope: Scope
    ) -> (steps: [LocatedNode], type: LoweredType)? {
        guard let cls = initializedClass(call) else { return nil }
        guard let method = initializer(of: cls, for: call),
            let (before, arguments, after) =
                takesNoArguments(cls, method) ? ([], [], []) : initializerArguments(call, cls, method, in: scope)
        else { return ([], .object(cls)) }
        let at = location(call)
        let with: [(String, LocatedNode)] = arguments.isEmpty ? [] : [("with", .list(arguments, at: at))]
        return (
            before + [
                .step("let", "\(declared) = new \(cls)", at: at), .step("call", "\(name).\(method)", at: at, with),
            ]
                + after,
            .object(cls)
        )
    }

    /// `PLACE = C(a: 1)` for a field, an outer variable or a rebound local: the object is made and initialized on a
    /// temporary local, stored, and the temporary released at once, so that nothing but PLACE holds it after the
    /// statement (as in Swift, where the initializer's +1 result is consumed by the store: a weak PLACE sees the
    /// object freed at once). `verb` is the step that stores (`set`, or `let` for a local of this body).
    mutating func initializedStore(
        _ call: FunctionCallExprSyntax, place: String, verb: String = "set", in scope: Scope
    ) -> [LocatedNode]? {
        guard let cls = initializedClass(call) else { return nil }
        let at = location(call)
        let temporary = Self.temporaryName("new\(cls)", at: at)
        guard let made = initializedLocal(call, name: temporary, declared: temporary, in: scope), !made.steps.isEmpty
        else { return [] }
        return made.steps + [.step(verb, "\(place) = \(temporary)", at: at), .step("release", temporary, at: at)]
    }

    /// `self.init(…)` in a convenience init: `call: self.init_a with: […]` (the delegated init runs the body it
    /// names; the property initializers ran once, at `new`). Nil when `call` is not `self.init(…)`.
    mutating func delegatingInitializer(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "init",
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        else { return nil }
        guard let cls = scope.className, scope.kind == .method, classes[cls]?.initializers.isEmpty == false else {
            unsupported("`self.init(…)` outside a convenience init", "call it first in a `convenience init`", at: call)
            return []
        }
        guard let method = initializer(of: cls, for: call),
            let (before, arguments, after) =
                takesNoArguments(cls, method) ? ([], [], []) : initializerArguments(call, cls, method, in: scope)
        else { return [] }
        let at = location(call)
        let with: [(String, LocatedNode)] = arguments.isEmpty ? [] : [("with", .list(arguments, at: at))]
        return before + [.step("call", "self.\(method)", at: at, with)] + after
    }

    /// `C(…)` of a class made through initializer methods, used as a value inside an expression
    /// (`CADisplayLink(target: LinkTarget(owner: self), selector: …)`, `handlers.contains(Handler(id: 1))`): made
    /// and initialized on a temporary before the statement (``Hoisting``), as Swift evaluates the argument first,
    /// and released when the statement ends, as Swift's +1 result is once its full expression ends; what the
    /// statement stores it into keeps it. Nil when `call` makes no such object; `.some(nil)` after a refusal (where
    /// Swift may not evaluate it each time the statement runs, or a read to its left would see its init's effects).
    mutating func hoistedInitializer(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let cls = initializedClass(call) else { return nil }
        if let done = hoisting.temporaries[call.id] { return .some(done) }
        if let why = whyNotHoisted(call, in: scope) {
            unsupported(
                "`\(cls)(…)` \(why)",
                "bind it to a local first: `let made = \(call.trimmedDescription)`, then use `made`", at: call)
            return .some(nil)
        }
        let at = location(call)
        let temporary = Self.temporaryName("new\(cls)", at: at)
        guard let made = initializedLocal(call, name: temporary, declared: temporary, in: scope), !made.steps.isEmpty
        else { return .some(nil) }
        hoisting.steps += made.steps
        hoisting.releases.append(.step("release", temporary, at: at))
        hoisting.temporaries[call.id] = (temporary, .object(cls))
        return .some((temporary, .object(cls)))
    }
}
