import LoopSimScenario
import SwiftSyntax

/// Throwing initializers (docs/swift-scenarios.md, "Errors: throws, try and do-catch"): `init(path: String) throws`
/// is an init method of its class (SwiftLowering+Initializers.swift) that throws as a throwing method does, into the
/// new object's hidden field `thrownError`. `try C(…)` makes the object on a temporary, runs the init, and when it
/// threw releases the half-made object before the error goes on (`try`), the value is nil (`try?`) or the run
/// traps (`try!`): the caller never holds an object whose init threw.
///
/// The Swift book, "Initialization" › "Two-Phase Initialization" and "Deinitialization": a class instance whose
/// init throws before every stored property has a value is freed without its `deinit` running (the properties
/// that were set are released); once they all have one (phase 1 is over), the instance is a whole object and a throw
/// releases it like any other, `deinit` included. Checked with this machine's swiftc: `init(path:) throws { box =
/// Box(); guard … else { throw … }; self.path = path }` prints the box's deinit but not the class's, and a throw
/// after `self.path = path` prints both. A throw that leaves the init before its stored properties are all set
/// marks the object with the hidden field `initAbandoned`, and the class's `dealloc:` runs only when it is not set.
extension SwiftLowering {
    /// The hidden field of an object whose class has a throwing init: its init threw before every stored property
    /// was set, so its `deinit` does not run.
    static let initAbandonedField = "initAbandoned"

    /// Whether the init declares `throws` (a plain one: typed throws and `rethrows` are refused where declared).
    static func isThrowingInit(_ i: InitializerDeclSyntax) -> Bool {
        i.signature.effectSpecifiers?.throwsClause != nil
    }

    /// Records a throwing init's method as one of the class's throwing methods (its hidden field `thrownError`).
    func collectThrowingInits(_ decl: some ClassLikeDecl, into shape: inout ClassShape) {
        for member in classMembers(decl) {
            guard let i = member.decl.as(InitializerDeclSyntax.self), Self.isThrowingInit(i),
                let method = shape.initializers[initializerLabels(i)]
            else { continue }
            shape.throwing.insert(method)
        }
    }

    /// Whether the class declares a throwing init.
    func hasThrowingInit(_ decl: some ClassLikeDecl) -> Bool {
        classMembers(decl).contains { $0.decl.as(InitializerDeclSyntax.self).map(Self.isThrowingInit) ?? false }
    }

    /// The hidden field `initAbandoned: bool` of a class with a throwing init.
    func initAbandonedFieldNodes(_ decl: some ClassLikeDecl, at: ScenarioLocation) -> [(String, LocatedNode)] {
        hasThrowingInit(decl) ? [(Self.initAbandonedField, .plain("bool", at: at))] : []
    }

    /// The class's `dealloc:` steps, run only when its init did not throw before setting every stored property.
    func guardedDealloc(_ steps: [LocatedNode], _ decl: some ClassLikeDecl, at: ScenarioLocation) -> [LocatedNode] {
        guard hasThrowingInit(decl) else { return steps }
        return [.step("if", "not self.\(Self.initAbandonedField)", at: at, [("then", .list(steps, at: at))])]
    }

    /// The effects of an init: plain `throws` is in (its body throws as a throwing method's does); `async`, typed
    /// throws and `rethrows` are refused (false, after saying what to write).
    mutating func acceptsInitEffects(_ effects: FunctionEffectSpecifiersSyntax) -> Bool {
        if let a = effects.asyncSpecifier {
            unsupported("an `async` init", "write the init without `async`, and await in a method", at: a)
            return false
        }
        return acceptsThrows(effects)  // SwiftLowering+Throws.swift
    }

    /// Whether a throw at `node`, inside an init, leaves before every stored property of its class has a value: a
    /// stored property without an initial value (and not an optional `var`, which starts nil) that no statement of
    /// the init's body before the one holding `node` sets (`self.x = …` or `x = …` as a statement of its own, or
    /// `self.init(…)`, which sets them all). Swift's definite initialization makes every path set each such property
    /// before the init ends, so a property set in a branch is set in the other branches too: the statements that
    /// precede the throw's at the body's top level decide.
    func throwLeavesBeforeFullInit(_ node: some SyntaxProtocol) -> Bool {
        var current: Syntax? = Syntax(node)
        var topLevel: CodeBlockItemSyntax?
        while let n = current {
            if n.is(ClosureExprSyntax.self) || n.is(FunctionDeclSyntax.self) { return false }
            if let item = n.as(CodeBlockItemSyntax.self),
                item.parent?.parent?.parent?.is(InitializerDeclSyntax.self) == true
            {
                topLevel = item
            }
            if let i = n.as(InitializerDeclSyntax.self) {
                guard let topLevel, let body = i.body,
                    let owner = i.parent?.ancestorOrSelf(mapping: { $0.as(ClassDeclSyntax.self) })
                else { return false }
                var unset = Set(requiredStoredProperties(owner))
                for item in body.statements {
                    if item.id == topLevel.id { break }
                    for name in propertiesSet(by: item) { unset.remove(name) }
                    if isSelfInit(item) { unset.removeAll() }
                }
                return !unset.isEmpty
            }
            current = n.parent
        }
        return false
    }

    /// The stored instance properties of `owner` that start without a value: no initial value, not `lazy`, and not
    /// an optional `var` (Swift gives an optional `var` nil).
    private func requiredStoredProperties(_ owner: ClassDeclSyntax) -> [String] {
        var names: [String] = []
        for member in owner.memberBlock.members {
            guard let v = member.decl.as(VariableDeclSyntax.self), !isStatic(v.modifiers),
                !v.modifiers.contains(where: { $0.name.text == "lazy" })
            else { continue }
            for binding in v.bindings where binding.initializer == nil && binding.accessorBlock == nil {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if v.bindingSpecifier.text == "var", isOptionalAnnotation(binding) { continue }
                names.append(name)
            }
        }
        return names
    }

    /// The stored properties a statement `self.x = …` or `x = …` sets.
    private func propertiesSet(by item: CodeBlockItemSyntax) -> [String] {
        let expr = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
        guard let sequence = expr?.as(SequenceExprSyntax.self), sequence.elements.count >= 3 else { return [] }
        let elements = Array(sequence.elements)
        guard elements[1].is(AssignmentExprSyntax.self) else { return [] }
        if let ref = elements[0].as(DeclReferenceExprSyntax.self) { return [ref.baseName.text] }
        if let member = elements[0].as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            return [member.declName.baseName.text]
        }
        return []
    }

    /// Whether the statement is `self.init(…)` (a convenience init's delegation, after which every property is set).
    private func isSelfInit(_ item: CodeBlockItemSyntax) -> Bool {
        var expr = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
        if let t = expr?.as(TryExprSyntax.self) { expr = t.expression }
        guard let call = expr?.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return false }
        return member.declName.baseName.text == "init"
            && member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
    }

    /// `try C(…)`, `try? C(…)`, `try! C(…)` of a class whose init with those labels throws, inside an expression
    /// (`let c = try C(…)`, `if let c = try? C(…)`, `self.config = try C(…)`): the object made and its init run on a
    /// temporary before the statement (released when it ends: what the statement stores it into keeps it), then
    /// the check of its hidden field: on a throw the half-made object is released first, then the error goes on
    /// (`try`), the value is nil (`try?`) or the run traps (`try!`). Nil when `inner` is no such call.
    mutating func throwingInitValue(
        _ t: TryExprSyntax, _ inner: ExprSyntax, kind: TryKind, in scope: Scope
    ) -> (String, LoweredType)?? {
        guard let call = inner.as(FunctionCallExprSyntax.self), let cls = initializedClass(call),
            let method = classes[cls]?.initializers[callLabels(call)], classes[cls]?.throwing.contains(method) == true
        else { return nil }
        guard hoisting.isOpen else {
            unsupported(
                "a `try` here", "make the object in a method, a closure or the scenario's code, where statements run",
                at: t)
            return .some(nil)
        }
        if let why = whyNotHoisted(call, in: scope) {
            unsupported(
                "`\(cls)(…)` \(why)", "bind it to a local first: `let made = \(t.trimmedDescription)`, then use `made`",
                at: t)
            return .some(nil)
        }
        let at = location(t)
        let temporary = Self.temporaryName("new\(cls)", at: at)
        guard let steps = throwingInitSteps(t, call, into: temporary, kind: kind, in: scope) else { return .some(nil) }
        hoisting.steps += steps
        if kind == .plain, case .doBlock(let flag, _)? = scope.throwContext {
            hoisting.throwChecks.append((hoisting.steps.count, flag, at))
        }
        hoisting.releases.append(.step("release", temporary, at: at))
        hoisting.temporaries[t.id] = (temporary, .object(cls))
        return .some((temporary, .object(cls)))
    }

    /// `if let c = try? C(…)`, `guard let c = try? C(…) else { … }`: the object made and its init run into the
    /// binding's local `name` itself, which is nil when the init threw. Nil when `value` is no such `try?`.
    mutating func throwingInitBinding(_ name: String, _ value: ExprSyntax, in scope: Scope) -> (
        steps: [LocatedNode], type: LoweredType
    )?? {
        guard let t = value.as(TryExprSyntax.self), t.questionOrExclamationMark?.text == "?",
            let call = t.expression.as(FunctionCallExprSyntax.self), let cls = initializedClass(call),
            let method = classes[cls]?.initializers[callLabels(call)], classes[cls]?.throwing.contains(method) == true
        else { return nil }
        guard let steps = throwingInitSteps(t, call, into: name, kind: .optional, in: scope) else { return .some(nil) }
        return .some((steps, .object(cls)))
    }

    /// The steps of `try C(…)` into the local `place` (declared by them): `new`, the init, and the check of the
    /// object's hidden field. Nil after refusing.
    private mutating func throwingInitSteps(
        _ t: TryExprSyntax, _ call: FunctionCallExprSyntax, into temporary: String, kind: TryKind, in scope: Scope
    ) -> [LocatedNode]? {
        let at = location(t)
        guard let made = initializedLocal(call, name: temporary, declared: temporary, in: scope), !made.steps.isEmpty
        else { return nil }
        let thrown = Self.temporaryName("thrown", at: at)
        var branch: [LocatedNode] = [.step("release", temporary, at: at)]
        switch kind {
        case .plain, .none:
            guard let out = propagate(thrown, from: t, in: scope) else { return nil }
            branch += out
        case .optional:
            break  // the released temporary is the nil value
        case .forced:
            branch = [
                LocatedNode.step("trap", nil, at: at).replacingArgument(
                    trapPrefix(t) + "Fatal error: 'try!' expression unexpectedly raised an error")
            ]
        }
        return made.steps + [
            .step("let", "\(thrown) = \(temporary).\(Self.thrownField)", at: at),
            .step("if", "\(thrown) != nil", at: at, [("then", .list(branch, at: at))]),
        ]
    }

    /// After an `if`, the `release:` of each object its conditions made into a binding (`if let c = try? C(…)`):
    /// the name is the then branch's only, so Swift releases the object when the `if` ends (the Swift book,
    /// "Optional Binding"; swiftc's build prints the deinit there, at -O and -Onone).
    func thenBindingReleases(_ conditions: ConditionElementListSyntax) -> [LocatedNode] {
        conditions.compactMap { element in
            guard case .optionalBinding(let binding) = element.condition,
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let t = binding.initializer?.value.as(TryExprSyntax.self), t.questionOrExclamationMark?.text == "?",
                let call = t.expression.as(FunctionCallExprSyntax.self), let cls = initializedClass(call),
                let method = classes[cls]?.initializers[callLabels(call)],
                classes[cls]?.throwing.contains(method) == true
            else { return nil }
            return .step("release", name, at: location(element))
        }
    }
}
