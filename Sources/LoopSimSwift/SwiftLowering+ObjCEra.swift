import LoopSimScenario
import SwiftSyntax

/// Objective-C-era calls of code ported from Objective-C: NSObject's synchronous and background performs, and
/// `objc_sync_enter`/`objc_sync_exit` (the `@synchronized` helper).
extension SwiftLowering {
    /// `objc_sync_enter(x)` and `objc_sync_exit(x)` (what `@synchronized(x)` compiles to): `objcSyncEnter: x` and
    /// `objcSyncExit: x`, the object's own recursive lock (objc4 objc-sync.mm; docs/scenario-format.md §7.14).
    mutating func objcSyncStep(_ name: String, _ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode] {
        let at = location(call)
        let arguments = Array(call.arguments)
        guard arguments.count == 1, arguments[0].label == nil, call.trailingClosure == nil else {
            unsupported("this `\(name)` call", "pass the object: `\(name)(self)`", at: call)
            return []
        }
        let e = arguments[0].expression
        guard let object = expression(e, in: scope) else { return [] }
        guard object.type.isObject else {
            unsupported(
                "`\(name)` on a value that is not an object", "synchronize on an object of the file: `\(name)(self)`",
                at: e)
            return []
        }
        return [.step(name == "objc_sync_enter" ? "objcSyncEnter" : "objcSyncExit", object.text, at: at)]
    }
}
