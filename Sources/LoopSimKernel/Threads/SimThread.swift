/// A simulated thread: a stack of frames, a lazily created run loop, and a scheduling state.
public final class SimThread {
    public enum Kind: String, Sendable {
        case main
        /// An `NSThread` started by the scenario.
        case thread
        /// A GCD pool thread serving the global queue; reused once its block returns.
        case poolWorker = "pool-worker"
    }
    public enum State: Equatable, Sendable {
        case runnable
        case running
        /// Running code that takes virtual time (`work:`), until the instant.
        case busy(until: SimInstant)
        /// Asleep in a run loop's wait (`mach_msg` on the mode's port set).
        case sleeping
        /// A pool thread with nothing to do.
        case idle
        /// Waiting on a semaphore.
        case blocked
        case exited
    }

    public let id: Int
    public let name: String
    /// ``name`` in the run's ``NameTable``.
    let nameID: Name
    public let kind: Kind
    /// Changed only by ``Threads``' transitions below (``Threads/run(_:)``, ``Threads/sleep(_:)``,
    /// ``Threads/block(_:on:)``, …): `fileprivate(set)`, so the compiler holds the rule.
    @exclusivity(unchecked) public fileprivate(set) var state = State.runnable
    @exclusivity(unchecked) var frames: [Frame] = []
    /// The thread's run loop, once made (``Threads/attach(runLoop:to:)``).
    @exclusivity(unchecked) fileprivate(set) var runLoopID: Int?
    /// The queue entry that will resume this thread, if one is scheduled.
    @exclusivity(unchecked) fileprivate(set) var resumeEntry: UInt64?
    /// The thread's autorelease pool: objects returned autoreleased, released when the pool drains.
    @exclusivity(unchecked) var autoreleasePool: [ObjectID] = []
    /// Objects whose last reference this thread released; their dealloc runs before the thread goes on.
    @exclusivity(unchecked) var pendingDeallocs: [HeapObject] = []
    /// Nesting depth of main-queue drains (`__CFTSDKeyIsInGCDMainQ`).
    @exclusivity(unchecked) var mainQueueDrainDepth = 0
    /// The value the last popped frame returned to its caller.
    @exclusivity(unchecked) var returnValue = Value.null
    /// For an `NSThread`: the block the thread object retains until the thread exits.
    @exclusivity(unchecked) fileprivate(set) var threadBlock: ObjectID?
    @exclusivity(unchecked) public fileprivate(set) var exitedAt: SimInstant?
    /// When the thread last went to sleep in a run loop.
    @exclusivity(unchecked) public fileprivate(set) var sleepingSince: SimInstant?
    /// The semaphore a blocked thread waits on, since when, and its timeout entry.
    @exclusivity(unchecked) fileprivate(set) var blockedOn: ObjectID?
    @exclusivity(unchecked) public fileprivate(set) var blockedSince: SimInstant?
    @exclusivity(unchecked) fileprivate(set) var waitTimeoutEntry: UInt64?
    /// `-[NSThread cancel]` was sent to the thread's object: `isCancelled` reads true from then on. Nothing else
    /// changes: cancelling only sets this flag (``CancelThreadStep``).
    @exclusivity(unchecked) var isCancelled = false

    init(id: Int, name: String, nameID: Name, kind: Kind) {
        self.id = id
        self.name = name
        self.nameID = nameID
        self.kind = kind
    }

    public var isMain: Bool { kind == .main }
}

// MARK: A thread's scheduling state: Threads alone changes it

/// The transitions of a thread's scheduling state, named after what they model. They live in this file because the
/// fields they change are `fileprivate(set)`: GCD, the run loop and the interpreter ask ``Threads`` for them and
/// cannot write a thread's state themselves.
extension Threads {
    /// Makes `thread` runnable at `instant` (default: now), once: a second request while one is pending is a no-op.
    func scheduleResume(_ thread: SimThread, at instant: SimInstant? = nil) {
        guard thread.resumeEntry == nil, thread.state != .exited else { return }
        let at = instant ?? recorder.now
        thread.resumeEntry = recorder.clock.schedule(
            at > recorder.now ? .workDone(thread: thread.id) : .resume(thread: thread.id), at: at, phase: .threadResume)
    }

    /// The entry scheduled by ``scheduleResume(_:at:)`` came up: the thread may be scheduled again.
    @inline(__always)
    func resumeEntryFired(_ thread: SimThread) { thread.resumeEntry = nil }

    /// The thread runs (it was resumed, or a message woke it in a run loop's wait).
    @inline(__always)
    func run(_ thread: SimThread) { thread.state = .running }

    /// The thread can run but does not yet: woken, or frozen with the app where it stands.
    func makeRunnable(_ thread: SimThread) { thread.state = .runnable }

    /// The thread sleeps in a run loop's wait (`mach_msg` on the mode's port set) from now.
    func sleep(_ thread: SimThread) {
        thread.state = .sleeping
        thread.sleepingSince = recorder.now
    }

    /// The thread runs code that takes virtual time (`work:`) until `end`.
    func beginWork(_ thread: SimThread, until end: SimInstant) { thread.state = .busy(until: end) }

    /// A pool thread found no work: it waits in the pool for the next item.
    func idle(_ thread: SimThread) { thread.state = .idle }

    /// The thread blocks from now: on `semaphore` (a semaphore's or a group's wait), or, with nil, in
    /// `dispatch_sync` or `dispatch_once`.
    func block(_ thread: SimThread, on semaphore: ObjectID? = nil) {
        thread.state = .blocked
        thread.blockedOn = semaphore
        thread.blockedSince = recorder.now
    }

    /// The blocked thread's wait times out after `timeout` (`dispatch_semaphore_wait`'s deadline).
    func armWaitTimeout(_ thread: SimThread, after timeout: SimDuration) {
        thread.waitTimeoutEntry = recorder.clock.schedule(
            .semaphoreTimeout(thread: thread.id),
            at: recorder.now + timeout, phase: .kernelTimer)
    }

    /// The timeout armed by ``armWaitTimeout(_:after:)`` came up.
    func waitTimeoutFired(_ thread: SimThread) { thread.waitTimeoutEntry = nil }

    /// The blocked thread's wait ended: its timeout, if any, is cancelled and it is runnable. Returns the semaphore
    /// it waited on, which it held while it waited (nil for `dispatch_sync` and `dispatch_once`).
    func unblock(_ thread: SimThread) -> ObjectID? {
        if let entry = thread.waitTimeoutEntry { recorder.clock.cancel(entry) }
        thread.waitTimeoutEntry = nil
        let semaphore = thread.blockedOn
        thread.blockedOn = nil
        thread.blockedSince = nil
        thread.state = .runnable
        return semaphore
    }

    /// The thread's run loop is `runLoop` (made on first use, `CFRunLoopGetCurrent`).
    func attach(runLoop: Int, to thread: SimThread) { thread.runLoopID = runLoop }

    /// An `NSThread`'s object retains `block` until the thread exits.
    func hold(_ block: ObjectID, on thread: SimThread) { thread.threadBlock = block }

    /// The thread's stack emptied: it exits now. False when its exit had already begun (the teardown's deallocs
    /// ran on it since).
    func beginExit(_ thread: SimThread) -> Bool {
        guard thread.exitedAt == nil else { return false }
        thread.exitedAt = recorder.now
        return true
    }

    /// The block the exiting thread's object held, now let go by it (to release), or nil.
    func takeThreadBlock(of thread: SimThread) -> ObjectID? {
        defer { thread.threadBlock = nil }
        return thread.threadBlock
    }

    /// The thread has exited: nothing runs on it again.
    func markExited(_ thread: SimThread) { thread.state = .exited }
}

/// What a frame asks the interpreter to do after one step.
enum FrameAction {
    /// Step the top frame again.
    case next
    /// Push a callee; it runs until it pops, then this frame continues.
    case push(Frame)
    /// This frame is done; `Value` is returned to the caller in ``SimThread/returnValue``.
    case pop(Value)
    /// The thread stops running (sleep, busy, idle); the frame has arranged how it resumes.
    case yield

    var isNext: Bool {
        if case .next = self { true } else { false }
    }
}

/// One activation record on a thread's stack: running code or a piece of CF/GCD machinery.
protocol Frame: AnyObject {
    /// Does one step.
    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction
    /// The strong references this frame holds, as (edge name, object), for leak paths.
    func heldObjects() -> [(String, ObjectID)]
    /// Steps this frame, each step counted, while it asks for nothing else and nothing else has to run first;
    /// the action that ends the run of steps, or nil when a limit stops the run before a step.
    func steps(_ kernel: Kernel, _ thread: SimThread) -> FrameAction?
}

extension Frame {
    /// Every frame's: a protocol requirement with a default, so it is specialised per frame type and each step is
    /// a direct call, not a witness-table call (257 fewer instructions per timer-storm fire, callgrind).
    @inline(__always)
    func steps(_ kernel: Kernel, _ thread: SimThread) -> FrameAction? {
        while true {
            kernel.countStep()
            if kernel.halted { return nil }  // a limit stops the run before this step: it is the last event
            let action = step(kernel, thread)
            guard case .next = action else { return action }
            guard
                !kernel.halted && thread.pendingDeallocs.isEmpty && kernel.objects.pendingCalls.isEmpty
                    && !kernel.app.isFrozen
            else { return .next }
        }
    }
}

/// Locals of one body invocation, plus `self` and the block whose captures the body reads.
final class Environment {
    @exclusivity(unchecked) var locals: [Value]
    let names: [String]
    let selfValue: Value
    /// The block being executed (captures are its slots).
    let block: ObjectID?
    /// A `break` or `continue` on its way from an `if` branch to the frame running the loop (``ProgramFrame``).
    @exclusivity(unchecked) var loopControl: LoopControl?
    /// A `return`'s value on its way from an `if` branch to the frame that owns the body (``ProgramFrame``).
    @exclusivity(unchecked) var returning: Value?
    /// How many of the first locals are a method's or block's parameters: they borrow the caller's reference, so
    /// their end is a release and not a let-go (``Objects/endLifetime(of:on:)``).
    @exclusivity(unchecked) var parameterCount = 0

    init(names: [String], selfValue: Value, block: ObjectID?) {
        self.locals = Array(repeating: .null, count: names.count)
        self.names = names
        self.selfValue = selfValue
        self.block = block
    }
}
