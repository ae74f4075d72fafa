import LoopSimScenario
import SwiftSyntax

/// Arrays of the file's structs (docs/swift-scenarios.md, "Arrays of structs"): `var items: [Item]` holds no array
/// of objects, but one array per stored property of `Item`, in parallel (`items_id: [int]`, `items_title:
/// [string]`; a nested struct's properties flatten again), as a struct's place holds its properties
/// (SwiftLowering+Structs.swift). An array of values holds exactly what its elements hold (the Swift book,
/// "Structures and Classes" › "Structures and Enumerations Are Value Types": arrays are value types, and so are the
/// structs in them), so element `i` of `items` is element `i` of each parallel array, and each mutation of the array
/// is the same mutation of each parallel array, in declaration order. The element `items[i]` is the value text
/// `P[i]`, whose property `f` is `P_f[i]` (``elementPlace(_:_:)``).
extension SwiftLowering {
    /// The struct an array of the file's structs holds, when `type` is one (not an enum with values, not a tuple).
    func structArrayElement(_ type: LoweredType?) -> String? {
        guard case .array(.value(let s))? = type, structs[s] != nil, payloadEnums[s] == nil, !Self.isTupleShape(s)
        else { return nil }
        return s
    }

    /// The place of the stored property `suffix` (`_title`) of the struct value `value`: `value_title`, or for an
    /// element of an array of structs `P[i]`, the element of the property's parallel array, `P_title[i]`.
    static func elementPlace(_ value: String, _ suffix: String) -> String {
        guard let (array, index) = splitElement(value) else { return value + suffix }
        return "\(array)\(suffix)[\(index)]"
    }

    /// `P[i]` split into `P` and `i` at its last bracket pair; nil when `text` ends with no subscript.
    static func splitElement(_ text: String) -> (array: String, index: String)? {
        guard text.hasSuffix("]") else { return nil }
        var depth = 0
        var i = text.endIndex
        while i > text.startIndex {
            i = text.index(before: i)
            if text[i] == "]" { depth += 1 }
            if text[i] == "[" {
                depth -= 1
                if depth == 0 { break }
            }
        }
        guard depth == 0, text[i] == "[", i > text.startIndex else { return nil }
        return (String(text[..<i]), String(text[text.index(after: i)..<text.index(before: text.endIndex)]))
    }

    /// The parallel arrays of the array of `s` at `place`, in declaration order, each with its element's field.
    func parallelArrays(of s: String, at place: String) -> [(place: String, field: SwiftStruct.Field)] {
        flatFields(of: s, prefix: place)
    }

    /// Whether an array may hold `s`: each stored property is strong, not optional, and of a type an array holds.
    /// False after refusing the first that is not.
    mutating func checkArrayableStruct(_ s: String, container: String = "an array", at node: some SyntaxProtocol)
        -> Bool
    {
        for (_, field) in flatFields(of: s, prefix: s) {
            if field.strength != "strong" {
                unsupported(
                    "\(container) of `\(s)`, whose `\(field.name)` is `\(field.strength)`",
                    "keep the `\(field.strength)` reference in a class's property, or hold the object strongly in "
                        + "`\(s)` (an array holds its elements' properties strongly)", at: node)
                return false
            }
            if field.isOptional {
                unsupported(
                    "\(container) of `\(s)`, whose `\(field.name)` is optional",
                    "give `\(field.name)` a non-optional type and a value (`var \(field.name) = 0`), or keep one "
                        + "array per property", at: node)
                return false
            }
            if case .array = field.type {
                unsupported(
                    "\(container) of `\(s)`, whose `\(field.name)` is an array",
                    "keep the inner arrays in a class's instances (`[ItemModel]`)", at: node)
                return false
            }
            if field.type.fieldTypeName == nil {
                unsupported(
                    "\(container) of `\(s)`, whose `\(field.name)` is of a type an array does not hold",
                    "give it a type LoopSim models: Int, Bool, String, TimeInterval, a class of the file or a closure",
                    at: node)
                return false
            }
        }
        return true
    }

    /// A class's stored property `var items: [Item] = …`: its parallel arrays in the class's shape.
    func noteStructArrayField(name: String, type: LoweredType, into shape: inout ClassShape) {
        guard let s = structArrayElement(type) else { return }
        for (place, field) in parallelArrays(of: s, at: name) { shape.fields[place] = .array(field.type) }
    }

    /// A class's stored property of an array of structs: one array field per stored property, and the steps `init`
    /// starts with for a non-empty initial value (`= [Item(id: 1, title: "a")]`).
    mutating func lowerStructArrayField(
        _ binding: PatternBindingSyntax, name: String, struct s: String, className: String,
        into fields: inout [(String, LocatedNode)], initSteps: inout [LocatedNode]
    ) {
        if binding.accessorBlock != nil {
            unsupported(
                "a property observer on an array of structs",
                "call a method after each change of `\(name)` instead of `didSet`", at: binding)
            return
        }
        guard checkArrayableStruct(s, at: binding) else { return }
        let at = location(binding)
        for (place, field) in parallelArrays(of: s, at: name) {
            fields.append((place, .plain("[\(field.type.fieldTypeName ?? "id")]", at: at)))
        }
        if let value = binding.initializer?.value, !isEmptyArray(value) {
            var scope = methodScope(className: className, body: [])
            initSteps += structArrayStore(value, struct: s, into: "self.\(name)", verb: "set", in: &scope)
        }
    }

    /// `var items: [Item] = []` (or `[Item]()`, `[Item(…), …]`) in a body: one local array per stored property.
    /// Nil when the binding holds no array of structs.
    mutating func structArrayLocal(
        _ binding: PatternBindingSyntax, name: String, isVar: Bool, in scope: inout Scope
    ) -> [LocatedNode]? {
        var type = binding.typeAnnotation.map { typeNamed($0.type) }
        if type == nil, let value = binding.initializer?.value {
            type = emptyArrayConstruction(value)
            if type == nil, let array = value.as(ArrayExprSyntax.self),
                let (made, _) = array.elements.first.flatMap({ structConstruction($0.expression) })
            {
                type = .array(.value(made))
            }
            if type == nil { type = structArrayValueType(value, in: scope) }  // SwiftLowering+StructArrayValues.swift
            if type == nil { type = staticType(value, in: scope, report: false) }
        }
        guard let s = structArrayElement(type) else { return nil }
        guard checkArrayableStruct(s, at: binding) else { return [] }
        if isVar, scope.capturedVars.contains(name) {
            refuseStructArrayCapture(name, at: binding)
            return []
        }
        guard let value = binding.initializer?.value else {
            unsupported(
                "an array of structs without a value", "give it its value: `var \(name): [\(s)] = []`",
                at: binding)
            return []
        }
        let steps = structArrayStore(value, struct: s, into: name, verb: "let", in: &scope)
        scope.locals[name] = Local(type: .array(.value(s)), isVar: isVar)
        for (place, field) in parallelArrays(of: s, at: name) {
            scope.locals[place] = Local(type: .array(field.type), isVar: isVar)
        }
        return steps
    }

    /// Refuses a closure's capture of a local array of structs.
    mutating func refuseStructArrayCapture(_ name: String, at node: some SyntaxProtocol) {
        unsupported(
            "a closure capturing the local array of structs `\(name)`",
            "keep the array in a property of the class (`var \(name): [Item] = []`), which the closure reaches "
                + "through `self`", at: node)
    }

    /// Stores the array value `value` of `s` into the parallel arrays at `place` (`verb` is `let` for a new local):
    /// `[]`, a literal of elements (emptied, then each appended in order), or another array of `s` (a copy of each
    /// parallel array). Empty after a refusal.
    mutating func structArrayStore(
        _ value: ExprSyntax, struct s: String, into place: String, verb: String, in scope: inout Scope
    ) -> [LocatedNode] {
        let at = location(value)
        let arrays = parallelArrays(of: s, at: place)
        func empty() -> [LocatedNode] {
            arrays.map { array, field in
                let typeName = "[\(field.type.fieldTypeName ?? "id")]"
                return .step(verb, verb == "let" ? "\(array): \(typeName) = []" : "\(array) = []", at: at)
            }
        }
        if isEmptyArray(value) { return empty() }
        if let literal = value.as(ArrayExprSyntax.self) {
            var steps = empty()
            for element in literal.elements {
                steps += appendStructElement(element.expression, struct: s, to: place, in: &scope)
            }
            return steps
        }
        if let call = value.as(FunctionCallExprSyntax.self), isStructArrayValueCall(call, in: scope) {
            // `(0..<5).map { Item(id: $0) }`, `items.filter { … }` (SwiftLowering+StructArrayValues.swift): made
            // into temporary parallel arrays, then copied, with no hoisting (a property's initial value has none).
            guard let made = structArrayValueSteps(call, in: &scope) else { return [] }
            guard structArrayElement(made.type) == s else {
                unsupported("this value as a `[\(s)]`", "store `[]`, `[\(s)(…), …]` or another `[\(s)]`", at: value)
                return []
            }
            return made.steps
                + arrays.map { array, _ in
                    .step(verb, "\(array) = \(made.result)\(array.dropFirst(place.count))", at: at)
                } + made.releases
        }
        guard let source = expression(value, in: scope) else { return [] }
        guard structArrayElement(source.type) == s else {
            unsupported("this value as a `[\(s)]`", "store `[]`, `[\(s)(…), …]` or another `[\(s)]`", at: value)
            return []
        }
        // A copy: each parallel array copied (the Swift book, "Structures and Enumerations Are Value Types").
        return arrays.map { array, _ in
            .step(verb, "\(array) = \(source.text)\(array.dropFirst(place.count))", at: at)
        }
    }

    /// `items.append(x)`: one element of `s` appended to each parallel array at `place`. A struct local is appended
    /// property by property; any other value (`Item(id: 1, title: "a")`, `items[0]`) is made into temporaries
    /// `itemLINExCOL_…` first, so that every property is read before any array grows, and the objects among them
    /// are released after, as Swift releases a temporary at the end of its statement.
    mutating func appendStructElement(
        _ value: ExprSyntax, struct s: String, to place: String, in scope: inout Scope
    ) -> [LocatedNode] {
        guard let (source, before, after) = structElementSource(value, struct: s, in: scope) else { return [] }
        let at = location(value)
        let appends = parallelArrays(of: s, at: place).map { array, _ in
            LocatedNode.step(
                "append", array, at: at,
                [("value", .plain(Self.elementPlace(source, String(array.dropFirst(place.count))), at: at))])
        }
        return before + appends + after
    }

    /// The struct value `value` of `s` as a place whose properties an element store reads: a struct local or
    /// parameter as itself, anything else made into temporaries first. Nil after a refusal.
    mutating func structElementSource(_ value: ExprSyntax, struct s: String, in scope: Scope)
        -> (source: String, before: [LocatedNode], after: [LocatedNode])?
    {
        if let ref = value.as(DeclReferenceExprSyntax.self), let local = scope.locals[ref.baseName.text],
            local.type == .value(s), local.lowered == nil, scope.kind != .closure
        {
            return (ref.baseName.text, [], [])
        }
        let at = location(value)
        let temporary = Self.temporaryName("item", at: at)
        guard let made = structStore(value, struct: s, into: temporary, verb: "let", in: scope) else { return nil }
        let after = flatFields(of: s, prefix: temporary).filter { $0.field.type.isObject }.map {
            LocatedNode.step("release", $0.place, at: at)
        }
        return (temporary, made, after)
    }

    /// The index of an element store or removal, made into a local `indexLINExCOL` first when it reads one of the
    /// parallel arrays at `place` (`items.remove(at: items.count - 1)`), so that each array takes the same index.
    private mutating func stableIndex(
        _ index: ExprSyntax, of place: String, in scope: Scope
    ) -> (text: String, before: [LocatedNode])? {
        guard let lowered = expression(index, in: scope) else { return nil }
        guard lowered.type == .int else {
            unsupported("an array index that is not an `Int`", "index the array with an `Int`", at: index)
            return nil
        }
        guard lowered.text.contains("\(place)_") else { return (lowered.text, []) }
        let name = Self.temporaryName("index", at: location(index))
        return (name, [.step("let", "\(name) = \(lowered.text)", at: location(index))])
    }

    /// A statement call on an array of structs (`items.append(x)`, `items.removeAll()`, `items.remove(at: i)`,
    /// `items.removeFirst()`, `items.removeLast()`): the same call on each parallel array. Nil when `base` holds
    /// no array of structs.
    mutating func structArrayCall(
        _ call: FunctionCallExprSyntax, base: ExprSyntax, in scope: inout Scope
    ) -> [LocatedNode]? {
        guard let s = structArrayElement(staticType(base, in: scope, report: false)),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        guard let place = expression(base, in: scope) else { return [] }
        let name = member.declName.baseName.text
        let arguments = Array(call.arguments)
        let at = location(call)
        let arrays = parallelArrays(of: s, at: place.text).map(\.place)
        var steps: [LocatedNode]?
        switch name {
        case "append" where arguments.count == 1 && arguments[0].label == nil && call.trailingClosure == nil:
            steps = appendStructElement(arguments[0].expression, struct: s, to: place.text, in: &scope)
        case "append" where arguments.count == 1 && arguments[0].label?.text == "contentsOf":
            // `items.append(contentsOf: fresh)`: each parallel array appends the other's (+StructArrayValues.swift).
            guard let other = structArrayArguments(arguments[0].expression, struct: s, in: scope) else { return [] }
            steps = zip(arrays, other).map { array, value in
                .step("append", array, at: at, [("contentsOf", value)])
            }
        case "removeAll" where arguments.isEmpty && call.trailingClosure == nil:
            steps = arrays.map { .step("removeAll", $0, at: at) }
        case "removeFirst", "removeLast":
            guard arguments.isEmpty, call.trailingClosure == nil else { break }
            steps = arrays.map { .step(name, $0, at: at) }
        case "remove" where arguments.count == 1 && arguments[0].label?.text == "at":
            guard let index = stableIndex(arguments[0].expression, of: place.text, in: scope) else { return [] }
            steps =
                index.before
                + arrays.map { .step("removeAt", $0, at: at, [("index", .plain(index.text, at: at))]) }
        default: break
        }
        guard let steps else {
            unsupported(
                "`\(call.trimmedDescription)` on an array of structs",
                "an array of `\(s)` takes `append(x)`, `append(contentsOf:)`, `removeAll()`, `removeFirst()`, `removeLast()` and "
                    + "`remove(at: i)` as statements; loop over it with `for item in \(base.trimmedDescription)`",
                at: call)
            return []
        }
        return observedMutation(base, in: scope, steps, at: call)
    }

    /// `lhs OP rest` when `lhs` is an array of structs (`items = []`), one of its elements (`items[i] = Item(…)`)
    /// or a property of one (`items[i].progress += 0.1`, `items[i].title = "y"`): `set:`, `append:` or
    /// `replaceAt:` on the parallel arrays. Nil for any other place.
    mutating func structArrayAssignment(
        _ lhs: ExprSyntax, operator op: String, _ rest: [ExprSyntax], at e: ExprSyntax, in scope: inout Scope
    ) -> [LocatedNode]? {
        let at = location(e)
        if let s = structArrayElement(staticType(lhs, in: scope, report: false)) {
            guard let place = expression(lhs, in: scope) else { return [] }
            if op == "=", rest.count == 1 {
                let verb = scope.locals[place.text] != nil && scope.kind != .closure ? "let" : "set"
                return observedMutation(
                    lhs, in: scope, structArrayStore(rest[0], struct: s, into: place.text, verb: verb, in: &scope),
                    at: e)
            }
            if op == "+=", rest.count == 1, let literal = rest[0].as(ArrayExprSyntax.self) {
                let steps = literal.elements.flatMap {
                    appendStructElement($0.expression, struct: s, to: place.text, in: &scope)
                }
                return observedMutation(lhs, in: scope, steps, at: e)
            }
            if op == "+=", rest.count == 1 {
                // `items += fresh`: each parallel array appends the other's, as `append(contentsOf:)` (Array's `+=`).
                guard let other = structArrayArguments(rest[0], struct: s, in: scope) else { return [] }
                let steps = zip(parallelArrays(of: s, at: place.text), other).map { array, value in
                    LocatedNode.step("append", array.place, at: at, [("contentsOf", value)])
                }
                return observedMutation(lhs, in: scope, steps, at: e)
            }
            unsupported(
                "`\(op)` on an array of structs",
                "store `[]` or `[\(s)(…)]`, or append: `\(lhs.trimmedDescription)"
                    + ".append(\(s)(…))`", at: e)
            return []
        }
        // `items[i] = Item(…)`: each parallel array's element replaced.
        if let call = lhs.as(SubscriptCallExprSyntax.self), call.arguments.count == 1,
            let s = structArrayElement(staticType(call.calledExpression, in: scope, report: false))
        {
            guard op == "=", rest.count == 1 else {
                unsupported(
                    "`\(op)` on an element of an array of structs", "assign a property: `items[i].count += 1`", at: e)
                return []
            }
            guard let place = expression(call.calledExpression, in: scope),
                let index = stableIndex(call.arguments.first!.expression, of: place.text, in: scope),
                let (source, before, after) = structElementSource(rest[0], struct: s, in: scope)
            else { return [] }
            let replaces = parallelArrays(of: s, at: place.text).map { array, _ in
                let value = Self.elementPlace(source, String(array.dropFirst(place.text.count)))
                return LocatedNode.step(
                    "replaceAt", array, at: at,
                    [("index", .plain(index.text, at: at)), ("value", .plain(value, at: at))])
            }
            return observedMutation(call.calledExpression, in: scope, index.before + before + replaces + after, at: e)
        }
        // `items[i].title = "y"`, `items[i].inner.count += 1`: the property's parallel array's element replaced.
        var root = lhs
        while let member = root.as(MemberAccessExprSyntax.self), let base = member.base { root = base }
        guard root.id != lhs.id, let call = root.as(SubscriptCallExprSyntax.self),
            structArrayElement(staticType(call.calledExpression, in: scope, report: false)) != nil
        else { return nil }
        if refusesStructMutation(lhs, in: scope) { return [] }  // a `let` property (SwiftLowering+StructUses.swift)
        guard let place = expression(lhs, in: scope), let amount = infix(rest, in: scope) else { return [] }
        guard let (array, index) = Self.splitElement(place.text), place.type.fieldTypeName != nil else {
            unsupported(
                "a store of a whole struct into an element's property",
                "store each of its properties: `items[i].inner.count = 1`", at: e)
            return []
        }
        guard
            let value = compoundStoreValue(
                place.text, op, Self.storedAmount((amount.text, amount.type), into: place.type),
                what: "an element's property", instead: "write `items[i].n = items[i].n + 1`", at: e)
        else { return [] }
        let step = LocatedNode.step(
            "replaceAt", array, at: at, [("index", .plain(index, at: at)), ("value", .plain(value, at: at))])
        return observedMutation(call.calledExpression, in: scope, [step], at: e)
    }
}
