import LoopSimScenario
import SwiftSyntax

/// A struct of the file with stored properties (`struct PollConfig { var interval: TimeInterval; var maxRetries = 3 }`):
/// a value type (the Swift book, "Structures and Classes" › "Structures and Enumerations Are Value Types"). It has no
/// object of its own in the lowered tree: each place that holds one (a class's stored property, a local) holds its
/// stored properties as fields or locals of its own, named `place_property` (`config.interval` is
/// `self.config_interval`), so a copy is a store of each property and a reference it holds (an object, a closure, a
/// `weak` delegate) is held by the holder, strongly or weakly as the property is declared.
struct SwiftStruct {
    /// One stored property.
    struct Field {
        var name: String
        var type: LoweredType
        /// Declared with `let`: no store may change it once the value is made.
        var isLet: Bool
        /// `strong`, or `weak`/`unowned` as declared.
        var strength: String
        /// Declared `T?` (an `Int?` or `Bool?` starts nil).
        var isOptional: Bool
        /// Its default value, which the memberwise initializer's omitted argument takes.
        var defaultValue: ExprSyntax?
        /// Where it is declared.
        var node: Syntax
    }

    var name: String
    /// The stored properties, in declaration order (the memberwise initializer's parameter order).
    var fields: [Field] = []
    /// Read-only computed properties of one expression (`var isDone: Bool { attempts >= limit }`), by name: each
    /// read is the expression on the value read.
    var computed: [String: ExprSyntax] = [:]
    /// The computed properties whose annotation is a plain `Int`, `Bool` or `String` (printed as their value).
    var plainComputed: Set<String> = []
    /// Methods without a returned value (`mutating func reset()`, `func log()`), by name: each call is the body's
    /// steps on the value called.
    var methods: [String: FunctionDeclSyntax] = [:]

    func field(_ name: String) -> Field? { fields.first { $0.name == name } }
}

extension SwiftLowering {
    /// The protocols a struct may name in its inheritance clause: synthesized conformances that change nothing the
    /// model follows while nothing calls their requirements (SE-0185 for `Equatable`/`Hashable`, SE-0166 `Codable`).
    static let acceptedStructConformances: Set<String> = [
        "Equatable", "Hashable", "Codable", "Encodable", "Decodable", "Sendable",
    ]

    /// Whether `decl` is a struct with stored instance properties (a namespace of `static let`s is folded away,
    /// SwiftLowering+Constants.swift).
    func isValueStruct(_ decl: DeclSyntax) -> Bool {
        guard let s = decl.as(StructDeclSyntax.self) else { return false }
        return structs[s.name.text] != nil
    }

    /// First pass: a struct's name, so that types naming it resolve in any order.
    mutating func collectStructName(_ item: CodeBlockItemSyntax) {
        guard let s = item.item.as(StructDeclSyntax.self) else { return }
        let hasStored = s.memberBlock.members.contains { member in
            guard let v = member.decl.as(VariableDeclSyntax.self), !isStatic(v.modifiers) else { return false }
            return v.bindings.contains { $0.accessorBlock == nil }
        }
        if hasStored { structs[s.name.text] = SwiftStruct(name: s.name.text) }
    }

    /// Second pass: a struct's stored properties, in order.
    mutating func collectStructFields(_ item: CodeBlockItemSyntax) {
        guard let s = item.item.as(StructDeclSyntax.self), structs[s.name.text] != nil else { return }
        var shape = SwiftStruct(name: s.name.text)
        for member in s.memberBlock.members {
            guard let v = member.decl.as(VariableDeclSyntax.self), !isStatic(v.modifiers) else { continue }
            var strength = "strong"
            for modifier in v.modifiers {
                switch modifier.name.text {
                case "weak": strength = "weak"
                case "unowned": strength = "unowned"
                default: break
                }
            }
            for binding in v.bindings where binding.accessorBlock != nil {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let getter = Self.singleExpressionGetter(binding)
                else { continue }
                shape.computed[name] = getter
                if let annotation = binding.typeAnnotation?.type.as(IdentifierTypeSyntax.self),
                    ["Int", "Bool", "String"].contains(annotation.name.text)
                {
                    shape.plainComputed.insert(name)
                }
            }
            for binding in v.bindings where binding.accessorBlock == nil {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                shape.fields.append(
                    SwiftStruct.Field(
                        name: name, type: fieldType(binding), isLet: v.bindingSpecifier.text == "let",
                        strength: strength, isOptional: isOptionalAnnotation(binding),
                        defaultValue: binding.initializer?.value, node: Syntax(binding)))
            }
        }
        for member in s.memberBlock.members {
            guard let f = member.decl.as(FunctionDeclSyntax.self), f.signature.returnClause == nil,
                f.signature.effectSpecifiers == nil, f.genericParameterClause == nil, !isStatic(f.modifiers)
            else { continue }
            shape.methods[f.name.text] = f
        }
        structs[s.name.text] = shape
    }

    /// The expression of a getter `{ e }`, `{ return e }` or `{ get { e } }`; nil for anything else.
    static func singleExpressionGetter(_ binding: PatternBindingSyntax) -> ExprSyntax? {
        guard let accessors = binding.accessorBlock?.accessors else { return nil }
        var body: CodeBlockItemListSyntax?
        switch accessors {
        case .getter(let items): body = items
        case .accessors(let list):
            guard list.count == 1, let only = list.first, only.accessorSpecifier.text == "get" else { return nil }
            body = only.body?.statements
        }
        guard let body, body.count == 1, let item = body.first else { return nil }
        if let r = item.item.as(ReturnStmtSyntax.self) { return r.expression }
        return item.item.as(ExprSyntax.self)
    }

    /// Third pass: refuses what a struct of the model cannot have, each with what to write instead.
    mutating func checkStruct(_ decl: DeclSyntax) {
        guard let s = decl.as(StructDeclSyntax.self), let shape = structs[s.name.text] else { return }
        if let generics = s.genericParameterClause {
            unsupported("a generic struct", "write the struct with concrete types", at: generics)
        }
        for inherited in s.inheritanceClause?.inheritedTypes ?? [] {
            let name = inherited.type.trimmedDescription
            if !Self.acceptedStructConformances.contains(name) {
                unsupported(
                    "a struct conforming to `\(name)`",
                    "a struct may declare Equatable, Hashable, Codable or Sendable; leave other protocols out",
                    at: inherited)
            }
        }
        for member in s.memberBlock.members {
            let d = member.decl
            if let v = d.as(VariableDeclSyntax.self) {
                if isStatic(v.modifiers) {
                    unsupported(
                        "a static property of a struct with stored properties",
                        "keep the constant at the top level of the file", at: v)
                    continue
                }
                for binding in v.bindings {
                    if binding.accessorBlock != nil,
                        let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                        shape.computed[name] != nil
                    {
                        continue  // read inline (``structMember(_:_:_:at:)``)
                    } else if binding.accessorBlock != nil {
                        unsupported(
                            "a computed property of a struct with more than one statement or a setter",
                            "write its getter as one expression (`var isDone: Bool { attempts >= limit }`), or "
                                + "compute the value where it is used", at: binding)
                    } else if binding.pattern.as(IdentifierPatternSyntax.self) == nil {
                        unsupported("a property pattern", "declare one property per name", at: binding.pattern)
                    }
                }
            } else if let f = d.as(FunctionDeclSyntax.self), shape.methods[f.name.text] != nil {
                continue  // inlined at each call (``structMethodCall(_:in:)``)
            } else if d.is(FunctionDeclSyntax.self) {
                unsupported(
                    "a struct method that returns a value, throws, is async, generic or static",
                    "write it as a method that returns nothing, or as a method of the class that holds the struct, "
                        + "reading `config.field`", at: d)
            } else if d.is(InitializerDeclSyntax.self) {
                unsupported(
                    "an explicit init of a struct",
                    "use the memberwise initializer (`\(s.name.text)(field: value, …)`), with default values for "
                        + "the fields it may omit", at: d)
            } else {
                unsupported(
                    "\(describe(d)) inside a struct", "a struct holds stored properties (`var`/`let` with types)", at: d
                )
            }
        }
        for field in shape.fields {
            switch field.type {
            case .value(let inner) where inner == shape.name:
                unsupported("a struct that contains itself", "hold the value in a class instead", at: field.node)
            case .array(.value):
                unsupported(
                    "an array of structs", "keep an array of a class's instances, or one array per property",
                    at: field.node)
            case .unknown:
                unsupported(
                    "a struct property of this type",
                    "give it a type LoopSim models: Int, Bool, String, TimeInterval, an optional of them, an array, "
                        + "a class of the file, a closure or another struct", at: field.node)
            default: break
            }
        }
    }

    /// The flattened stored properties of struct `s` held at `prefix` (`self.config`): the lowered name of each, its
    /// struct field and that field's prefix path (nested structs flatten too), in declaration order.
    func flatFields(of s: String, prefix: String) -> [(place: String, field: SwiftStruct.Field)] {
        guard let shape = structs[s] else { return [] }
        var out: [(String, SwiftStruct.Field)] = []
        for field in shape.fields {
            let place = "\(prefix)_\(field.name)"
            if case .value(let inner) = field.type, inner != s {
                out += flatFields(of: inner, prefix: place)
            } else {
                out.append((place, field))
            }
        }
        return out
    }

    /// `inner.name` where `inner` is a struct value: the flattened field or the nested struct.
    mutating func structMember(
        _ text: String, _ s: String, _ name: String, at node: some SyntaxProtocol
    ) -> (String, LoweredType)? {
        if let getter = structs[s]?.computed[name] {
            // A computed property: its expression on this value, `self` and bare members being this value's.
            if computedInProgress.contains("\(s).\(name)") {
                unsupported("a computed property that reads itself", "compute it from stored properties", at: node)
                return nil
            }
            computedInProgress.insert("\(s).\(name)")
            defer { computedInProgress.remove("\(s).\(name)") }
            guard let value = expression(getter, in: structScope(s, value: text)) else { return nil }
            return ("(\(value.text))", value.type)
        }
        guard let field = structs[s]?.field(name) else {
            unsupported(
                "`\(name)` of the struct `\(s)`",
                "read one of its stored properties; structs have no methods or computed properties in LoopSim",
                at: node)
            return nil
        }
        return ("\(text)_\(name)", field.type)
    }

    /// A class's stored property of a struct type: records its flattened fields in the class's shape.
    mutating func noteStructField(
        _ decl: VariableDeclSyntax, name: String, type: LoweredType, into shape: inout ClassShape
    ) {
        guard case .value(let s) = type else { return }
        for (place, field) in flatFields(of: s, prefix: name) { shape.fields[place] = field.type }
        if decl.bindingSpecifier.text == "let" { letStructFields.insert("\(shape.name).\(name)") }
    }

    /// A class's stored property of a struct type as the class's fields, one per stored property, and the steps
    /// `init` starts with that store its initial value (a memberwise call or the struct's default values).
    mutating func lowerStructField(
        _ binding: PatternBindingSyntax, name: String, struct s: String, className: String,
        into fields: inout [(String, LocatedNode)], initSteps: inout [LocatedNode]
    ) {
        let at = location(binding)
        if isOptionalAnnotation(binding) {
            unsupported(
                "an optional struct property", "give the property a value (`var config = \(s)(…)`)",
                at: binding)
            return
        }
        for (place, field) in flatFields(of: s, prefix: name) {
            guard let typeName = field.type.fieldTypeName else { continue }
            if case .array = field.type {
                fields.append((place, .plain(typeName, at: at)))
                continue
            }
            var declaration = field.type == .runLoop ? typeName : "\(field.strength) \(typeName)"
            if field.type == .int || field.type == .bool, field.isOptional { declaration += " = nil" }
            fields.append((place, .plain(declaration, at: at)))
        }
        let scope = methodScope(className: className, body: [])
        // Without an initial value, init stores the whole struct (`self.config = config`).
        if let value = binding.initializer?.value {
            initSteps += structStore(value, struct: s, into: "self.\(name)", verb: "set", in: scope) ?? []
        }
    }

    /// The memberwise initializer call `S(a: 1, b: x)` of struct `s`, if `e` is one.
    func structConstruction(_ e: ExprSyntax) -> (String, FunctionCallExprSyntax)? {
        guard let call = e.as(FunctionCallExprSyntax.self),
            let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), structs[callee.baseName.text] != nil
        else { return nil }
        return (callee.baseName.text, call)
    }

    /// Stores a value of struct `s` (a memberwise call, or another struct value, copied) into the flattened place
    /// `prefix`, one step per stored property (`verb` is `let` for a new local, `set` otherwise). Nil after
    /// reporting why.
    mutating func structStore(
        _ value: ExprSyntax, struct s: String, into prefix: String, verb: String, in scope: Scope
    ) -> [LocatedNode]? {
        guard let shape = structs[s] else { return nil }
        let at = location(value)
        if let elements = tupleArguments(value, of: s) {  // SwiftLowering+Tuples.swift
            var steps: [LocatedNode] = []
            for (field, element) in zip(shape.fields, elements) {
                guard element.label == field.name else {
                    unsupported(
                        "the element `\(element.label)` where `\(s)` has `\(field.name)`",
                        "write the tuple's elements with its labels, in order", at: element.expression)
                    return nil
                }
                guard
                    let made = fieldStore(
                        element.expression, field: field, place: "\(prefix)_\(field.name)", verb: verb, in: scope)
                else { return nil }
                steps += made
            }
            return steps
        }
        if Self.isTupleShape(s), value.is(TupleExprSyntax.self) {
            unsupported("this tuple as a `\(s)`", "write a tuple of its elements, in order", at: value)
            return nil
        }
        if let (made, call) = structConstruction(value) {
            guard made == s else {
                unsupported("a `\(made)` where a `\(s)` is stored", "store a `\(s)(…)`", at: value)
                return nil
            }
            if call.trailingClosure != nil {
                unsupported(
                    "a trailing closure to a memberwise initializer", "pass the closure with its label", at: call)
                return nil
            }
            // The memberwise initializer takes every stored property, in declaration order, as a labelled
            // argument; one with a default value (a `var` with an initial value) may be omitted (the Swift book,
            // "Initialization" › "Memberwise Initializers for Structure Types").
            var arguments = Array(call.arguments)
            var steps: [LocatedNode] = []
            for field in shape.fields {
                var given: ExprSyntax?
                // A `let` with an initial value is no parameter of it: it always has that value.
                let isFixed = field.isLet && field.defaultValue != nil
                if !isFixed, let first = arguments.first, first.label?.text == field.name {
                    given = first.expression
                    arguments.removeFirst()
                }
                let omittable = field.defaultValue != nil
                guard let expr = given ?? (omittable ? field.defaultValue : nil) else {
                    if field.isOptional && given == nil && field.defaultValue == nil && !field.isLet {
                        steps.append(.step(verb, "\(prefix)_\(field.name) = nil", at: at))
                        continue
                    }
                    unsupported(
                        "`\(s)(…)` without `\(field.name):`",
                        "pass every stored property without a default value, in declaration order: "
                            + shape.fields.map { "\($0.name):" }.joined(separator: " "), at: call)
                    return nil
                }
                guard let made = fieldStore(expr, field: field, place: "\(prefix)_\(field.name)", verb: verb, in: scope)
                else { return nil }
                steps += made
            }
            if let extra = arguments.first {
                unsupported(
                    "the argument `\(extra.label?.text ?? "_")` of `\(s)(…)`",
                    "pass the stored properties by label, in declaration order: "
                        + shape.fields.map { "\($0.name):" }.joined(separator: " "), at: extra)
                return nil
            }
            return steps
        }
        guard let source = expression(value, in: scope) else { return nil }
        guard source.type == .value(s) else {
            unsupported("this value as a `\(s)`", "store a `\(s)(…)` or another `\(s)`", at: value)
            return nil
        }
        // A copy: each stored property stored anew (the Swift book, "Structures and Enumerations Are Value Types").
        return flatFields(of: s, prefix: prefix).map { place, _ in
            let from = source.text + place.dropFirst(prefix.count)
            return .step(verb, "\(place) = \(from)", at: at)
        }
    }

    /// One stored property's value in a memberwise call or a default value.
    private mutating func fieldStore(
        _ expr: ExprSyntax, field: SwiftStruct.Field, place: String, verb: String, in scope: Scope
    ) -> [LocatedNode]? {
        let at = location(expr)
        if case .value(let inner) = field.type {
            return structStore(expr, struct: inner, into: place, verb: verb, in: scope)
        }
        if expr.is(NilLiteralExprSyntax.self) { return [.step(verb, "\(place) = nil", at: at)] }
        if case .closure(let types) = field.type, let closure = expr.as(ClosureExprSyntax.self) {
            let steps = closureValueSteps(closure, place: place, types: types, in: scope)
            return verb == "let" ? [.step("let", "\(place) = nil", at: at)] + steps : steps
        }
        if case .array = field.type, isEmptyArray(expr) {
            guard let typeName = field.type.fieldTypeName else { return nil }
            return [.step(verb, verb == "let" ? "\(place): \(typeName) = []" : "\(place) = []", at: at)]
        }
        if case .object(let cls) = field.type, isConstruction(expr, of: cls) {
            return [.step(verb, "\(place) = new \(cls)", at: at)]
        }
        guard var value = withEnumContext(field.type, { $0.expression(expr, in: scope) }) else { return nil }
        if field.type == .duration && value.type == .int {
            guard Self.isLiteralArithmetic(value.text) else {
                refuseMixedNumbers(expr)
                return nil
            }
            value = ("(\(value.text)) * 1s", .duration)
        } else if field.type == .int && value.type == .duration {
            refuseMixedNumbers(expr)
            return nil
        }
        return [.step(verb, "\(place) = \(value.text)", at: at)]
    }

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
        if structConstruction(e) != nil || tupleArguments(e, of: s) != nil {
            let temporary = "struct\(at.line)x\(at.column)"
            guard let made = structStore(e, struct: s, into: temporary, verb: "let", in: scope) else { return nil }
            let fields = flatFields(of: s, prefix: temporary)
            let after = fields.filter { $0.field.type.isObject }.map { LocatedNode.step("release", $0.place, at: at) }
            return (made, fields.map { .plain($0.place, at: at) }, after)
        }
        guard let value = expression(e, in: scope) else { return nil }
        guard value.type == .value(s) else {
            unsupported("this value as a `\(s)`", "pass a `\(s)(…)` or another `\(s)`", at: e)
            return nil
        }
        return ([], flatFields(of: s, prefix: value.text).map { .plain($0.place, at: at) }, [])
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
        return captures
    }

    /// The scope of a struct's computed property or method on the value at `text`: `self` is that value, a bare
    /// stored property is its property there.
    func structScope(_ s: String, value text: String) -> Scope {
        var scope = Scope(kind: .method)
        scope.locals["self"] = Local(type: .value(s), isVar: true, lowered: text)
        scope.isInlineClosure = true  // a `return` would leave the caller: refused
        for field in structs[s]?.fields ?? [] {
            scope.locals[field.name] = Local(type: field.type, isVar: !field.isLet, lowered: "\(text)_\(field.name)")
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
        for (parameter, argument) in zip(parameters, arguments) {
            let pname = (parameter.secondName ?? parameter.firstName).text
            let type = typeNamed(parameter.type)
            guard [.int, .bool, .string, .duration].contains(type) else {
                unsupported(
                    "a struct method parameter of type `\(parameter.type.trimmedDescription)`",
                    "give it a type Int, Bool, String or TimeInterval", at: parameter.type)
                return []
            }
            guard var value = expression(argument.expression, in: scope) else { return [] }
            if type == .duration && value.type == .int && Self.isLiteralArithmetic(value.text) {
                value = ("(\(value.text)) * 1s", .duration)
            }
            let lowered = "\(name)_\(pname)_\(at.line)x\(at.column)"
            steps.append(.step("let", "\(lowered) = \(value.text)", at: location(argument)))
            inner.locals[pname] = Local(type: type, isVar: false, lowered: lowered)
        }
        inner.capturedVars = capturedNames(in: body.statements.map(Syntax.init))
        steps += lowerStatements(body.statements[...], in: &inner, tail: false)
        return steps
    }
}
