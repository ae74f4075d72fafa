import LoopSimScenario
import SwiftSyntax

/// Observers of a property that holds a struct (`var viewState = ViewState() { didSet { render() } }`): a store into
/// one of the struct's properties (`viewState.isLoading = true`, `viewState.retries += 1`, `self.progress.done = 3`)
/// and a call of one of its `mutating` methods (`viewState.reset()`) change the property through its `inout`
/// access, so Swift calls its `willSet` and `didSet` around each, as around an assignment of a whole new value
/// (the Swift book, "Properties" › "Property Observers": "if you pass a property that has observers to a function
/// as an in-out parameter, the willSet and didSet observers are always called"; a mutation through a member is
/// such an access). The old and new values of a struct are not modelled: an observer that reads them is refused
/// where it is declared (SwiftLowering+Observers.swift).
extension SwiftLowering {
    /// The observed struct property a store into `lhs` mutates: the place nearest the class along `lhs`'s member
    /// chain that holds a struct and has observers (`self.progress` in `self.progress.done`). Nil when there is
    /// none, or when Swift calls no observer there (the class's own initializers, the observer's own body).
    mutating func observedStructBase(_ lhs: ExprSyntax, in scope: Scope) -> ExprSyntax? {
        var node = lhs
        var found: ExprSyntax?
        while let member = node.as(MemberAccessExprSyntax.self), let base = member.base {
            if case .value = staticType(base, in: scope, report: false), observedTarget(base, in: scope) != nil {
                found = base
            }
            node = base
        }
        return found
    }

    /// `steps`, a mutation of the struct held by `lhs`'s observed base, between that property's `willSet` and
    /// `didSet` calls; `steps` as they are when `lhs` goes through no observed struct property.
    mutating func observedStructMutation(
        _ lhs: ExprSyntax, in scope: Scope, at node: some SyntaxProtocol, _ steps: () -> [LocatedNode]
    ) -> [LocatedNode] {
        guard let base = observedStructBase(lhs, in: scope) else { return steps() }
        return observedMutation(base, in: scope, steps(), at: node)
    }
}
