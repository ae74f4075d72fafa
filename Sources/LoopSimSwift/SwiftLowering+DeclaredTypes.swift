import LoopSimScenario
import SwiftSyntax

/// What type a name has where print's interpolation reads it (SwiftLowering+Interpolation.swift): the nearest
/// declaration in the enclosing scopes — a local, a parameter, a binding, a loop variable, a closure's parameter, a
/// stored property of the file's class — judged by syntax alone.
extension SwiftLowering {
    /// The declared type of the name `name` as seen at `node`: the nearest declaration in the enclosing scopes.
    func declaredType(of name: String, at node: Syntax) -> InterpolatedType? {
        var current = node
        while let parent = current.parent {
            if let items = parent.as(CodeBlockItemListSyntax.self) {
                // The latest declaration before the statement that holds `node` (a later `let` shadows it).
                var found: InterpolatedType?? = nil
                for item in items {
                    guard item.position < current.position else { break }
                    if let decl = declaration(of: name, in: item.item) { found = decl }
                }
                if let found { return found }
            } else if let ifExpr = parent.as(IfExprSyntax.self), ifExpr.body.id == current.id {
                if let type = resultCaseBindings[ifExpr.conditions.id]?[name] {  // SwiftLowering+Result.swift
                    return Self.isPrintedAsItsValue(type, enums: enums) ? .plain : nil
                }
                if let bound = binding(of: name, in: ifExpr.conditions) { return bound }
            } else if let switchCase = parent.as(SwitchCaseSyntax.self),
                let type = resultCaseBindings[switchCase.id]?[name]
            {
                return Self.isPrintedAsItsValue(type, enums: enums) ? .plain : nil
            } else if let clause = parent.as(CatchClauseSyntax.self), clause.body.id == current.id {
                if let type = resultCaseBindings[clause.id]?[name] {  // a case's value (+ErrorPayloads.swift)
                    return Self.isPrintedAsItsValue(type, enums: enums) ? .plain : nil
                }
                if catchBinds(name, clause) { return .plain }  // an error, printed by its case (+Throws.swift)
            } else if let whileStmt = parent.as(WhileStmtSyntax.self), whileStmt.body.id == current.id {
                if let bound = binding(of: name, in: whileStmt.conditions) { return bound }
            } else if let forStmt = parent.as(ForStmtSyntax.self), forStmt.body.id == current.id {
                if forStmt.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return isIntegerRange(forStmt.sequence) ? .plain : nil
                }
            } else if let closure = parent.as(ClosureExprSyntax.self) {
                // A closure value's parameter, whose type the lowering took from the closure's type
                // (SwiftLowering+ClosureValues.swift): an `Int`, `Bool` or `String` parameter is never optional.
                if let type = closureParameterTypes[closure.id]?[name] {
                    // An optional one (`(Int?) -> Void`) prints `Optional(3)`: its `if let` binding prints 3.
                    guard Self.isPrintedAsItsValue(type.unwrapped, enums: enums) else { return nil }
                    return type == type.unwrapped ? .plain : .optionalPlain
                }
                if let item = closure.signature?.capture?.items.first(where: { $0.name.text == name }),
                    item.specifier == nil
                {
                    // `[n]`: a copy of the enclosing `n` made with the closure, of its type; `[m = e]`: e's type.
                    if let value = item.initializer?.value { return interpolatedType(value) }
                    return declaredType(of: name, at: Syntax(closure))
                }
                if closureDeclares(name, closure) || name.hasPrefix("$") { return nil }
            } else if let function = parent.as(FunctionDeclSyntax.self) {
                if let parameter = function.signature.parameterClause.parameters.first(where: {
                    ($0.secondName ?? $0.firstName).text == name
                }) {
                    return annotatedType(parameter.type)
                }
            } else if let initializer = parent.as(InitializerDeclSyntax.self) {
                if let parameter = initializer.signature.parameterClause.parameters.first(where: {
                    ($0.secondName ?? $0.firstName).text == name
                }) {
                    return annotatedType(parameter.type)
                }
            } else if let accessor = parent.as(AccessorDeclSyntax.self),
                ["willSet", "didSet"].contains(accessor.accessorSpecifier.text)
            {
                // An observer's `newValue`/`oldValue` (or the name written): the property's type.
                let implicit = accessor.accessorSpecifier.text == "willSet" ? "newValue" : "oldValue"
                if (accessor.parameters?.name.text ?? implicit) == name {
                    var holder = Syntax(accessor)
                    while let up = holder.parent, !up.is(PatternBindingSyntax.self) { holder = up }
                    return holder.parent?.as(PatternBindingSyntax.self).flatMap { bindingType($0) }
                }
            } else if parent.is(MemberBlockSyntax.self), let st = parent.parent?.as(StructDeclSyntax.self) {
                // a bare member in a struct's computed property (`var label: String { "\(done)/\(total)" }`)
                if structs[st.name.text]?.plainComputed.contains(name) == true { return .plain }
                guard let field = structs[st.name.text]?.field(name), [.int, .bool, .string].contains(field.type)
                else { return nil }
                return field.isOptional ? .optionalPlain : .plain
            } else if parent.is(MemberBlockSyntax.self) {
                guard let cls = enclosingClassName(of: current) else { return nil }
                // inside a `static func`, a bare name is a type property (SwiftLowering+TypeMembers.swift)
                let inTypeMethod = node.ancestorOrSelf(mapping: { $0.as(FunctionDeclSyntax.self) }).map {
                    isStatic($0.modifiers)
                }
                return storedPropertyType(name, of: cls, from: current, isStatic: inTypeMethod ?? false)
            }
            current = parent
        }
        return nil
    }

    /// What the statement `item` declares `name` as: `.some(type)` when it declares it (type nil when unknown),
    /// nil when it does not declare it.
    func declaration(of name: String, in item: CodeBlockItemSyntax.Item) -> InterpolatedType?? {
        if let variable = item.as(VariableDeclSyntax.self) {
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                return .some(bindingType(binding))
            }
            for binding in variable.bindings {
                guard let pattern = binding.pattern.as(TuplePatternSyntax.self),
                    let type = tupleBindings[pattern.id]?[name]
                else { continue }
                return .some(Self.isPrintedAsItsValue(type, enums: enums) ? .plain : nil)  // SwiftLowering+Tuples
            }
            return nil
        }
        if let guardStmt = item.as(GuardStmtSyntax.self), let type = resultCaseBindings[guardStmt.conditions.id]?[name]
        {
            return .some(Self.isPrintedAsItsValue(type, enums: enums) ? .plain : nil)  // SwiftLowering+Result.swift
        }
        if let guardStmt = item.as(GuardStmtSyntax.self), let bound = binding(of: name, in: guardStmt.conditions) {
            return .some(bound)
        }
        return nil  // an `if`'s bindings are visible in its body only (`declaredType(of:at:)`)
    }

    /// The type an `if let`/`guard let`/`while let` condition list binds `name` to; nil when it binds no `name`.
    func binding(of name: String, in conditions: ConditionElementListSyntax) -> InterpolatedType?? {
        for condition in conditions {
            guard let optional = condition.condition.as(OptionalBindingConditionSyntax.self),
                optional.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name
            else { continue }
            if let annotation = optional.typeAnnotation { return .some(annotatedType(annotation.type)) }
            if plainBindings.contains(optional.id) { return .some(.plain) }  // `if let big = a.first(where: …)`
            // `if let x = e` unwraps e; `if let x` (SE-0345) unwraps the outer `x`.
            let source = optional.initializer?.value
            let unwrapped =
                source.map { interpolatedType($0) }
                ?? declaredType(of: name, at: Syntax(conditions.parent ?? Syntax(conditions)))
            return .some(unwrapped == .optionalPlain ? .plain : nil)
        }
        return nil
    }

    /// A `let`/`var` binding's type: its annotation, or its initial value's.
    func bindingType(_ binding: PatternBindingSyntax) -> InterpolatedType? {
        if let annotation = binding.typeAnnotation { return annotatedType(annotation.type) }
        if plainBindings.contains(binding.id) { return .plain }  // proven where it was lowered (+Locals.swift)
        guard let value = binding.initializer?.value else { return nil }
        return interpolatedType(value)  // `let n = await counter.increment()`: what the awaited method returns
    }

    /// `Int`, `Bool`, `String` and an enum of the file without raw values are plain; the same wrapped in `?` or `!`
    /// optional; anything else unknown.
    func annotatedType(_ type: TypeSyntax) -> InterpolatedType? {
        if let o = type.as(OptionalTypeSyntax.self) {
            return annotatedType(o.wrappedType) == .plain ? .optionalPlain : nil
        }
        if let o = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            // Swift 5 prints an IUO as an optional in an interpolation (SE-0054: it is an Optional).
            return annotatedType(o.wrappedType) == .plain ? .optionalPlain : nil
        }
        guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil else {
            return nil
        }
        let name = identifier.name.text
        if let e = enums[name] { return e.rawType == nil ? .plain : nil }
        if name == Self.errorTypeName {
            // An `Error` holds a case of the file's error enums, printed by its name (SwiftLowering+Errors.swift).
            return Self.isPrintedAsItsValue(.enumeration(name, isInt: false), enums: enums) ? .plain : nil
        }
        return ["Int", "Bool", "String"].contains(name) ? .plain : nil
    }

    /// `a..<b`, `a...b` of plain values.
    func isIntegerRange(_ e: ExprSyntax) -> Bool {
        let e = unparenthesized(e)
        if let call = e.as(FunctionCallExprSyntax.self) {
            // `stride(from:to:by:)` of `Int`s, `(a..<b).reversed()` (SwiftLowering+Stride.swift)
            if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "stride" {
                return call.arguments.count == 3
                    && call.arguments.allSatisfy { interpolatedType($0.expression) == .plain }
            }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "reversed", let base = member.base
            {
                return isIntegerRange(base)
            }
            return false
        }
        guard let sequence = e.as(SequenceExprSyntax.self) else { return false }
        let elements = Array(sequence.elements)
        guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
            op == "..<" || op == "..."
        else { return false }
        return interpolatedType(elements[0]) == .plain && interpolatedType(elements[2]) == .plain
    }

    /// The class of `name` when it is a parameter of an enclosing closure whose type the lowering took (a closure
    /// value's, a KVO handler's object) and no statement in between declares the name again.
    func closureParameterClass(_ name: String, at node: Syntax) -> String? {
        var current = node
        while let parent = current.parent {
            if let items = parent.as(CodeBlockItemListSyntax.self) {
                for item in items where item.position < current.position {
                    // `guard let user = user` (or `guard let user`) unwraps the same object: still its class.
                    if let guardStmt = item.item.as(GuardStmtSyntax.self), unwrapsItself(name, guardStmt.conditions) {
                        continue
                    }
                    if declaration(of: name, in: item.item) != nil { return nil }
                }
            } else if let ifExpr = parent.as(IfExprSyntax.self), ifExpr.body.id == current.id {
                if binding(of: name, in: ifExpr.conditions) != nil && !unwrapsItself(name, ifExpr.conditions) {
                    return nil
                }
            } else if let closure = parent.as(ClosureExprSyntax.self) {
                if let type = closureParameterTypes[closure.id]?[name] {
                    if case .object(let cls) = type, classes[cls] != nil { return cls }
                    return nil
                }
                if closureDeclares(name, closure) { return nil }
            } else if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self) {
                return nil
            }
            current = parent
        }
        return nil
    }

    /// Whether `conditions` bind `name` by unwrapping the outer `name` itself (`let name = name`, `let name`).
    func unwrapsItself(_ name: String, _ conditions: ConditionElementListSyntax) -> Bool {
        conditions.contains { condition in
            guard let optional = condition.condition.as(OptionalBindingConditionSyntax.self),
                optional.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                optional.typeAnnotation == nil
            else { return false }
            guard let value = optional.initializer?.value else { return true }
            return value.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        }
    }

    /// The observed property's type of `change.newValue` (`change.oldValue`) when `node` is in a KVO change handler
    /// whose `change` it reads (SwiftLowering+KVO.swift).
    func changeValueType(_ path: String, at node: Syntax) -> LoweredType? {
        var current = node
        while let parent = current.parent {
            if let closure = parent.as(ClosureExprSyntax.self), let type = closureParameterTypes[closure.id]?[path] {
                return type
            }
            current = parent
        }
        return nil
    }

    /// Whether a closure's parameters or capture list declare `name` (whose type the lowering does not follow).
    func closureDeclares(_ name: String, _ closure: ClosureExprSyntax) -> Bool {
        guard let signature = closure.signature else { return false }
        if signature.capture?.items.contains(where: { $0.name.text == name }) == true { return true }
        switch signature.parameterClause {
        case .simpleInput(let shorthand): return shorthand.contains { $0.name.text == name }
        case .parameterClause(let clause):
            return clause.parameters.contains { ($0.secondName ?? $0.firstName).text == name }
        case nil: return false
        }
    }

    /// The class (or extended class) whose member block holds `node`.
    func enclosingClassName(of node: Syntax) -> String? {
        var current: Syntax? = node
        while let c = current {
            if let cls = c.as(ClassDeclSyntax.self) { return cls.name.text }
            if let a = c.as(ActorDeclSyntax.self) { return a.name.text }  // an actor is lowered as a class
            if let e = c.as(EnumDeclSyntax.self) { return e.name.text }  // a namespace enum's type members
            if let ext = c.as(ExtensionDeclSyntax.self) {
                return ext.extendedType.as(IdentifierTypeSyntax.self)?.name.text
            }
            current = c.parent
        }
        return nil
    }

    /// The type of the property `name` declared in the body of the file's class `cls` (stored, or computed with
    /// an annotation).
    func storedPropertyType(
        _ name: String, of cls: String, from node: Syntax, isStatic: Bool = false
    ) -> InterpolatedType? {
        guard let file = node.root.as(SourceFileSyntax.self) else { return nil }
        for statement in file.statements {
            // a class, or a namespace enum holding type properties (SwiftLowering+TypeMembers.swift)
            var members: MemberBlockItemListSyntax?
            if let c = statement.item.as(ClassDeclSyntax.self), c.name.text == cls {
                members = c.memberBlock.members
            } else if let a = statement.item.as(ActorDeclSyntax.self), a.name.text == cls {
                members = a.memberBlock.members  // an actor is lowered as a class
            } else if let e = statement.item.as(EnumDeclSyntax.self), e.name.text == cls, isStatic {
                members = e.memberBlock.members
            }
            guard let members else { continue }
            for member in members {
                guard let variable = member.decl.as(VariableDeclSyntax.self),
                    variable.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" })
                        == isStatic
                else { continue }
                for binding in variable.bindings
                where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                    return bindingType(binding)
                }
            }
        }
        return nil
    }
}
