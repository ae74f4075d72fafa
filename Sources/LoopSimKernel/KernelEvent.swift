/// What a queue entry does when its instant comes.
enum KernelEvent {
    /// A thread becomes runnable and continues its top frame (a wake-up: not tied to any clock).
    case resume(thread: Int)
    /// A thread's `work:` ends: CPU time, which stands still while the device sleeps.
    case workDone(thread: Int)
    /// A mode's kernel timer expires: one message on its timer port (the mode by ``RunLoopMode/index``).
    case portExpiry(runLoop: Int, mode: Int)
    /// An activation's GCD timeout source fires and calls `CFRunLoopWakeUp`.
    case activationTimeout(runLoop: Int, activation: Int)
    /// A scripted user action arrives at UIKit's event source.
    case userAction(Int)
    /// A dispatch timer source reaches its target.
    case dispatchSourceFire(ObjectID)
    /// A `dispatch_after` deadline passed: its block is queued.
    case dispatchAfter(Int)
    /// A `Task.sleep` deadline passed (`dispatch_after_f` of the task's job): the task resumes, unless it woke.
    case taskSleepEnd(ObjectID, generation: Int)
    /// A semaphore wait with a timeout gives up.
    case semaphoreTimeout(thread: Int)
    /// A message sent with a delay (`sendPortMessage:` with `after:`, a stream's delivery) reaches its port.
    case portMessage(ObjectID)
    /// The background-task budget of a backgrounded app ran out.
    case backgroundBudgetExpired
}
