import LoopSimScenario
import SwiftSyntax

/// Dictionaries of the file's structs (docs/swift-scenarios.md, "Dictionaries of structs"): `var cache: [Int: User]`
/// holds no dictionary of objects but one dictionary per stored property of `User`, under the same keys
/// (`cache_id: [int: int]`, `cache_name: [int: string]`), as an array of structs holds parallel arrays
/// (SwiftLowering+StructArrays.swift). A dictionary is a value and so are the structs in it (the Swift book,
/// "Structures and Classes" › "Structures and Enumerations Are Value Types"), so the entry under `k` is the entry
/// under `k` of each parallel dictionary. Every store and removal touches each of them, in declaration order, and no
/// property may be optional (a nil value removes a language dictionary's entry), so they always hold the same keys,
/// in the same order: the first one's keys are the dictionary's (its presence, `count`, `keys`, its order). The
/// value under `k` is the text `P[k]`, whose property `f` is `P_f[k]` (``elementPlace(_:_:)``), nil when absent.
extension SwiftLowering {
    /// The struct a dictionary of the file's structs holds, with its key type, when `type` is one.
    func structDictionaryValue(_ type: LoweredType?) -> (key: LoweredType, value: String)? {
        guard case .dictionary(let key, .value(let s))? = type, structs[s] != nil, payloadEnums[s] == nil,
            !Self.isTupleShape(s)
        else { return nil }
        return (key, s)
    }

    /// A class's stored property `var cache: [Int: User] = [:]`: its parallel dictionaries in the class's shape.
    func noteStructDictionaryField(name: String, type: LoweredType, into shape: inout ClassShape) {
        guard let (key, s) = structDictionaryValue(type) else { return }
        for (place, field) in flatFields(of: s, prefix: name) { shape.fields[place] = .dictionary(key, field.type) }
    }

    /// A class's stored property of a dictionary of structs: one dictionary field per stored property; it starts
    /// empty (`= [:]`, `= [Int: User]()`); any other initial value is refused.
    mutating func lowerStructDictionaryField(
        _ binding: PatternBindingSyntax, name: String, key: LoweredType, struct s: String,
        into fields: inout [(String, LocatedNode)]
    ) {
        if binding.accessorBlock != nil {
            unsupported(
                "a property observer on a dictionary of structs",
                "call a method after each change of `\(name)` instead of `didSet`", at: binding)
            return
        }
        if let value = binding.initializer?.value, !isEmptyDictionary(value) {
            unsupported(
                "a dictionary of structs with entries in its initial value",
                "start it empty (`= [:]`) and store each entry in `init`: `\(name)[k] = \(s)(…)`", at: value)
            return
        }
        guard checkArrayableStruct(s, container: "a dictionary", at: binding) else { return }
        var isEnum = false
        if case .enumeration = key { isEnum = true }
        guard let keyName = key.fieldTypeName, [.int, .string, .bool].contains(key) || isEnum else {
            unsupported(
                "a dictionary keyed by `\(key)`", "key it by Int, String, Bool or an enum of the file", at: binding)
            return
        }
        let at = location(binding)
        for (place, field) in flatFields(of: s, prefix: name) {
            fields.append((place, .plain("[\(keyName): \(field.type.fieldTypeName ?? "id")]", at: at)))
        }
    }

    /// The dictionary of structs and the key of `cache[k]`, `cache[k]?`, when `e` is one: `(P, key text, struct)`.
    /// Nil when `e` is no such subscript; `.some(nil)` after a refusal.
    private mutating func structEntry(_ e: ExprSyntax, in scope: Scope)
        -> (place: String, key: String, value: String, base: ExprSyntax)??
    {
        var e = e
        if let chain = e.as(OptionalChainingExprSyntax.self) { e = chain.expression }
        guard let call = e.as(SubscriptCallExprSyntax.self),
            structDictionaryValue(quietType(call.calledExpression, in: scope)) != nil
        else { return nil }
        guard let place = expression(call.calledExpression, in: scope),
            let (_, s) = structDictionaryValue(place.type)
        else { return .some(nil) }
        guard call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
            call.trailingClosure == nil
        else {
            unsupported(
                "this subscript of a dictionary of structs", "read `d[key]` (`if let v = d[key]`, `d[key]?.name`)",
                at: call)
            return .some(nil)
        }
        guard let key = expression(argument.expression, in: scope) else { return .some(nil) }
        return .some((place.text, key.text, s, call.calledExpression))
    }

    /// Whether the value `cache[k]` (an optional struct) stands where the lowering reads it: before `?.name`, as an
    /// `if let`/`guard let` binding's value, compared with nil, or stored into. Refuses it anywhere else. True when
    /// it may be lowered.
    mutating func checkStructEntryUse(_ call: SubscriptCallExprSyntax) -> Bool {
        if let chain = call.parent?.as(OptionalChainingExprSyntax.self),
            chain.parent?.as(MemberAccessExprSyntax.self)?.base?.id == chain.id
        {
            return true
        }
        let what = "`\(call.trimmedDescription)`, an optional struct,"
        if call.parent?.is(ForceUnwrapExprSyntax.self) == true {
            unsupported(
                "`\(call.trimmedDescription)!` of a dictionary of structs",
                "bind it: `if let value = \(call.trimmedDescription) { … }`, or read `\(call.trimmedDescription)?.name`",
                at: call)
            return false
        }
        unsupported(
            "\(what) used as a value here",
            "bind it (`if let value = \(call.trimmedDescription) { … }`), read one property "
                + "(`\(call.trimmedDescription)?.name`) or compare it with nil", at: call)
        return false
    }

    /// `if let u = cache[k]` (`guard let`): each property of the entry read into the binding's locals, the test
    /// that the first is not nil. Nil when the value is no entry of a dictionary of structs.
    mutating func structEntryBinding(
        _ name: String, _ value: ExprSyntax, at binding: some SyntaxProtocol, in scope: inout Scope
    ) -> (test: String, steps: [LocatedNode])?? {
        guard let found = structEntry(value, in: scope) else { return nil }
        guard let (place, key, s, _) = found else { return .some(nil) }
        let at = location(binding)
        var steps: [LocatedNode] = []
        scope.locals[name] = Local(type: .value(s), isVar: false)
        let fields = flatFields(of: s, prefix: name)
        for (local, field) in fields {
            let suffix = local.dropFirst(name.count)
            steps.append(.step("let", "\(local) = \(place)\(suffix)[\(key)]", at: at))
            scope.locals[local] = Local(type: field.type, isVar: false)
        }
        guard let first = fields.first else { return .some(nil) }
        return .some(("\(first.place) != nil", steps))
    }

    /// `cache[k] == nil`, `cache[k] != nil`: the first parallel dictionary's entry tested. Nil when neither side is
    /// an entry of a dictionary of structs.
    mutating func structEntryNilComparison(_ elements: [ExprSyntax], in scope: Scope) -> (
        text: String, type: LoweredType
    )?? {
        guard elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
            op == "==" || op == "!="
        else { return nil }
        for (subject, other) in [(0, 2), (2, 0)] {
            guard let found = structEntry(elements[subject], in: scope) else { continue }
            guard let (place, key, s, _) = found else { return .some(nil) }
            guard elements[other].is(NilLiteralExprSyntax.self) else {
                unsupported(
                    "comparing a `\(s)` of a dictionary with `\(op)`", "compare its properties one by one",
                    at: elements[1])
                return .some(nil)
            }
            guard let first = parallelArrays(of: s, at: place).first else { return .some(nil) }
            return .some(("\(first.place)[\(key)] \(op) nil", .bool))
        }
        return nil
    }

    /// `cache[k] = value`, `cache[k] = nil`, `cache[k]?.name = "x"` (`+=` too), `cache = [:]` as a statement, when
    /// `lhs` is a dictionary of structs or an entry of one; nil otherwise.
    mutating func structDictionaryAssignment(
        _ lhs: ExprSyntax, operator op: String, _ rest: [ExprSyntax], at e: ExprSyntax, in scope: inout Scope
    ) -> [LocatedNode]? {
        let at = location(e)
        if let (_, s) = structDictionaryValue(quietType(lhs, in: scope)) {
            guard let place = expression(lhs, in: scope) else { return [] }
            let dictionaries = parallelArrays(of: s, at: place.text)
            guard op == "=", rest.count == 1 else {
                unsupported("`\(op)` on a dictionary of structs", "store entries one by one: `d[k] = \(s)(…)`", at: e)
                return []
            }
            if isEmptyDictionary(rest[0]) {
                return observedMutation(
                    lhs, in: scope, dictionaries.map { .step("set", "\($0.place) = [:]", at: at) }, at: e)
            }
            guard let source = expression(rest[0], in: scope), structDictionaryValue(source.type)?.value == s else {
                unsupported(
                    "this value as a dictionary of `\(s)`", "store `[:]` or another dictionary of `\(s)`", at: rest[0])
                return []
            }
            // A copy: each parallel dictionary copied (the Swift book, "Structures and Enumerations Are Value Types").
            let copies = dictionaries.map { d in
                LocatedNode.step("set", "\(d.place) = \(source.text)\(d.place.dropFirst(place.text.count))", at: at)
            }
            return observedMutation(lhs, in: scope, copies, at: e)
        }
        if lhs.is(SubscriptCallExprSyntax.self), let found = structEntry(lhs, in: scope) {
            guard let (place, key, s, base) = found else { return [] }
            guard op == "=", rest.count == 1 else {
                unsupported(
                    "`\(op)` on an entry of a dictionary of structs", "assign a property: `d[k]?.count += 1`", at: e)
                return []
            }
            if rest[0].is(NilLiteralExprSyntax.self) {
                return observedMutation(base, in: scope, removals(place, s, key: key, at: at), at: e)
            }
            guard let (source, before, after) = structElementSource(rest[0], struct: s, in: scope) else { return [] }
            let stores = parallelArrays(of: s, at: place).map { d, _ in
                let value = Self.elementPlace(source, String(d.dropFirst(place.count)))
                return LocatedNode.step(
                    "updateValue", d, at: at, [("forKey", .plain(key, at: at)), ("value", .plain(value, at: at))])
            }
            return observedMutation(base, in: scope, before + stores + after, at: e)
        }
        // `cache[k]?.name = "x"`: stored when the entry is there, nothing otherwise (optional chaining).
        var root = lhs
        while let member = root.as(MemberAccessExprSyntax.self), let base = member.base { root = base }
        if let unwrap = root.as(ForceUnwrapExprSyntax.self),
            let call = unwrap.expression.as(SubscriptCallExprSyntax.self),
            structDictionaryValue(quietType(call.calledExpression, in: scope)) != nil
        {
            unsupported(
                "a store through `\(unwrap.trimmedDescription)` of a dictionary of structs",
                "store through `?.` (`\(call.trimmedDescription)?.name = …`), which stores nothing when the key has "
                    + "no entry", at: unwrap)
            return []
        }
        guard root.id != lhs.id, root.is(OptionalChainingExprSyntax.self), let found = structEntry(root, in: scope)
        else { return nil }
        guard let (place, key, s, base) = found else { return [] }
        if refusesStructMutation(lhs, in: scope) { return [] }  // a `let` property (SwiftLowering+StructUses.swift)
        guard let target = expression(lhs, in: scope), let amount = infix(rest, in: scope) else { return [] }
        guard let (d, _) = Self.splitElement(target.text), target.type.fieldTypeName != nil else {
            unsupported(
                "a store of a whole struct into an entry's property", "store each of its properties", at: e)
            return []
        }
        guard
            let value = compoundStoreValue(
                target.text, op, Self.storedAmount((amount.text, amount.type), into: target.type),
                what: "an entry's property", instead: "write `d[k]?.n = n + 1` with the value read first", at: e)
        else { return [] }
        guard let first = parallelArrays(of: s, at: place).first else { return [] }
        let store = LocatedNode.step(
            "updateValue", d, at: at, [("forKey", .plain(key, at: at)), ("value", .plain(value, at: at))])
        let guarded = LocatedNode.step(
            "if", "\(first.place)[\(key)] != nil", at: at, [("then", .list([store], at: at))])
        return observedMutation(base, in: scope, [guarded], at: e)
    }

    /// The removal of `key`'s entry from each parallel dictionary at `place`.
    private func removals(_ place: String, _ s: String, key: String, at: ScenarioLocation) -> [LocatedNode] {
        parallelArrays(of: s, at: place).map { d, _ in
            .step("removeValue", d, at: at, [("forKey", .plain(key, at: at))])
        }
    }

    /// A statement call on a dictionary of structs: `removeValue(forKey:)` (its value unused) and `removeAll()` on
    /// each parallel dictionary. Nil when `base` holds no dictionary of structs.
    mutating func structDictionaryCall(
        _ call: FunctionCallExprSyntax, base: ExprSyntax, in scope: inout Scope
    ) -> [LocatedNode]? {
        guard let (_, s) = structDictionaryValue(quietType(base, in: scope)),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return nil }
        guard let place = expression(base, in: scope) else { return [] }
        let arguments = Array(call.arguments)
        let at = location(call)
        switch member.declName.baseName.text {
        case "removeValue" where arguments.count == 1 && arguments[0].label?.text == "forKey":
            guard let key = expression(arguments[0].expression, in: scope) else { return [] }
            return observedMutation(base, in: scope, removals(place.text, s, key: key.text, at: at), at: call)
        case "removeAll"
        where call.trailingClosure == nil
            && (arguments.isEmpty || (arguments.count == 1 && arguments[0].label?.text == "keepingCapacity")):
            let steps = parallelArrays(of: s, at: place.text).map { LocatedNode.step("removeAll", $0.place, at: at) }
            return observedMutation(base, in: scope, steps, at: call)
        default:
            unsupported(
                "`\(call.trimmedDescription)` on a dictionary of structs",
                "a dictionary of `\(s)` takes `d[k] = \(s)(…)`, `d[k] = nil`, `d[k]?.name = …`, "
                    + "`removeValue(forKey:)` and `removeAll()` as statements", at: call)
            return []
        }
    }

    /// `cache.count`, `cache.isEmpty`, `cache.keys` of a dictionary of structs: its first parallel dictionary's.
    /// `values` (an array of structs as a value) is refused. Nil when `inner` is no dictionary of structs.
    mutating func structDictionaryMember(
        _ inner: (text: String, type: LoweredType), _ name: String, at node: some SyntaxProtocol
    ) -> (String, LoweredType)?? {
        guard let (key, s) = structDictionaryValue(inner.type) else { return nil }
        guard let first = parallelArrays(of: s, at: inner.text).first else { return .some(nil) }
        switch name {
        case "count": return .some(("\(first.place).count", .int))
        case "isEmpty": return .some(("\(first.place).isEmpty", .bool))
        case "keys": return .some(("\(first.place).keys", .array(key)))
        default:
            unsupported(
                "`\(name)` of a dictionary of structs",
                "a dictionary of `\(s)` reads `count`, `isEmpty`, `keys`, `d[k]?.name` and `if let v = d[k]`; loop "
                    + "over its entries with `for (key, value) in d`", at: node)
            return .some(nil)
        }
    }

    /// `removeValue(forKey:)` of a dictionary of structs used as a value (an optional struct): refused. True when
    /// refused.
    mutating func refusesStructRemovalValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text == "removeValue",
            structDictionaryValue(quietType(base, in: scope)) != nil
        else { return false }
        unsupported(
            "the value of `removeValue(forKey:)` of a dictionary of structs (an optional struct)",
            "bind the entry first (`if let old = d[k] { … }`), then remove it with `d[k] = nil`", at: call)
        return true
    }

    /// `for (key, value) in cache` (`for key in cache.keys`) over a dictionary of structs: each parallel dictionary
    /// copied when the loop starts, each turn's value copied into one local per stored property. Nil when the
    /// sequence is no dictionary of structs.
    mutating func structDictionaryForLoop(_ f: ForStmtSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let (keyType, s) = structDictionaryValue(quietType(f.sequence, in: scope)) else { return nil }
        guard f.awaitKeyword == nil, f.tryKeyword == nil else { return nil }
        let at = location(f)
        guard let pattern = f.pattern.as(TuplePatternSyntax.self), pattern.elements.count == 2,
            let names = tuplePatternNames(pattern)  // SwiftLowering+Tuples.swift
        else {
            unsupported("this loop pattern", "name the key and the value: `for (key, user) in cache`", at: f.pattern)
            return []
        }
        guard let d = expression(f.sequence, in: scope) else { return [] }
        let copy = Self.temporaryName("entries", at: at)
        let index = Self.temporaryName("entry", at: at)
        var body = scope
        body.returnBreaksLoop = false
        var before: [LocatedNode] = []
        var first: [LocatedNode] = []
        let dictionaries = parallelArrays(of: s, at: d.text)
        for (place, _) in dictionaries {
            before.append(.step("let", "\(copy)\(place.dropFirst(d.text.count)) = \(place)", at: location(f.sequence)))
        }
        guard let counted = dictionaries.first.map({ copy + $0.place.dropFirst(d.text.count) }) else { return [] }
        if let key = names[0] {
            body.locals[key] = Local(type: keyType, isVar: false)
            body.locals[key]?.isPlainElement = true
            first.append(.step("let", "\(key) = \(counted).keys[\(index)]", at: location(f.pattern)))
        }
        if let value = names[1] {
            body.locals[value] = Local(type: .value(s), isVar: false)
            for (place, field) in flatFields(of: s, prefix: value) {
                let suffix = place.dropFirst(value.count)
                first.append(.step("let", "\(place) = \(copy)\(suffix).values[\(index)]", at: location(f.pattern)))
                body.locals[place] = Local(type: field.type, isVar: false)
            }
        }
        guard let steps = loopBody(f, in: &body) else { return [] }  // SwiftLowering+Arrays.swift
        return before + [
            .step(
                "for", "\(index) in 0..<\(counted).count", at: location(f.pattern),
                [("do", .list(first + steps, at: at))])
        ]
    }
}
