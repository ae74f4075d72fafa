import LoopSimKernel
import LoopSimScenario
import SwiftSyntax

/// `name.hasPrefix("r")`, `hasSuffix`, `contains`, `uppercased()`, `lowercased()` of a `String` as values
/// (docs/swift-scenarios.md, "Everyday Swift"): the scenario language's string functions of the same names, which
/// the kernel evaluates with Swift's own (docs/scenario-format.md §6).
extension SwiftLowering {
    /// The value of `call` when it is one of these on a `String`; nil when it is not.
    mutating func stringFunctionValue(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            let function = StringFunction(rawValue: member.declName.baseName.text), call.trailingClosure == nil,
            function != .debugDescription  // a property, not a function
        else { return nil }
        let arguments = Array(call.arguments)
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
            let function = StringFunction(rawValue: member.declName.baseName.text), function != .debugDescription,
            !base.trimmedDescription.contains("?")
        else { return false }
        let snapshot = self
        let type = staticType(base, in: scope, report: false)
        self = snapshot
        return type == .string
    }
}
