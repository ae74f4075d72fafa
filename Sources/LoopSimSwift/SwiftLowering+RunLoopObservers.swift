import LoopSimScenario
import SwiftSyntax

/// CFRunLoop observers, performed blocks and ports, and the run-loop and mode arguments their calls take.
extension SwiftLowering {
    /// `.main`, `.current`, `RunLoop.main`, `RunLoop.current` or a run-loop value, as a run-loop argument.
    mutating func runLoopArgument(_ e: ExprSyntax, in scope: Scope) -> String? {
        if let member = e.as(MemberAccessExprSyntax.self), member.base == nil {
            switch member.declName.baseName.text {
            case "main": return "main runloop"
            case "current": return "current runloop"
            default: return nil
            }
        }
        guard let loop = expression(e, in: scope), loop.type == .runLoop else { return nil }
        return loop.text
    }

    /// One mode (`.default`, `.common`, `.tracking`, `RunLoop.Mode.common`) as a scalar, nil after reporting. The
    /// `[String]` spellings of `perform(_:on:with:waitUntilDone:modes:)` and `performSelector(onMainThread:with:
    /// waitUntilDone:modes:)`, whose `modes` is `[String]?` in the SDK (Apple's pages for both), are the same modes:
    /// `RunLoop.Mode.default.rawValue` (`CFRunLoopMode.commonModes.rawValue as String`) and the modes' names as
    /// string literals (`"kCFRunLoopDefaultMode"`, `"NSDefaultRunLoopMode"`, `"kCFRunLoopCommonModes"`,
    /// `"UITrackingRunLoopMode"`).
    mutating func singleMode(_ e: ExprSyntax) -> LocatedNode? {
        let text = e.trimmedDescription
        if let literal = plainString(e) {
            // A mode's name as a string: only the real names (a mode named "default" is a custom mode).
            let names = [
                "kCFRunLoopDefaultMode": "default", "NSDefaultRunLoopMode": "default",
                "kCFRunLoopCommonModes": "common", "NSRunLoopCommonModes": "common",
                "UITrackingRunLoopMode": "tracking",
            ]
            guard let mode = names[literal] else {
                unsupported(
                    "the mode \"\(literal)\"",
                    "write `RunLoop.Mode.default.rawValue`, `RunLoop.Mode.common.rawValue` or "
                        + "`RunLoop.Mode.tracking.rawValue`", at: e)
                return nil
            }
            return .plain(mode, at: location(e))
        }
        var name = text
        if let cast = e.as(AsExprSyntax.self), cast.type.trimmedDescription == "String" {
            name = cast.expression.trimmedDescription
        }
        if name.hasSuffix(".rawValue") { name.removeLast(".rawValue".count) }
        switch name.split(separator: ".").last.map(String.init) ?? name {
        case "default", "defaultRunLoopMode", "defaultMode": return .plain("default", at: location(e))
        case "common", "commonModes": return .plain("common", at: location(e))
        case "tracking", "UITrackingRunLoopMode": return .plain("tracking", at: location(e))
        default:
            unsupported("the mode `\(text)`", "write `.default`, `.common` or `.tracking`", at: e)
            return nil
        }
    }

    /// `CFRunLoopRemoveObserver(rl, observer, mode)` → `CFRunLoopRemoveObserver:` with `from:` and `mode:`;
    /// `CFRunLoopObserverInvalidate(observer)` → `CFRunLoopObserverInvalidate:`. `CFRunLoopAddObserver` is lowered
    /// with the observer's creation, right before it (``foldObserver``); anywhere else it is refused.
    mutating func runLoopObserverCall(_ name: String, _ call: FunctionCallExprSyntax, in scope: Scope)
        -> [LocatedNode]
    {
        let at = location(call)
        let arguments = Array(call.arguments)
        switch name {
        case "CFRunLoopObserverInvalidate" where arguments.count == 1:
            guard let observer = expression(arguments[0].expression, in: scope) else { return [] }
            return [.step(name, observer.text, at: at)]
        case "CFRunLoopRemoveObserver" where arguments.count == 3:
            guard let loop = expression(arguments[0].expression, in: scope),
                let observer = expression(arguments[1].expression, in: scope),
                let mode = cfMode(arguments[2].expression)
            else { return [] }
            return [.step(name, observer.text, at: at, [("from", .plain(loop.text, at: at)), ("mode", mode)])]
        default:
            unsupported(
                "`\(name)` apart from the observer's creation",
                "add the observer in the statement right after `CFRunLoopObserverCreateWithHandler`", at: call)
            return []
        }
    }

    /// A CF mode: `.commonModes`, `.defaultMode`, `CFRunLoopMode.commonModes`, `kCFRunLoopCommonModes`,
    /// `RunLoop.Mode.default`… as `common`, `default` or `tracking`.
    mutating func cfMode(_ e: ExprSyntax) -> LocatedNode? {
        let text = e.trimmedDescription
        let at = location(e)
        if text.contains("ommon") { return .plain("common", at: at) }
        if text.contains("efault") { return .plain("default", at: at) }
        if text.contains("racking") { return .plain("tracking", at: at) }
        unsupported("this mode", "write `.defaultMode` or `.commonModes`", at: e)
        return nil
    }

    /// The activities of `CFRunLoopActivity.beforeWaiting.rawValue`, `CFRunLoopActivity([.beforeWaiting,
    /// .exit]).rawValue`, `kCFRunLoopBeforeWaiting`… as the step's `activities:` names, nil when none is named.
    private func activityNames(_ e: ExprSyntax) -> [String]? {
        let text = e.trimmedDescription
        var names: [String] = []
        for name in [
            "entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "exit", "allActivities",
        ]
        where text.range(of: name, options: .caseInsensitive) != nil {
            names.append(name)
        }
        return names.isEmpty ? nil : names
    }

    /// A CFRunLoopActivity constant (`.beforeWaiting`, `CFRunLoopActivity.exit`) as the language's integer constant
    /// (`kCFRunLoopBeforeWaiting`, docs/scenario-format.md §6), to compare an observer's activity with; a wait's
    /// `.success` and `.timedOut` as 0 and 1.
    static func activityConstant(_ name: String, base: ExprSyntax?) -> String? {
        let baseName = base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        if base == nil || baseName == "DispatchTimeoutResult" {
            if name == "success" { return "0" }
            if name == "timedOut" { return "1" }
        }
        if let base, base.as(DeclReferenceExprSyntax.self)?.baseName.text != "CFRunLoopActivity" { return nil }
        let known = [
            "entry", "beforeTimers", "beforeSources", "beforeWaiting", "afterWaiting", "exit", "allActivities",
        ]
        guard known.contains(name) else { return nil }
        return "kCFRunLoop" + name.prefix(1).uppercased() + name.dropFirst()
    }

    /// `let o = CFRunLoopObserverCreateWithHandler(ALLOCATOR, ACTIVITIES, REPEATS, ORDER) { observer, activity in
    /// … }` and, right after it, `CFRunLoopAddObserver(RL, o, MODE)`: one `addObserver:` (CF makes the observer,
    /// which holds the block, and the mode retains it). `into:` keeps the creator's reference when the observer is
    /// a property or used afterwards; the block's second parameter is `activity:`.
    mutating func foldObserver(
        _ items: [CodeBlockItemSyntax], at index: Int, place: (swift: String, text: String, isNew: Bool),
        call: FunctionCallExprSyntax, in scope: inout Scope
    ) -> (steps: [LocatedNode], used: Int) {
        let at = location(call)
        let arguments = Array(call.arguments)
        guard arguments.count == 4, let closure = trailingOrLabelled(call, "block"),
            let activities = observerActivities(arguments[1].expression, items, before: index)  // +ActivityMasks
                ?? (arguments[1].expression.trimmedDescription.contains(where: { "&|~^".contains($0) })
                    ? nil : activityNames(arguments[1].expression)),
            let repeats = arguments[2].expression.as(BooleanLiteralExprSyntax.self),
            let order = arguments[3].expression.as(IntegerLiteralExprSyntax.self)
        else {
            unsupported(
                "this observer",
                "write `CFRunLoopObserverCreateWithHandler(kCFAllocatorDefault, "
                    + "CFRunLoopActivity.beforeWaiting.rawValue, true, 0) { observer, activity in … }`", at: call)
            return ([], 1)
        }
        guard index + 1 < items.count, let add = cfCall("CFRunLoopAddObserver", items[index + 1]),
            add.arguments.count == 3,
            swiftPlace(Array(add.arguments)[1].expression) == place.swift
        else {
            unsupported(
                "an observer not added right after it is made",
                "call `CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)` in the next statement",
                at: call)
            return ([], 1)
        }
        let addArguments = Array(add.arguments)
        guard let loop = expression(addArguments[0].expression, in: scope),
            let mode = cfMode(addArguments[2].expression)
        else { return ([], 2) }
        var parameterNames: [String] = []
        switch closure.signature?.parameterClause {
        case .simpleInput(let list): parameterNames = list.map(\.name.text)
        case .parameterClause(let clause):
            parameterNames = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
        case nil: break
        }
        guard let block = lowerClosure(closure, in: scope, parameters: 2, passed: [1: .int]) else { return ([], 2) }
        var extra: [(String, LocatedNode)] = [
            ("mode", mode), ("activities", .list(activities.map { .plain($0, at: at) }, at: at)),
            ("repeats", .plain(repeats.literal.text, at: at)), ("order", .plain(order.literal.text, at: at)),
        ]
        let usedLater = place.isNew && items[(index + 2)...].contains { usesName(place.swift, $0) }
        if !place.isNew || usedLater { extra.append(("into", .plain(place.text, at: at))) }
        if parameterNames.count == 2, parameterNames[1] != "_" {
            extra.append(("activity", .plain(parameterNames[1], at: at)))
        }
        if place.isNew { scope.locals[place.swift] = Local(type: .api("CFRunLoopObserver"), isVar: false) }
        return ([.step("addObserver", loop.text, at: location(add), extra + block)], 2)
    }

    /// The call `NAME(…)` that `item` is, as a statement.
    private func cfCall(_ name: String, _ item: CodeBlockItemSyntax) -> FunctionCallExprSyntax? {
        let e = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
        guard let call = e?.as(FunctionCallExprSyntax.self),
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name
        else { return nil }
        return call
    }

    /// `CFRunLoopPerformBlock(rl, CFRunLoopMode.defaultMode.rawValue) { … }` → `CFRunLoopPerformBlock: rl` with
    /// `mode:` (CF queues the block for the mode; no wake-up).
    mutating func runLoopPerformBlock(_ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode] {
        let arguments = Array(call.arguments)
        guard arguments.count >= 2, let loop = expression(arguments[0].expression, in: scope),
            let closure = trailingOrLabelled(call, "block") ?? arguments.last?.expression.as(ClosureExprSyntax.self)
        else { return unknownFoundationCall(call) }
        let modeText = arguments[1].expression.trimmedDescription
        let mode: String
        if modeText.contains("common") {
            mode = "common"
        } else if modeText.contains("default") {
            mode = "default"
        } else {
            unsupported(
                "this mode", "write `CFRunLoopMode.defaultMode.rawValue` or `CFRunLoopMode.commonModes.rawValue`",
                at: arguments[1])
            return []
        }
        guard let block = lowerClosure(closure, in: scope, parameters: 0) else { return [] }
        let at = location(call)
        return [.step("CFRunLoopPerformBlock", loop.text, at: at, [("mode", .plain(mode, at: at))] + block)]
    }

    /// `RunLoop.main.perform { … }` and `RunLoop.current.perform(inModes: [.common]) { … }` (iOS 10): Foundation's
    /// wrapper of `CFRunLoopPerformBlock` (swift-corelibs-foundation RunLoop.swift: `perform(inModes:block:)` calls
    /// `CFRunLoopPerformBlock(getCFRunLoop(), modes, block)`, and `perform(_:)` passes `[.default]`), so the same
    /// step: queued for the mode, no wake-up. One mode in the list: a block queued for several runs once, in the
    /// first of them to run a pass, which one step per mode would not model. Both are iOS 10 API
    /// (`API_AVAILABLE(macosx(10.12), ios(10.0))` in NSRunLoop.h): `blockAPI:` first, the crash of ios8/ios9.
    mutating func runLoopPerform(_ loop: String, _ call: FunctionCallExprSyntax, in scope: Scope) -> [LocatedNode] {
        var rest = Array(call.arguments)[...]
        var mode = "default"
        if let first = rest.first, first.label?.text == "inModes" {
            guard let list = first.expression.as(ArrayExprSyntax.self), list.elements.count == 1,
                let only = list.elements.first
            else {
                unsupported(
                    "`perform(inModes:)` with a list of other than one mode",
                    "name one mode: `[.default]`, `[.common]` (the common modes) or `[.tracking]`", at: first.expression
                )
                return []
            }
            guard let name = modeName(only.expression) else { return [] }
            mode = name
            rest.removeFirst()
        }
        // `perform { … }`, `perform(inModes: m) { … }`, `perform(inModes: m, block: { … })`, `perform({ … })`.
        let closure = call.trailingClosure ?? rest.first?.expression.as(ClosureExprSyntax.self)
        guard let closure, rest.count == (call.trailingClosure == nil ? 1 : 0),
            rest.first.map({ $0.label == nil || $0.label?.text == "block" }) ?? true
        else { return unknownFoundationCall(call) }
        guard let block = lowerClosure(closure, in: scope, parameters: 0) else { return [] }
        let at = location(call)
        // iOS 10 API (NSRunLoop.h): on an older Foundation the message is not understood (`BlockAPIStep`).
        let selector = call.arguments.first?.label?.text == "inModes" ? "performInModes:block:" : "performBlock:"
        return [
            .step("blockAPI", "-[NSRunLoop \(selector)]", at: at),
            .step("CFRunLoopPerformBlock", loop, at: at, [("mode", .plain(mode, at: at))] + block),
        ]
    }

    /// Whether `e` is a port: `NSMachPort()`, `Port()`, or a value of either type.
    func isPortValue(_ e: ExprSyntax, in scope: Scope) -> Bool {
        if let call = e.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            return name == "NSMachPort" || name == "Port"
        }
        if let ref = e.as(DeclReferenceExprSyntax.self), let local = scope.locals[ref.baseName.text] {
            return local.type == .api("NSMachPort") || local.type == .api("Port")
        }
        if let ref = e.as(DeclReferenceExprSyntax.self), let cls = scope.className,
            let type = classes[cls]?.fields[ref.baseName.text]
        {
            return type == .api("NSMachPort") || type == .api("Port")
        }
        return false
    }

    /// `RunLoop.current.add(port, forMode: .default)`: `addPort:` (`-[NSRunLoop addPort:forMode:]`, a version-1
    /// source in the mode's port set, which keeps the mode from being empty, docs/scenario-format.md §7.5.1). A port
    /// made in the call (`add(NSMachPort(), forMode:)`) is made first, into a local named after the line.
    mutating func addPortSteps(
        _ base: ExprSyntax, _ portExpr: ExprSyntax, _ call: FunctionCallExprSyntax, in scope: inout Scope
    ) -> [LocatedNode] {
        let at = location(call)
        guard let loop = runLoopArgument(base, in: scope),
            let modeArgument = call.arguments.last?.expression, let mode = singleMode(modeArgument)
        else { return unknownFoundationCall(call) }
        var steps: [LocatedNode] = []
        let port: String
        if portExpr.is(FunctionCallExprSyntax.self) {
            port = "port\(at.line)"
            steps.append(.step("port", port, at: location(portExpr)))
        } else {
            guard let lowered = expression(portExpr, in: scope) else { return [] }
            port = lowered.text
        }
        steps.append(.step("addPort", port, at: at, [("to", .plain(loop, at: at)), ("mode", mode)]))
        return steps
    }
}
