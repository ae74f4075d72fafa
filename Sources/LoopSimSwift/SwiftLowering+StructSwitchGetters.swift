import LoopSimScenario
import SwiftSyntax

/// A struct's computed property whose getter is one `switch` that returns a value in each case (`var quality:
/// ConnectionQuality { switch milliseconds { case ..<100: return .good; case ..<500: return .poor; default: return
/// .offline } }`; docs/swift-scenarios.md, "Structs"). The language has no conditional expression, so a read of it
/// is chosen before its statement into a temporary, as a `?:` is (``Hoisting``): the cases' tests nested as `if:`
/// steps in order, each storing its value. The getter reads only the struct's stored properties and its values are
/// expressions without calls, so the value chosen before the statement is the value Swift computes when it reaches
/// the read (the Swift book, "Control Flow" › "Switch": the first matching case runs; "Properties" › "Computed
/// Properties").
extension SwiftLowering {
    /// The `switch` of a getter `{ switch x { case …: return v … } }` (or `case …: v`, SE-0380's switch expression)
    /// whose cases are each one value, without bindings; nil for any other getter.
    static func switchGetter(_ binding: PatternBindingSyntax) -> SwitchExprSyntax? {
        guard binding.typeAnnotation != nil, let item = singleGetterStatement(binding) else { return nil }
        let s =
            item.item.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self)
            ?? item.item.as(SwitchExprSyntax.self)
        guard let s, !s.cases.isEmpty else { return nil }
        for c in s.cases {
            guard let sc = c.as(SwitchCaseSyntax.self), caseValue(sc) != nil else { return nil }
        }
        return s
    }

    /// The value a case of a switch getter gives: its one statement, `return v` or `v`.
    static func caseValue(_ c: SwitchCaseSyntax) -> ExprSyntax? {
        guard c.statements.count == 1, let only = c.statements.first else { return nil }
        if let r = only.item.as(ReturnStmtSyntax.self) { return r.expression }
        return only.item.as(ExprSyntax.self) ?? only.item.as(ExpressionStmtSyntax.self)?.expression
    }

    /// A read of `name`, a switch getter of struct `s`, on the value `text`: the chosen value's temporary.
    mutating func structSwitchRead(
        _ text: String, _ s: String, _ name: String, _ getter: (switch: SwitchExprSyntax, type: TypeSyntax),
        at node: some SyntaxProtocol
    ) -> (String, LoweredType)? {
        let id = Syntax(node).id
        if let done = hoisting.temporaries[id] { return done }
        guard hoisting.isOpen, computedInProgress.isEmpty else {
            unsupported(
                "a read of `\(name)`, a computed property of `\(s)` whose getter is a `switch`, here",
                "read it into a local in a statement of a method, a closure or the scenario's code "
                    + "(`let q = value.\(name)`), then use the local", at: node)
            return nil
        }
        let type = typeNamed(getter.type)
        var isPlain = [.int, .bool, .string, .duration].contains(type)
        if case .enumeration = type { isPlain = true }
        guard isPlain else {
            unsupported(
                "a `switch` getter of type `\(getter.type.trimmedDescription)`",
                "give it an Int, Bool, String, TimeInterval or enum type", at: getter.type)
            return nil
        }
        computedInProgress.insert("\(s).\(name)")
        defer { computedInProgress.remove("\(s).\(name)") }
        let scope = structScope(s, value: text)
        let before = hoisting.steps.count
        guard let subject = expression(getter.switch.subject, in: scope) else { return nil }
        let at = location(node)
        let temporary = Self.temporaryName("\(name)_", at: at)
        var tests: [(condition: String, at: ScenarioLocation, body: [LocatedNode])] = []
        var defaultBody: [LocatedNode]?
        for c in getter.switch.cases {
            guard let sc = c.as(SwitchCaseSyntax.self), let valueExpr = Self.caseValue(sc) else { return nil }
            guard let value = withEnumContext(type, { $0.expression(valueExpr, in: scope) }) else { return nil }
            let store = [LocatedNode.step("let", "\(temporary) = \(value.text)", at: at)]
            switch sc.label {
            case .default:
                defaultBody = store
            case .case(let label):
                if label.caseItems.contains(where: { Self.boundCaseName($0.pattern) != nil }) {
                    unsupported("a binding in a case of a `switch` getter", "match values or ranges", at: label)
                    return nil
                }
                guard let condition = caseCondition(label, subject: subject, in: scope) else { return nil }
                tests.append((condition, location(sc), store))
            }
        }
        guard hoisting.steps.count == before else {
            hoisting.steps.removeSubrange(before...)
            unsupported(
                "a `switch` getter that calls a method", "compute its value from the struct's stored properties",
                at: getter.switch)
            return nil
        }
        let steps = Self.nestedCaseTests(tests, default: defaultBody, keepsEmptyElse: false)
        return hoisted(steps, into: temporary, type: type, for: id, at: at)
    }
}
