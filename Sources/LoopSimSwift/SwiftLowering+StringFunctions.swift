import LoopSimKernel
import LoopSimScenario
import SwiftSyntax

/// `name.hasPrefix("r")`, `hasSuffix`, `contains`, `uppercased()`, `lowercased()`, `trimmingCharacters(in:
/// .whitespaces)` and `(in: .whitespacesAndNewlines)` of a `String` as values (docs/swift-scenarios.md, "Everyday Swift"): the scenario language's string functions of the same names, which
/// the kernel evaluates with Swift's own (docs/scenario-format.md §6).
extension SwiftLowering {
    /// The value of `call` when it is one of these on a `String`; nil when it is not.
    mutating func stringFunctionValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            let function = Self.stringFunction(call), call.trailingClosure == nil
        else { return nil }
        let arguments = function.takesArgument ? Array(call.arguments) : []
        guard arguments.count == (function.takesArgument ? 1 : 0), arguments.allSatisfy({ $0.label == nil }) else {
            return nil
        }
        let snapshot = self
        let quiet = staticType(base, in: scope, report: false)
        self = snapshot
        guard quiet == .string else { return nil }
        guard let string = expression(base, in: scope) else { return .some(nil) }
        guard let argument = arguments.first else {
            return .some(("\(string.text).\(function.rawValue)()", .string))
        }
        guard let value = expression(argument.expression, in: scope) else { return .some(nil) }
        guard value.type == .string else {
            unsupported(
                "`\(function.rawValue)` of a value that is not a String", "pass a String: `name.hasPrefix(\"r\")`",
                at: argument)
            return .some(nil)
        }
        return .some(("\(string.text).\(function.rawValue)(\(value.text))", .bool))
    }
}

extension SwiftLowering {
    /// Whether `e` is one of these functions of a `String` reached without `?` (Swift's value is then a `Bool` or a
    /// `String`, never nil): it prints as its value (SwiftLowering+Interpolation.swift).
    mutating func isPlainStringFunction(_ e: ExprSyntax, in scope: Scope) -> Bool {
        guard let call = e.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            Self.stringFunction(call) != nil, !base.trimmedDescription.contains("?")
        else { return false }
        let snapshot = self
        let type = staticType(base, in: scope, report: false)
        self = snapshot
        return type == .string
    }
}

extension SwiftLowering {
    /// The language's function `call` is (its name, or `trimmingCharacters(in: .whitespaces)`'s
    /// `trimmingWhitespaces`); nil for any other call, and for a character set other than those two.
    static func stringFunction(_ call: FunctionCallExprSyntax) -> StringFunction? {
        guard let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text else {
            return nil
        }
        if name == "trimmingCharacters" {
            guard call.arguments.count == 1, call.arguments.first?.label?.text == "in",
                let set = call.arguments.first?.expression.as(MemberAccessExprSyntax.self),
                set.base == nil || set.base?.trimmedDescription == "CharacterSet"
            else { return nil }
            switch set.declName.baseName.text {
            case "whitespaces": return .trimmingWhitespaces
            case "whitespacesAndNewlines": return .trimmingWhitespacesAndNewlines
            default: return nil
            }
        }
        guard let function = StringFunction(rawValue: name), function != .debugDescription,  // a property
            function != .trimmingWhitespaces, function != .trimmingWhitespacesAndNewlines  // not Swift's names
        else { return nil }
        return function
    }
}
