import LoopSimScenario
import SwiftSyntax

/// Swift arrays (docs/swift-scenarios.md, "Arrays"): `[T]` properties and locals, their reads and their mutations,
/// lowered to the scenario language's arrays (docs/scenario-format.md §7.1.1), the one model both front-ends
/// share.
extension SwiftLowering {
    /// The type of a Swift array type (`[Timer]`, `Array<Timer>`), or nil when `type` is not one.
    func arrayType(_ type: TypeSyntax) -> LoweredType? {
        if let a = type.as(ArrayTypeSyntax.self) { return .array(typeNamed(a.element)) }
        if let i = type.as(IdentifierTypeSyntax.self), i.name.text == "Array",
            let arguments = i.genericArgumentClause?.arguments, arguments.count == 1,
            let element = arguments.first?.argument.as(TypeSyntax.self)
        {
            return .array(typeNamed(element))
        }
        return nil
    }

    /// The advice for an optional array property (`[Timer]?`): the model's arrays are never nil.
    func optionalArrayAdvice(_ type: TypeSyntax) -> String {
        let wrapped =
            type.as(OptionalTypeSyntax.self)?.wrappedType
            ?? type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self)?
            .wrappedType
        guard let wrapped, arrayType(wrapped) != nil else { return "" }
        return "; an array property is never nil here: write `\(wrapped.trimmedDescription) = []` and empty it "
            + "with `removeAll()` (section \"Arrays\")"
    }

    /// `[String]()`, `Array<Timer>()`: an empty array of a type; nil for anything else.
    func emptyArrayConstruction(_ e: ExprSyntax) -> LoweredType? {
        guard let call = e.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil
        else { return nil }
        if let array = call.calledExpression.as(ArrayExprSyntax.self), array.elements.count == 1,
            let element = array.elements.first?.expression
        {
            return .array(typeNamed(element.trimmedDescription))
        }
        if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
            generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Array",
            let element = generic.genericArgumentClause.arguments.first?.argument.as(TypeSyntax.self)
        {
            return .array(typeNamed(element))
        }
        return nil
    }

    /// Whether `e` is an empty array: `[]`, `[String]()`.
    func isEmptyArray(_ e: ExprSyntax) -> Bool {
        if let array = e.as(ArrayExprSyntax.self) { return array.elements.isEmpty }
        return emptyArrayConstruction(e) != nil
    }

    /// The language's spelling of an array's type for a declaration (`[NSTimer]`); nil, after reporting why, for an
    /// array the model does not hold (of arrays, of a type it does not follow).
    mutating func arrayTypeName(_ type: LoweredType, at node: some SyntaxProtocol) -> String? {
        guard case .array(let element) = type else { return type.fieldTypeName }
        if case .array = element {
            unsupported("an array of arrays", "keep the elements in one array, or in objects of a class", at: node)
            return nil
        }
        if case .dictionary = element {
            unsupported(
                "an array of dictionaries",
                "keep each row in an object of a class of the file (`final class Row { var counts: [String: Int] = "
                    + "[:] }`, then `var rows: [Row] = []`), or one dictionary keyed by the row", at: node)
            return nil
        }
        if case .value(let s) = element, structArrayElement(type) != nil {
            // A class's property or a local holds one as parallel arrays (SwiftLowering+StructArrays.swift).
            unsupported(
                "an array of the struct `\(s)` here (a parameter, a returned value, an optional, a closure's type)",
                "keep the `[\(s)]` in a property of the class (`var items: [\(s)] = []`) and read it there, or pass "
                    + "one element's properties (section \"Arrays of structs\")", at: node)
            return nil
        }
        if case .value(let s) = element {
            unsupported(
                payloadEnums[s] == nil ? "an array of the struct `\(s)`" : "an array of the enum `\(s)`",
                "keep one array per property (`var ids: [Int]`, `var titles: [String]`), or make `\(s)` a class "
                    + "(section \"Structs\")", at: node)
            return nil
        }
        guard let name = type.fieldTypeName else {
            unsupported(
                "an array of `\(element)`",
                "an array holds scenario classes, Timer, Int, Bool, String, observer tokens or the other types a "
                    + "property may have", at: node)
            return nil
        }
        return name
    }

    /// `[a, b]` as a value: its elements lowered, of one type.
    mutating func arrayLiteral(_ array: ArrayExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        var items: [(text: String, type: LoweredType)] = []
        var element = LoweredType.unknown
        for item in array.elements {
            guard let lowered = expression(item.expression, in: scope) else { return nil }
            if case .array = lowered.type {
                unsupported("an array of arrays", "keep the elements in one array", at: item)
                return nil
            }
            if element == .unknown || lowered.type == .duration { element = lowered.type }
            items.append(lowered)
        }
        // `[0.3, 2, 1.5]`: an integer literal beside a floating one is a `Double`, as Swift types the literal.
        let texts = items.map { item in
            element == .duration && item.type == .int && Self.isLiteralArithmetic(item.text)
                ? "(\(item.text)) * 1s" : item.text
        }
        return ("[" + texts.joined(separator: ", ") + "]", .array(element))
    }

    /// The type of a non-empty array literal of literals (`[11, 12]`, `[0.3, 2.0]`, `["a"]`, `[true]`, enum cases)
    /// as a property's initial value: Swift infers `[Int]`, `[Double]` (a `TimeInterval` array here), …; an integer
    /// literal among floating ones is a `Double` too. Nil when the elements are no such literals.
    func arrayLiteralType(_ value: ExprSyntax) -> LoweredType? {
        guard let array = value.as(ArrayExprSyntax.self), !array.elements.isEmpty else { return nil }
        var types: Set<String> = []
        var element: LoweredType = .unknown
        for item in array.elements {
            let type = literalType(item.expression)  // SwiftLowering+Tuples.swift
            guard type != .unknown else { return nil }
            types.insert("\(type)")
            if element == .unknown || type == .duration { element = type }
        }
        // Swift's literal typing: integers beside a floating literal are `Double`s; other mixes do not compile.
        guard types.count == 1 || types == ["int", "duration"] else { return nil }
        return .array(element)
    }

    /// `a[i]`: the element (Swift traps on an index outside the array; so does the run).
    mutating func arrayElement(_ call: SubscriptCallExprSyntax, in scope: Scope) -> (String, LoweredType)? {
        guard call.arguments.count == 1, let index = call.arguments.first, index.label == nil,
            call.trailingClosure == nil
        else {
            unsupported("this subscript", "read one element: `a[i]`", at: call)
            return nil
        }
        guard let base = expression(call.calledExpression, in: scope) else { return nil }
        guard case .array(let element) = base.type else {
            if base.type.unwrapped == .data {
                refuseDataBytes("a subscript of a `Data` (its bytes)", at: call)  // SwiftLowering+Data.swift
                return nil
            }
            unsupported("a subscript of a value that is not an array", "index an array: `timers[0]`", at: call)
            return nil
        }
        guard let i = expression(index.expression, in: scope) else { return nil }
        // An element of an array of structs: the value `P[i]`, whose properties are `P_name[i]` (+StructArrays).
        return ("\(base.text)[\(i.text)]", element)
    }

    /// `a.count`, `a.isEmpty`, `a.first`, `a.last` on an array `inner`.
    mutating func arrayMember(_ inner: (text: String, type: LoweredType), _ name: String, at node: some SyntaxProtocol)
        -> (String, LoweredType)?
    {
        guard case .array(let element) = inner.type else { return nil }
        if let found = structArrayMember(inner, name, at: node) { return found }  // SwiftLowering+StructArrayReads
        switch name {
        case "count": return ("\(inner.text).count", .int)
        case "isEmpty": return ("\(inner.text).isEmpty", .bool)
        case "first", "last":
            notePlainEndRead(node, element: element)  // `if let top = stack.last` (+ObjectArrayLiterals.swift)
            return ("\(inner.text).\(name)", element)
        default:
            unsupported(
                "`\(name)` of an array",
                "an array reads `count`, `isEmpty`, `first`, `last`, `a[i]` and "
                    + "`a.contains(x)`", at: node)
            return nil
        }
    }

    /// `a.contains(x)` as a value, when `call` is one on an array.
    mutating func arrayContains(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text == "contains", call.arguments.count == 1,
            call.arguments.first?.label == nil, call.trailingClosure == nil,
            isArrayExpression(base, in: scope)
        else { return nil }
        guard let array = expression(base, in: scope),
            let value = expression(call.arguments.first!.expression, in: scope)
        else { return .some(nil) }
        return ("\(array.text).contains(\(value.text))", .bool)
    }

    /// Whether `e` names an array (a field, a local, a path to one), judged without reporting anything.
    func isArrayExpression(_ e: ExprSyntax, in scope: Scope) -> Bool {
        if e.is(ArrayExprSyntax.self) { return true }  // `for delay in [0.3, 0.6]`
        if caseIterableEnum(e, in: scope) != nil { return true }  // `Section.allCases`: +EnumCaseIterable.swift
        if isDictionaryView(e, in: scope) { return true }  // `d.keys`, `d.values`: SwiftLowering+Dictionaries.swift
        if let call = e.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "sorted", let base = member.base
        {
            return isArrayExpression(base, in: scope) || isSetExpression(base, in: scope)  // `d.keys.sorted()`
        }
        if let chain = e.as(OptionalChainingExprSyntax.self) { return isArrayExpression(chain.expression, in: scope) }
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if let local = scope.locals[name] {
                if case .array = local.type { return true }
                return false
            }
            if let cls = scope.className, case .array? = classes[cls]?.fields[name] { return true }
            return false
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base {
            guard case .object(let cls)? = quietType(base, in: scope),
                case .array? = classes[cls]?.fields[member.declName.baseName.text]
            else { return false }
            return true
        }
        return false
    }

    /// The type of a name or path to an object, judged without reporting anything (nil when unknown).
    func quietType(_ e: ExprSyntax, in scope: Scope) -> LoweredType? {
        if let chain = e.as(OptionalChainingExprSyntax.self) { return quietType(chain.expression, in: scope) }
        if let ref = e.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.text
            if let local = scope.locals[name] { return local.type }
            if name == "self", let cls = scope.className { return .object(cls) }
            if let cls = scope.className { return classes[cls]?.fields[name] }
            return nil
        }
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base,
            case .object(let cls)? = quietType(base, in: scope)
        {
            return classes[cls]?.fields[member.declName.baseName.text]
        }
        return nil
    }

    /// A mutating call on an array used as a statement (`timers.append(t)`, `timers.removeAll()`,
    /// `observers.forEach { … }`); nil when `call` is not one.
    mutating func arrayCall(_ call: FunctionCallExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            isArrayExpression(base, in: scope)
        else { return nil }
        if let steps = structArrayCall(call, base: base, in: &scope) { return steps }  // +StructArrays.swift
        let name = member.declName.baseName.text
        let at = location(call)
        guard let place = expression(base, in: scope) else { return [] }
        let arguments = Array(call.arguments)
        switch name {
        case "append" where arguments.count == 1 && call.trailingClosure == nil:
            let argument = arguments[0]
            if argument.label?.text == "contentsOf" {
                guard let value = expression(argument.expression, in: scope) else { return [] }
                return observedMutation(
                    base, in: scope,
                    [.step("append", place.text, at: at, [("contentsOf", .plain(value.text, at: at))])],
                    at: call)
            }
            guard argument.label == nil else { break }
            return observedMutation(
                base, in: scope, appendStep(place, argument.expression, at: call, in: &scope), at: call)
        case "removeAll"
        where call.trailingClosure == nil
            && (arguments.isEmpty || (arguments.count == 1 && arguments[0].label?.text == "keepingCapacity")):
            // The capacity kept is the buffer's, which the model does not hold: the elements go either way.
            return observedMutation(base, in: scope, [.step("removeAll", place.text, at: at)], at: call)
        case "removeFirst", "removeLast":
            guard arguments.isEmpty, call.trailingClosure == nil else { break }
            return observedMutation(base, in: scope, [.step(name, place.text, at: at)], at: call)
        case "remove" where arguments.count == 1 && arguments[0].label?.text == "at":
            guard let index = expression(arguments[0].expression, in: scope) else { return [] }
            return observedMutation(
                base, in: scope, [.step("removeAt", place.text, at: at, [("index", .plain(index.text, at: at))])],
                at: call)
        case "forEach":
            guard let closure = call.trailingClosure ?? arguments.first?.expression.as(ClosureExprSyntax.self),
                arguments.count <= 1, call.trailingClosure == nil || arguments.isEmpty
            else { break }
            return forEachLoop(place, closure, at: call, in: scope)
        default: break
        }
        unsupported(
            "`\(call.trimmedDescription)` on an array",
            "an array takes `append(x)`, `append(contentsOf:)`, `+=`, `removeAll()`, `removeFirst()`, "
                + "`removeLast()`, `remove(at:)` and `forEach { }` as statements (their results unused), and "
                + "`_ = a.popLast()`", at: call)
        return []
    }

    /// `let t = timers.removeFirst()` (`removeLast()`, `remove(at: i)`, `popLast()`): the element read into the
    /// local, then removed, so the local holds it when the array lets it go. `removeFirst()` and `removeLast()` of
    /// an empty array trap at the removal with the standard library's message (the read gives nil first);
    /// `popLast()` removes nothing from an empty one. Nil when `call` is no such call on an array.
    mutating func removedElementLocal(
        _ call: FunctionCallExprSyntax, declared: String, in scope: inout Scope
    ) -> (steps: [LocatedNode], type: LoweredType, isPlainElement: Bool)? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            ["removeFirst", "removeLast", "remove", "popLast"].contains(member.declName.baseName.text),
            call.trailingClosure == nil, isArrayExpression(base, in: scope)
        else { return nil }
        if refusesStructArrayCall(call, in: scope) { return ([], .unknown, false) }  // +StructArrayReads.swift
        let name = member.declName.baseName.text
        let arguments = Array(call.arguments)
        guard let place = expression(base, in: scope), case .array(let element) = place.type else {
            return ([], .unknown, false)
        }
        let at = location(call)
        let read: String
        let removal: LocatedNode
        switch name {
        case "removeFirst" where arguments.isEmpty:
            (read, removal) = ("\(place.text).first", .step("removeFirst", place.text, at: at))
        case "removeLast" where arguments.isEmpty:
            (read, removal) = ("\(place.text).last", .step("removeLast", place.text, at: at))
        case "popLast" where arguments.isEmpty:
            read = "\(place.text).last"
            removal = .step(
                "if", "!\(place.text).isEmpty", at: at,
                [("then", .list([.step("removeLast", place.text, at: at)], at: at))])
        case "remove" where arguments.count == 1 && arguments[0].label?.text == "at":
            guard let index = expression(arguments[0].expression, in: scope) else { return ([], .unknown, false) }
            (read, removal) = (
                "\(place.text)[\(index.text)]",
                .step("removeAt", place.text, at: at, [("index", .plain(index.text, at: at))])
            )
        default:
            return nil
        }
        let steps = observedMutation(base, in: scope, [removal], at: call)
        // The element itself, never nil, but `popLast()`'s optional.
        let isPlain = name != "popLast" && [.int, .bool, .string].contains(element)
        return ([.step("let", "\(declared) = \(read)", at: at)] + steps, element, isPlain)
    }

    /// `a.append(x)`: `append: a` with `value: x`. A value that a framework call makes (`observers.append(
    /// NotificationCenter.default.addObserver(…) { … })`, `timers.append(Timer.scheduledTimer(…))`) is made into
    /// a local first, appended, and released, as Swift's temporary is after the call.
    private mutating func appendStep(
        _ place: (text: String, type: LoweredType), _ value: ExprSyntax, at node: some SyntaxProtocol,
        in scope: inout Scope
    ) -> [LocatedNode] {
        let at = location(value)
        if let (temporary, steps) = madeIntoTemporary(value, holder: place.text, prefix: "appended", in: &scope) {
            guard !steps.isEmpty else { return [] }
            return steps + [
                .step("append", place.text, at: at, [("value", .plain(temporary, at: at))]),
                .step("release", temporary, at: at),
            ]
        }
        guard let lowered = expression(value, in: scope) else { return [] }
        return [.step("append", place.text, at: at, [("value", .plain(lowered.text, at: at))])]
    }

    /// A value that a step makes — a timer, an observer token, a framework object, an object of the file made by its
    /// init (`Timer.scheduledTimer(…)`, `Poller(name: key)`) — made into a temporary local named by the collection
    /// that will hold it (`timers`), as an object is labelled by the name it is stored into; the caller stores it
    /// and releases the temporary, as Swift's +1 result is consumed by the store. Nil when `value` is made by an
    /// expression; the steps are empty after a refusal.
    mutating func madeIntoTemporary(
        _ value: ExprSyntax, holder place: String, prefix: String, in scope: inout Scope
    ) -> (temporary: String, steps: [LocatedNode])? {
        guard let made = value.as(FunctionCallExprSyntax.self), emptyArrayConstruction(value) == nil else { return nil }
        let name = String(place.split(separator: ".").last ?? "")
        let temporary =
            scope.locals[name] == nil && !name.isEmpty ? name : Self.temporaryName(prefix, at: location(value))
        if callValueIsStep(made, in: scope) {
            if isDefaultCenter(made.calledExpression.as(MemberAccessExprSyntax.self)?.base ?? value) {
                return (temporary, notificationCall(made, token: temporary, in: scope))
            }
            return (temporary, madeSteps(made, into: temporary, in: &scope))
        }
        if initializedClass(made) != nil {
            // `Poller(name: key)`: made by its init into the local, as an assignment's is.
            return (temporary, initializedStore(made, place: temporary, verb: "let", in: scope) ?? [])
        }
        return nil
    }

    /// The steps that make the object `made` — a timer, a framework object, an API object (``callValueIsStep(_:in:)``)
    /// — into `place`: an array's element, a factory method's returned local. Empty after a refusal.
    mutating func madeSteps(_ made: FunctionCallExprSyntax, into place: String, in scope: inout Scope) -> [LocatedNode]
    {
        if isTimerCreation(made) { return creationStep(made, place: place, in: scope)?.steps ?? [] }
        if let created = frameworkCreation(made, place: place, in: &scope) { return created.steps }
        return apiCreation(made, place: place, in: scope)?.steps ?? []
    }

    /// Whether `call` makes its value with a step of its own (a timer, an observer token, a framework object)
    /// rather than as an expression.
    func callValueIsStep(_ call: FunctionCallExprSyntax, in scope: Scope) -> Bool {
        if isTimerCreation(call) { return true }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            isDefaultCenter(base), member.declName.baseName.text == "addObserver"
        {
            return true
        }
        if call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "observe"
            || call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "observe",
            call.arguments.first?.expression.is(KeyPathExprSyntax.self) == true
        {
            return true  // `x.observe(\.k) { … }`: its `NSKeyValueObservation` (SwiftLowering+KVO.swift)
        }
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self), classes[callee.baseName.text] != nil {
            return false  // `new C`, an expression
        }
        return apiType(call.calledExpression.trimmedDescription) != nil
    }

    /// `a += b` (or `a += [x]`) on an array place: `append:` with `contentsOf:`.
    mutating func arrayCompoundAppend(
        _ place: (text: String, type: LoweredType), _ rest: [ExprSyntax], at e: ExprSyntax, in scope: inout Scope
    ) -> [LocatedNode] {
        if rest.count == 1, let literal = rest[0].as(ArrayExprSyntax.self),
            literal.elements.contains(where: {
                $0.expression.as(FunctionCallExprSyntax.self).map { callValueIsStep($0, in: scope) } ?? false
            })
        {
            // `timers += [Timer.scheduledTimer(…)]`: each element made and appended in order.
            return literal.elements.flatMap { appendStep(place, $0.expression, at: e, in: &scope) }
        }
        guard rest.count == 1, let value = expression(rest[0], in: scope) else {
            if rest.count != 1 { unsupported("this `+=` on an array", "append one array: `a += [x]`", at: e) }
            return []
        }
        return [.step("append", place.text, at: location(e), [("contentsOf", .plain(value.text, at: location(e)))])]
    }

    /// `for x in array { … }`: `for: x in ARRAY`, over a copy of the array taken when the loop starts; `for (i, x) in
    /// array.enumerated()` counts the copy's indices; a `where` clause is an `if:` around the body.
    mutating func arrayForLoop(_ f: ForStmtSyntax, in scope: Scope) -> [LocatedNode]? {
        if let steps = structArrayForLoop(f, in: scope) { return steps }  // SwiftLowering+StructArrayReads.swift
        if let steps = enumeratedForLoop(f, in: scope) { return steps }
        guard f.awaitKeyword == nil, f.tryKeyword == nil,
            isArrayExpression(f.sequence, in: scope), let array = expression(f.sequence, in: scope),
            case .array(let element) = array.type
        else { return nil }
        let name: String
        if let identifier = f.pattern.as(IdentifierPatternSyntax.self) {
            name = identifier.identifier.text
        } else if f.pattern.is(WildcardPatternSyntax.self) {
            name = "element\(location(f).line)"
        } else {
            unsupported("this loop pattern", "name the element: `for timer in timers`", at: f.pattern)
            return []
        }
        var body = scope
        body.returnBreaksLoop = false
        body.locals[name] = Local(type: element, isVar: false)
        // A case of an enum without raw values is held as its name, which Swift prints (`for s in Section.allCases`).
        body.locals[name]?.isPlainElement = Self.isPrintedAsItsValue(element, enums: enums)
        guard let steps = loopBody(f, in: &body) else { return [] }
        var before: [LocatedNode] = []
        var sequence = array.text
        if f.sequence.is(ArrayExprSyntax.self) || caseIterableEnum(f.sequence, in: scope) != nil {
            // `for delay in [0.3, 0.6]`: the literal made once, before the loop, as Swift evaluates the sequence.
            let at = location(f.sequence)
            sequence = Self.temporaryName("items", at: at)
            before.append(.step("let", "\(sequence) = \(array.text)", at: at))
        }
        return before + [
            .step("for", "\(name) in \(sequence)", at: location(f.pattern), [("do", .list(steps, at: location(f)))])
        ]
    }

    /// `for (i, timer) in timers.enumerated() { … }` (either name may be `_`): a copy of the array taken when the loop
    /// starts (Swift's `enumerated()` iterates the value it was given), then `for: i in 0..<COPY.count` with the
    /// element `let: timer = COPY[i]` first in the body. Nil when the sequence is no `enumerated()` of an array.
    private mutating func enumeratedForLoop(_ f: ForStmtSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let call = f.sequence.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.trailingClosure == nil, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "enumerated", let base = member.base, isArrayExpression(base, in: scope)
        else { return nil }
        guard f.awaitKeyword == nil, f.tryKeyword == nil, let pattern = f.pattern.as(TuplePatternSyntax.self),
            pattern.elements.count == 2
        else {
            unsupported(
                "this loop pattern", "name the offset and the element: `for (i, timer) in timers.enumerated()`",
                at: f.pattern)
            return []
        }
        let at = location(f)
        guard let names = tuplePatternNames(pattern) else { return [] }  // SwiftLowering+Tuples.swift
        guard let array = expression(base, in: scope), case .array(let element) = array.type else { return [] }
        let copy = Self.temporaryName("items", at: at)
        let index = names[0] ?? Self.temporaryName("offset", at: at)
        var body = scope
        body.returnBreaksLoop = false
        body.locals[index] = Local(type: .int, isVar: false)
        body.locals[index]?.isPlainElement = true  // an `Int`: printed as its value
        var first: [LocatedNode] = []
        if let name = names[1] {
            body.locals[name] = Local(type: element, isVar: false)
            body.locals[name]?.isPlainElement = [.int, .bool, .string].contains(element)
            first.append(.step("let", "\(name) = \(copy)[\(index)]", at: location(pattern)))
        }
        guard let steps = loopBody(f, in: &body) else { return [] }
        return [
            .step("let", "\(copy) = \(array.text)", at: location(f.sequence)),
            .step(
                "for", "\(index) in 0..<\(copy).count", at: location(f.pattern),
                [("do", .list(first + steps, at: at))]),
        ]
    }

    /// A `for` loop's body; with a `where` clause, the body inside an `if:` of it, tested for each element after the
    /// loop's names are bound (the Swift book, "Control Flow" › "For-In Loops"). Nil after a refusal in the clause.
    mutating func loopBody(_ f: ForStmtSyntax, in body: inout Scope) -> [LocatedNode]? {
        guard let clause = f.whereClause else { return lowerStatements(f.body.statements, in: &body, tail: false) }
        guard let condition = expression(clause.condition, in: body) else { return nil }
        let steps = lowerStatements(f.body.statements, in: &body, tail: false)
        return [.step("if", condition.text, at: location(clause), [("then", .list(steps, at: location(f)))])]
    }

    /// `array.forEach { x in … }` or `{ $0.invalidate() }`: the same loop as `for x in array`, the closure's body
    /// run in place for each element (a non-escaping closure, called before `forEach` returns).
    mutating func forEachLoop(
        _ place: (text: String, type: LoweredType), _ closure: ClosureExprSyntax, at call: FunctionCallExprSyntax,
        in scope: Scope
    ) -> [LocatedNode] {
        guard case .array(let element) = place.type else { return [] }
        var body = scope
        body.returnBreaksLoop = false
        let at = location(call)
        let name: String
        if let signature = closure.signature {
            if signature.capture != nil {
                unsupported(
                    "a capture list in `forEach`", "the closure runs at once: leave the list out", at: signature)
                return []
            }
            var names: [String] = []
            if let shorthand = signature.parameterClause?.as(ClosureShorthandParameterListSyntax.self) {
                names = shorthand.map(\.name.text)
            } else if let clause = signature.parameterClause?.as(ClosureParameterClauseSyntax.self) {
                names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
            }
            guard names.count == 1 else {
                unsupported("this `forEach` closure", "take one element: `forEach { timer in … }`", at: signature)
                return []
            }
            name = names[0] == "_" ? "element\(at.line)" : names[0]
            body.locals[name] = Local(type: element, isVar: false)
            body.locals[name]?.isPlainElement = [.int, .bool, .string].contains(element)
        } else {
            // `$0`: the language's names are plain identifiers, so the element is `elementLINE`.
            name = "element\(at.line)"
            body.locals["$0"] = Local(type: element, isVar: false, lowered: name)
            body.locals["$0"]?.isPlainElement = [.int, .bool, .string].contains(element)
        }
        if containsReturn(closure.statements) {
            unsupported(
                "`return` in a `forEach` closure", "write `for x in array { … }` with `continue`", at: closure)
            return []
        }
        let steps = lowerStatements(closure.statements, in: &body, tail: false)
        return [.step("for", "\(name) in \(place.text)", at: at, [("do", .list(steps, at: at))])]
    }

    /// Whether `statements` hold a `return` outside nested closures.
    private func containsReturn(_ statements: CodeBlockItemListSyntax) -> Bool {
        ReturnFinder.finds(in: statements)
    }
}
