import LoopSimScenario
import SwiftSyntax

/// `flag.toggle()` on a `Bool` place: a property, a `var` local, a struct's stored property (`snapshot.darkMode
/// .toggle()`). The standard library's `Bool.toggle()` is `mutating func toggle() { self = !self }` (swift
/// stdlib/public/core/Bool.swift; SE-0199), so the call is the store `set: P = !(P)`, with the observers of an
/// observed property (or of the observed struct holding it) around it, as Swift calls them around a mutating
/// method's `inout` access (the Swift book, "Properties" › "Property Observers").
extension SwiftLowering {
    /// The steps of `P.toggle()` where `P` is a `Bool` place; nil when `call` is no such call.
    mutating func boolToggle(_ call: FunctionCallExprSyntax, in scope: inout Scope) -> [LocatedNode]? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "toggle", member.declName.argumentNames == nil, let base = member.base,
            call.arguments.isEmpty, call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty,
            staticType(base, in: scope, report: false) == .bool
        else { return nil }
        if base.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .postfixQuestionMark }) {
            unsupported(
                "`\(call.trimmedDescription)` through `?.`",
                "unwrap first (`guard let self else { return }`, `if let model { model.flag.toggle() }`)", at: call)
            return []
        }
        if refusesStructMutation(base, in: scope) { return [] }  // a `let` struct's property: swiftc refuses it
        guard let place = expression(base, in: scope) else { return [] }
        let at = location(call)
        let store: [LocatedNode] = [.step("set", "\(place.text) = !(\(place.text))", at: at)]
        if let target = observedTarget(base, in: scope) {
            let negated = "!(\(place.text))"
            return observedAssignment(
                target, newValue: { _, _ in negated }, at: call, in: &scope, store: { _, _ in store })
        }
        if let holder = observedStructBase(base, in: scope) {
            return observedMutation(holder, in: scope, store, at: call)
        }
        return store
    }
}
