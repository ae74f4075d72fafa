import LoopSimScenario
import SwiftSyntax

/// A dispatch queue or operation queue kept in a class's stored property (`private let queue =
/// DispatchQueue(label: "com.app.worker")`, `private let queue = OperationQueue()`), as app code keeps them.
///
/// The scenario language names its queues globally (`queues:`, `operationQueues:`), while Swift makes one queue per
/// instance. The lowering declares one queue per property, which is the same program exactly when at most one
/// instance of the class is ever made; it checks that the class is constructed at one place that runs once (top-level
/// code, a `static let`, or a user action) and refuses the property at its line otherwise (docs/fidelity.md, "Queues
/// kept in properties").
struct PropertyQueue {
    /// The class that keeps the queue.
    var className: String
    /// The property's name.
    var property: String
    /// The queue's name in the lowered scenario: a dispatch queue's label (what Apple's tools and crash logs call
    /// it: `dispatch_queue_create`'s first argument), an operation queue's `Class.property`.
    var name: String
    /// Whether it is an `OperationQueue` (else a `DispatchQueue`).
    var isOperationQueue: Bool
    /// A `let` holding one of the process's shared queues (`DispatchQueue.main`, `.global()`): `name` is that
    /// queue's, which no `queues:` entry declares.
    var isShared = false
    /// A dispatch queue of a class that may be made more than once: each instance makes its own queue
    /// (`DispatchQueue(label:)` makes a new queue at each call), so the property is a `dispatch_queue` field set to
    /// `dispatch_queue_create "label"` where the object is made, and its uses name `self.PROPERTY`
    /// (SwiftLowering+InstanceQueues.swift). `name` is the label; `width` 1 serial, more concurrent.
    var isPerInstance = false
    var width = 1
}

extension SwiftLowering {
    /// The width a concurrent `DispatchQueue(label:attributes: .concurrent)` gets: a Swift concurrent queue has no
    /// width of its own (libdispatch gives it `DISPATCH_QUEUE_WIDTH_MAX`, queue_internal.h), so the thread pool
    /// bounds it, and the model's pool (`global`) stops at 64 threads (docs/scenario-format.md §7.6, the
    /// workqueue's limit, `WORKQUEUE_MAXTHREADS`); 64 is also the largest width `queues:` takes.
    static let concurrentQueueWidth = 64

    /// `DispatchQueue(label: "x")`, `(label:qos:)`, `(label:attributes: .concurrent)`, `(label:qos:attributes:)`:
    /// the label and the width (1 serial, ``concurrentQueueWidth`` concurrent); nil when `call` makes no dispatch
    /// queue, and nil after a located refusal for the forms not modelled (a `target:`, `.initiallyInactive`).
    mutating func dispatchQueueCreation(_ call: FunctionCallExprSyntax) -> (label: String, width: Int)?? {
        guard call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "DispatchQueue",
            call.trailingClosure == nil, call.arguments.first?.label?.text == "label"
        else { return nil }
        var label: String?
        var width = 1
        for argument in call.arguments {
            switch argument.label?.text {
            case "label":
                label = plainString(argument.expression)
                if label == nil {
                    unsupported("a computed queue label", "write the label as a string literal", at: argument)
                    return .some(nil)
                }
            case "qos":
                // QoS orders work among the pool's threads; the model has one pool without priorities
                // (docs/fidelity.md, "Queues kept in properties"): the queue is the same queue without it.
                continue
            case "attributes":
                let text = argument.expression.trimmedDescription.filter { !"[] ".contains($0) }
                guard text == ".concurrent" || text == "DispatchQueue.Attributes.concurrent" else {
                    unsupported(
                        "the queue attributes `\(argument.expression.trimmedDescription)`",
                        "write `attributes: .concurrent`, or leave them out for a serial queue", at: argument)
                    return .some(nil)
                }
                width = Self.concurrentQueueWidth
            default:
                unsupported(
                    "this argument of `DispatchQueue(label:)`",
                    "write `DispatchQueue(label: \"x\")`, with `qos:` or `attributes: .concurrent` if you need; a "
                        + "target queue is declared in YAML (`queues: [{q: {target: db}}]`)", at: argument)
                return .some(nil)
            }
        }
        guard let label else { return .some(nil) }
        return (label, width)
    }

    /// `let q = DispatchQueue(label: "q", attributes: .concurrent)` (or with `qos:`) at the top level: a queue of
    /// `queues:` named after the variable, as the plain form is (SwiftLowering+File.swift); true when `decl` was
    /// one (also after a refusal).
    mutating func topLevelQueue(_ decl: VariableDeclSyntax) -> Bool {
        guard decl.bindings.count == 1, let binding = decl.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
            let made = dispatchQueueCreation(call)
        else { return false }
        guard let (_, width) = made else { return true }
        queueNames.append(name)
        if width > 1 { queueWidths[name] = width }
        return true
    }

    /// `queues:`: the top-level queues and then the ones kept in properties, a concurrent one as `{NAME:
    /// {concurrent: WIDTH}}`.
    func queueEntries(at start: ScenarioLocation) -> [LocatedNode] {
        let dispatched = propertyQueues.filter { !$0.isOperationQueue && !$0.isShared && !$0.isPerInstance }.map(\.name)
        return (queueNames + dispatched).map { name in
            guard let width = queueWidths[name] else { return .plain(name, at: start) }
            return .map([(name, .map([("concurrent", .plain(String(width), at: start))], at: start))], at: start)
        }
    }

    /// Records a stored property that keeps a queue (``PropertyQueue``), from ``collectShape(_:)``; true when
    /// `decl` is one (also after a refusal), so that it is no field of the class.
    mutating func recordPropertyQueue(_ decl: VariableDeclSyntax, className: String) -> Bool {
        if isInjectedQueueProperty(decl) {  // `let queue: DispatchQueue` set in init (+QueueParameters.swift)
            recordInjectedQueueProperty(decl, className: className)
            return true
        }
        if let shared = sharedQueueProperty(decl) {
            propertyQueues.append(
                PropertyQueue(
                    className: className, property: shared.property, name: shared.queue, isOperationQueue: false,
                    isShared: true))
            return true
        }
        guard decl.bindings.count == 1, let binding = decl.bindings.first,
            let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let call = binding.initializer?.value.as(FunctionCallExprSyntax.self)
        else { return false }
        let name: String
        let width: Int
        var isOperationQueue = false
        var lazyWidth: String?
        if let made = lazyOperationQueue(decl, call) {
            // `lazy var queue: OperationQueue = { let q = OperationQueue(); q.maxConcurrentOperationCount = 1;
            // return q }()` (SwiftLowering+PropertySources.swift).
            (name, width, lazyWidth) = ("\(className).\(property)", 0, made)
            isOperationQueue = true
        } else if let made = dispatchQueueCreation(call) {
            guard let made else { return true }
            (name, width) = made
        } else if call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "OperationQueue",
            call.arguments.isEmpty, call.trailingClosure == nil
        {
            (name, width) = ("\(className).\(property)", 0)
            isOperationQueue = true
        } else {
            return false
        }
        if decl.bindingSpecifier.text != "let", lazyWidth == nil {
            unsupported(
                "a queue in a `var`",
                "keep the queue in a `let`: `private let queue = …` (a replaced queue is not "
                    + "modelled)", at: decl.bindingSpecifier)
            return true
        }
        if let reason = manyInstances(of: className, from: Syntax(decl)) {
            if !isOperationQueue {
                // A queue per instance (SwiftLowering+InstanceQueues.swift).
                propertyQueues.append(
                    PropertyQueue(
                        className: className, property: property, name: name, isOperationQueue: false,
                        isPerInstance: true, width: width))
                return true
            }
            unsupported(
                "a queue kept in a property of `\(className)`, which \(reason)",
                "each instance has its own queue, and LoopSim declares one queue per property: make `\(className)` "
                    + "once, in top-level code, or declare the queue at the top level and use it from the class",
                at: decl)
            return true
        }
        if queueNames.contains(name) || propertyQueues.contains(where: { $0.name == name && !$0.isPerInstance }) {
            unsupported(
                "a second queue labelled \"\(name)\"", "give each queue its own label", at: call)
            return true
        }
        propertyQueues.append(
            PropertyQueue(className: className, property: property, name: name, isOperationQueue: isOperationQueue))
        if isOperationQueue {
            operationQueues.append((name: name, width: lazyWidth ?? "default"))
        } else if width > 1 {
            queueWidths[name] = width
        }
        return true
    }

    /// `private let queue = DispatchQueue.main`, `let work: DispatchQueue = .global(qos: .utility)`: a `let`
    /// holding one of the process's shared queues, which every use of the property names (the queue is one object
    /// for the whole process: `dispatch_get_main_queue`, `dispatch_get_global_queue` return the same queue at each
    /// call), so the property is no field; the property's name and the queue's (`main`, `global`). Nil otherwise.
    func sharedQueueProperty(_ decl: VariableDeclSyntax) -> (property: String, queue: String)? {
        guard decl.bindingSpecifier.text == "let", decl.bindings.count == 1, let binding = decl.bindings.first,
            let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            var value = binding.initializer?.value
        else { return nil }
        let annotated = binding.typeAnnotation?.type.trimmedDescription == "DispatchQueue"
        var isCall = false
        if let call = value.as(FunctionCallExprSyntax.self) {
            guard call.trailingClosure == nil else { return nil }
            value = call.calledExpression
            isCall = true
        }
        guard let member = value.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base {
            guard base.as(DeclReferenceExprSyntax.self)?.baseName.text == "DispatchQueue" else { return nil }
        } else if !annotated {
            return nil
        }
        switch (member.declName.baseName.text, isCall) {
        case ("main", false): return (property, "main")
        case ("global", true): return (property, "global")
        default: return nil
        }
    }

    /// Whether `decl` is a property recorded by ``recordPropertyQueue(_:className:)`` (or refused there).
    func isPropertyQueue(_ decl: VariableDeclSyntax) -> Bool {
        if sharedQueueProperty(decl) != nil || isInjectedQueueProperty(decl) { return true }
        guard decl.bindings.count == 1,
            let call = decl.bindings.first?.initializer?.value.as(FunctionCallExprSyntax.self)
        else { return false }
        if isLazyOperationQueue(decl, call) { return true }  // SwiftLowering+PropertySources.swift
        guard let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return false }
        return (callee == "DispatchQueue" && call.arguments.first?.label?.text == "label")
            || (callee == "OperationQueue" && call.arguments.isEmpty && call.trailingClosure == nil)
    }

    /// The property queue `e` names inside its class (`queue`, `self.queue`), nil for anything else.
    func propertyQueue(_ e: ExprSyntax, in scope: Scope) -> PropertyQueue? {
        // `Store.queue`, `Self.queue`: a `static let` queue, one for the type (SwiftLowering+TypeMembers.swift).
        if let member = e.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            scope.locals[base.baseName.text] == nil, let owner = typeName(base, in: scope),
            let queue = propertyQueues.first(where: {
                $0.className == typeObjectName(owner) && $0.property == member.declName.baseName.text
            })
        {
            return queue
        }
        guard let cls = scope.className else { return nil }
        let property: String
        if let ref = e.as(DeclReferenceExprSyntax.self), scope.locals[ref.baseName.text] == nil {
            property = ref.baseName.text
        } else if let member = e.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self", scope.locals["self"] != nil
        {
            property = member.declName.baseName.text
        } else {
            return nil
        }
        return propertyQueues.first { $0.className == cls && $0.property == property }
    }

    /// The class a type name written before a member means: itself, or for `Self` the class whose declaration
    /// holds it (of a type method: its owner).
    private func typeName(_ ref: DeclReferenceExprSyntax, in scope: Scope) -> String? {
        guard ref.baseName.text == "Self" else { return ref.baseName.text }
        return (scope.className ?? enclosingTypeName(of: Syntax(ref))).map { typeObjectOwner($0) ?? $0 }
    }

    /// The dispatch queue a property names (``propertyQueue(_:in:)``), for ``queueName(_:in:)``.
    func propertyQueueName(_ e: ExprSyntax, in scope: Scope) -> String? {
        guard let queue = propertyQueue(e, in: scope), !queue.isOperationQueue else { return nil }
        if queue.isPerInstance { return instanceQueueText(queue, in: scope) }  // SwiftLowering+InstanceQueues.swift
        return queue.name
    }

    /// `queue.maxConcurrentOperationCount = N` on an operation queue kept in a property: in `init`, N becomes the
    /// queue's width (`operationQueues:`), as it is set before any operation is added; in a method it is
    /// `setMaxConcurrentOperationCount:` where it is written (the new width bounds the operations started from
    /// then on; corelibs' setter calls `_schedule()`). Nil when `lhs = rhs` is not that.
    mutating func propertyQueueAssignment(_ lhs: ExprSyntax, _ rhs: ExprSyntax, in scope: Scope) -> [LocatedNode]? {
        if let steps = propertyQueueSetter(lhs, rhs, in: scope) { return steps }  // SwiftLowering+PropertySources.swift
        guard let member = lhs.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "maxConcurrentOperationCount", let base = member.base,
            let queue = propertyQueue(base, in: scope), queue.isOperationQueue
        else { return nil }
        let literal = literalText(rhs).flatMap { Int($0) }
        guard let literal, literal >= 1 || literal == -1 else {
            unsupported(
                "this width", "write a positive integer literal, or -1 for the default", at: rhs)
            return []
        }
        guard scope.kind == .method, isInInit(lhs) else {
            let at = location(lhs)
            return [.step("setMaxConcurrentOperationCount", queue.name, at: at, [("to", .plain("\(literal)", at: at))])]
        }
        if let index = operationQueues.firstIndex(where: { $0.name == queue.name }) {
            operationQueues[index].width = literal == -1 ? "default" : "\(literal)"
        }
        return []
    }

    /// Why more than one instance of `cls` could be made (its own queue each), nil when it is made at most once: at
    /// one place, in top-level code, a `static let` or a user action's closure, not in a loop — or in a stored
    /// property's initial value of another class that is itself made at most once (`private let loader =
    /// DataLoader()` in a screen made once: one loader, one queue).
    func manyInstances(of cls: String, from node: Syntax, seen: Set<String> = []) -> String? {
        let finder = ConstructionFinder(className: cls)
        finder.walk(node.root)
        if finder.sites.count > 1 { return "is made at \(finder.sites.count) places" }
        guard let site = finder.sites.first else { return nil }
        var parent = site.parent
        while let p = parent {
            if p.is(ForStmtSyntax.self) || p.is(WhileStmtSyntax.self) || p.is(RepeatStmtSyntax.self) {
                return "is made in a loop"
            }
            if let closure = p.as(ClosureExprSyntax.self), !isUserAction(closure) {
                return "is made in a closure"
            }
            if p.is(FunctionDeclSyntax.self) || p.is(InitializerDeclSyntax.self) || p.is(AccessorBlockSyntax.self)
                || p.is(DeinitializerDeclSyntax.self)
            {
                return "is made in a function or method"
            }
            if let v = p.as(VariableDeclSyntax.self), p.parent?.is(MemberBlockItemSyntax.self) == true,
                !isStatic(v.modifiers)
            {
                guard let owner = enclosingClassName(of: p), owner != cls, !seen.contains(owner) else {
                    return "is made in a property of a class that (through others) holds itself"
                }
                if let why = manyInstances(of: owner, from: node, seen: seen.union([cls])) {
                    return "is made in a property of `\(owner)`, which \(why)"
                }
                return nil
            }
            parent = p.parent
        }
        return nil
    }

    /// Whether `closure` is a user action's (`scenario.at(…) { … }`), which runs once.
    private func isUserAction(_ closure: ClosureExprSyntax) -> Bool {
        var parent = closure.parent
        while let p = parent, !p.is(FunctionCallExprSyntax.self) { parent = p.parent }
        guard let call = parent?.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)
        else { return false }
        return member.declName.baseName.text == "at" && (scenarioName == nil || base.baseName.text == scenarioName)
    }

    /// Whether `node` is in an `init`'s own statements (not in a closure there).
    private func isInInit(_ node: some SyntaxProtocol) -> Bool {
        var parent = node.parent
        while let p = parent {
            if p.is(InitializerDeclSyntax.self) { return true }
            if p.is(ClosureExprSyntax.self) || p.is(FunctionDeclSyntax.self) { return false }
            parent = p.parent
        }
        return false
    }
}

/// The calls that construct a class (`C()`, `C(a: 1)`) in a syntax tree.
final class ConstructionFinder: SyntaxVisitor {
    /// The class looked for.
    let className: String
    /// Every call constructing it, in source order.
    var sites: [FunctionCallExprSyntax] = []

    init(className: String) {
        self.className = className
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == className { sites.append(node) }
        return .visitChildren
    }
}
