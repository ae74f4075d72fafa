import LoopSimScenario
import SwiftSyntax

/// A dispatch queue passed into an init (`init(delay: DispatchTimeInterval, queue: DispatchQueue = .main)`), kept
/// in a `let` property (`private let queue: DispatchQueue` … `self.queue = queue`) or used in the init's body
/// (`DispatchSource.makeTimerSource(queue: queue)`), as utility classes take the queue they work on.
///
/// The scenario language names its queues; it has no queue values. A queue parameter is lowered as the one queue
/// every construction of the class passes (or leaves to the default): the program is the same exactly when each
/// instance gets that queue, which the lowering checks at every `C(…)` of the file; it refuses the parameter at its
/// line when two constructions pass different queues or one passes a queue it cannot name statically
/// (docs/fidelity.md, "Queues passed into an init").
extension SwiftLowering {
    /// A queue the file names statically: `.main` and `DispatchQueue.main` (`main`), `.global()` and
    /// `DispatchQueue.global(qos:)` (`global`: the model has one pool without priorities), or the name of a queue
    /// declared at the top level (`let db = DispatchQueue(label: "db")`). Nil for anything else.
    func staticQueueName(_ e: ExprSyntax) -> String? {
        var value = e
        var isCall = false
        if let call = e.as(FunctionCallExprSyntax.self), call.trailingClosure == nil {
            value = call.calledExpression
            isCall = true
        }
        if let member = value.as(MemberAccessExprSyntax.self) {
            if let base = member.base, base.as(DeclReferenceExprSyntax.self)?.baseName.text != "DispatchQueue" {
                return nil
            }
            switch (member.declName.baseName.text, isCall) {
            case ("main", false): return "main"
            case ("global", true): return "global"
            default: return nil
            }
        }
        if !isCall, let ref = value.as(DeclReferenceExprSyntax.self), isTopLevelQueue(ref.baseName.text, in: e.root) {
            return ref.baseName.text
        }
        return nil
    }

    /// Whether the file declares `let NAME = DispatchQueue(label: …)` at the top level.
    private func isTopLevelQueue(_ name: String, in root: Syntax) -> Bool {
        guard let file = root.as(SourceFileSyntax.self) else { return false }
        return file.statements.contains { item in
            guard let decl = item.item.as(VariableDeclSyntax.self), decl.bindingSpecifier.text == "let",
                decl.bindings.count == 1, let binding = decl.bindings.first,
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                let call = binding.initializer?.value.as(FunctionCallExprSyntax.self)
            else { return false }
            return call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "DispatchQueue"
                && call.arguments.first?.label?.text == "label"
        }
    }

    /// Whether `parameter` is declared `DispatchQueue`.
    static func isQueueParameter(_ parameter: FunctionParameterSyntax) -> Bool {
        parameter.type.trimmedDescription == "DispatchQueue"
    }

    /// The queue the `index`th parameter of `initializer` (a `DispatchQueue`) receives at every construction of
    /// `cls` that calls this init, its default where a call leaves it out; or why there is no single one.
    func injectedQueue(
        of cls: String, _ initializer: InitializerDeclSyntax, parameter index: Int
    ) -> (queue: String?, why: String?) {
        let parameters = Array(initializer.signature.parameterClause.parameters)
        let finder = ConstructionFinder(className: cls)
        finder.walk(Syntax(initializer).root)
        var queues: [String] = []
        for site in finder.sites {
            guard let passed = Self.argument(at: index, of: parameters, in: site) else { continue }
            guard let queue = staticQueueName(passed) else {
                let line = location(passed).line
                return (
                    nil,
                    "`\(cls)(…)` at line \(line) passes `\(passed.trimmedDescription)`, which LoopSim cannot name "
                        + "before the program runs"
                )
            }
            if !queues.contains(queue) { queues.append(queue) }
        }
        if queues.count > 1 {
            return (
                nil,
                "the constructions of `\(cls)` pass different queues: \(queues.joined(separator: ", ")); LoopSim "
                    + "gives the parameter one queue"
            )
        }
        if let queue = queues.first { return (queue, nil) }
        // Never constructed through this init: its body never runs; its default (or the main queue) names it.
        return (parameters[index].defaultValue.flatMap { staticQueueName($0.value) } ?? "main", nil)
    }

    /// The expression a construction `site` passes for the `index`th of `parameters` (its default when the site
    /// leaves it out), matched by label in order as Swift matches them; nil when `site` calls another init.
    private static func argument(
        at index: Int, of parameters: [FunctionParameterSyntax], in site: FunctionCallExprSyntax
    ) -> ExprSyntax? {
        var given = Array(site.arguments)
        var trailing = site.trailingClosure.map(ExprSyntax.init)
        var chosen: ExprSyntax?
        for (i, parameter) in parameters.enumerated() {
            var value: ExprSyntax?
            if let next = given.first, (next.label?.text ?? "_") == parameter.firstName.text {
                value = next.expression
                given.removeFirst()
            } else if let closure = trailing, i == parameters.count - 1 {
                value = closure
                trailing = nil
            } else if let defaultValue = parameter.defaultValue?.value {
                value = defaultValue
            } else {
                return nil
            }
            if i == index { chosen = value }
        }
        guard given.isEmpty, trailing == nil else { return nil }
        return chosen
    }

    /// The queue parameters of `initializer` of `cls`, by parameter name, for its body (``queueName(_:in:)``),
    /// after a located refusal of any that has no single queue (nil then).
    mutating func initializerQueueParameters(
        _ initializer: InitializerDeclSyntax, of cls: String
    ) -> [String: String]? {
        var queues: [String: String] = [:]
        for (index, parameter) in initializer.signature.parameterClause.parameters.enumerated()
        where Self.isQueueParameter(parameter) {
            let made = injectedQueue(of: cls, initializer, parameter: index)
            guard let queue = made.queue else {
                unsupported(
                    "this `DispatchQueue` parameter (\(made.why ?? "no single queue"))",
                    "pass the same queue at every `\(cls)(…)` (`.main`, `.global()`, or a queue declared at the top "
                        + "level), or leave it to the parameter's default", at: parameter)
                return nil
            }
            queues[(parameter.secondName ?? parameter.firstName).text] = queue
        }
        return queues
    }

    /// `private let queue: DispatchQueue`, set in `init` from a queue parameter (`self.queue = queue`): true when
    /// `decl` is such a property (its type written, no initial value).
    func isInjectedQueueProperty(_ decl: VariableDeclSyntax) -> Bool {
        guard decl.bindings.count == 1, let binding = decl.bindings.first,
            binding.initializer == nil, binding.accessorBlock == nil,
            binding.typeAnnotation?.type.trimmedDescription == "DispatchQueue"
        else { return false }
        return true
    }

    /// Records an ``isInjectedQueueProperty(_:)`` property as the shared name of the queue its init stores into it
    /// (``PropertyQueue/isShared``); refuses a `var` (a replaced queue) and a property stored from anything but a
    /// queue parameter or a statically named queue. A parameter with no single queue is refused at the parameter.
    mutating func recordInjectedQueueProperty(_ decl: VariableDeclSyntax, className: String) {
        guard let property = decl.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let classDecl = decl.ancestorOrSelf(mapping: { $0.as(ClassDeclSyntax.self) })
        else {
            unsupported("this queue property", "write `private let queue: DispatchQueue`", at: decl)
            return
        }
        if decl.bindingSpecifier.text != "let" {
            unsupported(
                "a queue in a `var`",
                "keep the queue in a `let`: `private let queue: DispatchQueue` (a replaced queue is not modelled)",
                at: decl.bindingSpecifier)
            return
        }
        var queues: [String] = []
        for member in classDecl.memberBlock.members {
            guard let initializer = member.decl.as(InitializerDeclSyntax.self), let body = initializer.body else {
                continue
            }
            let finder = StoreFinder(property: property)
            finder.walk(body)
            for value in finder.values {
                let parameters = Array(initializer.signature.parameterClause.parameters)
                if let ref = value.as(DeclReferenceExprSyntax.self),
                    let index = parameters.firstIndex(where: {
                        ($0.secondName ?? $0.firstName).text == ref.baseName.text && Self.isQueueParameter($0)
                    })
                {
                    // A parameter with no single queue is refused at the parameter, when its init is lowered.
                    guard let queue = injectedQueue(of: className, initializer, parameter: index).queue else {
                        propertyQueues.append(
                            PropertyQueue(
                                className: className, property: property, name: "main", isOperationQueue: false,
                                isShared: true))
                        return
                    }
                    if !queues.contains(queue) { queues.append(queue) }
                } else if let queue = staticQueueName(value) {
                    if !queues.contains(queue) { queues.append(queue) }
                } else {
                    unsupported(
                        "storing `\(value.trimmedDescription)` into a queue property",
                        "store a `DispatchQueue` parameter of the init, `.main`, `.global()` or a queue declared at "
                            + "the top level", at: value)
                    return
                }
            }
        }
        guard queues.count <= 1 else {
            unsupported(
                "a queue property the inits set to different queues (\(queues.joined(separator: ", ")))",
                "give every init the same queue, or keep one queue per property", at: decl)
            return
        }
        propertyQueues.append(
            PropertyQueue(
                className: className, property: property, name: queues.first ?? "main", isOperationQueue: false,
                isShared: true))
    }

    /// `self.queue = queue` in an init, for a property recorded by ``recordInjectedQueueProperty(_:className:)``:
    /// nothing to do (every use of the property names the queue). Nil when `lhs = rhs` is not that.
    func injectedQueueAssignment(_ lhs: ExprSyntax, _ rhs: ExprSyntax, in scope: Scope) -> [LocatedNode]? {
        guard let queue = propertyQueue(lhs, in: scope), queue.isShared, !queue.isOperationQueue,
            queueName(rhs, in: scope) == queue.name || staticQueueName(rhs) == queue.name
        else { return nil }
        return []
    }
}

/// The values an init's body stores into one property (`self.queue = v`, `queue = v`), in source order.
final class StoreFinder: SyntaxVisitor {
    /// The property looked for.
    let property: String
    /// Each stored value.
    var values: [ExprSyntax] = []

    init(property: String) {
        self.property = property
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { return .visitChildren }
        let lhs = elements[0]
        let named =
            lhs.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? lhs.as(MemberAccessExprSyntax.self).flatMap {
                $0.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" ? $0.declName.baseName.text : nil
            }
        if named == property { values.append(elements[2]) }
        return .visitChildren
    }

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}

extension SwiftLowering {
    /// The init of `cls` a call with `labels` calls when it leaves out parameters with a default value
    /// (`Debouncer(delay: 0.3)` of `init(delay: TimeInterval, queue: DispatchQueue = .main)`): the one whose
    /// labels the call's match in order, each left-out parameter having a default (the Swift book, "Functions" ›
    /// "Default Parameter Values"); nil when none or several do, or with a trailing closure.
    func initializerWithDefaults(of cls: String, labels: [String], trailing: Bool) -> String? {
        // A trailing closure with a left-out default is not followed: ``callArguments`` fills defaults only
        // without one.
        guard let shape = classes[cls], !trailing else { return nil }
        let matching = shape.initializers.values.filter { method in
            guard let defaults = shape.methodParameterDefaults[method] else { return false }
            var given = labels[...]
            for parameter in defaults {
                if let next = given.first, next == parameter.label {
                    given.removeFirst()
                } else if parameter.value == nil {
                    return false
                }
            }
            return given.isEmpty
        }.sorted()
        return matching.count == 1 ? matching[0] : nil
    }
}
