import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// `timer.fireDate = DATE` (`timer?.fireDate`, `self.timer.fireDate`): `setFireDate:` (docs/scenario-format.md
    /// §7.3), `-[NSTimer setFireDate:]`. The dates an engineer writes there: `.distantFuture` (the pause idiom),
    /// `.distantPast`, `Date()` (resume now), `Date(timeIntervalSinceNow: N)`, `Date().addingTimeInterval(N)`,
    /// `Date() + N`, another timer's `fireDate`. Nil when the sequence is no such store.
    mutating func fireDateStore(_ sequence: SequenceExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let (timer, value) = timerStore(sequence, "fireDate", in: scope) else { return nil }
        let at = location(sequence)
        func step(_ key: String, _ text: String) -> [LocatedNode] {
            [.step("setFireDate", timer.text, at: at, [(key, .plain(text, at: location(value[0])))])]
        }
        if value.count == 1, let single = value.first {
            switch dateName(single) {
            case "distantFuture": return step("at", "distantFuture")
            case "distantPast": return step("at", "referenceDate")
            default: break
            }
            if isNow(single) { return step("after", "0s") }
            if let call = single.as(FunctionCallExprSyntax.self) {
                // `Date(timeIntervalSinceNow: N)`
                if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Date",
                    call.arguments.count == 1, call.arguments.first?.label?.text == "timeIntervalSinceNow",
                    let n = call.arguments.first?.expression
                {
                    return duration(n).map { step("after", $0) } ?? []
                }
                // `Date().addingTimeInterval(N)`
                if let m = call.calledExpression.as(MemberAccessExprSyntax.self),
                    m.declName.baseName.text == "addingTimeInterval", let b = m.base, isNow(b),
                    call.arguments.count == 1, let n = call.arguments.first?.expression
                {
                    return duration(n).map { step("after", $0) } ?? []
                }
            }
            // Another timer's `fireDate` (milliseconds of virtual time, as the language reads it).
            if single.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "fireDate",
                let read = expression(single, in: scope), read.type == .date
            {
                return step("at", read.text)
            }
        }
        // `Date() + N`
        if value.count == 3, isNow(value[0]), value[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+" {
            return duration(value[2]).map { step("after", $0) } ?? []
        }
        unsupported(
            "this fire date",
            "write `.distantFuture`, `Date()`, `Date(timeIntervalSinceNow: N)`, "
                + "`Date().addingTimeInterval(N)` or `Date() + N`", at: value[0])
        return []
    }

    /// `link.isPaused = BOOL` (`link?.isPaused`, `self.link.isPaused`) on a `CADisplayLink`: `setPaused:`
    /// (docs/scenario-format.md §7.3). Nil when the sequence is no such store.
    mutating func pausedStore(_ sequence: SequenceExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let (link, value) = timerStore(sequence, "isPaused", in: scope) else { return nil }
        guard let flag = infix(value, in: scope) else { return [] }
        let at = location(sequence)
        return [.step("setPaused", link.text, at: at, [("to", .plain(flag.text, at: location(value[0])))])]
    }

    /// `link.preferredFramesPerSecond = N` on a `CADisplayLink`: `setPreferredFramesPerSecond:` (docs/scenario-format.md
    /// §7.3): the link's rate, the factor of 60 Hz nearest to N. Nil when the sequence is no such store.
    mutating func frameRateStore(_ sequence: SequenceExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let (link, value) = timerStore(sequence, "preferredFramesPerSecond", in: scope) else { return nil }
        guard let rate = infix(value, in: scope) else { return [] }
        guard [.int, .unknown].contains(rate.type) else {
            unsupported("a frame rate of type \(rate.type)", "write a number of frames per second: `30`", at: value[0])
            return []
        }
        let at = location(sequence)
        return [
            .step("setPreferredFramesPerSecond", link.text, at: at, [("to", .plain(rate.text, at: location(value[0])))])
        ]
    }

    /// `TIMER.PROPERTY = VALUE` (`t.p`, `t?.p`, `self.t.p`) on a timer or a display link: the timer, lowered, and the
    /// value's elements. Nil when the sequence is no such store (another property, not a timer).
    mutating func timerStore(_ sequence: SequenceExprSyntax, _ property: String, in scope: Scope)
        -> (timer: (text: String, type: LoweredType), value: [ExprSyntax])?
    {
        let elements = Array(sequence.elements)
        guard elements.count >= 3, elements[1].is(AssignmentExprSyntax.self),
            let member = elements[0].as(MemberAccessExprSyntax.self), member.declName.baseName.text == property,
            let base = member.base
        else { return nil }
        let receiver = base.as(OptionalChainingExprSyntax.self)?.expression ?? base
        guard let timer = expression(receiver, in: scope), timer.type == .timer else { return nil }
        return (timer, Array(elements[2...]))
    }

    /// `distantFuture` for `.distantFuture`, `Date.distantFuture`, `NSDate.distantFuture` (likewise `distantPast`).
    private func dateName(_ e: ExprSyntax) -> String? {
        guard let m = e.as(MemberAccessExprSyntax.self) else { return nil }
        let name = m.declName.baseName.text
        guard name == "distantFuture" || name == "distantPast" else { return nil }
        if let base = m.base?.as(DeclReferenceExprSyntax.self)?.baseName.text {
            return ["Date", "NSDate"].contains(base) ? name : nil
        }
        return m.base == nil ? name : nil
    }

    /// `Date()` or `Date.now`.
    private func isNow(_ e: ExprSyntax) -> Bool {
        if let call = e.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Date"
        {
            return true
        }
        if let m = e.as(MemberAccessExprSyntax.self), m.declName.baseName.text == "now",
            m.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Date"
        {
            return true
        }
        return false
    }
}
