import LoopSimScenario
import SwiftSyntax

/// Threads made, named and started (`thread:`), and NSObject's perform requests (`performSelector:`,
/// `performSelectorOnThread:`, `cancelPreviousPerformRequests:`).
extension SwiftLowering {
    /// `let t = Thread { … }` (or `Thread(block:)`, or `Thread(target: self, selector: #selector(m), object: nil)`),
    /// then `t.name = "NAME"` and `t.start()`: one `thread: NAME` (Foundation's `-[NSThread initWithBlock:]`,
    /// `setName:`, `start`). The target/selector form runs `target.m()` in the thread, the thread retaining the
    /// target until it exits (Apple, `initWithTarget:selector:object:`: "The objects target and argument are
    /// retained during the execution of the detached thread"); `object:` is passed to a method that takes one
    /// (`threadEntry(_ arg: Any?)`: nil for `object: nil`) and retained with the target. A thread not started right after it is made is
    /// refused. The thread is stored (`into:`) when the place is a field or the local is used afterwards.
    mutating func foldThread(
        _ items: [CodeBlockItemSyntax], at index: Int, place: (swift: String, text: String, isNew: Bool),
        call: FunctionCallExprSyntax, in scope: inout Scope
    ) -> (steps: [LocatedNode], used: Int) {
        let at = location(call)
        let block: [(String, LocatedNode)]
        var blockAPI: [LocatedNode] = []
        if let closure = trailingOrLabelled(call, "block") {
            guard let lowered = lowerClosure(closure, in: scope, parameters: 0) else { return ([], 1) }
            block = lowered
            // iOS 10 API (NSThread.h): on an older Foundation the message is not understood (`BlockAPIStep`).
            blockAPI = [.step("blockAPI", "-[NSThread initWithBlock:]", at: at)]
        } else {
            let arguments = Array(call.arguments)
            guard arguments.count == 3, arguments[0].label?.text == "target",
                arguments[1].label?.text == "selector",
                let target = expression(arguments[0].expression, in: scope),
                let method = selectorMethod(arguments[1].expression)
            else {
                unsupported(
                    "this Thread initializer",
                    "write `Thread { … }` or `Thread(target: self, selector: #selector(m), object: nil)`", at: call)
                return ([], 1)
            }
            guard arguments[2].label?.text == "object" else {
                unsupported(
                    "this Thread initializer",
                    "write `Thread(target: self, selector: #selector(m), object: nil)`", at: call)
                return ([], 1)
            }
            let targetAt = location(arguments[0].expression)
            let name = target.text == "self" ? "self" : "threadTarget"
            var captures: [LocatedNode] = [
                .plain(name == "self" ? "strong self" : "strong \(target.text) as threadTarget", at: targetAt)
            ]
            // `object:` is the method's argument when it takes one (`@objc func entry(_ arg: Any?)`), and the thread
            // retains it until it exits, as it retains the target.
            let object = arguments[2].expression
            guard let value = performArgument(object, in: scope) else { return ([], 1) }
            var passed = "nil"
            if value != "nil" {
                captures.append(.plain("\(value) as threadArgument", at: location(object)))
                passed = "threadArgument"
            }
            var with: [(String, LocatedNode)] = []
            if performedParameterCount(arguments[1].expression, target: target.text, in: scope) > 0 {
                with = [("with", .list([.plain(passed, at: location(object))], at: location(object)))]
            }
            block = [
                ("captures", .list(captures, at: targetAt)),
                ("do", .list([.step("call", "\(name).\(method)", at: location(arguments[1]), with)], at: at)),
            ]
        }
        var used = 1
        var threadName = place.swift.split(separator: ".").last.map(String.init) ?? "thread"
        var started = false
        // `thread = t` between the local's creation and its start: the store, lowered after the thread step
        // (nothing runs on the new thread before the creating thread's next statement, so the order is the same).
        var stores: [CodeBlockItemSyntax] = []
        while index + used < items.count, !started {
            let item = items[index + used]
            if let (_, name) = callOn(place.swift, item), name == "start" {
                started = true
            } else if let (target, value) = assignmentOf(item), swiftPlace(target) == place.swift + ".name",
                let text = plainString(value)
            {
                threadName = text
            } else if place.isNew, let (_, value) = assignmentOf(item),
                value.as(DeclReferenceExprSyntax.self)?.baseName.text == place.swift
            {
                stores.append(item)
            } else {
                break
            }
            used += 1
        }
        guard started else {
            unsupported(
                "a Thread not started right after it is made",
                "call `start()` in the statements right after creating it (its name may be set, and the thread "
                    + "stored, between)", at: call)
            // The rest up to its `start()` is not lowered: the start alone would be a second, misleading error.
            if let start = items[(index + used)...].firstIndex(where: { callOn(place.swift, $0)?.1 == "start" }) {
                used = items.distance(from: index, to: start) + 1
            }
            return ([], used)
        }
        var extra = block
        let usedLater =
            place.isNew && (!stores.isEmpty || items[(index + used)...].contains { usesName(place.swift, $0) })
        if !place.isNew || usedLater {
            extra.insert(("into", .plain(place.text, at: at)), at: 0)
        }
        if place.isNew { scope.locals[place.swift] = Local(type: .thread, isVar: false) }
        let stored = lowerStatements(stores, in: &scope, tail: false)
        return (blockAPI + [.step("thread", threadName, at: at, extra)] + stored, used)
    }

    /// NSObject's perform family on TARGET (docs/scenario-format.md §7.5, "Perform requests"):
    /// - `perform(#selector(m), with: x, afterDelay: d)` (`inModes:`) → `performSelector:` (a timer in the
    ///   current thread's run loop);
    /// - `perform(#selector(m), on: thread, with: x, waitUntilDone: b)` (`modes:`) → `performSelectorOnThread:`;
    /// - `performSelector(onMainThread: #selector(m), with: x, waitUntilDone: b)` → the same, `onThread: main
    ///   runloop`;
    /// - `perform(#selector(m))` and `perform(#selector(m), with: x)` → `call: TARGET.m` (Apple: "equivalent to
    ///   sending an aSelector message directly"), `with: [x]` when `m` takes it;
    /// - `performSelector(inBackground: #selector(m), with: x)` → a detached `thread:` that calls it.
    mutating func performStep(target: String, _ call: FunctionCallExprSyntax, in scope: Scope)
        -> [LocatedNode]
    {
        let at = location(call)
        var arguments = Array(call.arguments)
        guard let first = arguments.first else { return unknownFoundationCall(call) }
        var extra: [(String, LocatedNode)] = []
        let verb: String
        switch first.label?.text {
        case nil:
            if arguments.dropFirst().allSatisfy({ $0.label?.text == "with" }) {
                return performNow(target: target, call, in: scope)  // SwiftLowering+ObjCEra.swift
            }
            verb = arguments.contains { $0.label?.text == "afterDelay" } ? "performSelector" : "performSelectorOnThread"
        case "inBackground":
            return performInBackground(target: target, call, in: scope)  // SwiftLowering+ObjCEra.swift
        case "onMainThread":
            verb = "performSelectorOnThread"
            extra.append(("onThread", .plain("main runloop", at: location(first.expression))))
        default:
            return unknownFoundationCall(call)
        }
        guard let method = selectorMethod(first.expression) else { return badSelector(first) }
        extra.insert(("selector", .plain(method, at: location(first.expression))), at: 0)
        arguments.removeFirst()
        for argument in arguments {
            let value = argument.expression
            let vat = location(value)
            switch (verb, argument.label?.text) {
            case (_, "with"):
                if value.is(NilLiteralExprSyntax.self) { continue }
                guard let object = expression(value, in: scope) else { return [] }
                extra.append(("withObject", .plain(object.text, at: vat)))
            case ("performSelector", "afterDelay"):
                guard let d = duration(value, in: scope) else { return [] }
                extra.append(("afterDelay", .plain(d, at: vat)))
            case ("performSelector", "inModes"), ("performSelectorOnThread", "modes"):
                guard let modes = modeList(value) else { return [] }
                extra.append((verb == "performSelector" ? "inModes" : "modes", modes))
            case ("performSelectorOnThread", "on"):
                guard let thread = expression(value, in: scope) else { return [] }
                extra.append(("onThread", .plain(threadOfSubclass(thread) ?? thread.text, at: vat)))
            case ("performSelectorOnThread", "waitUntilDone"):
                guard let b = value.as(BooleanLiteralExprSyntax.self) else {
                    unsupported("a computed `waitUntilDone:`", "write `true` or `false`", at: value)
                    return []
                }
                extra.append(("waitUntilDone", .plain(b.literal.text, at: vat)))
            default:
                return unknownFoundationCall(call)
            }
        }
        return [.step(verb, target, at: at, extra)]
    }

    /// A selector that is not `#selector(name)`.
    mutating func badSelector(_ argument: LabeledExprSyntax) -> [LocatedNode] {
        unsupported("this selector", "write `#selector(hideSpinner)`", at: argument)
        return []
    }

    /// `[.default, .common]` or `[RunLoop.Mode.default]` as a list of mode names.
    private mutating func modeList(_ e: ExprSyntax) -> LocatedNode? {
        guard let array = e.as(ArrayExprSyntax.self) else {
            unsupported("these modes", "write an array: `[.default, .tracking]`", at: e)
            return nil
        }
        var modes: [LocatedNode] = []
        for element in array.elements {
            guard let mode = singleMode(element.expression) else { return nil }
            modes.append(mode)
        }
        return .list(modes, at: location(e))
    }

    /// `NSObject.cancelPreviousPerformRequests(withTarget: t)` (`selector:`, `object:`).
    mutating func cancelPerformRequests(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode] {
        let at = location(call)
        var target: String?
        var extra: [(String, LocatedNode)] = []
        for argument in call.arguments {
            let value = argument.expression
            switch argument.label?.text {
            case "withTarget":
                guard let t = expression(value, in: scope) else { return [] }
                target = t.text
            case "selector":
                guard let m = selectorMethod(value) else { return badSelector(argument) }
                extra.append(("selector", .plain(m, at: location(value))))
            case "object":
                if value.is(NilLiteralExprSyntax.self) { continue }
                guard let o = expression(value, in: scope) else { return [] }
                extra.append(("object", .plain(o.text, at: location(value))))
            default: return unknownFoundationCall(call)
            }
        }
        guard let target else { return unknownFoundationCall(call) }
        return [.step("cancelPreviousPerformRequests", target, at: at, extra)]
    }
}
