import LoopSimScenario
import SwiftSyntax

/// Dates as values (docs/swift-scenarios.md, "Dates"): `Date()` is the scenario language's `now_date`, the wall
/// clock's time since the scenario's start as a `duration`, so that what engineers compute with dates —
/// `Date().timeIntervalSince(start)`, `start.timeIntervalSinceNow`, `Date(timeIntervalSinceNow: 5)`,
/// `deadline.addingTimeInterval(2)`, `a < b` — is the duration's arithmetic and comparison, on the clock that goes
/// on while the device sleeps (Foundation's `Date` is wall-clock time: DOC NSDate; `[NSDate date]`). `Int(x)` of a
/// `TimeInterval` is `int(x)`, its whole seconds toward zero, as Swift's `Int(_: Double)` truncates. A date's
/// absolute value (`timeIntervalSince1970`, `Date.distantFuture`, printing a date) is refused or logged as
/// written: LoopSim's dates count from the start of the run.
extension SwiftLowering {
    /// `Date()`, `Date(timeIntervalSinceNow: X)`, `Date(timeInterval: X, since: d)`, `d.addingTimeInterval(X)`,
    /// `a.timeIntervalSince(b)`, `Int(x)` of a duration. Nil when `call` is none of them; `.some(nil)` after
    /// refusing one.
    mutating func dateCall(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard call.trailingClosure == nil else { return nil }
        let labels = call.arguments.map { $0.label?.text }
        if let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
            scope.locals[callee.baseName.text] == nil,
            classes[callee.baseName.text] == nil
        {
            switch (callee.baseName.text, labels) {
            case ("Date", []):
                return .some(("now_date", .duration))
            case ("Date", ["timeIntervalSinceNow"]):
                guard let x = dateInterval(call.arguments.first!.expression, in: scope) else { return .some(nil) }
                return .some(("(now_date + \(x))", .duration))
            case ("Date", ["timeInterval", "since"]):
                guard let x = dateInterval(call.arguments.first!.expression, in: scope),
                    let d = dateValue(call.arguments.last!.expression, in: scope)
                else { return .some(nil) }
                return .some(("(\(d) + \(x))", .duration))
            case ("Date", _):
                refuseAbsoluteDate(call)
                return .some(nil)
            case ("Int", [nil]):
                guard let inner = expression(call.arguments.first!.expression, in: scope) else { return .some(nil) }
                switch inner.type {
                case .duration: return .some(("int(\(inner.text))", .int))
                case .int: return .some((inner.text, .int))
                default: return nil
                }
            default:
                return nil
            }
        }
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base else {
            return nil
        }
        switch (member.declName.baseName.text, labels) {
        case ("addingTimeInterval", [nil]):
            guard let d = dateValue(base, in: scope),
                let x = dateInterval(call.arguments.first!.expression, in: scope)
            else { return .some(nil) }
            return .some(("(\(d) + \(x))", .duration))
        case ("timeIntervalSince", [nil]):
            guard let a = dateValue(base, in: scope), let b = dateValue(call.arguments.first!.expression, in: scope)
            else { return .some(nil) }
            return .some(("(\(a) - \(b))", .duration))
        default:
            return nil
        }
    }

    /// `d.timeIntervalSinceNow`, `Date.now`; a date's absolute readings refused. Nil when `member` is none of them.
    mutating func dateMember(_ member: MemberAccessExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let base = member.base else { return nil }
        let name = member.declName.baseName.text
        if let type = base.as(DeclReferenceExprSyntax.self)?.baseName.text, type == "Date", scope.locals[type] == nil {
            if name == "now" { return .some(("now_date", .duration)) }
            refuseAbsoluteDate(member)
            return .some(nil)
        }
        switch name {
        case "timeIntervalSinceNow":
            guard let d = dateValue(base, in: scope) else { return .some(nil) }
            return .some(("(\(d) - now_date)", .duration))
        case "timeIntervalSince1970", "timeIntervalSinceReferenceDate":
            guard let read = expression(base, in: scope), read.type == .duration else { return nil }
            refuseAbsoluteDate(member)
            return .some(nil)
        default:
            return nil
        }
    }

    /// A date operand: a `Date` value (held as a duration since the start); nil after refusing another type.
    private mutating func dateValue(_ e: ExprSyntax, in scope: Scope) -> String? {
        guard let value = expression(e, in: scope) else { return nil }
        guard value.type == .duration || value.type == .unknown else {
            unsupported(
                "a value of type \(value.type) as a `Date`",
                "make dates with `Date()` or `Date(timeIntervalSinceNow:)` (a timer's `fireDate` is not one here)",
                at: e)
            return nil
        }
        return value.text
    }

    /// A `TimeInterval` operand of a date's arithmetic: a duration (an `Int` literal is seconds).
    private mutating func dateInterval(_ e: ExprSyntax, in scope: Scope) -> String? {
        durationExpression(sequenceElements(e), in: scope).map { "(\($0))" }
    }

    private mutating func refuseAbsoluteDate(_ node: some SyntaxProtocol) {
        unsupported(
            "`\(node.trimmedDescription)`, a date's absolute value",
            "LoopSim's dates count from the start of the run: use `Date()`, `Date(timeIntervalSinceNow:)` and "
                + "intervals between dates (`Date().timeIntervalSince(start)`)", at: node)
    }
}
