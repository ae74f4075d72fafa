import LoopSimScenario
import SwiftSyntax

extension SwiftLowering {
    /// The static type of `e`, as ``expression(_:in:)`` computes it: the one type lookup of the lowering. With
    /// `report: true` it is that call, diagnostics and all; with `report: false` it asks whether `e` has a type
    /// without reporting anything (to choose between lowerings before committing to one): the lookup runs on a copy
    /// of the lowering (a value; its dictionaries are copied only if written), whose diagnostics and every other
    /// record are dropped. Nil when `e` has no type the lowering knows.
    mutating func staticType(_ e: ExprSyntax, in scope: Scope, report: Bool) -> LoweredType? {
        if report { return expression(e, in: scope)?.type }
        var probe = self
        return probe.expression(e, in: scope)?.type
    }
}
