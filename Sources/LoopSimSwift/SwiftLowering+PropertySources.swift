import LoopSimScenario
import SwiftSyntax

/// A dispatch timer source made in a stored property's initial value and configured in `init`:
///
///     private let timer = DispatchSource.makeTimerSource(queue: .main)
///     init() { timer.schedule(deadline: .now() + 0.5, repeating: 0.5); timer.setEventHandler { … } }
///     func resume() { timer.resume() }
///
/// Swift runs the property's initial value before the init's body (the Swift book, "Initialization" › "Default
/// Property Values"); `makeTimerSource` returns a suspended source with no timer and no handler (Apple's
/// documentation of `dispatch_source_create`: "Dispatch sources are created in a suspended state"), so nothing
/// can run before the init's `schedule` and `setEventHandler`. The scenario language makes, schedules and gives
/// the handler in one `dispatch_source_timer:` (SwiftLowering+DispatchSources.swift), so the init's statements
/// that configure the property's source fold into that step, stored into `self.NAME`, suspended (`resume: false`)
/// unless a `resume()` or `activate()` follows among them. The later `resume()`, `suspend()` and `cancel()` in any
/// method are the source's own steps, with their suspend count (releasing a suspended source is the kernel's
/// finding, as for a source made in a method).
extension SwiftLowering {
    /// The `DispatchSource.makeTimerSource(…)` call that is `binding`'s initial value, if it is one.
    func propertySourceCreation(_ binding: PatternBindingSyntax) -> FunctionCallExprSyntax? {
        guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            call.calledExpression.trimmedDescription == "DispatchSource.makeTimerSource"
        else { return nil }
        return call
    }

    /// In an init of the class: `items[index]` is `NAME.schedule(…)`, `NAME.setEventHandler { … }` (or
    /// `self.NAME.…`) on a property made by `makeTimerSource` in its initial value: that statement and the ones
    /// right after that configure the same source, as one `dispatch_source_timer: self.NAME`.
    mutating func foldPropertySource(_ items: [CodeBlockItemSyntax], at index: Int, in scope: inout Scope)
        -> (steps: [LocatedNode], used: Int)?
    {
        guard let cls = scope.initializerOf, let shape = classes[cls], !shape.sources.isEmpty else { return nil }
        for (name, made) in shape.sources.sorted(by: { $0.key < $1.key }) {
            guard let (_, verb) = callOn(name, items[index]), ["schedule", "setEventHandler"].contains(verb),
                scope.locals[name] == nil
            else { continue }
            foldedPropertySources.insert("\(cls).\(name)")
            // `foldSource` reads the statements after its creation statement: the creation is the property's.
            // `used` counts the creation statement, which is not among `items`.
            let folded = foldSource(items, at: index - 1, place: (name, "self.\(name)", false), call: made, in: &scope)
            return (folded.steps, max(folded.used - 1, 1))
        }
        return nil
    }

    /// The class's source properties that no init configured: a located error at each (sorted by name).
    mutating func checkPropertySources(className: String) {
        guard let shape = classes[className] else { return }
        for (name, made) in shape.sources.sorted(by: { $0.key < $1.key })
        where !foldedPropertySources.contains("\(className).\(name)") {
            unsupported(
                "a dispatch source made in a property's initial value that `init` does not schedule",
                "schedule it and set its handler in `init`: `\(name).schedule(deadline: .now() + 1, repeating: 1)`, "
                    + "`\(name).setEventHandler { … }`; resume it there or in any method", at: made)
        }
    }

    /// Whether `decl` is `lazy var NAME: OperationQueue = { … }()` (or `let NAME: OperationQueue = { … }()`): a
    /// closure called at once whose first statement makes an `OperationQueue()`.
    func isLazyOperationQueue(_ decl: VariableDeclSyntax, _ call: FunctionCallExprSyntax) -> Bool {
        guard decl.modifiers.contains(where: { $0.name.text == "lazy" }) || decl.bindingSpecifier.text == "let",
            call.arguments.isEmpty,
            call.trailingClosure == nil, let closure = call.calledExpression.as(ClosureExprSyntax.self),
            let first = closure.statements.first?.item.as(VariableDeclSyntax.self),
            let made = first.bindings.first?.initializer?.value.as(FunctionCallExprSyntax.self)
        else { return false }
        return made.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "OperationQueue"
            && made.arguments.isEmpty && made.trailingClosure == nil
    }

    /// `lazy var queue: OperationQueue = { let q = OperationQueue(); q.maxConcurrentOperationCount = N; return q
    /// }()`: an operation queue kept in the property, of width N (`default` without it). Swift makes it at the
    /// property's first read (the Swift book, "Properties" › "Lazy Stored Properties"), or, in a `let`, when the
    /// instance is initialized, so nothing is ever added to it before the width is set: the queue declared with that
    /// width from the start runs the same operations the same way. Nil when `decl` is not that form. `q.name = …` is
    /// a warning (the queue is named after its property, as for a queue named in a method); another statement the
    /// closure may not hold (anything but the width, then `return q`) is a located refusal; the queue is still
    /// recorded, so that its uses report nothing more.
    mutating func lazyOperationQueue(_ decl: VariableDeclSyntax, _ call: FunctionCallExprSyntax) -> String? {
        guard isLazyOperationQueue(decl, call), let closure = call.calledExpression.as(ClosureExprSyntax.self),
            let first = closure.statements.first?.item.as(VariableDeclSyntax.self),
            let local = first.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return nil }
        let items = Array(closure.statements)
        if items.count < 2 || items.last?.item.as(ReturnStmtSyntax.self)?.expression?.trimmedDescription != local {
            unsupported(
                "an operation queue made by a closure that does not end in `return \(local)`",
                "end the closure with `return \(local)`", at: closure)
        }
        var width = "default"
        for item in items.dropFirst().dropLast() {
            let e = item.item.as(ExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression
            if let sequence = e?.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
                let parts = Array(sequence.elements)
                if let member = parts[0].as(MemberAccessExprSyntax.self),
                    member.base?.trimmedDescription == local,
                    member.declName.baseName.text == "maxConcurrentOperationCount",
                    parts[1].is(AssignmentExprSyntax.self)
                {
                    guard let n = parts[2].as(IntegerLiteralExprSyntax.self) else {
                        unsupported("a computed width", "write an integer literal", at: parts[2])
                        continue
                    }
                    width = n.literal.text
                    continue
                }
                if let member = parts[0].as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == local,
                    member.declName.baseName.text == "name", parts[1].is(AssignmentExprSyntax.self)
                {
                    bag.warning(
                        .swiftIgnored,
                        "an operation queue's `name` is not modelled: the queue is named after its property in the "
                            + "reports", at: location(item))
                    continue
                }
            }
            unsupported(
                "this statement in an operation queue's closure",
                "the closure makes the queue, sets `maxConcurrentOperationCount` to an integer literal and returns "
                    + "it; set the rest where the queue is used", at: item)
        }
        return width
    }

    /// Whether `e` is `RunLoop.current`, `RunLoop.main`, `CFRunLoopGetCurrent()` or `CFRunLoopGetMain()`: a property
    /// initial value that is a run loop.
    static func isRunLoopAccessor(_ e: ExprSyntax) -> Bool {
        let text = e.trimmedDescription
        return ["RunLoop.current", "RunLoop.main", "CFRunLoopGetCurrent()", "CFRunLoopGetMain()"].contains(text)
    }

    /// A run loop kept in a property of the class (`loop`, `self.loop`): its lowered text, for `loop.add(t, forMode:)`.
    mutating func runLoopProperty(_ base: ExprSyntax, in scope: Scope) -> String? {
        guard let cls = scope.className, scope.locals[swiftPlace(base)] == nil,
            classes[cls]?.fields[swiftPlace(base)] == .runLoop, swiftPlace(base).allSatisfy({ $0 != "." })
        else { return nil }
        return expression(base, in: scope)?.text
    }

    /// `queue.isSuspended = B`, `queue.qualityOfService = .LEVEL`, `queue.name = …` on an operation queue kept in a
    /// property, in `init` or any method: `setSuspended:` (a suspended queue starts nothing new; corelibs'
    /// setter calls `_schedule()` on resume) and `setQueueQualityOfService:` where they are written; `name` is
    /// refused (the queue is named `Class.property`, and the model has no setter for it). Nil for anything else.
    mutating func propertyQueueSetter(_ lhs: ExprSyntax, _ rhs: ExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let member = lhs.as(MemberAccessExprSyntax.self), let base = member.base,
            let queue = propertyQueue(base, in: scope), queue.isOperationQueue
        else { return nil }
        let at = location(lhs)
        switch member.declName.baseName.text {
        case "isSuspended":
            guard let b = rhs.as(BooleanLiteralExprSyntax.self) else {
                unsupported("a computed `isSuspended`", "write `true` or `false`", at: rhs)
                return []
            }
            return [.step("setSuspended", queue.name, at: at, [("to", .plain(b.literal.text, at: at))])]
        case "qualityOfService":
            let levels = ["userInteractive", "userInitiated", "utility", "background", "default"]
            let text = rhs.trimmedDescription
            let level = text.hasPrefix("QualityOfService.") ? String(text.dropFirst(17)) : String(text.dropFirst())
            guard text.hasPrefix(".") || text.hasPrefix("QualityOfService."), levels.contains(level) else {
                unsupported("this quality of service", "write `.utility` (or another `QualityOfService` case)", at: rhs)
                return []
            }
            return [.step("setQueueQualityOfService", queue.name, at: at, [("to", .plain(level, at: at))])]
        case "name":
            // The model names the queue after its property, in reports and `OperationQueue.current?.name`: a
            // warning, not a refusal, so that app code that names its queue runs.
            bag.warning(
                .swiftIgnored,
                "an operation queue's `name` is not modelled: the queue is named `\(queue.name)` in the reports, "
                    + "and `OperationQueue.current?.name` reads that name", at: at)
            return []
        default:
            return nil
        }
    }
}
