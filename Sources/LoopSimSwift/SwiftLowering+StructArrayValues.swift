import LoopSimScenario
import SwiftSyntax

/// Arrays of structs made as values (docs/swift-scenarios.md, "Arrays of structs"): `(0..<5).map { Banner(id: $0) }`,
/// `ids.map { Item(id: $0) }`, `items.map { Row(id: $0.id) }` make an array of a struct; `items.filter { … }` gives
/// one; `items.count(where:)`, `items.contains(where:)` and `items.allSatisfy { … }` read one. Each is `Sequence`'s
/// function (the Swift standard library's Sequence.swift and Collection.swift: `map` and `filter` build a new array,
/// appending the closure's results or the elements it accepts, in order, before they return), so each is
/// lowered as the loop it runs, as SwiftLowering+ArrayFunctions.swift lowers it over plain values: into temporary
/// parallel arrays `mapLINExCOL_id`, `filterLINExCOL_title` (one per stored property, as an array of structs is
/// held: SwiftLowering+StructArrays.swift), which a store then copies. An array of structs the loop runs over is
/// copied when it starts (`itemsLINExCOL_…`), as Swift runs it over the value it was given, and each turn's element
/// is that copy's `[offset]`, so `$0.title` reads `itemsLINExCOL_title[offsetLINExCOL]`.
extension SwiftLowering {
    /// The functions on an array of structs lowered here (besides a `map` that makes structs from any array).
    static let structArrayValueFunctions: Set<String> = ["map", "filter", "count", "contains", "allSatisfy"]

    /// `base.name { … }` (a trailing closure, or one argument unlabelled or `where:`); nil for any other call.
    static func closureCallParts(_ call: FunctionCallExprSyntax)
        -> (base: ExprSyntax, name: String, closure: ClosureExprSyntax)?
    {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return nil
        }
        let arguments = Array(call.arguments)
        if let trailing = call.trailingClosure, arguments.isEmpty, call.additionalTrailingClosures.isEmpty {
            return (base, member.declName.baseName.text, trailing)
        }
        guard call.trailingClosure == nil, arguments.count == 1,
            arguments[0].label == nil || arguments[0].label?.text == "where",
            let closure = arguments[0].expression.as(ClosureExprSyntax.self)
        else { return nil }
        return (base, member.declName.baseName.text, closure)
    }

    /// The type of `e` when it is an array of structs made here: `… .map { S(…) }` is `[S]`, `items.filter { … }`
    /// of an array of `S` is `[S]`; nil for anything else.
    func structArrayValueType(_ e: ExprSyntax, in scope: Scope?) -> LoweredType? {
        guard let call = e.as(FunctionCallExprSyntax.self), let (base, name, closure) = Self.closureCallParts(call)
        else { return nil }
        if name == "map", let made = structMadeBy(closure) { return .array(.value(made)) }
        if name == "filter", let scope, let s = structArrayElement(quietType(base, in: scope)) {
            return .array(.value(s))
        }
        return nil
    }

    /// `items.filter { … }.count` (or `.isEmpty`, or of a `map` that makes structs): an `Int` or a `Bool`, printed as
    /// its value.
    func isStructArrayValueCount(_ e: ExprSyntax, in scope: Scope) -> Bool {
        guard let member = e.as(MemberAccessExprSyntax.self),
            ["count", "isEmpty"].contains(member.declName.baseName.text),
            let base = member.base
        else { return false }
        return structArrayValueType(base, in: scope) != nil
    }

    /// The log text of `items.filter { … }.count`, `items.count(where: …)`, `items.contains(where: …)`: lowered for
    /// real (not tried and dropped, as other log items are), so that a refusal of its hoisting is reported where it
    /// is. Nil when `e` is none of these; `.some(nil)` after a refusal.
    mutating func structArrayValueLogText(_ e: ExprSyntax, in scope: Scope) -> String?? {
        let call = e.as(FunctionCallExprSyntax.self)
        guard isStructArrayValueCount(e, in: scope) || call.map({ isStructArrayValueCall($0, in: scope) }) == true
        else { return nil }
        guard let lowered = expression(e, in: scope) else { return .some(nil) }
        guard Self.isPrintedAsItsValue(lowered.type, enums: enums) else {
            unsupported("printing this value", "print it from a local: `let found = …`, then `\\(found)`", at: e)
            return .some(nil)
        }
        return "\\(" + lowered.text + ")"
    }

    /// Whether `call` is lowered here: a `map` that makes structs, or one of ``structArrayValueFunctions`` on an
    /// array of structs.
    func isStructArrayValueCall(_ call: FunctionCallExprSyntax, in scope: Scope) -> Bool {
        guard let (base, name, closure) = Self.closureCallParts(call) else { return false }
        if name == "map", structMadeBy(closure) != nil { return true }
        return Self.structArrayValueFunctions.contains(name) && structArrayElement(quietType(base, in: scope)) != nil
    }

    /// `call` as a value inside a statement: its loop hoisted before the statement (SwiftLowering+Returns.swift),
    /// its value the temporary (parallel arrays of an array of structs, or a plain local). Nil when `call` is not
    /// lowered here.
    mutating func hoistedStructArrayValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard isStructArrayValueCall(call, in: scope) else { return nil }
        if let done = hoisting.temporaries[call.id] { return .some(done) }
        if let why = whyNotHoisted(call, in: scope) {
            unsupported(
                "`\(Self.closureCallParts(call)?.name ?? "map")` on an array of structs \(why)",
                "make it first into a local in a method (`let found = \(Self.closureCallParts(call)?.base.trimmedDescription ?? "items").filter { … }`), then use the local",
                at: call)
            return .some(nil)
        }
        var inner = scope
        guard let made = structArrayValueSteps(call, in: &inner) else { return .some(nil) }
        hoisting.steps += made.steps
        hoisting.releases += made.releases
        hoisting.temporaries[call.id] = (made.result, made.type)
        // `let n = items.count(where: …)` prints as its value (SwiftLowering+ArrayFunctions.swift).
        if let name = Self.closureCallParts(call)?.name { notePlainBinding(of: call, name: name, type: made.type) }
        return .some((made.result, made.type))
    }

    /// The loop of `call` (``isStructArrayValueCall(_:in:)``), its result's name and type, and what empties the
    /// result's arrays of objects after the statement. Nil after a refusal.
    mutating func structArrayValueSteps(_ call: FunctionCallExprSyntax, in scope: inout Scope)
        -> (steps: [LocatedNode], result: String, type: LoweredType, releases: [LocatedNode])?
    {
        guard let (base, name, closure) = Self.closureCallParts(call) else { return nil }
        let at = location(call)
        guard let body = Self.singleExpression(closure) else {
            unsupported(
                "a closure of more than one expression passed to `\(name)`",
                "write one expression (`{ $0.isRead }`), or a `for` loop that does the same", at: closure)
            return nil
        }
        let parameters = Self.orderedParameterNames(closure)
        guard parameters.count <= 1 else {
            unsupported("this closure passed to `\(name)`", "take one element: `{ item in … }`", at: closure)
            return nil
        }
        let parameter = parameters.first ?? "$0"
        var inner = scope
        var steps: [LocatedNode] = []
        let head: String
        var element: String?  // the element of an array of structs, `COPY[offset]`
        var emptied: [LocatedNode] = []  // the copy's arrays of objects, emptied when the loop ends
        if let s = structArrayElement(quietType(base, in: scope)) {
            // The array copied when the loop starts; each turn's element `COPY[offset]`.
            guard let array = expression(base, in: scope) else { return nil }
            let copy = Self.temporaryName("items", at: location(base))
            let offset = Self.temporaryName("offset", at: at)
            for (place, _) in parallelArrays(of: s, at: array.text) {
                steps.append(.step("let", "\(copy)\(place.dropFirst(array.text.count)) = \(place)", at: location(base)))
            }
            guard let first = parallelArrays(of: s, at: copy).first else { return nil }
            // The copy lets its elements go when the call returns, as Swift's does (not at the method's end).
            emptied = objectArrayReleases(of: s, at: copy, location: location(base))
            head = "\(offset) in 0..<\(first.place).count"
            element = "\(copy)[\(offset)]"
            inner.locals[parameter] = Local(type: .value(s), isVar: false, lowered: element)
        } else {
            guard let array = rangeSource(base, in: scope) ?? expression(base, in: scope) else { return nil }
            guard case .array(let type) = array.type, structArrayElement(array.type) == nil else {
                unsupported("`\(name)` on this value", "call it on an array or a range of `Int`s", at: base)
                return nil
            }
            var sequence = array.text
            if base.is(ArrayExprSyntax.self) {
                sequence = Self.temporaryName("items", at: location(base))
                steps.append(.step("let", "\(sequence) = \(array.text)", at: location(base)))
            }
            let item = Self.temporaryName("item", at: at)
            head = "\(item) in \(sequence)"
            inner.locals[parameter] = Local(type: type, isVar: false, lowered: item)
            inner.locals[parameter]?.isPlainElement = [.int, .bool, .string].contains(type)
        }
        let bodyAt = location(body)
        let mark = hoistingMark
        let result: String
        let type: LoweredType
        var turn: [LocatedNode]
        var releases: [LocatedNode] = []
        if name == "map", structMadeBy(closure) == nil {
            // `items.map { $0.title }`: an array of the closure's plain values, as over an array of them.
            guard let value = expression(body, in: inner) else { return nil }
            result = Self.temporaryName("map", at: at)
            type = .array(value.type)
            guard let typeName = collectionTypeName(type, at: call) else { return nil }
            steps.append(.step("let", "\(result): \(typeName) = []", at: at))
            turn = [.step("append", result, at: at, [("value", .plain(value.text, at: bodyAt))])]
            if value.type.isObject { releases = [.step("removeAll", result, at: at)] }
        } else if name == "map" {
            guard let made = structMadeBy(closure) else { return nil }
            result = Self.temporaryName("map", at: at)
            type = .array(.value(made))
            guard checkArrayableStruct(made, at: call) else { return nil }
            steps += emptyParallelArrays(of: made, at: result, location: at)
            turn = appendStructElement(body, struct: made, to: result, in: &inner)
            if turn.isEmpty { return nil }
            releases = objectArrayReleases(of: made, at: result, location: at)
        } else {
            guard let condition = expression(body, in: inner) else { return nil }
            guard condition.type == .bool else {
                unsupported(
                    "a closure that does not give a `Bool` to `\(name)`", "write a condition: `{ $0.isRead }`",
                    at: body)
                return nil
            }
            var then: [LocatedNode]
            switch name {
            case "filter":
                guard let element, case .value(let s) = inner.locals[parameter]?.type else { return nil }
                result = Self.temporaryName("filter", at: at)
                type = .array(.value(s))
                steps += emptyParallelArrays(of: s, at: result, location: at)
                then = parallelArrays(of: s, at: result).map { array, _ in
                    LocatedNode.step(
                        "append", array, at: bodyAt,
                        [
                            (
                                "value",
                                .plain(Self.elementPlace(element, String(array.dropFirst(result.count))), at: bodyAt)
                            )
                        ])
                }
                releases = objectArrayReleases(of: s, at: result, location: at)
            case "count":
                result = Self.temporaryName("count", at: at)
                type = .int
                steps.append(.step("let", "\(result) = 0", at: at))
                then = [.step("increment", result, at: bodyAt)]
            case "allSatisfy":
                result = Self.temporaryName("allSatisfy", at: at)
                type = .bool
                steps.append(.step("let", "\(result) = true", at: at))
                then = [.step("set", "\(result) = false", at: bodyAt), .plain("break", at: bodyAt)]
            default:  // contains(where:)
                result = Self.temporaryName("contains", at: at)
                type = .bool
                steps.append(.step("let", "\(result) = false", at: at))
                then = [.step("set", "\(result) = true", at: bodyAt), .plain("break", at: bodyAt)]
            }
            let test = name == "allSatisfy" ? "!(\(condition.text))" : condition.text
            turn = [.step("if", test, at: bodyAt, [("then", .list(then, at: bodyAt))])]
        }
        // What the closure's expression hoists runs in the loop, each turn, as the closure's call does.
        let (inLoop, inLoopReleases) = takeHoisted(since: mark)
        steps.append(.step("for", head, at: at, [("do", .list(inLoop + turn + inLoopReleases, at: at))]))
        return (steps + emptied, result, type, releases)
    }

    /// `let P_f: [T] = []` for each parallel array of `s` at `place`.
    func emptyParallelArrays(of s: String, at place: String, location at: ScenarioLocation) -> [LocatedNode] {
        parallelArrays(of: s, at: place).map { array, field in
            .step("let", "\(array): [\(field.type.fieldTypeName ?? "id")] = []", at: at)
        }
    }

    /// `removeAll` of each parallel array of `s` at `place` that holds objects: a temporary array of its statement
    /// holds its elements until the statement ends, then what the statement stored it into holds them alone.
    func objectArrayReleases(of s: String, at place: String, location at: ScenarioLocation) -> [LocatedNode] {
        parallelArrays(of: s, at: place).filter { $0.field.type.isObject }.map {
            .step("removeAll", $0.place, at: at)
        }
    }
}

/// An array of structs passed to a method (docs/swift-scenarios.md, "Arrays of structs"): `func apply(_ fresh:
/// [Item])` takes one array parameter per stored property (`fresh_id: [int]`, `fresh_title: [string]`), which the
/// body reads as the array `fresh` (a `let`: Swift's parameters are constants), and a call passes one argument per
/// parallel array of the value it is given. An array is a value (the Swift book, "Structures and Enumerations Are
/// Value Types"), so what the callee receives is the caller's elements at the call.
extension SwiftLowering {
    /// A parameter of type `[s]`: one array parameter per stored property of `s`.
    mutating func structArrayParameters(
        _ parameter: FunctionParameterSyntax, name: String, struct s: String, in scope: inout Scope
    ) -> [LocatedNode] {
        let at = location(parameter)
        if parameter.type.is(OptionalTypeSyntax.self) || parameter.defaultValue != nil
            || parameter.type.trimmedDescription.hasPrefix("inout")
        {
            unsupported(
                "an optional, `inout` or defaulted parameter of an array of structs",
                "pass a `[\(s)]` value, without a default", at: parameter)
            return []
        }
        guard checkArrayableStruct(s, at: parameter) else { return [] }
        scope.locals[name] = Local(type: .array(.value(s)), isVar: false)
        var params: [LocatedNode] = []
        for (place, field) in parallelArrays(of: s, at: name) {
            scope.locals[place] = Local(type: .array(field.type), isVar: false)
            params.append(.map([(place, .plain("[\(field.type.fieldTypeName ?? "id")]", at: at))], at: at))
        }
        return params
    }

    /// An array of structs passed to a parameter of type `[s]`: one argument per parallel array of the value (a
    /// property, a local, a parameter, or a `map`/`filter` hoisted before the statement). Nil after a refusal.
    mutating func structArrayArguments(_ e: ExprSyntax, struct s: String, in scope: Scope) -> [LocatedNode]? {
        let at = location(e)
        if e.is(ArrayExprSyntax.self), hoisting.isOpen {
            // `completion([Item(…)])`, `apply([])`: made into temporary parallel arrays before the statement, as
            // Swift makes the array before the call.
            let temporary = Self.temporaryName("items", at: at)
            var inner = scope
            let made = structArrayStore(e, struct: s, into: temporary, verb: "let", in: &inner)
            guard !made.isEmpty else { return nil }
            hoisting.steps += made
            return parallelArrays(of: s, at: temporary).map { .plain($0.place, at: at) }
        }
        if e.is(ArrayExprSyntax.self) {
            unsupported(
                "an array literal of structs as an argument",
                "make it into a local first (`let items: [\(s)] = [\(s)(…)]`), then pass the local", at: e)
            return nil
        }
        guard let value = expression(e, in: scope) else { return nil }
        guard structArrayElement(value.type) == s else {
            unsupported("this value as a `[\(s)]`", "pass another `[\(s)]`", at: e)
            return nil
        }
        return parallelArrays(of: s, at: value.text).map { .plain($0.place, at: at) }
    }
}

extension SwiftLowering {
    /// A closure's capture of the `let` local (or parameter) array of structs `name`, or of `[name]` in its capture
    /// list: a capture of each parallel array, which the closure then reads as the array. A `let` array cannot
    /// change, so capturing its values is capturing the variable (the Swift book, "Closures" › "Capturing Values");
    /// a captured `var` array is refused (its parallel arrays would have to be one shared box).
    func structArrayCaptures(
        _ name: String, struct s: String, into inner: inout Scope, at location: ScenarioLocation
    ) -> [LocatedNode] {
        inner.locals[name] = Local(type: .array(.value(s)), isVar: false)
        var captures: [LocatedNode] = []
        for (place, field) in parallelArrays(of: s, at: name) {
            inner.locals[place] = Local(type: .array(field.type), isVar: false)
            captures.append(.plain("strong \(place)", at: location))
        }
        return captures
    }
}
