/// One activation of a run loop: `CFRunLoopRunSpecific` around `__CFRunLoopRun` (semantics §1.1–§1.5).
///
/// The iteration is a sequence of small phases that mirror the C function; a phase that calls out (an
/// observer, a block, a source, a timer, the main queue) pushes the callout's frame and continues when it
/// returns. "Wait" means: take the earliest message on this mode's port set, or sleep until one arrives.
final class ActivationFrame: Frame {
    enum Phase {
        case start, iterationTop, beforeSources, doBlocks1, doSources0, afterSources0, dispatchPeek
        case wait, handleMessage, doBlocks3, decide, exit, done
    }
    enum Message { case none, wakeUp, timerPort, mainQueue, source1(ObjectID) }

    // The pass's state, read and written at every step of a pass: `@exclusivity(unchecked)` spares each access a
    // dynamic exclusivity check (`swift_beginAccess`), which the kernel's release build had turned off for every
    // property with `-enforce-exclusivity=unchecked`. A run is single-threaded, and no access here spans a call.
    let serial: Int
    let runLoop: SimRunLoop
    let mode: RunLoopMode
    @exclusivity(unchecked) private(set) var deadline: SimInstant
    let isPoll: Bool
    let returnAfterSourceHandled: Bool
    @exclusivity(unchecked) var phase = Phase.start
    /// `CFRunLoopStop` was called on this activation (`_stopped`), and the pass has not yet stopped for it.
    @exclusivity(unchecked) private(set) var stopped = false
    @exclusivity(unchecked) var ignoreWakeUps = false
    @exclusivity(unchecked) var isSleeping = false
    @exclusivity(unchecked) var sourceHandledThisLoop = false
    @exclusivity(unchecked) var didDispatchPortLastTime = true
    @exclusivity(unchecked) var poll = false
    @exclusivity(unchecked) var result: RunLoopResult?
    @exclusivity(unchecked) var message = Message.none
    /// The event-queue entry of the activation's GCD timeout (`modeQueuePort`'s timer), while armed.
    @exclusivity(unchecked) private(set) var timeoutEntry: UInt64?
    /// Callouts of the current phase, run one at a time before the phase machine goes on. Phases append to it
    /// and it keeps its capacity from pass to pass: a pass allocates no list of its own.
    @exclusivity(unchecked) var callouts = CalloutList()
    @exclusivity(unchecked) var calloutIndex = 0
    @exclusivity(unchecked) var inFlight: Callout?
    @exclusivity(unchecked) var phaseAfterCallouts = Phase.done

    init(
        serial: Int, runLoop: SimRunLoop, mode: RunLoopMode, deadline: SimInstant, isPoll: Bool,
        returnAfterSourceHandled: Bool
    ) {
        self.serial = serial
        self.runLoop = runLoop
        self.mode = mode
        self.deadline = deadline
        self.isPoll = isPoll
        self.returnAfterSourceHandled = returnAfterSourceHandled
    }

    /// Inlined into this frame's step loop (``Frame/steps(_:_:)``), with ``RunLoops/advance(_:on:_:)``: a pass's
    /// steps run in one function instead of three calls each (277 fewer instructions per timer-storm fire, callgrind).
    @inline(__always)
    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if let callout = inFlight {
            inFlight = nil
            kernel.runLoops.finishCallout(callout, of: self, on: thread)
            // Finishing a callout can free objects (a one-shot timer's target, an observer's block): their
            // deallocs run now, on this thread, before the pass goes on (and perhaps to sleep).
            if !thread.pendingDeallocs.isEmpty { return .next }
        }
        if calloutIndex < callouts.count {
            let callout = callouts[calloutIndex]
            calloutIndex += 1
            if let frame = kernel.runLoops.beginCallout(callout, of: self, on: thread) {
                inFlight = callout
                if frame === NoOpFrame.shared && kernel.threads.stepNoOpInPlace(on: thread, kernel) { return .next }
                return .push(frame)
            }
            return .next
        }
        if !callouts.isEmpty {
            callouts.removeAll(keepingCapacity: true)
            calloutIndex = 0
            phase = phaseAfterCallouts
        }
        return kernel.runLoops.advance(self, on: thread, kernel)
    }

    /// `CFRunLoopStop`: the activation stops at its next check (`__CFRunLoopRun`'s `__CFRunLoopIsStopped`).
    func requestStop() { stopped = true }

    /// `__CFRunLoopRun`'s stop check, which clears the flag it finds set (CFRunLoop.c `__CFRunLoopUnsetStopped`).
    func takeStopRequest() -> Bool {
        guard stopped else { return false }
        stopped = false
        return true
    }

    /// The timeout's entry in the event queue, once armed; nil when it fired or the activation ended.
    func noteTimeout(entry: UInt64?) { timeoutEntry = entry }

    /// The device slept: the activation's timeout moves with the monotonic clock.
    func shiftDeadline(_ shift: (SimInstant) -> SimInstant) { deadline = shift(deadline) }

    /// Runs the callouts the phase appended to ``callouts`` (if any), then moves on to `next`.
    func callOut(then next: Phase) {
        phase = next
        guard !callouts.isEmpty else { return }
        calloutIndex = 0
        phaseAfterCallouts = next
    }

    /// Whether the main queue's port is in this activation's wait set (semantics §1.2).
    func dispatchPortParticipates(on thread: SimThread) -> Bool {
        runLoop.isMain && thread.isMain && runLoop.isCommon(mode) && thread.mainQueueDrainDepth == 0
    }

    func heldObjects() -> [(String, ObjectID)] {
        guard let callout = inFlight else { return [] }
        switch callout {
        case .timer(let id, _): return [("timer callout", id)]
        case .block(let id): return [("perform block", id)]
        default: return []
        }
    }
}

/// One callout an activation makes.
enum Callout {
    case observer(id: Int, activity: RunLoopActivity)
    case block(ObjectID)
    case source0(ObjectID)
    /// A port-based source's perform callout for one message (`__CFRunLoopDoSource1`).
    case source1(ObjectID)
    case timer(ObjectID, oldFire: SimInstant)
    case mainQueue
    /// UIKit's autorelease-pool observer (order 2147483647: after every scenario observer).
    case drainAutoreleasePool
}

/// An activation's callouts of one phase. Emptied by count: `Array.removeAll(keepingCapacity:)` goes through
/// the generic `replaceSubrange` (about 85 instructions a pass); the elements are trivial, so the stale ones
/// beyond `count` need no destruction.
struct CalloutList {
    private var storage: [Callout] = []
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    subscript(i: Int) -> Callout {
        precondition(i < count)
        return storage[i]
    }

    @inline(__always)
    mutating func append(_ c: Callout) {
        if count < storage.count { storage[count] = c } else { storage.append(c) }
        count &+= 1
    }

    @inline(__always)
    mutating func removeAll(keepingCapacity: Bool) {
        count = 0
        if !keepingCapacity { storage = [] }
    }
}
