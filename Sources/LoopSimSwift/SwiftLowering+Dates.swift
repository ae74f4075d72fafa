import LoopSimScenario
import SwiftSyntax

/// Dates as values (docs/swift-scenarios.md, "Dates"): `Date()` is the scenario language's `now_date`, the wall
/// clock's time since the scenario's start as a `duration`, so that what engineers compute with dates —
/// `Date().timeIntervalSince(start)`, `start.timeIntervalSinceNow`, `Date(timeIntervalSinceNow: 5)`,
/// `deadline.addingTimeInterval(2)`, `a < b` — is the duration's arithmetic and comparison, on the clock that goes
/// on while the device sleeps (Foundation's `Date` is wall-clock time: DOC NSDate; `[NSDate date]`). `Int(x)` of a
/// `TimeInterval` is `int(x)`, its whole seconds toward zero, as Swift's `Int(_: Double)` truncates. A date's
/// absolute value (`timeIntervalSince1970`, `timeIntervalSinceReferenceDate`, `CFAbsoluteTimeGetCurrent()`) is
/// the time since the start plus the run's start on that clock, a fixed instant (``startSince1970``), and the
/// uptime clocks (`CACurrentMediaTime()`, `ProcessInfo.processInfo.systemUptime`) are the language's `now_uptime`
/// (the monotonic clock, which stands still while the device sleeps) plus ``uptimeAtStart``: their differences are
/// exact, their absolute values a documented choice. `Date.distantFuture` and printing a date stay out.
extension SwiftLowering {
    /// The wall clock at the run's start, in seconds since 1970: 2026-01-01T00:00:00Z (a fixed instant, so that
    /// runs stay deterministic; docs/fidelity.md).
    static let startSince1970 = 1_767_225_600
    /// The same instant since Foundation's reference date, 2001-01-01T00:00:00Z (978 307 200 s after 1970).
    static let startSinceReferenceDate = 1_767_225_600 - 978_307_200
    /// The monotonic clock at the run's start, in seconds: the device booted 1000 s before (never 0, which app
    /// code may use as "not set yet").
    static let uptimeAtStart = 1000

    /// The wall clock since `epoch` now, a `TimeInterval` (`Date().timeIntervalSince1970`).
    private static func wallReading(since seconds: Int) -> String { "(now_date + \(seconds)s)" }
    private static let uptimeReading = "(now_uptime + \(uptimeAtStart)s)"

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
            case ("Date", ["timeIntervalSince1970"]), ("Date", ["timeIntervalSinceReferenceDate"]):
                // A date from its absolute value: the time since the start that value is.
                guard let x = dateInterval(call.arguments.first!.expression, in: scope) else { return .some(nil) }
                let epoch = labels == ["timeIntervalSince1970"] ? Self.startSince1970 : Self.startSinceReferenceDate
                return .some(("(\(x) - \(epoch)s)", .duration))
            case ("Date", _):
                refuseAbsoluteDate(call)
                return .some(nil)
            case ("CACurrentMediaTime", []):
                return .some((Self.uptimeReading, .duration))
            case ("CFAbsoluteTimeGetCurrent", []):
                return .some((Self.wallReading(since: Self.startSinceReferenceDate), .duration))
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
            if name == "timeIntervalSinceReferenceDate" {
                return .some((Self.wallReading(since: Self.startSinceReferenceDate), .duration))
            }
            refuseAbsoluteDate(member)
            return .some(nil)
        }
        if name == "systemUptime", base.trimmedDescription == "ProcessInfo.processInfo",
            scope.locals["ProcessInfo"] == nil
        {
            return .some((Self.uptimeReading, .duration))
        }
        switch name {
        case "timeIntervalSinceNow":
            guard let d = dateValue(base, in: scope) else { return .some(nil) }
            return .some(("(\(d) - now_date)", .duration))
        case "timeIntervalSince1970", "timeIntervalSinceReferenceDate":
            guard let read = expression(base, in: scope), read.type == .duration else { return nil }
            let epoch = name == "timeIntervalSince1970" ? Self.startSince1970 : Self.startSinceReferenceDate
            return .some(("(\(read.text) + \(epoch)s)", .duration))
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
            "`\(node.trimmedDescription)`",
            "LoopSim's dates are `Date()`, `Date(timeIntervalSinceNow:)`, `Date(timeIntervalSince1970:)`, "
                + "`Date.now` and intervals between dates (`Date().timeIntervalSince(start)`)", at: node)
    }
}
