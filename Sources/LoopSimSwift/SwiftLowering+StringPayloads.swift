import LoopSimScenario
import SwiftSyntax

/// `String` associated values, printed as Swift prints them (docs/swift-scenarios.md, "Enums with cases" and
/// "Errors: throws, try and do-catch"). `print` of an enum case with associated values writes the case's name and
/// its values in parentheses, each after its label, each as `debugPrint` writes it (the standard library's
/// `_adHocPrint_unlocked`, stdlib/public/core/OutputStream.swift): an `Int` and a `Bool` as themselves, a `String`
/// quoted and escaped, `String.debugDescription` (`failed("timeout")`, `server(message: "say \"hi\"")`), an optional
/// as `Optional(…)` or `nil`. Measured with swiftc 6.3.1 on this machine (conformance sw97). A `Double` prints its
/// shortest round-trip digits and an enum its module's name (`nested(App.Inner.a)`), neither of which the language
/// writes: those are logged as written (SwiftLowering+Interpolation.swift).
extension SwiftLowering {
    /// The text Swift prints for a value held at `place` of `type` inside a case's parentheses, for the language's
    /// interpolated string: `\(place)` for an `Int` or a `Bool`, `\(place.debugDescription)` for a `String`
    /// (docs/scenario-format.md §6). Nil for another type.
    static func printedPayloadValue(_ place: String, type: LoweredType) -> String? {
        switch type {
        case .int, .bool: "\\(\(place))"
        case .string: "\\(\(place).debugDescription)"
        default: nil
        }
    }

    /// The steps that store into `temporary` the text Swift prints for the case `c` of the payload enum `e` held at
    /// `subject` (its places `subject_c_label`, SwiftLowering+PayloadEnums.swift): `idle`, `moved(from: 1, to: "x")`.
    /// An optional value is `Optional(…)` or `nil` (`String(describing:)` of an `Optional`, the standard library's
    /// `Optional.debugDescription`), chosen by an `if:` on its place into a temporary of its own first.
    func payloadCaseText(
        _ c: PayloadEnum.Case, of e: PayloadEnum, at subject: String, into temporary: String, at: ScenarioLocation
    ) -> [LocatedNode] {
        guard !c.values.isEmpty else { return [.step("let", "\(temporary) = \"\(c.name)\"", at: at)] }
        var steps: [LocatedNode] = []
        var parts: [String] = []
        for index in c.values.indices {
            let fieldName = PayloadEnum.field(c, index)
            let place = "\(subject)_\(fieldName)"
            guard let field = structs[e.name]?.field(fieldName),
                let printed = Self.printedPayloadValue(place, type: field.type)
            else { continue }
            var value = printed
            if field.isOptional {
                let optional = "\(temporary)_\(fieldName)"
                steps.append(.step("let", "\(optional) = \"nil\"", at: at))
                steps.append(
                    .step(
                        "if", "\(place) != nil", at: at,
                        [("then", .list([.step("set", "\(optional) = \"Optional(\(printed))\"", at: at)], at: at))]))
                value = "\\(\(optional))"
            }
            parts.append(c.values[index].label.map { "\($0): \(value)" } ?? value)
        }
        steps.append(.step("let", "\(temporary) = \"\(c.name)(\(parts.joined(separator: ", ")))\"", at: at))
        return steps
    }

    /// `x` of `String(describing: x)`, which is the text `print(x)` writes (the standard library's
    /// `String(describing:)` and `print` both write `x`'s `description` through `_print_unlocked`,
    /// stdlib/public/core/OutputStream.swift). Nil for another expression.
    func describedValue(_ e: ExprSyntax) -> ExprSyntax? {
        guard let call = e.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "String",
            call.arguments.count == 1, let only = call.arguments.first, only.label?.text == "describing"
        else { return nil }
        return only.expression
    }

    /// `case .failed("timeout")`, `case .moved(from: 1, to: name)`: a value written in a case pattern is compared
    /// with the case's value by `~=`, which is `==` for an `Int`, a `Bool`, a `String` (the Swift book, "Patterns" ›
    /// "Expression Pattern"); the test of the value held at `place`. Nil after refusing (a value of another type, or
    /// of a type that is not the case's).
    mutating func payloadValueTest(_ value: ExprSyntax, place: String, type: LoweredType, in scope: Scope) -> String? {
        guard [.int, .bool, .string].contains(type) else {
            unsupported(
                "this value in a case pattern", "bind it (`let value`) and compare it in the case's body", at: value)
            return nil
        }
        guard let lowered = expression(value, in: scope) else { return nil }
        guard lowered.type == type else {
            unsupported(
                "this value in a case pattern", "write a value of the case's type, or bind it (`let value`)",
                at: value)
            return nil
        }
        return "\(place) == \(lowered.text)"
    }
}
