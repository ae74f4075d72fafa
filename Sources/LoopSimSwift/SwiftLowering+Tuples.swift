import LoopSimScenario
import SwiftSyntax

/// Tuples held where a struct may be (`private var window = (count: 0, limit: 2)`, `var last: (ok: Bool, n: Int)`,
/// `var pair = (0, 2)`): a tuple is a value type as a struct is (the Swift book, "The Basics" › "Tuples"), so each
/// shape the file stores is a struct without a declaration (SwiftLowering+Structs.swift), named as Swift writes its
/// type (`(count: Int, limit: Int)`), whose stored properties are its elements by label, or by position (`0`, `1`)
/// when it has none. `window.count += 1`, `window = (count: 0, limit: 3)`, a copy into a local and a capture are
/// then the struct's. Two tuples with the same labels and element types are one type, as in Swift.
extension SwiftLowering {
    /// First pass, after the structs' and classes' names: each tuple type the file writes (an annotation) and each
    /// tuple a stored property or a local starts with, as a struct of its elements.
    mutating func collectTupleShapes(_ tree: SourceFileSyntax) {
        let finder = TupleFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        for type in finder.types {
            guard let elements = tupleTypeElements(type) else { continue }
            registerTuple(elements, at: Syntax(type))
        }
        for value in finder.values {
            guard let elements = tupleValueElements(value) else { continue }
            registerTuple(elements, at: Syntax(value))
        }
    }

    /// The struct a tuple type annotation names (`(count: Int, limit: Int)`), nil when it is none.
    func tupleShape(_ type: TupleTypeSyntax) -> String? {
        tupleTypeElements(type).map(Self.tupleName).flatMap { structs[$0] != nil ? $0 : nil }
    }

    /// The struct a tuple value is (`(count: 0, limit: 2)`: labels and literal types), nil when it is none.
    func tupleShape(_ value: TupleExprSyntax) -> String? {
        tupleValueElements(value).map(Self.tupleName).flatMap { structs[$0] != nil ? $0 : nil }
    }

    /// Whether struct `s` is a tuple's.
    static func isTupleShape(_ s: String) -> Bool { s.hasPrefix("(") }

    /// A tuple value's elements as the memberwise call of its shape `s`: each labelled by its element's label, or
    /// by position when the tuple has no labels (Swift converts `(0, 3)` to `(count: Int, limit: Int)`). Nil when
    /// `value` is not a tuple of `s`'s arity.
    func tupleArguments(_ value: ExprSyntax, of s: String) -> [(label: String, expression: ExprSyntax)]? {
        guard Self.isTupleShape(s), let shape = structs[s], let tuple = value.as(TupleExprSyntax.self),
            tuple.elements.count == shape.fields.count, tuple.elements.count >= 2
        else { return nil }
        let labelled = tuple.elements.allSatisfy { $0.label != nil }
        let unlabelled = tuple.elements.allSatisfy { $0.label == nil }
        guard labelled || unlabelled else { return nil }
        return zip(tuple.elements, shape.fields).map { element, field in
            (element.label?.text ?? field.name, element.expression)
        }
    }

    /// Refuses a stored property holding a tuple the lowering has no shape for (an element that is no literal and
    /// no type written, labels on some elements only) or an optional tuple. True when refused.
    mutating func refusesTupleProperty(_ binding: PatternBindingSyntax) -> Bool {
        let written =
            "write the tuple's type with its value (`var window: (count: Int, limit: Int) = (0, 2)`), each "
            + "element an Int, Bool, String, TimeInterval, enum of the file or object"
        if let type = binding.typeAnnotation?.type {
            let wrapped =
                type.as(OptionalTypeSyntax.self)?.wrappedType
                ?? type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?.wrappedType
            if let tuple = wrapped?.as(TupleTypeSyntax.self), tuple.elements.count >= 2 {
                unsupported(
                    "an optional tuple property", "give the property a tuple value (`var last = (ok: false, n: 0)`)",
                    at: binding)
                return true
            }
            if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count >= 2, tupleShape(tuple) == nil {
                unsupported("a tuple of these element types", written, at: type)
                return true
            }
            return false
        }
        if let tuple = binding.initializer?.value.as(TupleExprSyntax.self), tuple.elements.count >= 2,
            tupleShape(tuple) == nil
        {
            unsupported("a tuple whose element types LoopSim cannot infer", written, at: tuple)
            return true
        }
        return false
    }

    /// The names of `(a, _, b)` in order, nil for `_`; nil after refusing an element that is neither (a label, a
    /// nested pattern). Shared by tuple destructuring and `for (i, x) in a.enumerated()`.
    mutating func tuplePatternNames(_ pattern: TuplePatternSyntax) -> [String?]? {
        var names: [String?] = []
        for element in pattern.elements {
            if element.pattern.is(WildcardPatternSyntax.self) {
                names.append(nil)
            } else if let identifier = element.pattern.as(IdentifierPatternSyntax.self), element.label == nil {
                names.append(identifier.identifier.text)
            } else {
                unsupported("this element of a tuple pattern", "name each element, or `_`", at: element)
                return nil
            }
        }
        return names
    }

    /// `let (count, limit) = self.window`, `var (a, _) = (0, 2)`: a local per named element, the element's value
    /// (a copy: the tuple is a value). Each element of a tuple written in place is its own local's value.
    mutating func tupleDestructuring(
        _ pattern: TuplePatternSyntax, _ binding: PatternBindingSyntax, isVar: Bool, in scope: inout Scope
    ) -> [LocatedNode] {
        let at = location(binding)
        guard binding.typeAnnotation == nil, let value = binding.initializer?.value else {
            unsupported("this tuple pattern", "give it its value, without a type: `let (a, b) = pair`", at: pattern)
            return []
        }
        guard let names = tuplePatternNames(pattern) else { return [] }
        // The values, as expressions of the language, with their types.
        var values: [(text: String, type: LoweredType)] = []
        if let t = value.as(TryExprSyntax.self), let tuple = awaitedAsyncLets(t, count: names.count, in: scope) {
            // `let (o, r) = try await (orders, returns)`: each child awaited in order, its error passed on before
            // the next is awaited (SwiftLowering+ThrowingTasks.swift).
            for element in tuple.elements {
                guard
                    let read = throwingTaskValue(
                        t, inner: element.expression, tryKind: .plain, awaited: true, key: element.id, in: scope)
                else {
                    unsupported("this element", "await an `async let` name", at: element)
                    return []
                }
                guard let read else { return [] }
                values.append(read)
            }
        } else if let tuple = value.as(TupleExprSyntax.self), tuple.elements.count == names.count, names.count >= 2 {
            for element in tuple.elements {
                guard let lowered = expression(element.expression, in: scope) else { return [] }
                values.append(lowered)
            }
        } else if case .value(let s) = staticType(value, in: scope, report: false), Self.isTupleShape(s),
            let shape = structs[s], shape.fields.count == names.count
        {
            guard let source = expression(value, in: scope) else { return [] }
            for field in shape.fields {
                if case .value = field.type {
                    unsupported("a tuple element that is a struct", "read it as `pair.name`", at: value)
                    return []
                }
                values.append(("\(source.text)_\(field.name)", field.type))
            }
        } else {
            unsupported(
                "this value in a tuple pattern",
                "destructure a tuple of \(names.count) elements held in a property or a local, or written in place",
                at: value)
            return []
        }
        var steps: [LocatedNode] = []
        for (name, value) in zip(names, values) {
            guard let name else { continue }
            if case .value(let s) = value.type, structs[s] != nil {
                // a struct's parts copied, one local per stored property (SwiftLowering+Structs.swift)
                scope.locals[name] = Local(type: value.type, isVar: isVar)
                for (place, field) in flatFields(of: s, prefix: name) {
                    let from = value.text + place.dropFirst(name.count)
                    steps.append(.step("let", "\(place) = \(from)", at: at))
                    scope.locals[place] = Local(type: field.type, isVar: isVar)
                }
                continue
            }
            let isBlock = isVar && scope.capturedVars.contains(name)
            steps.append(.step("let", "\(isBlock ? "__block " : "")\(name) = \(value.text)", at: at))
            scope.locals[name] = Local(type: value.type, isVar: isVar, isBlock: isBlock)
            tupleBindings[pattern.id, default: [:]][name] = value.type
        }
        return steps
    }

    /// `print(window)`, `"\(window)"` of a tuple or a struct (``valueLogText(_:_:)``): `(count: 1, limit: 2)`,
    /// `(1, 2)`, `Config(interval: 0.5, name: "poll")`, as Swift's `print` writes them. Nil for anything else.
    mutating func tupleLogText(_ e: ExprSyntax, in scope: Scope) -> String? {
        guard case .value(let s) = staticType(e, in: scope, report: false), payloadEnums[s] == nil,
            valueLogText("", s) != nil
        else { return nil }
        let snapshot = self
        let source = expression(e, in: scope)
        self = snapshot
        guard let source else { return nil }
        return valueLogText(source.text, s)
    }

    /// The log text of the tuple or struct `s` held at `base` (its fields `base_name`): `(count: \(base_count))`, a
    /// struct's `Config(interval: \(…), name: "\(…)")`, as Swift's default description writes them (each field's
    /// `debugDescription`: a string quoted, a `Double` as `0.5`; a struct nested in a class by its own name). Nil
    /// when a field is optional (`Optional(…)`), an object, an enum, a struct (written with its module's name) or a
    /// collection, which Swift writes otherwise. A string is its `debugDescription`, quoted and escaped as Swift
    /// writes it (`name: "say \"hi\""`).
    func valueLogText(_ base: String, _ s: String) -> String? {
        guard let shape = structs[s], payloadEnums[s] == nil else { return nil }
        var parts: [String] = []
        for field in shape.fields {
            guard !field.isOptional else { return nil }
            let place = "\(base)_\(field.name)"
            let value: String
            switch field.type {
            case .int, .bool, .duration: value = "\\(\(place))"
            case .string: value = "\\(\(place).debugDescription)"  // quoted and escaped, SwiftLowering+StringPayloads
            default: return nil  // a nested struct is written with its module's name (`App.Config(…)`)
            }
            parts.append(field.name.first!.isNumber ? value : "\(field.name): \(value)")
        }
        let name = Self.isTupleShape(s) ? "" : String(s.split(separator: ".").last ?? Substring(s))
        return name + "(" + parts.joined(separator: ", ") + ")"
    }

    /// `(count: Int, limit: Int)`'s elements: each label (nil for none) and type; nil unless there are two or more
    /// and each type is one a struct's stored property may have.
    private func tupleTypeElements(_ type: TupleTypeSyntax) -> [(String?, LoweredType, Bool)]? {
        guard type.elements.count >= 2 else { return nil }
        var elements: [(String?, LoweredType, Bool)] = []
        for element in type.elements {
            let lowered = typeNamed(element.type)
            guard lowered != .unknown, element.secondName == nil, element.ellipsis == nil else { return nil }
            let optional = element.type.is(OptionalTypeSyntax.self)
            elements.append((element.firstName?.text, lowered, optional))
        }
        return elements
    }

    /// `(count: 0, limit: 2)`'s elements, typed by their literals (`0` an `Int`, `0.5` a `TimeInterval`, `true`,
    /// `"a"`, an enum case); nil unless there are two or more, all labelled or none, each a literal.
    private func tupleValueElements(_ tuple: TupleExprSyntax) -> [(String?, LoweredType, Bool)]? {
        guard tuple.elements.count >= 2,
            tuple.elements.allSatisfy({ $0.label != nil }) || tuple.elements.allSatisfy({ $0.label == nil })
        else { return nil }
        var elements: [(String?, LoweredType, Bool)] = []
        for element in tuple.elements {
            let type = literalType(element.expression)
            guard type != .unknown else { return nil }
            elements.append((element.label?.text, type, false))
        }
        return elements
    }

    /// The type of a literal as a property's initial value gives it (SwiftLowering+Classes.swift `fieldType`): a
    /// tuple's element, an array literal's (SwiftLowering+Arrays.swift); `.unknown` for anything but a literal.
    func literalType(_ value: ExprSyntax) -> LoweredType {
        if value.is(IntegerLiteralExprSyntax.self) { return .int }
        if value.is(FloatLiteralExprSyntax.self) { return .duration }
        if value.is(BooleanLiteralExprSyntax.self) { return .bool }
        if value.is(StringLiteralExprSyntax.self) { return .string }
        if let p = value.as(PrefixOperatorExprSyntax.self), p.operator.text == "-" {
            return literalType(p.expression)
        }
        return enumValueType(value) ?? .unknown
    }

    private mutating func registerTuple(_ elements: [(String?, LoweredType, Bool)], at node: Syntax) {
        let name = Self.tupleName(elements)
        guard structs[name] == nil else { return }
        var shape = SwiftStruct(name: name)
        for (index, (label, type, optional)) in elements.enumerated() {
            shape.fields.append(
                SwiftStruct.Field(
                    name: label ?? String(index), type: type, isLet: false, strength: "strong", isOptional: optional,
                    defaultValue: nil, node: node))
        }
        structs[name] = shape
    }

    /// The type as Swift writes it: `(count: Int, limit: Int)`, `(Int, Int)`.
    private static func tupleName(_ elements: [(String?, LoweredType, Bool)]) -> String {
        let parts = elements.map { label, type, optional in
            let written = Self.swiftTypeName(type) + (optional ? "?" : "")
            return label.map { "\($0): \(written)" } ?? written
        }
        return "(" + parts.joined(separator: ", ") + ")"
    }

    private static func swiftTypeName(_ type: LoweredType) -> String {
        switch type {
        case .int: "Int"
        case .bool: "Bool"
        case .string: "String"
        case .duration: "Double"
        case .enumeration(let name, _): name
        case .object(let name): name
        default: "\(type)"
        }
    }
}

/// The tuple types and the stored tuple values of a file: annotations, and the initial values of properties and
/// locals (a parenthesized expression is a tuple of one element, never a shape).
private final class TupleFinder: SyntaxVisitor {
    var types: [TupleTypeSyntax] = []
    var values: [TupleExprSyntax] = []

    override func visit(_ node: TupleTypeSyntax) -> SyntaxVisitorContinueKind {
        if node.elements.count >= 2, node.parent?.is(FunctionTypeSyntax.self) != true { types.append(node) }
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if node.typeAnnotation == nil, let tuple = node.initializer?.value.as(TupleExprSyntax.self),
            tuple.elements.count >= 2
        {
            values.append(tuple)
        }
        return .visitChildren
    }
}
