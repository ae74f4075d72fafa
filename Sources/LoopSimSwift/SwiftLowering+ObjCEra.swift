import LoopSimScenario
import SwiftSyntax

/// Objective-C-era calls of code ported from Objective-C: NSObject's synchronous and background performs, and
/// `objc_sync_enter`/`objc_sync_exit` (the `@synchronized` helper).
extension SwiftLowering {
    /// How many of a perform's arguments the performed method takes: as many as its selector names
    /// (`#selector(open(_:))`), or, for a bare name (`#selector(open)`), as many as the method of the file's class
    /// declares; an Objective-C method that takes fewer ignores the rest (the argument rides in a register
    /// nobody reads).
    func performedParameterCount(_ selector: ExprSyntax, target: String, in scope: Scope) -> Int {
        if let macro = selector.as(MacroExpansionExprSyntax.self), let argument = macro.arguments.first?.expression {
            let names =
                argument.as(DeclReferenceExprSyntax.self)?.argumentNames
                ?? argument.as(MemberAccessExprSyntax.self)?.declName.argumentNames
            if let names { return names.arguments.count }
        }
        guard let method = selectorMethod(selector) else { return 0 }
        let className: String? =
            if target == "self" { scope.className } else if case .object(let c) = scope.locals[target]?.type {
                c
            } else { nil }
        return className.flatMap { classes[$0]?.methods[method]?.count } ?? 0
    }

    /// `perform(#selector(m))`, `perform(#selector(m), with: x)` and `perform(#selector(m), with: x, with: y)`:
    /// `call: TARGET.m` with the arguments the method takes (Apple, `perform(_:with:)`: "This method is the same as
    /// perform(_:) except that you can supply an argument for aSelector"; `perform(_:)`: "equivalent to sending an
    /// aSelector message directly to the receiver"). A `nil` argument is passed as nil.
    mutating func performNow(target: String, _ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode] {
        let at = location(call)
        let arguments = Array(call.arguments)
        guard let method = selectorMethod(arguments[0].expression) else { return badSelector(arguments[0]) }
        let taken = min(
            arguments.count - 1, performedParameterCount(arguments[0].expression, target: target, in: scope))
        var with: [LocatedNode] = []
        for argument in arguments.dropFirst().prefix(taken) {
            guard let value = performArgument(argument.expression, in: scope) else { return [] }
            with.append(.plain(value, at: location(argument.expression)))
        }
        let extra: [(String, LocatedNode)] = with.isEmpty ? [] : [("with", .list(with, at: at))]
        return [.step("call", "\(target).\(method)", at: at, extra)]
    }

    /// A perform's argument (`with:`) as the scenario language writes it: `nil`, or the value. A Swift value that is
    /// not an object (a `String`, an `Int`) is passed as the value: Swift bridges it to an `NSString` or `NSNumber`
    /// for the `Any?` parameter, and the method, declared with the Swift type, receives it back.
    mutating func performArgument(_ e: ExprSyntax, in scope: Scope) -> String? {
        if e.is(NilLiteralExprSyntax.self) { return "nil" }
        return expression(e, in: scope)?.text
    }

    /// `performSelector(inBackground: #selector(m), with: x)`: a new detached thread that calls `TARGET.m` (with
    /// `x` when `m` takes it) and exits. Apple, `performSelector(inBackground:with:)`: "This method creates a new
    /// thread in your application"; `detachNewThreadSelector:toTarget:withObject:`: "The objects aTarget and
    /// anArgument are retained during the execution of the detached thread, then released". The thread is the
    /// `thread:` step's, as `Thread.detachNewThread { … }` makes, its block capturing the target and the argument.
    mutating func performInBackground(target: String, _ call: FunctionCallExprSyntax, in scope: Scope)
        -> [LocatedNode]
    {
        let at = location(call)
        let arguments = Array(call.arguments)
        guard arguments.count == 2, arguments[1].label?.text == "with" else { return unknownFoundationCall(call) }
        guard let method = selectorMethod(arguments[0].expression) else { return badSelector(arguments[0]) }
        let targetAt = location(arguments[0].expression)
        let receiver = target == "self" ? "self" : "threadTarget"
        var captures: [LocatedNode] = [
            .plain(target == "self" ? "strong self" : "strong \(target) as threadTarget", at: targetAt)
        ]
        var with: [(String, LocatedNode)] = []
        let argument = arguments[1].expression
        if performedParameterCount(arguments[0].expression, target: target, in: scope) > 0 {
            guard let value = performArgument(argument, in: scope) else { return [] }
            var passed = "nil"
            if value != "nil" {
                captures.append(.plain("\(value) as threadArgument", at: location(argument)))
                passed = "threadArgument"
            }
            with = [("with", .list([.plain(passed, at: location(argument))], at: location(argument)))]
        }
        let block: [(String, LocatedNode)] = [
            ("captures", .list(captures, at: targetAt)),
            ("do", .list([.step("call", "\(receiver).\(method)", at: at, with)], at: at)),
        ]
        return [.step("thread", "thread\(at.line)", at: at, block)]
    }

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
