/// `[queue addOperationWithBlock:]`, optionally depending on the previous operation added to the queue
/// (docs/scenario-format.md §7.8), run by ``OperationQueues``.
public struct AddOperationStep: ExecutableStep {
    public var verb: String { "addOperation" }
    /// The queue's index in the program's `operationQueues:`.
    public var queue: Int
    public var dependsOnLast: Bool
    public var block: Expr

    public init(queue: Int, dependsOnLast: Bool, block: Expr) {
        self.queue = queue
        self.dependsOnLast = dependsOnLast
        self.block = block
    }

    public func execute(in c: StepContext) throws(RuntimeFault) -> StepOutcome {
        guard let block = try c.retainedObject(block) else { return .next }
        c.kernel.operations.add(block, to: queue, dependsOnLast: dependsOnLast, from: c.thread, c.kernel)
        return .next
    }
}
