import LoopSimScenario
import SwiftSyntax

/// Swift dictionaries (docs/swift-scenarios.md, "Dictionaries"): `[K: V]` properties and locals, their reads and
/// their mutations, lowered to the scenario language's dictionaries (docs/scenario-format.md §7.1.2), the one model
/// both front-ends share. A dictionary is a value whose storage holds strong references, as an array's: the place
/// that holds it retains each object value (a `[String: Timer]` keeps its timers).
extension SwiftLowering {
    /// The type of a Swift dictionary type (`[String: Timer]`, `Dictionary<String, Timer>`), or nil when `type` is
    /// not one.
    func dictionaryType(_ type: TypeSyntax) -> LoweredType? {
        if let d = type.as(DictionaryTypeSyntax.self) { return .dictionary(typeNamed(d.key), typeNamed(d.value)) }
        if let i = type.as(IdentifierTypeSyntax.self), i.name.text == "Dictionary",
            let arguments = i.genericArgumentClause?.arguments, arguments.count == 2,
            let key = arguments.first?.argument.as(TypeSyntax.self),
            let value = arguments.last?.argument.as(TypeSyntax.self)
        {
            return .dictionary(typeNamed(key), typeNamed(value))
        }
        return nil
    }

    /// `[String: Int]()`, `Dictionary<String, Timer>()`: an empty dictionary of a type; nil for anything else.
    func emptyDictionaryConstruction(_ e: ExprSyntax) -> LoweredType? {
        guard let call = e.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil
        else { return nil }
        if let d = call.calledExpression.as(DictionaryExprSyntax.self),
            case .elements(let elements) = d.content, elements.count == 1, let only = elements.first
        {
            return .dictionary(typeNamed(only.key.trimmedDescription), typeNamed(only.value.trimmedDescription))
        }
        if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
            generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Dictionary",
            generic.genericArgumentClause.arguments.count == 2,
            let key = generic.genericArgumentClause.arguments.first?.argument.as(TypeSyntax.self),
            let value = generic.genericArgumentClause.arguments.last?.argument.as(TypeSyntax.self)
        {
            return .dictionary(typeNamed(key), typeNamed(value))
        }
        return nil
    }

    /// Whether `e` is an empty dictionary: `[:]`, `[String: Int]()`.
    func isEmptyDictionary(_ e: ExprSyntax) -> Bool {
        if let d = e.as(DictionaryExprSyntax.self), case .colon = d.content { return true }
        return emptyDictionaryConstruction(e) != nil
    }

    /// The language's spelling of an array's or a dictionary's type for a declaration; nil, after reporting why, for
    /// one the model does not hold.
    mutating func collectionTypeName(_ type: LoweredType, at node: some SyntaxProtocol) -> String? {
        if case .dictionary = type { return dictionaryTypeName(type, at: node) }
        return arrayTypeName(type, at: node)
    }

    /// Whether `e` is an empty array or dictionary: `[]`, `[:]`, `[String]()`, `[String: Int]()`.
    func isEmptyCollection(_ e: ExprSyntax) -> Bool {
        isEmptyArray(e) || isEmptyDictionary(e) || emptySetConstruction(e) != nil
    }

    /// `[k: v, …]` or `[:]` as a value: its entries lowered, of one key type and one value type.
    mutating func dictionaryLiteral(_ d: DictionaryExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        guard case .elements(let elements) = d.content else { return ("[:]", .dictionary(.unknown, .unknown)) }
        var key = LoweredType.unknown, value = LoweredType.unknown
        var texts: [String] = []
        for element in elements {
            guard let k = expression(element.key, in: scope), let v = expression(element.value, in: scope) else {
                return nil
            }
            if key == .unknown { key = k.type }
            if value == .unknown || v.type == .duration { value = v.type }
            texts.append("\(k.text): \(v.text)")
        }
        return ("[" + texts.joined(separator: ", ") + "]", .dictionary(key, value))
    }

    /// The type of a non-empty dictionary literal of literals (`["a": 1]`) as a property's initial value; nil when
    /// its keys and values are no such literals.
    func dictionaryLiteralType(_ e: ExprSyntax) -> LoweredType? {
        guard let d = e.as(DictionaryExprSyntax.self), case .elements(let elements) = d.content,
            let first = elements.first
        else { return nil }
        let key = literalType(first.key), value = literalType(first.value)  // SwiftLowering+Tuples.swift
        guard key != .unknown, value != .unknown else { return nil }
        return .dictionary(key, value)
    }

    /// Whether `e` names a dictionary (a field, a local, a path to one such as `Registry.shared.screens`), judged
    /// without reporting anything.
    func isDictionaryExpression(_ e: ExprSyntax, in scope: Scope) -> Bool {
        if let chain = e.as(OptionalChainingExprSyntax.self) {
            return isDictionaryExpression(chain.expression, in: scope)
        }
        if case .dictionary? = quietType(e, in: scope) { return true }
        guard e.is(MemberAccessExprSyntax.self) else { return false }
        // A path through a singleton or a method's result: lowered on a copy, whose diagnostics are dropped.
        var copy = self
        if case .dictionary? = copy.expression(e, in: scope)?.type { return true }
        return false
    }

    /// The value type of the dictionary property `e` names (`limits`, `self.limits` in the class that declares it),
    /// judged from the syntax alone; nil for anything else.
    func dictionaryPropertyValueType(_ e: ExprSyntax) -> LoweredType? {
        guard case .dictionary(_, let value)? = propertyType(e) else { return nil }
        return value
    }

    /// The type of the property of the enclosing class that `e` names (`limits`, `self.limits`), judged from the
    /// syntax alone (a local of the same name is not looked for: callers use it where a local would be seen
    /// first); nil for anything else.
    func propertyType(_ e: ExprSyntax) -> LoweredType? {
        var name = e.as(DeclReferenceExprSyntax.self)?.baseName.text
        if let member = e.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            name = member.declName.baseName.text
        }
        guard let name, let cls = enclosingClassName(of: Syntax(e)) else { return nil }
        return classes[cls]?.fields[name]
    }

    /// Whether `e` is `d[k]` of a dictionary.
    func isDictionarySubscript(_ e: ExprSyntax, in scope: Scope) -> Bool {
        guard let call = e.as(SubscriptCallExprSyntax.self) else { return false }
        return isDictionaryExpression(call.calledExpression, in: scope)
    }

    /// `d[k]` (nil when the key has none) or `d[k, default: v]` (`d[k] ?? v`) as a value; nil when `call` is no
    /// subscript of a dictionary.
    mutating func dictionaryValue(_ call: SubscriptCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard isDictionaryExpression(call.calledExpression, in: scope) else { return nil }
        guard let base = expression(call.calledExpression, in: scope), case .dictionary(_, let value) = base.type
        else { return .some(nil) }
        // An entry of a dictionary of structs, `P[k]`, whose property `f` is `P_f[k]` (+StructDictionaries.swift).
        if structDictionaryValue(base.type) != nil, !checkStructEntryUse(call) { return .some(nil) }
        guard let key = subscriptKey(call, in: scope) else { return .some(nil) }
        if structDictionaryValue(base.type) != nil, key.fallback != nil {
            unsupported(
                "`d[key, default: v]` of a dictionary of structs", "bind the entry: `if let v = d[key] { … }`", at: call
            )
            return .some(nil)
        }
        if let fallback = key.fallback { return ("(\(base.text)[\(key.text)] ?? \(fallback))", value) }
        return ("\(base.text)[\(key.text)]", value)
    }

    /// The key of `d[k]` or `d[k, default: v]`, and the default's text; nil after a refusal.
    private mutating func subscriptKey(_ call: SubscriptCallExprSyntax, in scope: Scope)
        -> (text: String, fallback: String?)?
    {
        let arguments = Array(call.arguments)
        guard (1...2).contains(arguments.count), arguments[0].label == nil, call.trailingClosure == nil,
            arguments.count == 1 || arguments[1].label?.text == "default"
        else {
            unsupported("this subscript of a dictionary", "read `d[key]` or `d[key, default: value]`", at: call)
            return nil
        }
        guard let key = expression(arguments[0].expression, in: scope) else { return nil }
        guard arguments.count == 2 else { return (key.text, nil) }
        guard let fallback = expression(arguments[1].expression, in: scope) else { return nil }
        return (key.text, fallback.text)
    }

    /// `d.count`, `d.isEmpty`, `d.keys`, `d.values` on a dictionary `inner`.
    mutating func dictionaryMember(
        _ inner: (text: String, type: LoweredType), _ name: String, at node: some SyntaxProtocol
    ) -> (String, LoweredType)? {
        guard case .dictionary(let key, let value) = inner.type else { return nil }
        if let found = structDictionaryMember(inner, name, at: node) { return found }  // +StructDictionaries.swift
        switch name {
        case "count": return ("\(inner.text).count", .int)
        case "isEmpty": return ("\(inner.text).isEmpty", .bool)
        case "keys": return ("\(inner.text).keys", .array(key))
        case "values": return ("\(inner.text).values", .array(value))
        default:
            unsupported(
                "`\(name)` of a dictionary",
                "a dictionary reads `count`, `isEmpty`, `keys`, `values`, `d[key]` and `d[key, default: v]`",
                at: node)
            return nil
        }
    }

    /// `d.keys.sorted()`, `d.values.sorted()`, `a.sorted()` of Int, String or TimeInterval elements as a value; nil
    /// when `call` is no `sorted()`.
    mutating func sortedValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text == "sorted", call.arguments.isEmpty, call.trailingClosure == nil,
            isArrayExpression(base, in: scope) || isDictionaryView(base, in: scope)
        else { return nil }
        guard let array = expression(base, in: scope) else { return .some(nil) }
        guard case .array(let element) = array.type, [.int, .string, .duration].contains(element) else {
            unsupported(
                "`sorted()` of `\(array.type)`", "sort an array of Int, String or TimeInterval values", at: call)
            return .some(nil)
        }
        return ("\(array.text).sorted()", array.type)
    }

    /// `d.removeValue(forKey: k)` as a value (`timers.removeValue(forKey: key)?.invalidate()`, `let old =
    /// d.removeValue(forKey: k)`): the value read into a temporary, then the entry removed, before the statement
    /// (``Hoisting``), as a returning call is; the temporary, which holds the removed object as Swift's +1 result
    /// does, is released when the statement ends. Nil when `call` is no such removal; `.some(nil)` after a refusal.
    mutating func hoistedRemoval(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text == "removeValue", call.arguments.count == 1,
            call.arguments.first?.label?.text == "forKey", isDictionaryExpression(base, in: scope)
        else { return nil }
        if let done = hoisting.temporaries[call.id] { return .some(done) }
        if refusesStructRemovalValue(call, in: scope) { return .some(nil) }  // SwiftLowering+StructDictionaries.swift
        guard let place = expression(base, in: scope), case .dictionary(_, let value) = place.type,
            let key = expression(call.arguments.first!.expression, in: scope)
        else { return .some(nil) }
        if let why = whyNotHoisted(call, in: scope) {
            unsupported(
                "`removeValue(forKey:)`'s value \(why)",
                "remove into a local first (`let old = d.removeValue(forKey: k)`), then use the local", at: call)
            return .some(nil)
        }
        let at = location(call)
        let temporary = Self.temporaryName("removed", at: at)
        hoisting.steps +=
            [.step("let", "\(temporary) = \(place.text)[\(key.text)]", at: at)]
            + observedMutation(
                base, in: scope,
                [.step("removeValue", place.text, at: at, [("forKey", .plain(key.text, at: at))])], at: call)
        if value.isObject { hoisting.releases.append(.step("release", temporary, at: at)) }
        hoisting.temporaries[call.id] = (temporary, value)
        return .some((temporary, value))
    }

    /// `a.reduce(0, +)` (`reduce(0.0, +)`, `reduce(0) { $0 + $1 }`) of an array of Int or TimeInterval values (also
    /// `d.values`) as a value: `a.sum()`, the sum, 0 for an empty array (Swift's `0` or `0.0`). Nil when `call` is
    /// no such sum.
    mutating func summedValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text == "reduce",
            isArrayExpression(base, in: scope) || isDictionaryView(base, in: scope)
        else { return nil }
        let arguments = Array(call.arguments)
        let initial = arguments.first.flatMap { $0.label == nil ? $0.expression : nil }
        let isZero = initial.map { ["0", "0.0"].contains($0.trimmedDescription) } ?? false
        let adds: Bool
        if arguments.count == 2, call.trailingClosure == nil {
            adds = arguments[1].expression.trimmedDescription == "+"
        } else if arguments.count == 1, let closure = call.trailingClosure {
            adds =
                closure.signature == nil
                && closure.statements.trimmedDescription.replacingOccurrences(of: " ", with: "") == "$0+$1"
        } else {
            adds = false
        }
        // Any other `reduce(x) { … }` is the loop it runs (SwiftLowering+ArrayFunctions.swift).
        guard isZero, adds else { return nil }
        guard let array = expression(base, in: scope) else { return .some(nil) }
        guard case .array(let element) = array.type, element == .int || element == .duration else {
            unsupported("`reduce(0, +)` of `\(array.type)`", "sum an array of Int or TimeInterval values", at: call)
            return .some(nil)
        }
        return ("\(array.text).sum()", element)
    }

    /// Whether `e` is `d.keys` or `d.values` of a dictionary.
    func isDictionaryView(_ e: ExprSyntax, in scope: Scope) -> Bool {
        guard let member = e.as(MemberAccessExprSyntax.self), let base = member.base,
            ["keys", "values"].contains(member.declName.baseName.text)
        else { return false }
        return isDictionaryExpression(base, in: scope)
    }

    /// A call on a dictionary used as a statement (`d.removeValue(forKey: k)`, `d.removeAll()`,
    /// `d.updateValue(v, forKey: k)`, `d.values.forEach { … }`); nil when `call` is not one.
    mutating func dictionaryCall(_ call: FunctionCallExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return nil
        }
        let name = member.declName.baseName.text
        if isDictionaryView(base, in: scope), name == "forEach" {
            return dictionaryViewForEach(call, base, in: &scope)
        }
        guard isDictionaryExpression(base, in: scope) else { return nil }
        if let steps = structDictionaryCall(call, base: base, in: &scope) { return steps }  // +StructDictionaries
        let at = location(call)
        guard let place = expression(base, in: scope) else { return [] }
        let arguments = Array(call.arguments)
        switch name {
        case "removeValue" where arguments.count == 1 && arguments[0].label?.text == "forKey":
            guard let key = expression(arguments[0].expression, in: scope) else { return [] }
            return observedMutation(
                base, in: scope, [.step("removeValue", place.text, at: at, [("forKey", .plain(key.text, at: at))])],
                at: call)
        case "updateValue"
        where arguments.count == 2 && arguments[0].label == nil
            && arguments[1].label?.text == "forKey":
            guard let key = expression(arguments[1].expression, in: scope) else { return [] }
            return observedMutation(
                base, in: scope, storeSteps(place, key: key.text, arguments[0].expression, in: &scope), at: call)
        case "removeAll"
        where call.trailingClosure == nil
            && (arguments.isEmpty || (arguments.count == 1 && arguments[0].label?.text == "keepingCapacity")):
            return observedMutation(base, in: scope, [.step("removeAll", place.text, at: at)], at: call)
        case "forEach":
            unsupported(
                "`forEach` on a dictionary",
                "loop over its values: `d.values.forEach { … }` or `for (key, value) in d`",
                at: call)
            return []
        default: break
        }
        unsupported(
            "`\(call.trimmedDescription)` on a dictionary",
            "a dictionary takes `d[key] = value`, `d[key] = nil`, `updateValue(_:forKey:)`, `removeValue(forKey:)` and "
                + "`removeAll()` as statements (their results unused)", at: call)
        return []
    }

    /// `d[k] = v`, `d[k] = nil`, `d[k] += n` (also `-=`), `d[k, default: 0] += n` as a statement; nil when `lhs` is
    /// no subscript of a dictionary.
    mutating func dictionaryAssignment(
        _ lhs: ExprSyntax, operator op: String, _ rest: [ExprSyntax], at e: ExprSyntax, in scope: inout Scope
    ) -> [LocatedNode]? {
        guard let call = (lhs.as(ForceUnwrapExprSyntax.self)?.expression ?? lhs).as(SubscriptCallExprSyntax.self),
            isDictionaryExpression(call.calledExpression, in: scope)
        else { return nil }
        let base = call.calledExpression
        guard let place = expression(base, in: scope), let key = subscriptKey(call, in: scope) else { return [] }
        let at = location(e)
        switch op {
        case "=":
            guard key.fallback == nil else {
                unsupported("assigning to `d[key, default: v]`", "write `d[key] = value`", at: call)
                return []
            }
            if rest.count == 1, rest[0].is(NilLiteralExprSyntax.self) {
                return observedMutation(
                    base, in: scope, [.step("removeValue", place.text, at: at, [("forKey", .plain(key.text, at: at))])],
                    at: e)
            }
            if rest.count == 1 {
                return observedMutation(base, in: scope, storeSteps(place, key: key.text, rest[0], in: &scope), at: e)
            }
            guard let value = infix(rest, in: scope) else { return [] }
            return observedMutation(base, in: scope, [update(place.text, key.text, value.text, at: at)], at: e)
        case "+=", "-=", "*=":
            // `d[k, default: 0] += 1` reads the default for an absent key; `d[k]! += 1` traps on one (the unwrap's
            // check, SwiftLowering+Unwrap.swift, runs before the statement); `d[k]? += 1` is not written here.
            guard let amount = infix(rest, in: scope) else { return [] }
            let current = key.fallback.map { "(\(place.text)[\(key.text)] ?? \($0))" } ?? "\(place.text)[\(key.text)]"
            let value = "\(current) \(op.dropLast()) (\(amount.text))"
            return observedMutation(base, in: scope, [update(place.text, key.text, value, at: at)], at: e)
        default:
            unsupported("`\(op)` on a dictionary's value", "write `d[key] = d[key, default: 0] + n`", at: e)
            return []
        }
    }

    /// The `updateValue:` step storing `value` under `key`.
    private func update(_ place: String, _ key: String, _ value: String, at: ScenarioLocation) -> LocatedNode {
        .step("updateValue", place, at: at, [("forKey", .plain(key, at: at)), ("value", .plain(value, at: at))])
    }

    /// The steps storing `value` under `key`: a value a step makes (`timers[key] = Timer.scheduledTimer(…)`,
    /// `screens[route] = Screen(route: route)`) is made into a local first, stored, and released, as Swift's
    /// temporary is after the statement (``madeIntoTemporary(_:holder:prefix:in:)``).
    private mutating func storeSteps(
        _ place: (text: String, type: LoweredType), key: String, _ value: ExprSyntax, in scope: inout Scope
    ) -> [LocatedNode] {
        let at = location(value)
        if let (temporary, steps) = madeIntoTemporary(value, holder: place.text, prefix: "stored", in: &scope) {
            guard !steps.isEmpty else { return [] }
            return steps + [update(place.text, key, temporary, at: at), .step("release", temporary, at: at)]
        }
        guard let lowered = expression(value, in: scope) else { return [] }
        return [update(place.text, key, lowered.text, at: at)]
    }

    /// `for (key, value) in d`, `for key in d.keys`, `for value in d.values` (a `where` clause, `_` names): over a
    /// copy taken when the loop starts, in the model's order (docs/fidelity.md, "Dictionaries"); nil when the
    /// sequence is no dictionary.
    mutating func dictionaryForLoop(_ f: ForStmtSyntax, in scope: Scope) -> [LocatedNode]? {
        let isWhole = isDictionaryExpression(f.sequence, in: scope)
        guard isWhole || isDictionaryView(f.sequence, in: scope) else { return nil }
        guard f.awaitKeyword == nil, f.tryKeyword == nil else { return nil }
        if isWhole, let steps = structDictionaryForLoop(f, in: scope) { return steps }  // +StructDictionaries.swift
        let at = location(f)
        let dictionary = isWhole ? f.sequence : f.sequence.as(MemberAccessExprSyntax.self)!.base!
        guard var d = expression(dictionary, in: scope), case .dictionary(let keyType, var valueType) = d.type else {
            return []
        }
        if let (_, s) = structDictionaryValue(d.type), let first = parallelArrays(of: s, at: d.text).first {
            // `for key in cache.keys` of a dictionary of structs: its first parallel dictionary's keys.
            guard f.sequence.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "keys" else {
                unsupported(
                    "a loop over the values of a dictionary of structs",
                    "loop over its entries: `for (key, value) in \(dictionary.trimmedDescription)`", at: f.sequence)
                return []
            }
            d = (first.place, .dictionary(keyType, first.field.type))
            valueType = first.field.type
        }
        var names: [String?]
        if isWhole {
            guard let pattern = f.pattern.as(TuplePatternSyntax.self), pattern.elements.count == 2,
                let bound = tuplePatternNames(pattern)  // SwiftLowering+Tuples.swift
            else {
                unsupported(
                    "this loop pattern", "name the key and the value: `for (key, timer) in timers`", at: f.pattern)
                return []
            }
            names = bound
        } else {
            let isKeys = f.sequence.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "keys"
            let name = f.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            guard name != nil || f.pattern.is(WildcardPatternSyntax.self) else {
                unsupported("this loop pattern", "name the element: `for key in d.keys`", at: f.pattern)
                return []
            }
            names = isKeys ? [name, nil] : [nil, name]
        }
        warnOrder(f.body.statements, at: f)
        let copy = Self.temporaryName("entries", at: at)
        let index = Self.temporaryName("entry", at: at)
        var body = scope
        body.returnBreaksLoop = false
        var first: [LocatedNode] = []
        let keysText = "\(copy).keys"
        if let key = names[0] {
            body.locals[key] = Local(type: keyType, isVar: false)
            body.locals[key]?.isPlainElement = true
            first.append(.step("let", "\(key) = \(keysText)[\(index)]", at: location(f.pattern)))
        }
        if let value = names[1] {
            body.locals[value] = Local(type: valueType, isVar: false)
            body.locals[value]?.isPlainElement = [.int, .bool, .string].contains(valueType)
            first.append(.step("let", "\(value) = \(copy).values[\(index)]", at: location(f.pattern)))
        }
        guard let steps = loopBody(f, in: &body) else { return [] }  // SwiftLowering+Arrays.swift
        // The copy is let go when the loop ends, as Swift's iterator is: an object only it still holds (its entry
        // removed in the loop) is released there, not when the method returns.
        let letGo: [LocatedNode] = valueType.isObject ? [.step("removeAll", copy, at: at)] : []
        return [
            .step("let", "\(copy) = \(d.text)", at: location(f.sequence)),
            .step(
                "for", "\(index) in 0..<\(copy).count", at: location(f.pattern), [("do", .list(first + steps, at: at))]),
        ] + letGo
    }

    /// `d.values.forEach { $0.invalidate() }`, `d.keys.forEach { … }`: the loop `for x in d.values` is.
    private mutating func dictionaryViewForEach(
        _ call: FunctionCallExprSyntax, _ view: ExprSyntax, in scope: inout Scope
    ) -> [LocatedNode] {
        guard let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self),
            call.arguments.count <= 1, call.trailingClosure == nil || call.arguments.isEmpty
        else {
            unsupported("this `forEach`", "pass one closure: `d.values.forEach { $0.invalidate() }`", at: call)
            return []
        }
        guard let values = expression(view, in: scope) else { return [] }
        warnOrder(closure.statements, at: call)
        // The view is an array value: the array's `forEach` runs the closure in place for each element.
        let copy = Self.temporaryName("entries", at: location(call))
        scope.locals[copy] = Local(type: values.type, isVar: false)
        return [.step("let", "\(copy) = \(values.text)", at: location(view))]
            + forEachLoop((copy, values.type), closure, at: call, in: scope)
    }

    /// Warns that a loop over a dictionary whose body prints shows the model's order, where Swift's is
    /// unpredictable ("The order of key-value pairs in a dictionary is stable between mutations but is otherwise
    /// unpredictable", Apple, Dictionary).
    private mutating func warnOrder(_ statements: CodeBlockItemListSyntax, at node: some SyntaxProtocol) {
        guard PrintFinder.finds(in: statements) else { return }
        bag.warning(
            .swiftOrder,
            "this loop over a dictionary prints in the order LoopSim keeps (the order keys were first stored); "
                + "Swift's order is unpredictable and differs between runs: loop over `d.keys.sorted()` for a fixed "
                + "order (docs/fidelity.md, \"Dictionaries\")", at: location(node))
    }
}

extension SwiftLowering {
    /// Whether `e` reads what Swift prints as the language does, never nil: a dictionary's `count` or `isEmpty`,
    /// `d[k, default: v]` or `d[k] ?? v` of `Int`, `Bool` or `String` values, or `d.keys.sorted()` (an array of
    /// them). `d[k]` alone is an optional (`Optional(3)`), and `d`, `d.keys`, `d.values` print in Swift's
    /// unpredictable order: those are logged as written.
    func isPlainDictionaryRead(_ e: ExprSyntax, in scope: Scope) -> Bool {
        var copy = self
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base,
            ["count", "isEmpty"].contains(member.declName.baseName.text)
        {
            return isDictionaryExpression(base, in: scope) || isDictionaryView(base, in: scope)
        }
        if let call = e.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "sorted", let base = member.base, isDictionaryView(base, in: scope)
        {
            guard case .array(let element)? = copy.expression(base, in: scope)?.type else { return false }
            return [.int, .bool, .string].contains(element)
        }
        var read = e.as(SubscriptCallExprSyntax.self)
        var hasFallback = read?.arguments.count == 2
        if let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            sequence.elements.dropFirst().first?.as(BinaryOperatorExprSyntax.self)?.operator.text == "??",
            let fallback = sequence.elements.last,
            fallback.is(IntegerLiteralExprSyntax.self) || fallback.is(StringLiteralExprSyntax.self)
                || fallback.is(BooleanLiteralExprSyntax.self)
        {
            read = sequence.elements.first?.as(SubscriptCallExprSyntax.self)
            hasFallback = true
        }
        guard hasFallback, let read, isDictionaryExpression(read.calledExpression, in: scope),
            case .dictionary(_, let value)? = copy.expression(read.calledExpression, in: scope)?.type
        else { return false }
        return [.int, .bool, .string].contains(value)
    }
}

extension DiagnosticID {
    /// A warning: a loop over a dictionary that prints, whose order Swift leaves unpredictable.
    static let swiftOrder: DiagnosticID = "swift.order"
}

/// Finds a `print(…)` call in statements, nested closures included.
private final class PrintFinder: SyntaxVisitor {
    var found = false

    static func finds(in statements: CodeBlockItemListSyntax) -> Bool {
        let finder = PrintFinder(viewMode: .sourceAccurate)
        finder.walk(statements)
        return finder.found
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "print" { found = true }
        return found ? .skipChildren : .visitChildren
    }
}
