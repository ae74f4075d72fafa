import LoopSimScenario
import SwiftSyntax

/// `Set<String>` and `Set<Int>` properties and locals (docs/swift-scenarios.md, "Sets"): held as the language's
/// dictionary from each element to `true` (docs/scenario-format.md §7.1.2), so `insert` is a store, `remove` a
/// removal, `contains` a lookup, and `count`, `isEmpty`, `removeAll()` are the dictionary's. A `Set`'s iteration order
/// is unspecified (The Swift Programming Language, "Collection Types": "Swift's Set type doesn't have a defined
/// ordering"; the standard library seeds its hashing per process), so a `for` over the set itself is refused and
/// `for x in s.sorted()` is the dictionary's keys in ascending order.
extension SwiftLowering {
    /// The value type that marks a dictionary as a set: `Bool?`, which no dictionary the file declares lowers to (a
    /// property's optional is its wrapped type), held as `bool`.
    static let setMember: LoweredType = .optional(.bool)

    /// Whether `type` is a set's lowered type.
    static func isSet(_ type: LoweredType?) -> Bool {
        if case .dictionary(_, .optional(.bool))? = type { return true }
        return false
    }

    /// The type of `Set<T>`, nil when `type` is not one.
    func setType(_ type: TypeSyntax) -> LoweredType? {
        guard let i = type.as(IdentifierTypeSyntax.self), i.name.text == "Set",
            let arguments = i.genericArgumentClause?.arguments, arguments.count == 1,
            let element = arguments.first?.argument.as(TypeSyntax.self)
        else { return nil }
        return .dictionary(typeNamed(element), Self.setMember)
    }

    /// `Set<String>()`: an empty set of a type; nil for anything else.
    func emptySetConstruction(_ e: ExprSyntax) -> LoweredType? {
        guard let call = e.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
            generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Set",
            generic.genericArgumentClause.arguments.count == 1,
            let element = generic.genericArgumentClause.arguments.first?.argument.as(TypeSyntax.self)
        else { return nil }
        return .dictionary(typeNamed(element), Self.setMember)
    }

    /// Whether `e` names a set, judged without reporting anything.
    func isSetExpression(_ e: ExprSyntax, in scope: Scope) -> Bool {
        if let chain = e.as(OptionalChainingExprSyntax.self) { return isSetExpression(chain.expression, in: scope) }
        if Self.isSet(quietType(e, in: scope)) { return true }
        guard e.is(MemberAccessExprSyntax.self) else { return false }
        var copy = self
        return Self.isSet(copy.expression(e, in: scope)?.type)
    }

    /// `s.insert(x)`, `s.remove(x)`, `s.removeAll()` as statements; nil when `call` is no call on a set.
    mutating func setCall(_ call: FunctionCallExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            isSetExpression(base, in: scope)
        else { return nil }
        let name = member.declName.baseName.text
        let arguments = Array(call.arguments)
        let at = location(call)
        guard let place = expression(base, in: scope) else { return [] }
        switch name {
        case "insert", "remove":
            guard arguments.count == 1, arguments[0].label == nil, call.trailingClosure == nil else { break }
            guard let element = expression(arguments[0].expression, in: scope) else { return [] }
            let key: [(String, LocatedNode)] = [("forKey", .plain(element.text, at: at))]
            let step: LocatedNode =
                name == "insert"
                ? .step("updateValue", place.text, at: at, key + [("value", .plain("true", at: at))])
                : .step("removeValue", place.text, at: at, key)
            return observedMutation(base, in: scope, [step], at: call)
        case "removeAll"
        where call.trailingClosure == nil
            && (arguments.isEmpty || (arguments.count == 1 && arguments[0].label?.text == "keepingCapacity")):
            return observedMutation(base, in: scope, [.step("removeAll", place.text, at: at)], at: call)
        default: break
        }
        unsupported(
            "`\(call.trimmedDescription)` on a Set",
            "a Set takes `insert(x)`, `remove(x)` and `removeAll()` as statements (their results unused) and "
                + "reads `contains(x)`, `count`, `isEmpty` and `sorted()`", at: call)
        return []
    }

    /// `s.contains(x)`, `s.sorted()` as values; `.some(nil)` after refusing another call on a set (`insert(x)`'s
    /// result, `first`, `union`); nil when `call` is no call on a set.
    mutating func setValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            isSetExpression(base, in: scope)
        else { return nil }
        let name = member.declName.baseName.text
        let arguments = Array(call.arguments)
        guard let set = expression(base, in: scope), case .dictionary(let element, _) = set.type else {
            return .some(nil)
        }
        if name == "contains", arguments.count == 1, arguments[0].label == nil, call.trailingClosure == nil {
            guard let value = expression(arguments[0].expression, in: scope) else { return .some(nil) }
            return .some(("(\(set.text)[\(value.text)] != nil)", .bool))
        }
        if name == "sorted", arguments.isEmpty, call.trailingClosure == nil {
            guard [.int, .string].contains(element) else {
                unsupported("`sorted()` of a Set of `\(element)`", "sort a Set of Int or String", at: call)
                return .some(nil)
            }
            return .some(("\(set.text).keys.sorted()", .array(element)))
        }
        if name == "insert" {
            unsupported(
                "the result of `insert(_:)` on a Set, `(inserted:memberAfterInsert:)`",
                "test first and insert as a statement: `if !s.contains(x) { s.insert(x); … }`", at: call)
            return .some(nil)
        }
        unsupported(
            "`\(call.trimmedDescription)` on a Set as a value",
            "a Set reads `contains(x)`, `count`, `isEmpty` and `sorted()`; `insert`, `remove` and `removeAll` are "
                + "statements", at: call)
        return .some(nil)
    }

    /// `s.count`, `s.isEmpty` of a set `inner`; a refusal for any other member (`first`: its order is unspecified).
    mutating func setMember(_ inner: (text: String, type: LoweredType), _ name: String, at node: some SyntaxProtocol)
        -> (String, LoweredType)?
    {
        switch name {
        case "count": return ("\(inner.text).count", .int)
        case "isEmpty": return ("\(inner.text).isEmpty", .bool)
        default:
            unsupported(
                "`\(name)` of a Set",
                "a Set reads `contains(x)`, `count`, `isEmpty` and `sorted()` (its order is unspecified: "
                    + "`s.sorted().first` for the least)", at: node)
            return nil
        }
    }

    /// `for x in s` of a set: refused, its order being unspecified; nil when `f` is no loop over a set.
    mutating func refusesSetLoop(_ f: ForStmtSyntax, in scope: Scope) -> Bool {
        guard isSetExpression(f.sequence, in: scope) else { return false }
        unsupported(
            "a `for` loop over the Set `\(f.sequence.trimmedDescription)`, whose order Swift leaves unspecified "
                + "(hash order, seeded per process)",
            "loop over `\(f.sequence.trimmedDescription).sorted()`", at: f.sequence)
        return true
    }
}
