import LoopSimScenario
import SwiftSyntax

/// An optional struct (`var lastFix: Coordinate?` as a class's property, `var pending: Fix? = nil` as a local):
/// `Optional<Wrapped>` is `.none` or `.some(Wrapped)` (the Swift standard library's Optional.swift), so the value is
/// the struct's stored properties (section "Structs" of docs/swift-scenarios.md: `lastFix_latitude`, …) plus a
/// presence flag `lastFix__some` (`bool`). While it is nil every flattened property is nil too, so a read through
/// `?.` (`lastFix?.latitude`, `lastFix?.name ?? "-"`) reads nil as Swift's optional chaining does, and an object or a
/// closure the struct held is released when `nil` is stored, as ARC releases a dropped value.
extension SwiftLowering {
    /// The presence flag's suffix: `place__some` (a struct's property names never start with `_` here).
    static let optionalStructFlag = "__some"

    /// The flattened place and struct of `e` when it names an optional struct (a property of a class, or a local,
    /// declared `S?`); nil for anything else.
    mutating func optionalStructPlace(_ e: ExprSyntax, in scope: Scope) -> (place: String, struct: String)? {
        var node = e
        while let inner = node.as(OptionalChainingExprSyntax.self)?.expression
            ?? node.as(
                ForceUnwrapExprSyntax.self)?.expression
        {
            node = inner
        }
        if let tuple = node.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            node = only.expression
        }
        guard node.is(DeclReferenceExprSyntax.self) || node.is(MemberAccessExprSyntax.self),
            case .value(let s) = staticType(node, in: scope, report: false),
            let place = staticPlace(node, in: scope)
        else { return nil }
        return isOptionalStructPlace(place, node, in: scope) ? (place, s) : nil
    }

    /// The lowered text of `e` without reporting anything.
    private mutating func staticPlace(_ e: ExprSyntax, in scope: Scope) -> String? {
        var probe = self
        return probe.expression(e, in: scope)?.text
    }

    /// Whether the lowered `place` (of `node`) has a presence flag: a local `place__some`, or a field of the class
    /// that holds it.
    private mutating func isOptionalStructPlace(_ place: String, _ node: ExprSyntax, in scope: Scope) -> Bool {
        if scope.locals[place + Self.optionalStructFlag] != nil { return true }
        var owner = scope.className
        var name = place
        if let member = node.as(MemberAccessExprSyntax.self), let base = member.base {
            guard case .object(let cls) = staticType(base, in: scope, report: false) else { return false }
            owner = cls
            name = member.declName.baseName.text
        } else if let ref = node.as(DeclReferenceExprSyntax.self) {
            guard scope.locals[ref.baseName.text] == nil else { return false }
            name = ref.baseName.text
        }
        guard let owner else { return false }
        return classes[owner]?.fields[name + Self.optionalStructFlag] != nil
    }

    /// A class's property `var name: S?`: its flag among the class's fields (SwiftLowering+Classes.swift's first
    /// pass), beside the flattened fields ``noteStructField(_:name:type:into:)`` records.
    func noteOptionalStructField(_ binding: PatternBindingSyntax, name: String, into shape: inout ClassShape) {
        guard case .value(let s) = fieldType(binding), structs[s] != nil, payloadEnums[s] == nil,
            isOptionalAnnotation(binding)
        else { return }
        shape.fields[name + Self.optionalStructFlag] = .bool
    }

    /// The field declarations of an optional struct property: each flattened property nil until a value is stored
    /// (`= nil` for a number or a flag, which the language otherwise starts at 0 or false), and the presence flag;
    /// `init:` stores an initial value other than `nil`.
    mutating func lowerOptionalStructField(
        _ binding: PatternBindingSyntax, name: String, struct s: String, className: String,
        into fields: inout [(String, LocatedNode)], initSteps: inout [LocatedNode]
    ) {
        let at = location(binding)
        if payloadEnums[s] != nil {
            unsupported(
                "an optional `\(s)` property",
                "give the property a value (`var \(name): \(s) = \(valueSpelling(s, bare: true))`)", at: binding)
            return
        }
        guard refusesOptionalStructShape(s, at: binding) == false else { return }
        for (place, field) in flatFields(of: s, prefix: name) {
            guard let typeName = field.type.fieldTypeName else { continue }
            var declaration = field.type == .runLoop ? typeName : "\(field.strength) \(typeName)"
            if ["int", "bool", "duration"].contains(typeName) { declaration += " = nil" }
            fields.append((place, .plain(declaration, at: at)))
        }
        fields.append((name + Self.optionalStructFlag, .plain("strong bool", at: at)))
        guard let value = binding.initializer?.value, !value.is(NilLiteralExprSyntax.self) else { return }
        let scope = methodScope(className: className, body: [])
        guard let made = structStore(value, struct: s, into: "self.\(name)", verb: "set", in: scope) else { return }
        initSteps += made + [.step("set", "self.\(name)\(Self.optionalStructFlag) = true", at: at)]
    }

    /// Refuses an optional of a struct holding an array (the language's arrays are never nil) or of a payload enum.
    /// True when refused.
    private mutating func refusesOptionalStructShape(_ s: String, at node: some SyntaxProtocol) -> Bool {
        if payloadEnums[s] != nil {
            unsupported(
                "an optional `\(s)`", "give it a value (`\(valueSpelling(s, bare: true))`), or add a case for none",
                at: node)
            return true
        }
        if flatFields(of: s, prefix: "").contains(where: { $0.field.type.collectionName != nil }) {
            unsupported(
                "an optional struct that holds an array", "give the property a value (`= \(s)(…)`)", at: node)
            return true
        }
        return false
    }

    /// `var pending: Fix? = nil`, `var last: Fix? = Fix(…)`, `let copy = self.lastFix` in a body: one local per
    /// stored property and the flag. Nil when the binding is no optional struct.
    mutating func optionalStructLocal(
        _ binding: PatternBindingSyntax, name: String, isVar: Bool, in scope: inout Scope
    ) -> [LocatedNode]? {
        var s: String?
        var source: (place: String, struct: String)?
        if let annotation = binding.typeAnnotation, annotation.type.is(OptionalTypeSyntax.self),
            case .value(let named) = typeNamed(annotation.type), structs[named] != nil
        {
            s = named
        }
        if let value = binding.initializer?.value, let found = optionalStructPlace(value, in: scope),
            !value.is(ForceUnwrapExprSyntax.self)
        {
            source = found
            s = s ?? found.struct
        }
        guard let s else { return nil }
        let at = location(binding)
        if refusesOptionalStructShape(s, at: binding) { return [] }
        if scope.capturedVars.contains(name) && isVar {
            unsupported(
                "an optional struct `var` a closure captures",
                "keep it in a property of the class, which the closure reaches through `self`", at: binding)
            return []
        }
        var steps: [LocatedNode] = []
        let flag = name + Self.optionalStructFlag
        let value = binding.initializer?.value
        if let source {
            // A copy of an optional struct: each property and the flag.
            for (place, _) in flatFields(of: s, prefix: name) {
                steps.append(.step("let", "\(place) = \(source.place)\(place.dropFirst(name.count))", at: at))
            }
            steps.append(.step("let", "\(flag) = \(source.place)\(Self.optionalStructFlag)", at: at))
        } else if let value, !value.is(NilLiteralExprSyntax.self) {
            guard let made = structStore(value, struct: s, into: name, verb: "let", in: scope) else { return [] }
            steps = made + [.step("let", "\(flag) = true", at: at)]
        } else {
            for (place, field) in flatFields(of: s, prefix: name) {
                let typeName = field.type == .timer ? "NSTimer" : (field.type.fieldTypeName ?? "id")
                steps.append(.step("let", "\(place): \(typeName) = nil", at: at))
            }
            steps.append(.step("let", "\(flag) = false", at: at))
        }
        scope.locals[name] = Local(type: .value(s), isVar: isVar)
        for (place, field) in flatFields(of: s, prefix: name) {
            scope.locals[place] = Local(type: field.type, isVar: isVar)
        }
        scope.locals[flag] = Local(type: .bool, isVar: isVar)
        return steps
    }

    /// `lastFix = fix`, `lastFix = Coordinate(…)`, `lastFix = nil`, `lastFix = other` (another optional one) into an
    /// optional struct: the properties and the flag. Nil when `lhs` is no optional struct.
    mutating func optionalStructAssignment(_ lhs: ExprSyntax, _ rhs: ExprSyntax, in scope: inout Scope)
        -> [LocatedNode]?
    {
        guard let target = optionalStructPlace(lhs, in: scope) else { return nil }
        let at = location(rhs)
        let isLocal = scope.locals[target.place] != nil && scope.kind != .closure
        let verb = isLocal ? "let" : "set"
        let flag = target.place + Self.optionalStructFlag
        let fields = flatFields(of: target.struct, prefix: target.place)
        if rhs.is(NilLiteralExprSyntax.self) {
            // `.none`: nothing is held; an object or a closure the value held is released.
            let cleared: [LocatedNode] = fields.map { place, field -> LocatedNode in
                field.type.isObject ? .step("release", place, at: at) : .step("set", "\(place) = nil", at: at)
            }
            return cleared + [.step("set", "\(flag) = false", at: at)]
        }
        if let source = optionalStructPlace(rhs, in: scope), !rhs.is(ForceUnwrapExprSyntax.self) {
            guard source.struct == target.struct else {
                unsupported("this value as a `\(target.struct)?`", "store a `\(target.struct)` or nil", at: rhs)
                return []
            }
            let copied: [LocatedNode] = fields.map { place, _ -> LocatedNode in
                .step(verb, "\(place) = \(source.place)\(place.dropFirst(target.place.count))", at: at)
            }
            return copied + [.step(verb, "\(flag) = \(source.place)\(Self.optionalStructFlag)", at: at)]
        }
        guard let made = structStore(rhs, struct: target.struct, into: target.place, verb: verb, in: scope) else {
            return []
        }
        return made + [.step(verb, "\(flag) = true", at: at)]
    }

    /// `lastFix != nil`, `nil == pending`: the flag. Nil when neither side is an optional struct.
    mutating func optionalStructNilComparison(_ elements: [ExprSyntax], in scope: Scope) -> (
        text: String, type: LoweredType
    )?? {
        guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
            op == "==" || op == "!="
        else { return nil }
        for (subjectSide, nilSide) in [(0, 2), (2, 0)] where elements[nilSide].is(NilLiteralExprSyntax.self) {
            guard let found = optionalStructPlace(elements[subjectSide], in: scope) else { continue }
            let flag = found.place + Self.optionalStructFlag
            return .some(op == "!=" ? (flag, .bool) : ("!\(flag)", .bool))
        }
        return nil
    }

    /// `if let fix = lastFix`, `guard let fix = self.lastFix else { … }`, `if let lastFix` (SE-0345): one `let` per
    /// stored property copying the value (a binding is a copy, the Swift book, "Optional Binding"), and the test on
    /// the flag. Nil when the value is no optional struct.
    mutating func optionalStructBinding(
        _ name: String, _ value: ExprSyntax, isVar: Bool, at node: some SyntaxProtocol, in scope: inout Scope
    ) -> (test: String, steps: [LocatedNode])? {
        guard let source = optionalStructPlace(value, in: scope) else { return nil }
        let at = location(node)
        var steps: [LocatedNode] = []
        let fields = flatFields(of: source.struct, prefix: name)
        for (place, _) in fields {
            steps.append(.step("let", "\(place) = \(source.place)\(place.dropFirst(name.count))", at: at))
        }
        scope.locals[name] = Local(type: .value(source.struct), isVar: isVar)
        scope.locals[name + Self.optionalStructFlag] = nil
        for (place, field) in fields { scope.locals[place] = Local(type: field.type, isVar: isVar) }
        return (source.place + Self.optionalStructFlag, steps)
    }

    /// Refuses what the lowering of an optional struct does not follow: `lastFix?.x = v` (a store through `?.`,
    /// which Swift skips when the value is nil) and `lastFix?.reset()`. True when refused.
    mutating func refusesOptionalStructChain(_ lhs: ExprSyntax, in scope: Scope) -> Bool {
        var node = lhs
        while true {
            if let chain = node.as(OptionalChainingExprSyntax.self) {
                if optionalStructPlace(chain.expression, in: scope) != nil {
                    unsupported(
                        "a store or a mutating call through `?.` on an optional struct",
                        "bind it, change the copy and store it back: `if var fix = \(chain.expression.trimmedDescription)"
                            + " { fix.x = v; \(chain.expression.trimmedDescription) = fix }`", at: lhs)
                    return true
                }
                node = chain.expression
            } else if let member = node.as(MemberAccessExprSyntax.self), let base = member.base {
                node = base
            } else if let call = node.as(FunctionCallExprSyntax.self) {
                node = call.calledExpression
            } else {
                return false
            }
        }
    }
}
