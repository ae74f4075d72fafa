import LoopSimScenario
import SwiftSyntax

/// `UIView.animate(withDuration:delay:options:animations:completion:)` and its shorter forms (Apple, UIView
/// "animate(withDuration:animations:completion:)"): UIKit calls the animations block at once, on the calling (main)
/// thread, to record the property changes, and lets it go; the completion block it keeps until the animation ends,
/// `delay + duration` later, and then calls it on the main thread with `finished` true. What the model follows of
/// that: the animations block's statements run in place (a view's properties are what UIKit draws, lowered to
/// nothing: docs/swift-scenarios.md "Everyday Swift" › "What a view shows"), and the completion is a block queued on
/// the main queue after `delay + duration` (`dispatch_after: main`), which holds what it captures until then, as
/// UIKit's copy does — so a controller popped during the animation lives until its completion has run. Where the
/// block appears (the main queue rather than Core Animation's transaction) is the model's (docs/fidelity.md).
extension SwiftLowering {
    /// The steps of `UIView.animate(…)`, nil when `call` is no such call.
    mutating func viewAnimation(_ call: FunctionCallExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "animate",
            let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            base == "UIView" || classes[base]?.superclass.map(Self.uikitSuperclasses.contains) == true
        else { return nil }
        let at = location(call)
        let arguments = Array(call.arguments)
        let known: Set<String> = [
            "withDuration", "delay", "options", "usingSpringWithDamping", "initialSpringVelocity", "animations",
            "completion",
        ]
        if let other = arguments.first(where: { !known.contains($0.label?.text ?? "_") }) {
            unsupported(
                "this argument of `UIView.animate`",
                "write `UIView.animate(withDuration: 0.3, delay: 0, options: [], animations: { … }, completion: { _ in "
                    + "… })` or a shorter form of it", at: other)
            return []
        }
        func argument(_ label: String) -> ExprSyntax? { arguments.first { $0.label?.text == label }?.expression }
        guard let durationArgument = argument("withDuration"), let length = duration(durationArgument, in: scope)
        else {
            unsupported("this animation's duration", "write a number of seconds: `withDuration: 0.3`", at: call)
            return []
        }
        var delay = "0s"
        if let d = argument("delay") {
            guard let value = duration(d, in: scope) else {
                unsupported("this animation's delay", "write a number of seconds: `delay: 0.1`", at: d)
                return []
            }
            delay = value
        }
        // The closures: `animations:` labelled or trailing, `completion:` labelled or the trailing one after it.
        var animations = argument("animations")?.as(ClosureExprSyntax.self)
        var completion = argument("completion")
        if let trailing = call.trailingClosure {
            if animations == nil { animations = trailing } else { completion = ExprSyntax(trailing) }
        }
        for extra in call.additionalTrailingClosures {
            // `UIView.animate(withDuration: 0.3) { … } completion: { _ in … }`
            guard extra.label.text == "completion", completion == nil else {
                unsupported(
                    "this trailing closure of `UIView.animate`", "write `{ … } completion: { _ in … }`", at: extra)
                return []
            }
            completion = ExprSyntax(extra.closure)
        }
        guard let animations else {
            unsupported("`UIView.animate` without its animations", "pass `animations: { … }`", at: call)
            return []
        }
        var inner = scope
        inner.isInlineClosure = true
        var steps = lowerStatements(animations.statements, in: &inner, tail: false)
        guard let completion, !completion.is(NilLiteralExprSyntax.self) else { return steps }
        guard let closure = completion.as(ClosureExprSyntax.self) else {
            unsupported(
                "a completion that is not a closure literal", "write the completion in place: `completion: { _ in … }`",
                at: completion)
            return []
        }
        let finished = Self.orderedParameterNames(closure).first.flatMap { $0 == "_" ? nil : $0 }
        let bindings = finished.map { [($0, Local(type: .bool, isVar: false))] } ?? []
        if let finished { closureParameterTypes[closure.id, default: [:]][finished] = .bool }  // printed as a Bool
        guard var block = lowerClosure(closure, in: scope, parameters: 1, bindings: bindings) else { return [] }
        if let finished, let i = block.firstIndex(where: { $0.0 == "do" }), let body = block[i].1.sequence {
            // UIKit passes `finished` true: the animation ran to its end (nothing in the model interrupts it).
            let bound = LocatedNode.step("let", "\(finished) = true", at: location(closure))
            block[i].1 = .list([bound] + body.items, at: location(closure))
        }
        let wait = delay == "0s" ? length : "(\(delay)) + (\(length))"
        steps.append(.step("dispatch_after", "main", at: at, [("delay", .plain(wait, at: at))] + block))
        return steps
    }
}
