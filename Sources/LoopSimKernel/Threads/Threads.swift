/// The run's threads and the frames they run. A thread runs its top frame step by step, without virtual time
/// passing, until it sleeps in a run loop, starts `work`, goes idle in the GCD pool or exits; then it waits for
/// the clock to resume it. It owns the threads; the clock, events, the heap and the limits are the ``Kernel``'s.
public final class Threads {
    /// Every thread, by id (creation order; the main thread is 0).
    @exclusivity(unchecked) public private(set) var all: [SimThread] = []
    /// The clock and the event log.
    let recorder: Recorder

    init(recorder: Recorder) { self.recorder = recorder }

    /// The thread with this id.
    public subscript(id: Int) -> SimThread { all[id] }

    /// Calls `body` with the thread with this id, unretained (threads are never removed from ``all``), where
    /// reading ``subscript(id:)`` retains and releases it (Objects/Unretained.swift).
    @inline(__always)
    func withUnretained<R>(_ id: Int, _ body: (SimThread) -> R) -> R { all.withUnretained(at: id, body) }

    /// The frames on every thread's stack, in all (``RunLimits/maxFrames``).
    /// - Complexity: O(threads).
    var frameCount: Int { all.reduce(0) { $0 + $1.frames.count } }

    /// Creates a thread (not yet runnable).
    func makeThread(name: String, kind: SimThread.Kind) -> SimThread {
        let thread = SimThread(id: all.count, name: name, nameID: recorder.name(name), kind: kind)
        all.append(thread)
        recorder.record(thread, .threadStart(kind: recorder.name(kind.rawValue)))
        return thread
    }
}

extension Threads {

    /// Runs `thread` until it yields (sleeps, works, idles) or exits.
    func resume(_ thread: SimThread, _ k: Kernel) {
        guard thread.state != .exited else { return }
        run(thread)
        while !k.halted {
            if k.app.isFrozen {
                // Frozen where it stands; it goes on after the return to the foreground.
                makeRunnable(thread)
                k.app.deferResume(thread.id)
                return
            }
            guard let top = thread.frames.last else {
                if finishThread(thread, k) { return }
                flushPending(on: thread, k)
                continue
            }
            if thread.frames.count > k.configuration.limits.maxDepth {
                k.countStep()
                if k.limit != nil { return }
                k.stopForLimit(
                    "max-depth", "thread \(thread.name) nested more than \(k.configuration.limits.maxDepth) frames")
                return
            }
            // The top frame steps again while it asks for nothing else and its step left nothing to run first:
            // the checks the loop above would make, without taking the frame off the stack again (most of a
            // run-loop pass is steps of its activation in a row, between the callouts it pushes).
            guard let action = top.steps(k, thread) else { return }
            switch action {
            case .next:
                break
            case .push(let frame):
                thread.frames.append(frame)
            case .pop(let value):
                thread.frames.removeLast()
                thread.returnValue = value
            case .yield:
                precondition(thread.pendingDeallocs.isEmpty, "a yielding step must not release objects")
                return
            }
            flushPending(on: thread, k)
        }
    }

    /// Takes the one step of a ``NoOpFrame`` callout where its caller stands, without pushing it: returns true
    /// when it was taken and the caller goes on, false when the frame must be pushed after all.
    ///
    /// The step is the one ``resume(_:_:)`` would take on the frame pushed above the caller, counted and checked
    /// as there: the limits before it, then the pop (`returnValue` null) and the caller's next step. It is taken
    /// in place only where the push changes nothing else: nothing else to run first (no pending dealloc or
    /// initializer), the run neither halted nor frozen, and the frame within `--max-depth`; otherwise the frame
    /// is pushed as before. A limit reached at this very step also answers false, with the step counted and the
    /// run halted: the pushed frame is then on the stack where the run stopped, as it was. An empty timer
    /// callout is every fire of the timer storm: pushing, stepping and popping the shared frame took two more
    /// turns of the resume loop, about 300 instructions per fire (callgrind, BENCHMARKS.md).
    @inline(__always)
    func stepNoOpInPlace(on thread: SimThread, _ k: Kernel) -> Bool {
        guard
            thread.pendingDeallocs.isEmpty && k.objects.pendingCalls.isEmpty && !k.halted && !k.app.isFrozen
                && thread.frames.count < k.configuration.limits.maxDepth
        else { return false }
        k.countStep()
        if k.halted { return false }
        thread.returnValue = .null
        return true
    }

    /// Pushes deallocs and initializers that the last step made due, so they run before the thread goes on.
    func flushPending(on thread: SimThread, _ k: Kernel) {
        if !k.objects.pendingCalls.isEmpty {
            for call in k.objects.pendingCalls.reversed() {
                switch call {
                case .initializer(let id):
                    guard let o = k.heap.object(id), case .instance(let c) = o.kind,
                        let body = k.program.classes[c].initializer
                    else { continue }
                    let env = Environment(names: body.localNames, selfValue: .object(id), block: nil)
                    k.retain(id)
                    thread.frames.append(
                        ProgramFrame(
                            steps: body.steps, env: env, ownsEnvironment: true, held: id,
                            heldEdge: "self", label: "-[\(o.className) init]"))
                case .keyValueChange(let delivery):
                    if let frame = k.keyValueObserving.frame(for: delivery, on: thread, k) {
                        thread.frames.append(frame)
                    }
                }
            }
            k.objects.pendingCalls.removeAll()
        }
        if !thread.pendingDeallocs.isEmpty {
            // The first object released deallocs first; deallocs its dealloc causes nest above it.
            for object in thread.pendingDeallocs.reversed() {
                thread.frames.append(DeallocFrame(object: object))
            }
            thread.pendingDeallocs.removeAll()
        }
    }

    /// A thread whose stack is empty ends: its run loop is finalized (timers dropped, not invalidated) and
    /// the thread object releases its block. Returns true once the thread has exited; false while deallocs
    /// caused by the teardown still have to run on it.
    func finishThread(_ thread: SimThread, _ k: Kernel) -> Bool {
        if beginExit(thread) {
            k.objects.drainAutoreleasePool(of: thread, reason: "thread exit")
            k.record(thread, .threadExit)
            if let rlID = thread.runLoopID {
                k.runLoops.finalizeRunLoop(k.runLoops[rlID], on: thread)
            }
            if let block = takeThreadBlock(of: thread) {
                k.release(block, on: thread)
            }
        }
        if thread.pendingDeallocs.isEmpty && k.objects.pendingCalls.isEmpty {
            markExited(thread)
            return true
        }
        return false
    }

    /// `+[NSThread detachNewThreadWithBlock:]`: the thread object retains the block until the thread exits.
    @discardableResult
    func detachThread(name: String, block: ObjectID, _ k: Kernel) -> SimThread {
        let thread = makeThread(name: name, kind: .thread)
        hold(block, on: thread)
        k.retain(block)
        thread.frames = [k.interpreter.blockFrame(block, edge: "thread entry block")]
        scheduleResume(thread)
        return thread
    }
}

/// The base frame of the main thread: `UIApplicationMain` runs the default mode for ever
/// (`CFRunLoopRunInMode(kCFRunLoopDefaultMode, 1e10, false)` in a loop), and `UITrackingRunLoopMode` while a
/// scroll is tracked.
final class AppMainFrame: Frame {
    var mode = RunLoopModeName.default
    /// The launch code (`application:didFinishLaunching`, the frame above this one) has returned.
    private var launched = false

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if !launched {
            launched = true
            kernel.app.becomeActiveAtLaunch(  // AppLifecycle+Launch.swift
                profile: kernel.profile, program: kernel.program, center: kernel.notifications, uikit: kernel.uikit,
                at: kernel.now)
        }
        let rl = kernel.runLoops.runLoop(for: thread)
        let next = kernel.uikit.trackingUntil > kernel.now ? RunLoopModeName.tracking : RunLoopModeName.default
        if next != mode {
            mode = next
            kernel.record(thread, .trackingMode(mode: kernel.name(RunLoopModeName.short(next))))
        }
        // A scroll ends when the touch does, not at a run-loop timeout: CF takes a timeout above
        // TIMER_INTERVAL_LIMIT (504911232 s) as none at all, so a longer scroll is tracked in activations of at
        // most that length, one after another, until it ends.
        let seconds: SimDuration? =
            next == RunLoopModeName.tracking
            ? min(kernel.uikit.trackingUntil - kernel.now, RunLoops.timerIntervalLimit) : nil
        return .push(
            kernel.runLoops.makeActivation(
                rl, mode: next, seconds: seconds, returnAfterSourceHandled: false, on: thread))
    }
    func heldObjects() -> [(String, ObjectID)] { [] }
}
