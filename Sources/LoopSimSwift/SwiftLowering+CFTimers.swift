import LoopSimScenario
import SwiftSyntax

/// Core Foundation's timer calls, as code written against CF writes them: `CFRunLoopTimerCreateWithHandler`,
/// `CFRunLoopAddTimer`, `CFRunLoopTimerInvalidate` (Apple's pages for each; CFRunLoop.c). A `CFRunLoopTimer` is the
/// same object as a `Timer` (toll-free bridged: Apple, "Toll-Free Bridged Types"), so each lowers to the steps a
/// `Timer` made with `Timer(fire:interval:repeats:block:)` and added with `RunLoop.add(_:forMode:)` lowers to.
extension SwiftLowering {
    /// Whether `call` is `CFRunLoopTimerCreateWithHandler(…)`.
    func isCFTimerCreation(_ call: FunctionCallExprSyntax) -> Bool {
        call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "CFRunLoopTimerCreateWithHandler"
    }

    /// `CFRunLoopTimerCreateWithHandler(allocator, fireDate, interval, flags, order) { timer in … }` → `timer:
    /// PLACE` (unscheduled until `CFRunLoopAddTimer`) with `firstFire:` the fire date from now and `every:` the
    /// interval; an interval of 0 (or less) makes a one-shot timer (Apple, CFRunLoopTimerCreate: "If 0 or
    /// negative, the timer fires once and then is automatically invalidated"). The fire date is
    /// `CFAbsoluteTimeGetCurrent() + N` (or `CFAbsoluteTimeGetCurrent()`, now). `flags` and `order` are ignored,
    /// as CF ignores them ("Currently ignored. Pass 0"; "Run loop timers currently ignore this parameter").
    mutating func cfTimerCreation(_ call: FunctionCallExprSyntax, place: String?, in scope: Scope)
        -> (steps: [LocatedNode], type: LoweredType)
    {
        let at = location(call)
        var arguments = Array(call.arguments)
        var closure = call.trailingClosure
        if closure == nil, arguments.count == 6, let last = arguments.last?.expression.as(ClosureExprSyntax.self) {
            closure = last
            arguments.removeLast()
        }
        guard arguments.count == 5, let closure else {
            unsupported(
                "this `CFRunLoopTimerCreateWithHandler` call",
                "write `CFRunLoopTimerCreateWithHandler(kCFAllocatorDefault, CFAbsoluteTimeGetCurrent() + 1, 1, 0, 0) "
                    + "{ timer in … }`", at: call)
            return ([], .timer)
        }
        guard let first = cfFireDate(arguments[1].expression, in: scope) else { return ([], .timer) }
        let intervalExpression = arguments[2].expression
        guard let interval = duration(intervalExpression, in: scope) else { return ([], .timer) }
        let literal =
            intervalExpression.as(IntegerLiteralExprSyntax.self)?.literal.text
            ?? intervalExpression.as(FloatLiteralExprSyntax.self)?.literal.text
        guard let literal, let seconds = Double(literal.replacingUnderscores()) else {
            unsupported(
                "a computed interval of a CFRunLoopTimer", "write the interval in seconds as a literal (0: once)",
                at: intervalExpression)
            return ([], .timer)
        }
        guard let block = lowerClosure(closure, in: scope, parameters: 1, parameterKey: ("timer", .timer)) else {
            return ([], .timer)
        }
        let iat = location(intervalExpression)
        let extra: [(String, LocatedNode)] = [
            ("every", .plain(seconds > 0 ? interval : "0s", at: iat)),
            ("repeats", .plain(seconds > 0 ? "true" : "false", at: iat)),
            ("firstFire", .plain(first, at: location(arguments[1].expression))),
            ("block", .map(block, at: location(closure))),
        ]
        return ([.step("timer", place, at: at, extra)], .timer)
    }

    /// `CFAbsoluteTimeGetCurrent() + N` as `N` (a duration from now), `CFAbsoluteTimeGetCurrent()` as `0s`; nil after
    /// refusing another date.
    private mutating func cfFireDate(_ e: ExprSyntax, in scope: Scope) -> String? {
        let isNow = { (x: ExprSyntax) -> Bool in
            guard let call = x.as(FunctionCallExprSyntax.self), call.arguments.isEmpty else { return false }
            return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "CFAbsoluteTimeGetCurrent"
        }
        if isNow(e) { return "0s" }
        if let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            if isNow(elements[0]), elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+" {
                return duration(elements[2], in: scope)
            }
        }
        unsupported("this fire date", "write `CFAbsoluteTimeGetCurrent() + N` (N seconds from now)", at: e)
        return nil
    }

    /// `CFRunLoopAddTimer(rl, timer, mode)` → `addTimer: timer` with `to:` and `mode:`;
    /// `CFRunLoopTimerInvalidate(timer)` → `invalidate: timer`.
    mutating func cfTimerCall(_ name: String, _ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode] {
        let at = location(call)
        let arguments = Array(call.arguments)
        switch name {
        case "CFRunLoopAddTimer" where arguments.count == 3:
            guard let loop = cfRunLoop(arguments[0].expression, in: scope),
                let timer = expression(arguments[1].expression, in: scope),
                let mode = cfMode(arguments[2].expression)
            else { return [] }
            return [.step("addTimer", timer.text, at: at, [("to", .plain(loop, at: at)), ("mode", mode)])]
        case "CFRunLoopTimerInvalidate" where arguments.count == 1:
            guard let timer = expression(arguments[0].expression, in: scope) else { return [] }
            return [.step("invalidate", timer.text, at: at)]
        default:
            unsupported(
                "this `\(name)` call",
                "write `CFRunLoopAddTimer(CFRunLoopGetMain(), timer, .commonModes)` or "
                    + "`CFRunLoopTimerInvalidate(timer)`", at: call)
            return []
        }
    }

    /// `CFRunLoopGetMain()`, `CFRunLoopGetCurrent()` or a run-loop value, as a run-loop argument.
    private mutating func cfRunLoop(_ e: ExprSyntax, in scope: Scope) -> String? {
        if let call = e.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            if name == "CFRunLoopGetMain" { return "main runloop" }
            if name == "CFRunLoopGetCurrent" { return "current runloop" }
        }
        if let loop = runLoopArgument(e, in: scope) { return loop }
        unsupported("this run loop", "write `CFRunLoopGetMain()`, `CFRunLoopGetCurrent()` or a CFRunLoop value", at: e)
        return nil
    }
}
