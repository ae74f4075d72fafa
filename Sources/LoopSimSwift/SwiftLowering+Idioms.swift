import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// `@IBOutlet weak var label: UILabel!`: a view the storyboard connects, which the model does not make. Its
    /// field is a `UIView` (every outlet's class is a view or a controller here), weak as declared; the storyboard
    /// never connects it, so it stays nil and a message to it does nothing, as to an unconnected outlet.
    func outletType(_ binding: PatternBindingSyntax) -> LoweredType? {
        guard let decl = binding.parent?.parent?.as(VariableDeclSyntax.self),
            decl.attributes.contains(where: {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "IBOutlet"
            }),
            let annotation = binding.typeAnnotation
        else { return nil }
        let type = typeNamed(annotation.type)
        return type == .unknown ? .object("UIView") : type
    }

    /// Whether `modifier` on a top-level declaration changes nothing the model follows: an access modifier
    /// (a top-level `private var page: Page?` is `main:`'s `page`).
    func isTopLevelAccessModifier(_ modifier: DeclModifierSyntax, in scope: Scope) -> Bool {
        scope.kind == .main && Self.accessModifiers.contains(modifier.name.text)
    }

    /// The free functions of everyday Swift that `print` sits beside: `NSLog` and `debugPrint` (a log),
    /// `fatalError`, `precondition`, `preconditionFailure` (a trap), `assert` and `assertionFailure` (nothing:
    /// a release build does not evaluate them). Nil for any other name.
    mutating func idiomCall(_ name: String, _ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode]? {
        let at = location(call)
        let arguments = Array(call.arguments)
        switch name {
        case "NSLog":
            // NSLog(format, args…): the format with each `%@`, `%d`, … replaced by its argument as written (the log
            // records text as written, as print's interpolations are). Foundation, `NSLog`.
            guard let first = arguments.first, let format = first.expression.as(StringLiteralExprSyntax.self) else {
                unsupported("this NSLog", "pass the format as a string literal: `NSLog(\"tick %d\", n)`", at: call)
                return []
            }
            let values = arguments.dropFirst().map { "\\(" + $0.expression.trimmedDescription + ")" }
            return [.step("log", nil, at: at).replacingArgument(Self.formatted(literalSource(format), values))]
        case "debugPrint":
            // debugPrint writes each item's debugDescription: a string is quoted (Swift standard library,
            // `debugPrint(_:separator:terminator:)`), so `debugPrint("decoding")` writes `"decoding"`.
            var items: [String] = []
            var separator = " "
            for argument in arguments {
                switch argument.label?.text {
                case "separator": separator = plainString(argument.expression) ?? separator
                case "terminator": continue
                default:
                    if let literal = argument.expression.as(StringLiteralExprSyntax.self) {
                        items.append("\"" + literalSource(literal) + "\"")
                    } else {
                        items.append("\\(" + argument.expression.trimmedDescription + ")")
                    }
                }
            }
            return [.step("log", nil, at: at).replacingArgument(items.joined(separator: separator))]
        case "fatalError", "preconditionFailure":
            // Both stop the program, in every build (Swift standard library).
            let message = arguments.first.flatMap { $0.expression.as(StringLiteralExprSyntax.self) }
            let text = trapPrefix(call) + "Fatal error" + (message.map { ": " + literalSource($0) } ?? "")
            return [.step("trap", nil, at: at).replacingArgument(text)]
        case "precondition":
            // `precondition(condition, message)`: a failed condition stops the program in -Onone and -O builds.
            guard let condition = arguments.first, condition.label == nil,
                let lowered = expression(condition.expression, in: scope)
            else { return [] }
            let message = arguments.dropFirst().first.flatMap { $0.expression.as(StringLiteralExprSyntax.self) }
            let text = trapPrefix(call) + "Precondition failed" + (message.map { ": " + literalSource($0) } ?? "")
            let trap = LocatedNode.step("trap", nil, at: at).replacingArgument(text)
            return [.step("if", "!(\(lowered.text))", at: at, [("then", .list([trap], at: at))])]
        case "assert", "assertionFailure":
            // Not evaluated in a release (-O) build, which is what runs on users' devices (Swift standard library,
            // `assert(_:_:file:line:)`: "In -O builds … condition is not evaluated"). docs/fidelity.md.
            return []
        default:
            return nil
        }
    }

    /// A string literal's text as written, its interpolations kept as `\(…)`.
    private func literalSource(_ literal: StringLiteralExprSyntax) -> String {
        literal.segments.map { segment in
            segment.as(StringSegmentSyntax.self)?.content.text ?? segment.trimmedDescription
        }.joined()
    }

    /// A printf-style format with its conversions (`%@`, `%d`, `%ld`, `%.2f`, …) replaced by `values` in order;
    /// `%%` is a percent sign. A conversion without a value is kept as written.
    static func formatted(_ format: String, _ values: [String]) -> String {
        var result = ""
        var remaining = values[...]
        var i = format.startIndex
        while i < format.endIndex {
            let c = format[i]
            i = format.index(after: i)
            guard c == "%", i < format.endIndex else {
                result.append(c)
                continue
            }
            if format[i] == "%" {
                result.append("%")
                i = format.index(after: i)
                continue
            }
            var j = i
            while j < format.endIndex, "0123456789.-+ #lhqzjtL".contains(format[j]) { j = format.index(after: j) }
            guard j < format.endIndex else {
                result += "%" + format[i...]
                break
            }
            let end = format.index(after: j)
            if let value = remaining.popFirst() {
                result += value
            } else {
                result += "%" + format[i..<end]
            }
            i = end
        }
        return result
    }

    /// `_ = x`: evaluating a name or a member read has no effect the model follows, so it lowers to nothing (a
    /// discarded call is its call). Nil when `rhs` is something else.
    mutating func discardedValue(_ rhs: ExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        if rhs.is(DeclReferenceExprSyntax.self) || rhs.is(MemberAccessExprSyntax.self) {
            guard expression(rhs, in: scope) != nil else { return [] }
            return []
        }
        if let call = rhs.as(FunctionCallExprSyntax.self) {
            if let steps = discardedObservation(call, in: scope) { return steps }  // SwiftLowering+KVO.swift
            return callStatement(call, in: &scope)
        }
        return nil
    }

    /// An argument of `Timer(fire:interval:repeats:block:)` (or `fireAt:`, the target/selector form): `interval:` is
    /// `every:`; the fire date is `firstFire:` from creation — `Date()` now (0), `Date(timeIntervalSinceNow: N)` and
    /// `Date().addingTimeInterval(N)` N seconds on (Apple, `Timer.init(fire:interval:repeats:block:)`: "date: The
    /// time at which the timer should first fire"). Nil after refusing another date.
    mutating func fireDateArgument(_ label: String, _ value: ExprSyntax, in scope: Scope) -> (String, LocatedNode)? {
        let at = location(value)
        if label == "interval" { return duration(value, in: scope).map { ("every", .plain($0, at: at)) } }
        if let call = value.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Date"
        {
            if call.arguments.isEmpty { return ("firstFire", .plain("0s", at: at)) }
            if call.arguments.count == 1, call.arguments.first?.label?.text == "timeIntervalSinceNow",
                let argument = call.arguments.first?.expression
            {
                return duration(argument, in: scope).map { ("firstFire", .plain($0, at: at)) }
            }
        }
        if let call = value.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "addingTimeInterval", call.arguments.count == 1,
            let base = member.base?.as(FunctionCallExprSyntax.self), base.arguments.isEmpty,
            base.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Date",
            let argument = call.arguments.first?.expression
        {
            return duration(argument, in: scope).map { ("firstFire", .plain($0, at: at)) }
        }
        unsupported(
            "this fire date", "write `Date()`, `Date(timeIntervalSinceNow: N)` or `Date().addingTimeInterval(N)`",
            at: value)
        return nil
    }
}
