import LoopSimScenario
import SwiftSyntax

/// Arrays of objects as engineers write them (docs/swift-scenarios.md, "Arrays"): a property whose initial value is
/// an array literal of new objects of the file's classes (`private let warmers = [CacheWarmer(name: "a"),
/// CacheWarmer(name: "b")]`, its type inferred), `_ = screens.popLast()` and `_ = screens.removeLast()` as
/// statements, and `if let top = stack.last` of an array of `Int`s, `Bool`s or `String`s printed as its value.
extension SwiftLowering {
    /// The class of each element of a non-empty array literal of new objects (`[Banner(id: 1), Banner(id: 2)]`), all
    /// of one class of the file: Swift infers `[Banner]` for it (the Swift book, "Collection Types" › "Creating an
    /// Array with an Array Literal"). Nil for another literal (of structs, of several classes, of values).
    func objectArrayLiteralClass(_ value: ExprSyntax) -> String? {
        guard let array = value.as(ArrayExprSyntax.self), !array.elements.isEmpty else { return nil }
        var found: String?
        for item in array.elements {
            guard let call = item.expression.as(FunctionCallExprSyntax.self),
                let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
                classes[callee.baseName.text] != nil, structs[callee.baseName.text] == nil,
                found == nil || found == callee.baseName.text
            else { return nil }
            found = callee.baseName.text
        }
        return found
    }

    /// The type of a property whose initial value is an array literal of new objects of one class: `[C]`.
    func objectArrayLiteralType(_ value: ExprSyntax) -> LoweredType? {
        objectArrayLiteralClass(value).map { .array(.object($0)) }
    }

    /// `private let banners = [Banner(id: 1), Banner(id: 2)]` (or `: [Banner] = […]`): when the object is made,
    /// each element made in order into a temporary, appended to the field and the temporary released, so the
    /// array's buffer alone holds each (+1 each, as the literal's elements are retained by the array's storage; the
    /// initializer's +1 result is consumed by it). Nil when `value` is no such literal; empty after a refusal.
    mutating func objectArrayLiteralSteps(_ value: ExprSyntax, place: String, in scope: Scope) -> [LocatedNode]? {
        guard objectArrayLiteralClass(value) != nil, let array = value.as(ArrayExprSyntax.self) else { return nil }
        var steps: [LocatedNode] = []
        for item in array.elements {
            guard let call = item.expression.as(FunctionCallExprSyntax.self),
                let cls = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            else { return [] }
            let at = location(call)
            let temporary = Self.temporaryName("new\(cls)", at: at)
            if initializedClass(call) != nil {
                guard let made = initializedLocal(call, name: temporary, declared: temporary, in: scope),
                    !made.steps.isEmpty
                else { return [] }
                steps += made.steps
            } else if isConstruction(ExprSyntax(call), of: cls) {
                steps.append(.step("let", "\(temporary) = new \(cls)", at: at))
            } else {
                unsupported(
                    "`\(call.trimmedDescription)` in a property's array literal",
                    "make `\(cls)` with `\(cls)()` or one of its inits", at: call)
                return []
            }
            steps.append(.step("append", place, at: at, [("value", .plain(temporary, at: at))]))
            steps.append(.step("release", temporary, at: at))
        }
        return steps
    }

    /// `_ = screens.popLast()`, `_ = screens.removeLast()` (`removeFirst()`, `remove(at: i)`): the removal, its
    /// result dropped. `popLast()` of an empty array removes nothing and gives nil; `removeLast()` of one traps
    /// ("Can't remove last element from an empty collection", the standard library's RangeReplaceableCollection.swift),
    /// as the `removeLast:` step does. Nil when `rhs` is no such call on an array.
    mutating func discardedRemoval(_ rhs: ExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard let call = rhs.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            ["removeFirst", "removeLast", "remove", "popLast"].contains(member.declName.baseName.text),
            isArrayExpression(base, in: scope), structArrayElement(quietType(base, in: scope) ?? .unknown) == nil
        else { return nil }
        guard member.declName.baseName.text == "popLast" else { return arrayCall(call, in: &scope) }
        guard call.arguments.isEmpty, let place = expression(base, in: scope) else {
            unsupported("this `popLast`", "write `_ = a.popLast()`", at: call)
            return []
        }
        let at = location(call)
        let removal = LocatedNode.step(
            "if", "!\(place.text).isEmpty", at: at, [("then", .list([.step("removeLast", place.text, at: at)], at: at))]
        )
        return observedMutation(base, in: scope, [removal], at: call)
    }

    /// `if let top = stack.last` (`first`, `guard let`, `while let`) of an array of `Int`s, `Bool`s or `String`s: the
    /// binding is a plain value, printed as Swift prints it (SwiftLowering+Interpolation.swift).
    mutating func notePlainEndRead(_ node: some SyntaxProtocol, element: LoweredType) {
        guard [.int, .bool, .string].contains(element),
            let condition = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(
                OptionalBindingConditionSyntax.self)
        else { return }
        plainBindings.insert(condition.id)
    }
}
