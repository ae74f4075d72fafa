/// The default-actor executors of the scenario's `actor` instances (a class declared `actor: true`), as swift
/// `stdlib/public/Concurrency/Actor.cpp` runs a default actor: one job at a time. `swift_defaultActor_enqueue`
/// puts a job on the actor's queue and, when the actor was idle, schedules the actor itself on the global executor
/// (the cooperative pool); the drain runs the actor's jobs in priority order, first in first out within one
/// priority, and a job that suspends (`Task.sleep`, an `await` of something elsewhere) gives the actor up: the
/// actor's other jobs run before it resumes — *actor reentrancy* (SE-0306, "Actor reentrancy").
///
/// ``Tasks`` owns this part: it reserves an actor for the task whose job it queues on the pool, queues the others
/// here, and releases the actor when the job ends. Every job has the default priority (the language has no task
/// priorities), so the order is first in first out. Lookups only: the tables are never iterated.
final class Actors {
    /// The task whose job holds (or is about to run on) each busy actor.
    private var holders: [ObjectID: ObjectID] = [:]
    /// Each actor's waiting jobs, first in first out: (task, the task's generation when it was queued).
    private var queues: [ObjectID: [(task: ObjectID, generation: Int)]] = [:]

    /// The task holding `actor`'s executor, nil when the actor is idle.
    func holder(of actor: ObjectID) -> ObjectID? { holders[actor] }

    /// Reserves idle `actor` for `task` (true), or answers false when another job holds it.
    func reserve(_ actor: ObjectID, for task: ObjectID) -> Bool {
        guard holders[actor] == nil else { return false }
        holders[actor] = task
        return true
    }

    /// Queues a job of `task` on busy `actor`, behind the ones waiting there.
    func enqueue(_ actor: ObjectID, _ task: ObjectID, generation: Int) {
        queues[actor, default: []].append((task, generation))
    }

    /// The job holding `actor` ended: the actor passes to its next waiting job (returned, and the actor reserved
    /// for it), or becomes idle (nil). A caller that finds the job stale calls again.
    func release(_ actor: ObjectID) -> (ObjectID, Int)? {
        guard var queue = queues[actor], !queue.isEmpty else {
            holders[actor] = nil
            return nil
        }
        let next = queue.removeFirst()
        queues[actor] = queue.isEmpty ? nil : queue
        holders[actor] = next.task
        return (next.task, next.generation)
    }

    /// The tasks waiting in `actor`'s queue, first first (for the leak analysis: the actor holds their jobs).
    func waiting(on actor: ObjectID) -> [ObjectID] { queues[actor]?.map(\.task) ?? [] }
}
