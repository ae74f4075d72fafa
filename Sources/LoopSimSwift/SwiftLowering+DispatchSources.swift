import LoopSimScenario
import SwiftSyntax

/// Dispatch queues' calls beyond `async`, dispatch timer sources (made, scheduled, given their handler and resumed:
/// one `dispatch_source_timer:`), and timed waits on semaphores and groups (docs/swift-scenarios.md, "Foundation,
/// GCD and CF APIs").
extension SwiftLowering {
    /// `queue:` and the block of `group.notify(queue: .main) { … }`, `item.notify(queue:execute:)`.
    mutating func queueAndBlock(_ call: FunctionCallExprSyntax, in scope: Scope)
        -> (String, [(String, LocatedNode)])?
    {
        guard let argument = call.arguments.first(where: { $0.label?.text == "queue" }),
            let queue = queueArgument(argument.expression, in: scope)
        else {
            unsupported("this call", "write `notify(queue: .main) { … }`", at: call)
            return nil
        }
        guard let closure = trailingOrLabelled(call, "execute"),
            let block = lowerClosure(closure, in: scope, parameters: 0)
        else {
            if trailingOrLabelled(call, "execute") == nil {
                unsupported("`notify` without a closure", "pass the block as a trailing closure", at: call)
            }
            return nil
        }
        return (queue, block)
    }

    /// `q.async(execute: item)`: `asyncWorkItem:`; `q.async(flags: .barrier) { }`: `dispatch_barrier_async:`.
    mutating func queueCall(_ queue: String, _ name: String, _ call: FunctionCallExprSyntax, in scope: Scope)
        -> [LocatedNode]?
    {
        let at = location(call)
        if let steps = workItemQueueCall(queue, name, call, in: scope) { return steps }  // +WorkItems.swift
        if name == "async", call.trailingClosure == nil, call.arguments.count == 1,
            let argument = call.arguments.first, argument.label?.text == "execute",
            !argument.expression.is(ClosureExprSyntax.self)
        {
            if let steps = asyncClosureValue(queue, argument.expression, at: call, in: scope) { return steps }
            guard let item = expression(argument.expression, in: scope) else { return [] }
            return [.step("asyncWorkItem", item.text, at: at, [("queue", .plain(queue, at: at))])]
        }
        if ["async", "sync", "asyncAfter"].contains(name),
            let other = call.arguments.first(where: {
                !["execute", "deadline", "wallDeadline", "qos", "group", "flags"].contains($0.label?.text ?? "execute")
            })
        {
            unsupported(
                "the argument `\(other.label?.text ?? "_")` of `\(name)`",
                "write `\(name)(group:)`, `\(name)(flags: .barrier)` or a trailing closure", at: other)
            return []
        }
        if name == "async", let group = call.arguments.first(where: { $0.label?.text == "group" }) {
            // `q.async(group: g) { }`: `dispatch_group_async` (enter, the block, leave on the thread that ran it).
            guard !call.arguments.contains(where: { $0.label?.text == "flags" }),
                let closure = trailingOrLabelled(call, "execute"), let g = expression(group.expression, in: scope),
                let block = lowerClosure(closure, in: scope, parameters: 0)
            else {
                unsupported("this `async(group:)`", "write `queue.async(group: group) { … }`", at: call)
                return []
            }
            return [.step("dispatch_group_async", g.text, at: at, [("queue", .plain(queue, at: at))] + block)]
        }
        if name == "async", let flags = call.arguments.first(where: { $0.label?.text == "flags" }) {
            guard flags.expression.trimmedDescription == ".barrier", let closure = trailingOrLabelled(call, "execute"),
                let block = lowerClosure(closure, in: scope, parameters: 0)
            else {
                unsupported("these flags", "write `async(flags: .barrier) { … }`", at: flags)
                return []
            }
            return [.step("dispatch_barrier_async", queue, at: at, block)]
        }
        return nil
    }

    /// `let t = DispatchSource.makeTimerSource(queue: Q)`, then `t.schedule(deadline: .now() + S, repeating: I,
    /// leeway: L)`, `t.setEventHandler { … }` and `t.resume()`, in any order among the statements right after it:
    /// one `dispatch_source_timer:` (libdispatch: `dispatch_source_create`, `dispatch_source_set_timer`,
    /// `dispatch_source_set_event_handler`, `dispatch_resume`). Without `resume()` the source stays suspended
    /// (`resume: false`), as `makeTimerSource` returns it.
    mutating func foldSource(
        _ items: [CodeBlockItemSyntax], at index: Int, place: (swift: String, text: String, isNew: Bool),
        call: FunctionCallExprSyntax, in scope: inout Scope
    ) -> (steps: [LocatedNode], used: Int) {
        let at = location(call)
        var extra: [(String, LocatedNode)] = []
        for argument in call.arguments {
            // `flags: []`: no flag, as `makeTimerSource(queue:)` (Apple's documentation of `makeTimerSource(flags:
            // queue:)`, default `[]`); `.strict` asks the system to observe a leeway smaller than its default,
            // which the model does not follow, so it is refused below.
            if argument.label?.text == "flags", argument.expression.as(ArrayExprSyntax.self)?.elements.isEmpty == true {
                continue
            }
            guard argument.label?.text == "queue", let queue = queueArgument(argument.expression, in: scope) else {
                unsupported(
                    "this argument of `makeTimerSource`",
                    "write `makeTimerSource(queue: .main)` or a queue's name (`flags: []` only)",
                    at: argument)
                return ([], 1)
            }
            extra.append(("queue", .plain(queue, at: location(argument.expression))))
        }
        if place.isNew { scope.locals[place.swift] = Local(type: .api("DispatchSourceTimer"), isVar: false) }
        var used = 1
        var block: [(String, LocatedNode)] = []
        var resumed = false
        var scheduled = false
        var stop = false
        while index + used < items.count, let (c, name) = callOn(place.swift, items[index + used]) {
            switch name {
            case "schedule" where !scheduled:
                guard let timing = sourceSchedule(c, in: scope) else { return ([], used + 1) }
                extra += timing
                scheduled = true
            case "setEventHandler" where block.isEmpty:
                guard let closure = trailingOrLabelled(c, "handler"),
                    let lowered = lowerClosure(closure, in: scope, parameters: 0)
                else {
                    if trailingOrLabelled(c, "handler") == nil {
                        unsupported("a handler that is not a closure", "pass the handler as a trailing closure", at: c)
                    }
                    return ([], used + 1)
                }
                block = lowered
            case "resume",
                "activate" where !resumed:
                resumed = true
            default:
                // Another call, or a second `schedule` or `setEventHandler`: the fold ends, and the statement is
                // lowered on its own (a handler set again replaces the first: ``sourceHandlerReplaced(_:_:in:)``).
                stop = true
            }
            if stop { break }
            used += 1
            if resumed { break }
        }
        if !scheduled {
            unsupported(
                "a dispatch timer source without `schedule(deadline:repeating:)` right after it is made",
                "schedule it in the next statements: `timer.schedule(deadline: .now() + 1, repeating: 1)`", at: call)
            return ([], used)
        }
        if !resumed { extra.append(("resume", .plain("false", at: at))) }
        // No handler yet (one set later, by `setEventHandler` in a method): an empty one, as libdispatch calls none.
        if block.isEmpty { block = [("do", .list([], at: at))] }
        return ([.step("dispatch_source_timer", place.text, at: at, extra + block)], used)
    }

    /// `source.setEventHandler { … }` on a source made before, in any method, `deinit` or closure, before or after
    /// `resume()`: `dispatch_source_set_event_handler: SOURCE`. The source holds the latest handler, and each
    /// invocation that starts afterwards runs it (libdispatch source.c `_dispatch_source_set_handler`; the model's
    /// swap is immediate: docs/fidelity.md, "A dispatch source's handler replaced"). `setEventHandler(handler: nil)`
    /// and a handler that is not a closure are refused.
    mutating func sourceHandlerReplaced(_ source: String, _ call: FunctionCallExprSyntax, in scope: Scope)
        -> [LocatedNode]
    {
        guard call.arguments.count + (call.trailingClosure == nil ? 0 : 1) == 1,
            let closure = trailingOrLabelled(call, "handler")
        else {
            unsupported(
                "`setEventHandler` without a closure",
                "pass the handler as a trailing closure (`source.setEventHandler { … }`); to stop the handlers, "
                    + "`cancel()` the source", at: call)
            return []
        }
        guard let block = lowerClosure(closure, in: scope, parameters: 0) else { return [] }
        return [.step("dispatch_source_set_event_handler", source, at: location(call), block)]
    }

    /// `schedule(deadline: .now() + S, repeating: I, leeway: L)` as `start:`, `interval:` and `leeway:`
    /// (`wallDeadline:` adds `wall: true`).
    private mutating func sourceSchedule(_ call: FunctionCallExprSyntax, in scope: Scope) -> [(String, LocatedNode)]? {
        var result: [(String, LocatedNode)] = []
        for argument in call.arguments {
            let at = location(argument.expression)
            switch argument.label?.text {
            case "deadline", "wallDeadline":
                guard let start = deadlineFromNow(argument.expression, in: scope) else {
                    unsupported("this deadline", "write `deadline: .now()` or `.now() + 1`", at: argument)
                    return nil
                }
                result.append(("start", .plain(start, at: at)))
                if argument.label?.text == "wallDeadline" { result.append(("wall", .plain("true", at: at))) }
            case "repeating":
                guard let every = duration(argument.expression, in: scope) else { return nil }
                result.append(("interval", .plain(every, at: at)))
            case "leeway":
                guard let leeway = duration(argument.expression, in: scope) else { return nil }
                result.append(("leeway", .plain(leeway, at: at)))
            default:
                unsupported(
                    "this argument of `schedule`", "write `schedule(deadline: .now() + 1, repeating: 1)`",
                    at: argument)
                return nil
            }
        }
        return result
    }

    /// `.now()` → `0s`; `.now() + D` → D.
    /// With a `scope`, D may be an expression of durations (SwiftLowering+Durations.swift); the waits' timeouts take
    /// literals only (none is given).
    private mutating func deadlineFromNow(_ e: ExprSyntax, in scope: Scope? = nil) -> String? {
        if let now = e.as(FunctionCallExprSyntax.self),
            now.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "now"
        {
            return "0s"
        }
        guard let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count >= 3 else { return nil }
        let elements = Array(sequence.elements)
        guard elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+",
            let now = elements[0].as(FunctionCallExprSyntax.self),
            now.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "now"
        else { return nil }
        if elements.count > 3 {
            guard let scope else { return nil }
            return durationExpression(Array(elements[2...]), in: scope)
        }
        return duration(elements[2], in: scope)
    }

    /// `semaphore.wait(timeout: …)` as a value inside a statement (`if semaphore.wait(timeout: .now() + 1) ==
    /// .timedOut`): the wait made into a temporary before the statement (``Hoisting``), as a returning call is. Nil
    /// when `call` is no timed wait; `.some(nil)` after refusing it.
    mutating func hoistedTimedWait(_ call: FunctionCallExprSyntax, in scope: Scope) -> (String, LoweredType)?? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "wait", call.arguments.first?.label?.text == "timeout"
        else { return nil }
        if let done = hoisting.temporaries[call.id] { return .some(done) }
        let at = location(call)
        let temporary = Self.temporaryName("waited_", at: at)
        let snapshot = self
        guard let steps = timedWait(call, place: temporary, in: scope) else {
            self = snapshot
            return nil
        }
        guard !steps.isEmpty else { return .some(nil) }
        if let why = whyNotHoisted(call, in: scope) {
            unsupported(
                "a timed `wait(timeout:)` \(why)",
                "wait into a local first (`let result = semaphore.wait(timeout: …)`), then test the local", at: call)
            return .some(nil)
        }
        hoisting.steps += steps
        hoisting.temporaries[call.id] = (temporary, .int)
        return .some((temporary, .int))
    }

    /// `let r = semaphore.wait(timeout: .now() + D)` (or a group's): `dispatch_semaphore_wait:` (`dispatch_group_wait:`)
    /// with `timeout: D` and `result: r`, 0 when it was taken and 1 when it timed out (`.success`, `.timedOut`:
    /// libdispatch returns non-zero on a timeout, docs/scenario-format.md §7.6).
    mutating func timedWait(_ call: FunctionCallExprSyntax, place: String, in scope: Scope) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            member.declName.baseName.text == "wait", call.arguments.count == 1,
            let argument = call.arguments.first, argument.label?.text == "timeout",
            let root = rootName(base), root.first?.isUppercase != true
        else { return nil }
        guard let receiver = expression(base, in: scope) else { return [] }
        let verb: String
        switch receiver.type {
        case .semaphore: verb = "dispatch_semaphore_wait"
        case .group: verb = "dispatch_group_wait"
        case .api("DispatchWorkItem"): verb = "waitWorkItem"  // `dispatch_block_wait` (SwiftLowering+WorkItems.swift)
        default: return nil
        }
        // A work item's `wait(timeout:)` takes a literal timeout; a semaphore's and a group's a computed one too.
        let timeoutScope: Scope? = verb == "waitWorkItem" ? nil : scope
        guard let timeout = deadlineFromNow(argument.expression, in: timeoutScope) else {
            unsupported("this timeout", "write `timeout: .now() + .milliseconds(50)`", at: argument)
            return []
        }
        let at = location(call)
        return [
            .step(
                verb, receiver.text, at: at,
                [("timeout", .plain(timeout, at: location(argument.expression))), ("result", .plain(place, at: at))])
        ]
    }
}
