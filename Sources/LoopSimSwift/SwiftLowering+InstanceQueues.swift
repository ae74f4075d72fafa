import LoopSimScenario
import SwiftSyntax

/// A dispatch queue kept in a stored property of a class that may be made more than once (`private let api =
/// DispatchQueue(label: "com.example.checkout-api")` in a service made in a method): each instance has its own
/// queue, as `DispatchQueue.init(label:qos:attributes:autoreleaseFrequency:target:)` makes a new queue at each call
/// (Apple: "Creates a new dispatch queue to which you can submit blocks"), and a stored property's initial value is
/// evaluated for each new instance (the Swift book, "Initialization" › "Default Property Values").
///
/// The property is lowered as a `dispatch_queue` field whose value is made with the object (`set: self.api =
/// dispatch_queue_create "com.example.checkout-api"`, with `concurrent` for `attributes: .concurrent`), and every
/// use of it (`api.async { }`, `self.api.sync { }`, `asyncAfter`, barriers, work items, groups, timer sources)
/// names `self.api`, evaluated where the call runs (docs/scenario-format.md, "Queues made at run time"). A class
/// made once keeps the lowering onto one declared queue (SwiftLowering+PropertyQueues.swift): the same program,
/// with the same trace.
extension SwiftLowering {
    /// The receiver text of a per-instance queue in `scope`: `self.PROPERTY`, through the local `self` is lowered
    /// to where a closure captured it.
    func instanceQueueText(_ queue: PropertyQueue, in scope: Scope) -> String {
        "\(scope.locals["self"]?.text("self") ?? "self").\(queue.property)"
    }

    /// The per-instance queue `decl` keeps, as its field (`NAME: dispatch_queue`) and the store of a new queue at
    /// the start of `init` (``PropertyQueue/isPerInstance``); false when `decl` keeps none.
    mutating func lowerInstanceQueueField(
        _ decl: VariableDeclSyntax, className: String, into fields: inout [(String, LocatedNode)],
        initSteps: inout [LocatedNode]
    ) -> Bool {
        guard decl.bindings.count == 1, let binding = decl.bindings.first,
            let property = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let queue = propertyQueues.first(where: {
                $0.isPerInstance && $0.className == className && $0.property == property
            })
        else { return false }
        let at = location(decl)
        let value = binding.initializer.map { location($0.value) } ?? at
        let label = queue.name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        fields.append((property, .plain("dispatch_queue", at: at)))
        initSteps.append(
            .step(
                "set",
                "self.\(property) = dispatch_queue_create \"\(label)\"" + (queue.width > 1 ? " concurrent" : ""),
                at: value))
        return true
    }
}
