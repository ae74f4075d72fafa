import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// `queue.asyncAfter(deadline: .now() + D, execute: item)` with a `DispatchWorkItem` — the debounce idiom, whose
    /// earlier item is cancelled before the next is made —: `asyncAfterWorkItem: item` with `delay:` and `queue:`
    /// (Swift's overlay passes the item's block to `dispatch_after`; docs/scenario-format.md §7.6). With a closure
    /// kept as a value (`let work = { … }`), a `dispatch_after:` whose block captures it and calls it, as
    /// `async(execute: work)` is lowered. Nil when the call is not one of these (a trailing closure: `dispatch_after:`).
    mutating func workItemQueueCall(
        _ queue: String, _ name: String, _ call: FunctionCallExprSyntax, in scope: Scope
    ) -> [LocatedNode]? {
        guard name == "asyncAfter", call.trailingClosure == nil,
            let argument = call.arguments.first(where: { $0.label?.text == "execute" }),
            !argument.expression.is(ClosureExprSyntax.self)
        else { return nil }
        let at = location(call)
        guard let deadline = deadlineArgument(call),
            let delay = delayFromNow(deadline, in: scope)
        else {
            unsupported(
                "this deadline",
                "write `deadline: .now() + 2` or `.now() + .milliseconds(500)` (`wallDeadline:` likewise)", at: call)
            return []
        }
        let delayEntry: (String, LocatedNode) = ("delay", .plain(delay, at: location(deadline)))
        if isClosureValue(argument.expression, in: scope), let value = expression(argument.expression, in: scope) {
            let isName = !value.text.contains(".")
            let capture = isName ? "strong \(value.text)" : "strong \(value.text) as work"
            return [
                .step(
                    "dispatch_after", queue, at: at,
                    [
                        delayEntry,
                        ("wall", .plain(isWallDeadline(call) ? "true" : "false", at: location(deadline))),
                        ("captures", .list([.plain(capture, at: at)], at: at)),
                        ("do", .list([.step("callBlock", isName ? value.text : "work", at: at)], at: at)),
                    ])
            ]
        }
        if isWallDeadline(call) {
            unsupported(
                "a work item after a wall-clock deadline", "write `asyncAfter(deadline: .now() + D, execute: item)`",
                at: call)
            return []
        }
        guard let item = expression(argument.expression, in: scope) else { return [] }
        return [.step("asyncAfterWorkItem", item.text, at: at, [("queue", .plain(queue, at: at)), delayEntry])]
    }

    /// `DispatchWorkItem(qos:flags:block:)`: the QoS is not modelled (as `DispatchQueue.global(qos:)`'s is not) and
    /// neither are the flags, which change how the item runs (`.barrier`, `.detached`, `.enforceQoS`, …): flags
    /// other than `[]` are refused at the argument.
    mutating func refusesWorkItemFlags(_ call: FunctionCallExprSyntax) -> Bool {
        guard let flags = call.arguments.first(where: { $0.label?.text == "flags" }) else { return false }
        let text = flags.expression.trimmedDescription
        if text == "[]" { return false }
        unsupported(
            "a work item's flags (`\(text)`)",
            "make the item without flags (`DispatchWorkItem { … }`); for a barrier write `queue.async(flags: "
                + ".barrier) { … }`", at: flags.expression)
        return true
    }
}
