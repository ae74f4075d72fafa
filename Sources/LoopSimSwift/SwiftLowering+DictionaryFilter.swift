import LoopSimScenario
import SwiftSyntax

/// `d.filter { … }` of a dictionary as a value (docs/swift-scenarios.md, "Dictionaries"): `tasks = tasks.filter {
/// $0.value.percentComplete < 100 }`. Swift's `Dictionary.filter(_:)` returns a new dictionary of the entries for
/// which the closure is true (SE-0165; the Swift standard library's Dictionary.swift, `filter`, which runs the
/// closure once per entry, in the dictionary's order, before it returns). Lowered as the loop it runs, as an array's
/// `filter` is (SwiftLowering+ArrayFunctions.swift): hoisted before the statement, over copies of the keys and the
/// values taken when it starts, each kept entry stored into a temporary dictionary, which the statement stores and
/// empties when it ends. An entry left out is released by the store that replaces the old dictionary.
extension SwiftLowering {
    /// The value of `call` when it is `d.filter { … }` on a dictionary; nil when it is not.
    mutating func dictionaryFilterValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text == "filter", isDictionaryExpression(base, in: scope)
        else { return nil }
        if let done = hoisting.temporaries[call.id] { return .some(done) }
        guard let closure = call.trailingClosure ?? call.arguments.first?.expression.as(ClosureExprSyntax.self),
            call.arguments.count + (call.trailingClosure == nil ? 0 : 1) == 1
        else {
            unsupported("this `filter` of a dictionary", "pass one closure: `d.filter { $0.value > 0 }`", at: call)
            return .some(nil)
        }
        let at = location(call)
        guard hoisting.isOpen else {
            unsupported(
                "`filter` of a dictionary here",
                "use it in a method, a closure or the scenario's code, where statements run", at: call)
            return .some(nil)
        }
        guard let d = expression(base, in: scope), case .dictionary(let keyType, let valueType) = d.type else {
            return .some(nil)
        }
        if case .value(let s) = valueType {
            unsupported(
                "`filter` of a dictionary of `\(s)`",
                "remove the entries in a loop: `for (key, value) in d where !(…) { d[key] = nil }`", at: call)
            return .some(nil)
        }
        guard let body = Self.singleExpression(closure) else {
            unsupported(
                "a closure of more than one expression passed to a dictionary's `filter`",
                "write one expression (`{ $0.value > 2 }`), or a `for (key, value) in d` loop that removes entries",
                at: closure)
            return .some(nil)
        }
        guard let typeName = dictionaryTypeName(d.type, at: call) else { return .some(nil) }
        let copy = Self.temporaryName("entries", at: at)
        let index = Self.temporaryName("entry", at: at)
        let result = Self.temporaryName("filter", at: at)
        // Each turn's entry read into locals first: the language reads a property of a named value only.
        let item = Self.temporaryName("item", at: at)
        let keyText = "\(item)_key", valueText = "\(item)_value"
        var inner = scope
        func bind(_ name: String, as lowered: String, type: LoweredType) {
            inner.locals[name] = Local(type: type, isVar: false, lowered: lowered)
            inner.locals[name]?.isPlainElement = [.int, .bool, .string].contains(type)
        }
        let parameters = Self.orderedParameterNames(closure)
        switch parameters.count {
        case 0, 1:
            // `$0` or `entry`: the element, a `(key: Key, value: Value)` tuple read by label.
            let shape = entryShape(keyType, valueType, at: Syntax(closure))
            bind(parameters.first ?? "$0", as: item, type: .value(shape))
        case 2:
            // `{ key, value in … }`: the tuple's elements as two parameters (SE-0110's exception for a closure
            // passed where one tuple parameter is expected).
            if parameters[0] != "_" { bind(parameters[0], as: keyText, type: keyType) }
            if parameters[1] != "_" { bind(parameters[1], as: valueText, type: valueType) }
        default:
            unsupported("this closure passed to `filter`", "take one entry: `{ $0.value > 0 }`", at: closure)
            return .some(nil)
        }
        let mark = hoistingMark
        guard let test = expression(body, in: inner) else { return .some(nil) }
        let (inLoop, inLoopReleases) = takeHoisted(since: mark)
        guard test.type == .bool else {
            unsupported(
                "a closure that does not give a `Bool` to `filter`", "write a condition: `{ $0.value > 2 }`", at: body)
            return .some(nil)
        }
        let bodyAt = location(body)
        let keep = LocatedNode.step(
            "updateValue", result, at: bodyAt,
            [("forKey", .plain(keyText, at: bodyAt)), ("value", .plain(valueText, at: bodyAt))])
        let entry: [LocatedNode] = [
            .step("let", "\(keyText) = \(copy)_key[\(index)]", at: bodyAt),
            .step("let", "\(valueText) = \(copy)_value[\(index)]", at: bodyAt),
        ]
        // The turn's entry and, after the loop, the copies are let go as Swift's iteration lets go of them: the
        // objects left out are then held by the old dictionary alone.
        var turnEnd = inLoopReleases
        if keyType.isObject { turnEnd.append(.step("release", keyText, at: bodyAt)) }
        if valueType.isObject { turnEnd.append(.step("release", valueText, at: bodyAt)) }
        let decide = LocatedNode.step("if", test.text, at: bodyAt, [("then", .list([keep], at: bodyAt))])
        let loopBody = entry + inLoop + [decide] + turnEnd
        let steps: [LocatedNode] =
            [
                .step("let", "\(copy)_key = \(d.text).keys", at: location(base)),
                .step("let", "\(copy)_value = \(d.text).values", at: location(base)),
                .step("let", "\(result): \(typeName) = [:]", at: at),
                .step("for", "\(index) in 0..<\(copy)_key.count", at: at, [("do", .list(loopBody, at: at))]),
            ] + (valueType.isObject ? [.step("removeAll", "\(copy)_value", at: at)] : [])
        return .some(hoisted(steps, into: result, type: d.type, for: call.id, at: at))
    }

    /// The tuple shape `(key: Key, value: Value)` of a dictionary's element, registered as a struct without a
    /// declaration (SwiftLowering+Tuples.swift) so that `$0.key` and `$0.value` read its elements by label.
    private mutating func entryShape(_ key: LoweredType, _ value: LoweredType, at node: Syntax) -> String {
        let name = "(key: \(key), value: \(value))"
        guard structs[name] == nil else { return name }
        var shape = SwiftStruct(name: name)
        for (label, type) in [("key", key), ("value", value)] {
            shape.fields.append(
                SwiftStruct.Field(
                    name: label, type: type, isLet: true, strength: "strong", isOptional: false, defaultValue: nil,
                    node: node))
        }
        structs[name] = shape
        return name
    }
}
