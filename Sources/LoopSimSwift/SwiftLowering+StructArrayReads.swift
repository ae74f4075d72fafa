import LoopSimScenario
import SwiftSyntax

/// The reads of an array of structs (SwiftLowering+StructArrays.swift holds them as parallel arrays): `count`,
/// `isEmpty`, an element `items[i]` and its properties, `for item in items` and `for (i, item) in
/// items.enumerated()`, each element a copy; and the refusals of what returns a whole struct or array of them.
extension SwiftLowering {
    /// `items.count`, `items.isEmpty` on an array of structs: its first parallel array's. `first`, `last` (optional
    /// structs) are refused. Nil when `inner` is no array of structs.
    mutating func structArrayMember(
        _ inner: (text: String, type: LoweredType), _ name: String, at node: some SyntaxProtocol
    ) -> (String, LoweredType)?? {
        guard let s = structArrayElement(inner.type) else { return nil }
        guard let first = parallelArrays(of: s, at: inner.text).first else { return .some(nil) }
        switch name {
        case "count": return .some(("\(first.place).count", .int))
        case "isEmpty": return .some(("\(first.place).isEmpty", .bool))
        case "first", "last":
            unsupported(
                "`\(name)` of an array of structs (an optional `\(s)`)",
                "test `!items.isEmpty`, then read `items[0]` (or `items[items.count - 1]`)", at: node)
            return .some(nil)
        default:
            unsupported(
                "`\(name)` of an array of structs",
                "an array of `\(s)` reads `count`, `isEmpty` and `items[i]` with its properties", at: node)
            return .some(nil)
        }
    }

    /// Refuses a call on an array of structs used as a value (`items.map { … }`, `items.filter { … }`,
    /// `items.contains(where:)`, `items.sorted(…)`, `items.first(where:)`, `let x = items.removeFirst()`): the
    /// model makes no array or optional of structs as a value. True when refused.
    mutating func refusesStructArrayCall(_ call: FunctionCallExprSyntax, in scope: Scope) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            isArrayExpression(base, in: scope), let s = structArrayElement(quietType(base, in: scope))
        else { return false }
        if isStructArrayValueCall(call, in: scope) { return false }  // SwiftLowering+StructArrayValues.swift
        let name = member.declName.baseName.text
        let instead =
            ["removeFirst", "removeLast", "remove", "popLast"].contains(name)
            ? "read the element first (`let item = \(base.trimmedDescription)[0]`), then call `\(name)` as a "
                + "statement"
            : "write a `for item in \(base.trimmedDescription)` loop that does the same, reading each `\(s)`'s "
                + "properties"
        unsupported("`\(name)` on an array of structs as a value", instead, at: call)
        return true
    }

    /// Refuses, in a printed value, an array of structs printed whole (`print(items)`: Swift writes each element
    /// with its module's name) and what ``structArrayMember(_:_:at:)`` and ``refusesStructArrayCall(_:in:)``
    /// refuse (`items.first?.id`), which a log would otherwise write as the source text. True when refused.
    mutating func refusesStructArrayLog(_ e: ExprSyntax, in scope: Scope) -> Bool {
        if structArrayElement(quietType(e, in: scope) ?? structArrayValueType(e, in: scope)) != nil {
            unsupported(
                "printing a whole array of structs",
                "print each element's properties in a loop: `for item in \(e.trimmedDescription) { print(item.id) }`",
                at: e)
            return true
        }
        var stack = [Syntax(e)]
        while let node = stack.popLast() {
            if let member = node.as(MemberAccessExprSyntax.self), let base = member.base,
                ["first", "last"].contains(member.declName.baseName.text),
                structArrayElement(quietType(base, in: scope)) != nil
            {
                _ = structArrayMember(
                    (base.trimmedDescription, quietType(base, in: scope) ?? .unknown), member.declName.baseName.text,
                    at: member)
                return true
            }
            if let call = node.as(FunctionCallExprSyntax.self), refusesStructArrayCall(call, in: scope) { return true }
            if node.is(ClosureExprSyntax.self) { continue }
            stack += node.children(viewMode: .sourceAccurate)
        }
        return false
    }

    /// `for item in items { … }` or `for (i, item) in items.enumerated() { … }` over an array of structs: each
    /// parallel array copied when the loop starts (Swift iterates the value it was given), then `for: i in
    /// 0..<COPY.count` with the element copied into one local per stored property first in the body. Nil when the
    /// sequence is no array of structs.
    mutating func structArrayForLoop(_ f: ForStmtSyntax, in scope: Scope) -> [LocatedNode]? {
        var sequence = f.sequence
        var enumerated = false
        if let call = f.sequence.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            call.trailingClosure == nil, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "enumerated", let base = member.base
        {
            sequence = base
            enumerated = true
        }
        guard let s = structArrayElement(quietType(sequence, in: scope)) else { return nil }
        guard f.awaitKeyword == nil, f.tryKeyword == nil else { return nil }
        let at = location(f)
        var names: [String?]
        if enumerated {
            guard let pattern = f.pattern.as(TuplePatternSyntax.self), pattern.elements.count == 2,
                let found = tuplePatternNames(pattern)
            else {
                unsupported(
                    "this loop pattern", "name the offset and the element: `for (i, item) in items.enumerated()`",
                    at: f.pattern)
                return []
            }
            names = found
        } else if let identifier = f.pattern.as(IdentifierPatternSyntax.self) {
            names = [nil, identifier.identifier.text]
        } else if f.pattern.is(WildcardPatternSyntax.self) {
            names = [nil, nil]
        } else {
            unsupported("this loop pattern", "name the element: `for item in items`", at: f.pattern)
            return []
        }
        guard let array = expression(sequence, in: scope) else { return [] }
        let copy = Self.temporaryName("items", at: at)
        let index = names[0] ?? Self.temporaryName("offset", at: at)
        var body = scope
        body.returnBreaksLoop = false
        body.locals[index] = Local(type: .int, isVar: false)
        body.locals[index]?.isPlainElement = true  // an `Int`: printed as its value
        var before: [LocatedNode] = []
        var first: [LocatedNode] = []
        let arrays = parallelArrays(of: s, at: array.text)
        for (place, _) in arrays {
            let copied = copy + place.dropFirst(array.text.count)
            before.append(.step("let", "\(copied) = \(place)", at: location(sequence)))
        }
        if let name = names[1] {
            body.locals[name] = Local(type: .value(s), isVar: false)
            for (place, field) in flatFields(of: s, prefix: name) {
                let suffix = place.dropFirst(name.count)
                first.append(.step("let", "\(place) = \(copy)\(suffix)[\(index)]", at: location(f.pattern)))
                body.locals[place] = Local(type: field.type, isVar: false)
            }
        }
        guard let steps = loopBody(f, in: &body), let count = arrays.first else { return [] }
        let counted = copy + count.place.dropFirst(array.text.count)
        return before + [
            .step(
                "for", "\(index) in 0..<\(counted).count", at: location(f.pattern),
                [("do", .list(first + steps, at: at))])
        ]
    }
}
