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
    /// Read-only computed properties whose getter is one `switch` of a value per case, with the declared type
    /// (SwiftLowering+StructSwitchGetters.swift): each read is chosen into a temporary before its statement.
    var switchComputed: [String: (switch: SwitchExprSyntax, type: TypeSyntax)] = [:]
    /// Methods without a returned value (`mutating func reset()`, `func log()`), by name: each call is the body's
    /// steps on the value called.
    var methods: [String: FunctionDeclSyntax] = [:]
    /// Methods that return a plain value with a body of one expression (`func delay(for n: Int) -> TimeInterval
    /// { base * Double(n) }`), by name: each call is the expression on the value called, its parameters the
    /// arguments' values (SwiftLowering+StructValueMethods.swift).
    var valueMethods: [String: (decl: FunctionDeclSyntax, value: ExprSyntax)] = [:]

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
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                if let s = Self.switchGetter(binding), let annotation = binding.typeAnnotation?.type {
                    shape.switchComputed[name] = (s, annotation)
                    if ["Int", "Bool", "String"].contains(annotation.trimmedDescription) {
                        shape.plainComputed.insert(name)
                    }
                    continue
                }
                guard let getter = Self.singleExpressionGetter(binding) else { continue }
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
        for member in s.memberBlock.members {
            guard let f = member.decl.as(FunctionDeclSyntax.self), let value = structValueMethodExpression(f) else {
                continue
            }
            shape.valueMethods[f.name.text] = (f, value)
        }
        structs[s.name.text] = shape
    }

    /// The one statement of a read-only getter (`{ s }` or `{ get { s } }`); nil for a getter of several
    /// statements, one with a setter or observers, or a stored property.
    static func singleGetterStatement(_ binding: PatternBindingSyntax) -> CodeBlockItemSyntax? {
        guard let accessors = binding.accessorBlock?.accessors else { return nil }
        var body: CodeBlockItemListSyntax?
        switch accessors {
        case .getter(let items): body = items
        case .accessors(let list):
            guard list.count == 1, let only = list.first, only.accessorSpecifier.text == "get" else { return nil }
            body = only.body?.statements
        }
        guard let body, body.count == 1 else { return nil }
        return body.first
    }

    /// The expression of a getter `{ e }`, `{ return e }` or `{ get { e } }`; nil for anything else.
    static func singleExpressionGetter(_ binding: PatternBindingSyntax) -> ExprSyntax? {
        guard let item = singleGetterStatement(binding) else { return nil }
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
            if name == "CustomStringConvertible" {
                refuseCustomDescription("struct", s.name.text, at: inherited)  // SwiftLowering+EnumCaseIterable.swift
            } else if !Self.acceptedStructConformances.contains(name) {
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
                        shape.computed[name] != nil || shape.switchComputed[name] != nil
                    {
                        continue  // read inline (``structMember(_:_:_:at:)``)
                    } else if binding.accessorBlock != nil {
                        unsupported(
                            "a computed property of a struct with more than one statement (other than one `switch` "
                                + "giving a value in each case) or a setter",
                            "write its getter as one expression (`var isDone: Bool { attempts >= limit }`), or "
                                + "compute the value where it is used", at: binding)
                    } else if binding.pattern.as(IdentifierPatternSyntax.self) == nil {
                        unsupported("a property pattern", "declare one property per name", at: binding.pattern)
                    }
                }
            } else if let f = d.as(FunctionDeclSyntax.self),
                shape.methods[f.name.text] != nil || shape.valueMethods[f.name.text] != nil
            {
                continue  // inlined at each call (``structMethodCall(_:in:)``)
            } else if d.is(FunctionDeclSyntax.self) {
                unsupported(
                    "a struct method that returns a value from several statements, or a struct, throws, is async, "
                        + "generic, static or mutating",
                    "return one expression (`func delay(for n: Int) -> TimeInterval { base * Double(n) }`), or "
                        + "write it as a method of the class that holds the struct, reading `config.field`", at: d)
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
            case .value(let inner) where field.isOptional && structs[inner] != nil:
                // An optional struct has a presence flag only where a class or a body holds it
                // (SwiftLowering+OptionalStructs.swift).
                unsupported(
                    "an optional struct inside a struct",
                    "give the property a value (`var \(field.name): \(inner) = \(valueSpelling(inner, bare: true))`), "
                        + "or keep the optional struct in a property of the class", at: field.node)
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
        if let getter = structs[s]?.switchComputed[name] {
            return structSwitchRead(text, s, name, getter, at: node)  // SwiftLowering+StructSwitchGetters.swift
        }
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
        return (Self.elementPlace(text, "_\(name)"), field.type)  // `P_name[i]` of an element
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
            // Its properties and a presence flag (SwiftLowering+OptionalStructs.swift).
            lowerOptionalStructField(
                binding, name: name, struct: s, className: className, into: &fields, initSteps: &initSteps)
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
        if let made = payloadEnumStore(value, enum: s, into: prefix, verb: verb, in: scope) { return made }
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
            unsupported("this value as a `\(s)`", "store \(valueSpelling(s)) or another `\(s)`", at: value)
            return nil
        }
        // A copy: each stored property stored anew (the Swift book, "Structures and Enumerations Are Value Types").
        return flatFields(of: s, prefix: prefix).map { place, _ in
            let from = Self.elementPlace(source.text, String(place.dropFirst(prefix.count)))
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
            // A new local is declared a `block` first: `block:` stores only into a place of that type.
            return verb == "let" ? [.step("let", "\(place): block = nil", at: at)] + steps : steps
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
}
