import LoopSimScenario
import SwiftSyntax

/// A stored property's observers (`var timer: Timer? { didSet { oldValue?.invalidate() } }`): each a method of
/// the class the lowering adds (`didSet_timer`, `willSet_timer`), called around every assignment to the property
/// but those in the class's own initializers (docs/swift-scenarios.md, "Property observers").
struct PropertyObservers {
    /// The `willSet` body and its parameter's name (`newValue`, or the one written `willSet(next)`).
    var willSet: (body: CodeBlockSyntax, parameter: String, readsNewValue: Bool)?
    /// The `didSet` body, its parameter's name, and whether the body reads it (else no old value is kept).
    var didSet: (body: CodeBlockSyntax, parameter: String, readsOldValue: Bool)?
}

extension SwiftLowering {
    /// The observers of a stored property with `willSet`/`didSet` accessors; nil for a binding without
    /// accessors or with others (a computed property).
    func propertyObservers(_ binding: PatternBindingSyntax) -> PropertyObservers? {
        guard let block = binding.accessorBlock, case .accessors(let accessors) = block.accessors,
            !accessors.isEmpty,
            accessors.allSatisfy({ ["willSet", "didSet"].contains($0.accessorSpecifier.text) })
        else { return nil }
        var observers = PropertyObservers()
        for accessor in accessors {
            guard let body = accessor.body else { continue }
            let named = accessor.parameters?.name.text
            if accessor.accessorSpecifier.text == "willSet" {
                let parameter = named ?? "newValue"
                observers.willSet = (body, parameter, Self.reads(parameter, in: Syntax(body)))
            } else {
                let parameter = named ?? "oldValue"
                observers.didSet = (body, parameter, Self.reads(parameter, in: Syntax(body)))
            }
        }
        return observers
    }

    /// Whether `node` refers to `name` (outside member names).
    static func reads(_ name: String, in node: Syntax) -> Bool {
        let collector = NameCollector()
        collector.walk(node)
        return collector.referenced.contains { $0.name == name }
    }

    /// The method an observer lowers to.
    static func observerMethod(_ kind: String, of property: String) -> String { "\(kind)_\(property)" }

    /// The observers' methods of `cls`'s observed properties, in declaration order: `didSet_x: {params:
    /// [oldValue: T], do: …}` (no parameter when the body does not read it). Inside them, an assignment to the same
    /// property of `self` does not call its observers again (the Swift book, "Property Observers").
    mutating func observerMethods(_ decl: some ClassLikeDecl, className: String) -> [(String, LocatedNode)] {
        var methods: [(String, LocatedNode)] = []
        for member in classMembers(decl) {
            guard let v = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in v.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let observers = classes[className]?.observers[name]
                else { continue }
                let type = classes[className]?.fields[name] ?? .unknown
                if let (body, parameter, reads) = observers.willSet {
                    if let method = observerMethod(
                        "willSet", name, body: body, parameter: (parameter, reads), type: type, className: className)
                    {
                        methods.append(method)
                    }
                }
                if let (body, parameter, reads) = observers.didSet {
                    if let method = observerMethod(
                        "didSet", name, body: body, parameter: (parameter, reads), type: type, className: className)
                    {
                        methods.append(method)
                    }
                }
            }
        }
        return methods
    }

    /// One observer's method.
    private mutating func observerMethod(
        _ kind: String, _ property: String, body: CodeBlockSyntax, parameter: (name: String, isRead: Bool),
        type: LoweredType, className: String
    ) -> (String, LocatedNode)? {
        let at = location(body)
        var scope = Scope(kind: .method, className: className)
        scope.locals["self"] = Local(type: .object(className), isVar: false)
        scope.capturedVars = capturedNames(in: body.statements.map(Syntax.init))
        scope.observing = property
        var params: [LocatedNode] = []
        if parameter.isRead, case .array = type {
            unsupported(
                "`\(parameter.name)` of an array property's observer",
                "read the property itself (an array property's old and new values are not modelled)", at: body)
            return nil
        }
        if parameter.isRead, case .value(let s) = type {
            unsupported(
                "`\(parameter.name)` of an observer of a property that holds a struct",
                "read the property itself (`\(property).\(structs[s]?.fields.first?.name ?? "field")`): a struct's old "
                    + "and new values are not modelled", at: body)
            return nil
        }
        if parameter.isRead {
            guard let typeName = type.fieldTypeName else { return nil }
            scope.locals[parameter.name] = Local(type: type, isVar: false)
            params.append(.map([(parameter.name, .plain(typeName, at: at))], at: at))
        }
        let steps = lowerStatements(body.statements[...], in: &scope, tail: true)
        let name = Self.observerMethod(kind, of: property)
        if params.isEmpty { return (name, .list(steps, at: at)) }
        return (name, .map([("params", .list(params, at: at)), ("do", .list(steps, at: at))], at: at))
    }

    /// The observed property an assignment to `lhs` stores into, with the receiver's text: nil when the property
    /// has no observers, or when Swift calls none here (the class's own initializers on `self`, and an observer
    /// assigning its own property).
    func observedTarget(_ lhs: ExprSyntax, in scope: Scope) -> (
        receiver: String, cls: String, name: String, observers: PropertyObservers
    )? {
        var receiver: String
        var cls: String
        var name: String
        var onSelf: Bool
        if let ref = lhs.as(DeclReferenceExprSyntax.self) {
            name = ref.baseName.text
            guard scope.locals[name] == nil, let c = scope.className, scope.locals["self"] != nil else { return nil }
            (receiver, cls, onSelf) = (scope.locals["self"]?.text("self") ?? "self", c, true)
        } else if let member = lhs.as(MemberAccessExprSyntax.self), let base = member.base {
            name = member.declName.baseName.text
            let baseExpr = base.as(OptionalChainingExprSyntax.self)?.expression ?? base
            if let ref = baseExpr.as(DeclReferenceExprSyntax.self), ref.baseName.text == "self",
                let c = scope.className ?? { if case .object(let c)? = scope.locals["self"]?.type { c } else { nil } }()
            {
                (receiver, cls, onSelf) = (scope.locals["self"]?.text("self") ?? "self", c, true)
            } else if let ref = baseExpr.as(DeclReferenceExprSyntax.self), let local = scope.locals[ref.baseName.text],
                case .object(let c) = local.type
            {
                (receiver, cls, onSelf) = (local.text(ref.baseName.text), c, false)
            } else if case .object(let c)? = quietType(baseExpr, in: scope), classes[c]?.observers[name] != nil {
                // Another object's property (`page.detail?.level = 1`): its path, lowered on a copy so that nothing
                // is reported twice (the store lowers it again).
                var copy = self
                guard let lowered = copy.expression(baseExpr, in: scope) else { return nil }
                (receiver, cls, onSelf) = (lowered.text, c, false)
            } else {
                return nil
            }
        } else {
            return nil
        }
        guard let observers = classes[cls]?.observers[name] else { return nil }
        if onSelf && (scope.initializerOf == cls || scope.observing == name) { return nil }
        return (receiver, cls, name, observers)
    }

    /// An assignment to an observed property: `willSet` with the new value, the store `store` makes, then
    /// `didSet` with the old value, which a local keeps until `didSet` returns (Swift passes it by value).
    mutating func observedAssignment(
        _ target: (receiver: String, cls: String, name: String, observers: PropertyObservers),
        newValue: (inout SwiftLowering, Scope) -> String?, at e: some SyntaxProtocol, in scope: inout Scope,
        store: (inout SwiftLowering, inout Scope) -> [LocatedNode]
    ) -> [LocatedNode] {
        let at = location(e)
        let property = "\(target.receiver).\(target.name)"
        var steps: [LocatedNode] = []
        let old = "oldValue\(at.line)x\(at.column)"
        let keepsOld = target.observers.didSet?.readsOldValue == true
        if keepsOld { steps.append(.step("let", "\(old) = \(property)", at: at)) }
        if let willSet = target.observers.willSet, !willSet.readsNewValue {
            steps.append(observerCall("willSet", target, argument: nil, at: at))
            steps += store(&self, &scope)
        } else if target.observers.willSet != nil {
            // The new value is evaluated once, before `willSet` (which sees it as `newValue`), then stored.
            let new = "newValue\(at.line)x\(at.column)"
            guard let value = newValue(&self, scope) else { return [] }
            steps.append(.step("let", "\(new) = \(value)", at: at))
            steps.append(observerCall("willSet", target, argument: new, at: at))
            steps.append(.step("set", "\(property) = \(new)", at: at))
            steps.append(.step("set", "\(new) = nil", at: at))
        } else {
            steps += store(&self, &scope)
        }
        if target.observers.didSet != nil {
            steps.append(observerCall("didSet", target, argument: keepsOld ? old : nil, at: at))
        }
        if keepsOld { steps.append(.step("set", "\(old) = nil", at: at)) }
        return steps
    }

    /// A mutation of an observed array property (`items.append(x)`, `items.removeAll()`): its steps between the
    /// `willSet` and `didSet` calls, as Swift calls them around the array's `inout` access. Observers that read
    /// `newValue`/`oldValue` are refused where they are declared (no array parameters).
    mutating func observedMutation(
        _ base: ExprSyntax, in scope: Scope, _ steps: [LocatedNode], at node: some SyntaxProtocol
    )
        -> [LocatedNode]
    {
        guard !steps.isEmpty, let target = observedTarget(base, in: scope) else { return steps }
        let at = location(node)
        var around = steps
        if target.observers.willSet != nil {
            around.insert(observerCall("willSet", target, argument: nil, at: at), at: 0)
        }
        if target.observers.didSet != nil { around.append(observerCall("didSet", target, argument: nil, at: at)) }
        return around
    }

    /// `call: R.didSet_x` (`with: [ARG]`).
    private func observerCall(
        _ kind: String, _ target: (receiver: String, cls: String, name: String, observers: PropertyObservers),
        argument: String?, at: ScenarioLocation
    ) -> LocatedNode {
        let with: [(String, LocatedNode)] = argument.map { [("with", .list([.plain($0, at: at)], at: at))] } ?? []
        return .step("call", "\(target.receiver).\(Self.observerMethod(kind, of: target.name))", at: at, with)
    }
}
