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
    public internal(set) var state = State.runnable
    var frames: [Frame] = []
    var runLoopID: Int?
    /// The queue entry that will resume this thread, if one is scheduled.
    var resumeEntry: UInt64?
    /// The thread's autorelease pool: objects returned autoreleased, released when the pool drains.
    var autoreleasePool: [ObjectID] = []
    /// Objects whose last reference this thread released; their dealloc runs before the thread goes on.
    var pendingDeallocs: [HeapObject] = []
    /// Nesting depth of main-queue drains (`__CFTSDKeyIsInGCDMainQ`).
    var mainQueueDrainDepth = 0
    /// The value the last popped frame returned to its caller.
    var returnValue = Value.null
    /// For an `NSThread`: the block the thread object retains until the thread exits.
    var threadBlock: ObjectID?
    public internal(set) var exitedAt: SimInstant?
    /// When the thread last went to sleep in a run loop.
    public internal(set) var sleepingSince: SimInstant?
    /// The semaphore a blocked thread waits on, since when, and its timeout entry.
    var blockedOn: ObjectID?
    public internal(set) var blockedSince: SimInstant?
    var waitTimeoutEntry: UInt64?

    init(id: Int, name: String, nameID: Name, kind: Kind) {
        self.id = id
        self.name = name
        self.nameID = nameID
        self.kind = kind
    }

    public var isMain: Bool { kind == .main }
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
    func heldObjects(_ kernel: Kernel) -> [(String, ObjectID)]
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
            guard !kernel.halted && thread.pendingDeallocs.isEmpty && kernel.objects.pendingCalls.isEmpty
                && !kernel.app.isFrozen
            else { return .next }
        }
    }
}

/// Locals of one body invocation, plus `self` and the block whose captures the body reads.
final class Environment {
    var locals: [Value]
    let names: [String]
    let selfValue: Value
    /// The block being executed (captures are its slots).
    let block: ObjectID?
    /// A `break` or `continue` on its way from an `if` branch to the frame running the loop (``ProgramFrame``).
    var loopControl: LoopControl?
    /// How many of the first locals are a method's or block's parameters: they borrow the caller's reference, so
    /// their end is a release and not a let-go (``Objects/endLifetime(of:on:_:)``).
    var parameterCount = 0

    init(names: [String], selfValue: Value, block: ObjectID?) {
        self.locals = Array(repeating: .null, count: names.count)
        self.names = names
        self.selfValue = selfValue
        self.block = block
    }
}
