import LoopSimScenario
import SwiftSyntax

/// `names.joined(separator: ", ")` and `names.joined()` of an array of `String`s as a value (docs/swift-scenarios.md,
/// "Arrays"): the elements in order with the separator between each two, the empty string for an empty array (the
/// standard library's `Sequence.joined(separator:)` where `Element: StringProtocol`, String.swift). The language's
/// expressions have no loop, so the value is hoisted before the statement (SwiftLowering+Returns.swift) as the loop
/// Swift runs: a string local `joinedLINExCOL` that starts empty and takes `separator + element` for each element but
/// the first, over a copy of the array taken when the loop starts.
extension SwiftLowering {
    /// The value of `call` when it is `joined(separator:)`/`joined()` on an array; nil when it is not.
    mutating func joinedValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text == "joined", call.trailingClosure == nil,
            call.arguments.allSatisfy({ $0.label?.text == "separator" }), call.arguments.count <= 1,
            Self.rangeOperands(base) != nil || isArrayExpression(base, in: scope)
                || base.as(FunctionCallExprSyntax.self).map({ isNonOptionalArrayFunction(ExprSyntax($0)) }) == true
        else { return nil }
        if let done = hoisting.temporaries[call.id] { return .some(done) }
        guard hoisting.isOpen else {
            unsupported(
                "`joined` here", "use it in a method, a closure or the scenario's code, where statements run", at: call)
            return .some(nil)
        }
        guard let array = expression(base, in: scope), case .array(let element) = array.type else {
            return .some(nil)
        }
        guard element == .string else {
            unsupported(
                "`joined` of an array of `\(element)`",
                "join an array of `String`s: `names.joined(separator: \", \")`, or `map { \"\\($0)\" }` first", at: call
            )
            return .some(nil)
        }
        var separator = "\"\""
        if let argument = call.arguments.first {
            guard let lowered = expression(argument.expression, in: scope) else { return .some(nil) }
            guard lowered.type == .string else {
                unsupported("a separator that is not a `String`", "pass a String: `separator: \", \"`", at: argument)
                return .some(nil)
            }
            separator = lowered.text
        }
        let at = location(call)
        let result = Self.temporaryName("joined", at: at)
        let first = Self.temporaryName("joinedFirst", at: at)
        let item = Self.temporaryName("joinedItem", at: at)
        let body: [LocatedNode] = [
            .step(
                "if", "!\(first)", at: at,
                [("then", .list([.step("set", "\(result) = \(result) + \(separator)", at: at)], at: at))]),
            .step("set", "\(result) = \(result) + \(item)", at: at),
            .step("set", "\(first) = false", at: at),
        ]
        let steps: [LocatedNode] = [
            .step("let", "\(result) = \"\"", at: at),
            .step("let", "\(first) = true", at: at),
            .step("for", "\(item) in \(array.text)", at: at, [("do", .list(body, at: at))]),
        ]
        // `let text = names.joined(…)` prints as its value (SwiftLowering+Interpolation.swift): never nil.
        if let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
            plainBindings.insert(binding.id)
        }
        return .some(hoisted(steps, into: result, type: .string, for: call.id, at: at))
    }

    /// Whether `e` is a `joined` call on an array reached without `?`: a `String`, never nil, printed as its value.
    func isJoinedCall(_ e: ExprSyntax) -> Bool {
        guard let call = e.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "joined", let base = member.base
        else { return false }
        return !base.trimmedDescription.contains("?")
    }
}
