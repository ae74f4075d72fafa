/// The scenario's `NSOperationQueue`s: operations run on GCD's pool threads, at most `maxConcurrentOperationCount`
/// of a queue at once, each after the operation it depends on has finished. It owns the queues; the kernel's
/// services (events, the heap, GCD) are reached through the ``Kernel`` each call is given.
final class OperationQueues {
    private var queues: [OperationQueueState]

    init(_ declared: [(name: String, maxConcurrent: Int)]) {
        queues = declared.map { OperationQueueState(name: $0.name, maxConcurrent: $0.maxConcurrent) }
    }

    /// `[queue addOperationWithBlock:]`, optionally depending on the previously added operation.
    func add(_ block: ObjectID, to index: Int, dependsOnLast: Bool, from thread: SimThread, _ k: Kernel) {
        let dependency = dependsOnLast && !queues[index].operations.isEmpty ? queues[index].operations.count - 1 : nil
        queues[index].operations.append((block: block, dependsOn: dependency, state: .pending))
        k.record(thread, .operationAdd(queue: k.name(queues[index].name),
                                       operation: Int64(queues[index].operations.count - 1)))
        startReady(index, k)
    }

    /// Starts the queue's pending operations whose dependency has finished, while it has room.
    private func startReady(_ index: Int, _ k: Kernel) {
        var q = queues[index]
        for i in q.operations.indices where q.running < q.maxConcurrent && q.operations[i].state == .pending {
            if let d = q.operations[i].dependsOn, q.operations[d].state != .finished { continue }
            q.operations[i].state = .running
            q.running += 1
            queues[index] = q
            k.dispatch.enqueue(.operation(queue: index, operation: i), on: .global, k)
            q = queues[index]
        }
    }

    /// Runs one operation (a +1 on its block for the run), then lets the queue start the next ready ones.
    func frame(queue index: Int, operation op: Int, _ k: Kernel) -> Frame {
        let block = queues[index].operations[op].block
        if let block { k.retain(block) }
        return BlockThenFrame(block: block, edge: "operation") { kernel, thread in
            kernel.operations.finished(index, op, on: thread, kernel)
        }
    }

    private func finished(_ index: Int, _ op: Int, on thread: SimThread, _ k: Kernel) {
        queues[index].operations[op].state = .finished
        if let block = queues[index].operations[op].block {
            k.release(block, on: thread)  // the queue's reference to the finished operation
        }
        queues[index].operations[op].block = nil
        queues[index].running -= 1
        startReady(index, k)
    }

    /// What each queue holds strongly, for the leak analysis: (queue name, the blocks of unfinished operations).
    func heldObjects() -> [(queue: String, objects: [ObjectID])] {
        queues.map { ($0.name, $0.operations.compactMap(\.block)) }
    }
}

/// An `NSOperationQueue`'s operations and how many run.
struct OperationQueueState {
    var name: String
    var maxConcurrent: Int
    var operations: [(block: ObjectID?, dependsOn: Int?, state: OperationState)] = []
    var running = 0
}

enum OperationState { case pending, running, finished }
