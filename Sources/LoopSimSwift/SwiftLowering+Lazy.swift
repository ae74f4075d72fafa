import LoopSimScenario
import SwiftSyntax

/// `lazy var` (docs/swift-scenarios.md, "Lazy properties"). Swift runs a lazy stored property's initial value at
/// the property's first read, not when the object is made (the Swift book, "Properties" › "Lazy Stored
/// Properties": "A lazy stored property is a property whose initial value isn't calculated until the first time
/// it's used"; its initializer may refer to `self`, as it runs after initialization is complete). The language's
/// reads are expressions, which make nothing, so each statement that reads a lazy property is preceded by
/// `if: RECEIVER.x == nil` `then:` the steps that make the initial value and store it: the first read makes it,
/// the later ones find it made. A non-optional lazy property is never nil again once made, so the check is exact
/// (an `Int`, `Bool`, `String` or `TimeInterval` one's field starts nil for it); an optional one (which Swift
/// leaves nil when set to nil after its first read) is refused.
extension SwiftLowering {
    /// Records `lazy var x = e` of the class (first pass): the initial value its first read runs. True when
    /// `binding` belongs to a `lazy` declaration with an initial value that is not a literal.
    func collectLazy(
        _ decl: VariableDeclSyntax, _ binding: PatternBindingSyntax, name: String,
        into shape: inout ClassShape
    ) -> Bool {
        guard decl.modifiers.contains(where: { $0.name.text == "lazy" }), let value = binding.initializer?.value,
            literalText(value) == nil, !isLiteralArray(value)
        else { return false }
        shape.lazy[name] = value
        return true
    }

    /// Whether `binding` of a `lazy` declaration can be lowered as a lazy field; refuses the forms that cannot
    /// (an optional type, a value type whose initial value is not a literal, no initial value).
    mutating func checkLazy(_ binding: PatternBindingSyntax, name: String, className: String) -> Bool {
        if binding.typeAnnotation?.type.is(OptionalTypeSyntax.self) == true
            || binding.typeAnnotation?.type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true
        {
            unsupported(
                "an optional `lazy` property (Swift leaves it nil when it is set to nil after its first read)",
                "write `var x: C?` and `if x == nil { x = C() }` where it is first needed", at: binding)
            return false
        }
        guard classes[className]?.lazy[name] != nil else {
            if binding.initializer == nil {
                unsupported(
                    "a `lazy` property without an initial value", "give it one: `lazy var x = C()`",
                    at: binding)
                return false
            }
            return true  // a literal: the same value whether made early or late
        }
        // An object, or an `Int`, `Bool`, `String` or `TimeInterval` (its field starts nil, which no made value is).
        let type = fieldType(binding)
        guard type.isObject || [.int, .bool, .string, .duration].contains(type) else {
            unsupported(
                "a `lazy` property of this type made by an expression",
                "write a computed property (`var x: Int { … }`) or set the value where it is first needed",
                at: binding)
            return false
        }
        return true
    }

    /// The steps that make the lazy properties `item` reads, before it, in the order Swift reads them. Reads
    /// inside the statement's closures and nested bodies are made where those are lowered. Refused where Swift
    /// might not read the property every time the statement runs (the right of `&&`, `||`, `??`, a branch of
    /// `?:`, a condition after the first, an `else if`, a `repeat`'s condition): making it there would run its
    /// initializer (a timer, a display link) earlier than the device does.
    mutating func lazyChecks(_ item: CodeBlockItemSyntax, in scope: Scope) -> [LocatedNode] {
        guard classes.values.contains(where: { !$0.lazy.isEmpty }) else { return [] }
        let finder = LazyReadFinder(viewMode: .sourceAccurate)
        finder.root = Syntax(item.item)
        finder.bareNames = scope.className.flatMap { classes[$0]?.lazy.keys }.map(Set.init) ?? []
        finder.bareNames.subtract(scope.locals.keys)
        finder.memberNames = Set(classes.values.flatMap { $0.lazy.keys })
        finder.walk(item.item)
        var steps: [LocatedNode] = []
        var made: Set<String> = []
        for read in finder.found {
            if let reason = finder.conditional[read.id] ?? conditionallyEvaluated(read, root: Syntax(item.item)) {
                unsupported(
                    "a read of a `lazy` property \(reason)",
                    "read it into a local first (`let link = self.link`), then test the local", at: read)
                return []
            }
            guard let (cls, name, receiver, optional) = lazyRead(read, in: scope),
                let value = classes[cls]?.lazy[name]
            else { continue }
            let place = "\(receiver).\(name)"
            if made.contains(place) { continue }
            made.insert(place)
            var initScope = Scope(kind: .method, className: cls)
            initScope.locals["self"] = Local(type: .object(cls), isVar: false, lowered: receiver)
            let at = location(read)
            let make = lazyStore(value, place: place, type: classes[cls]?.fields[name], in: &initScope)
            var check = LocatedNode.step("if", "\(place) == nil", at: at, [("then", .list(make, at: at))])
            if optional {
                check = .step("if", "\(receiver) != nil", at: at, [("then", .list([check], at: at))])
            }
            steps.append(check)
        }
        return steps
    }

    /// The class, property, receiver text and whether the receiver is read through `?.`, of a lazy read.
    private mutating func lazyRead(_ read: ExprSyntax, in scope: Scope)
        -> (String, String, String, Bool)?
    {
        if let ref = read.as(DeclReferenceExprSyntax.self), let cls = scope.className {
            return (cls, ref.baseName.text, scope.locals["self"]?.text("self") ?? "self", false)
        }
        guard let member = read.as(MemberAccessExprSyntax.self), var base = member.base else { return nil }
        var optional = false
        if let chain = base.as(OptionalChainingExprSyntax.self) {
            base = chain.expression
            optional = true
        }
        // Only a base whose type is a class with that lazy property is lowered (and may report).
        guard case .object(let cls)? = staticType(base, in: scope, report: false),
            classes[cls]?.lazy[member.declName.baseName.text] != nil,
            let lowered = expression(base, in: scope)
        else { return nil }
        return (cls, member.declName.baseName.text, lowered.text, optional)
    }

    /// Stores a lazy property's initial value into `place`: an object made with its initializer, a timer or an API
    /// object made by its step, the value of `{ … }()` (its statements, then its returned value), any other value
    /// by `set:`.
    private mutating func lazyStore(
        _ value: ExprSyntax, place: String, type: LoweredType? = nil, in scope: inout Scope
    ) -> [LocatedNode] {
        let at = location(value)
        if let closure = value.as(ClosureExprSyntax.self), case .closure(let types)? = type {
            // `lazy var onChange: (String) -> Void = { q in self.count += 1 }`: the closure is made at the first
            // read and kept, capturing what it uses as any closure value does (SwiftLowering+ClosureValues.swift).
            return closureValueSteps(closure, place: place, types: types, in: scope)
        }
        if let call = value.as(FunctionCallExprSyntax.self),
            let closure = call.calledExpression.as(
                ClosureExprSyntax.self)
        {
            // `lazy var t: Timer = { … }()`: the closure runs once, at the first read, and is not kept.
            guard call.arguments.isEmpty, call.trailingClosure == nil, closure.signature?.parameterClause == nil
            else {
                unsupported("this closure call as a lazy initial value", "write `{ …; return value }()`", at: call)
                return []
            }
            let items = Array(closure.statements)
            guard let last = items.last,
                let result = last.item.as(ReturnStmtSyntax.self)?.expression ?? last.item.as(ExprSyntax.self)
            else {
                unsupported(
                    "a lazy initial value closure that ends without `return value`",
                    "end it with `return value`", at: closure)
                return []
            }
            return lowerStatements(items.dropLast(), in: &scope, tail: false)
                + lazyStore(result, place: place, in: &scope)
        }
        if let call = value.as(FunctionCallExprSyntax.self) {
            if let steps = initializedStore(call, place: place, in: scope) { return steps }
            if let made = creationStep(call, place: place, in: scope) { return made.steps }
            if let made = apiCreation(call, place: place, in: scope) { return made.steps }
            if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
                classes[callee.baseName.text] != nil,
                call.arguments.isEmpty, call.trailingClosure == nil
            {
                return [.step("set", "\(place) = new \(callee.baseName.text)", at: at)]
            }
        }
        guard let lowered = expression(value, in: scope) else { return [] }
        return [.step("set", "\(place) = \(lowered.text)", at: at)]
    }

    /// Whether `value` is an array literal of literals (`["AAPL", "MSFT"]`, `[1, 2]`, `[]`): the same value whether
    /// made when the object is made or at the first read, and holding no object whose lifetime the moment would
    /// change, so the lazy property is an ordinary field with that value.
    func isLiteralArray(_ value: ExprSyntax) -> Bool {
        guard let array = value.as(ArrayExprSyntax.self) else { return false }
        return array.elements.allSatisfy { literalText($0.expression) != nil }
    }
}

/// Finds a statement's reads of lazy properties (`x` inside the class, `self.x`, `self?.x`, `obj.x`) in the order
/// Swift evaluates them, without entering its closures and nested bodies; a store `x = …` is no read.
private final class LazyReadFinder: StatementExpressionVisitor {
    /// The lazy properties a bare name means (the class's own, not shadowed by a local).
    var bareNames: Set<String> = []
    /// The lazy properties of every class, for `obj.x`.
    var memberNames: Set<String> = []
    var found: [ExprSyntax] = []
    /// Reads in a place Swift may not evaluate each time the statement runs, with why.
    var conditional: [SyntaxIdentifier: String] = [:]

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visitPost(_ node: DeclReferenceExprSyntax) {
        guard bareNames.contains(node.baseName.text), node.argumentNames == nil else { return }
        if let parent = node.parent?.as(MemberAccessExprSyntax.self), parent.declName.id == node.id { return }
        note(ExprSyntax(node))
    }

    override func visitPost(_ node: MemberAccessExprSyntax) {
        guard memberNames.contains(node.declName.baseName.text), node.base != nil else { return }
        note(ExprSyntax(node))
    }

    /// Notes a read unless it is the place of a plain `=` store.
    private func note(_ node: ExprSyntax) {
        if let sequence = node.parent?.as(ExprListSyntax.self), sequence.first?.id == node.id,
            sequence.dropFirst().first?.is(AssignmentExprSyntax.self) == true
        {
            return
        }
        if elseIfDepth > 0 { conditional[node.id] = "in an `else if` condition" }
        if repeatConditionDepth > 0 { conditional[node.id] = "in a `repeat` loop's condition" }
        found.append(node)
    }
}
