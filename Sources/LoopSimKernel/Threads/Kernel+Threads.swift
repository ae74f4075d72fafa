extension Kernel {
    /// Creates a thread (not yet runnable).
    func makeThread(name: String, kind: SimThread.Kind) -> SimThread {
        let thread = SimThread(id: threads.count, name: name, nameID: self.name(name), kind: kind)
        threads.append(thread)
        record(thread, .threadStart(kind: self.name(kind.rawValue)))
        return thread
    }

    /// Makes `thread` runnable at the current instant (once: a second request while one is pending is a no-op).
    func scheduleResume(_ thread: SimThread, at instant: SimInstant? = nil) {
        guard thread.resumeEntry == nil, thread.state != .exited else { return }
        let at = instant ?? now
        thread.resumeEntry = queue.schedule(at > now ? .workDone(thread: thread.id) : .resume(thread: thread.id), at: at,
                                            phase: .threadResume)
    }

    /// The main thread: the scenario's launch code, then `UIApplicationMain`'s endless main run loop.
    func startMainThread() {
        let main = makeThread(name: "main", kind: .main)
        let rl = runLoop(for: main)
        if profile.uikitMainRunLoop {
            addCommonMode(rl, RunLoopModeName.tracking, on: main)
        }
        uikit.addEventSource(to: rl, on: main, self)
        main.frames = [
            AppMainFrame(),
            ProgramFrame(steps: program.main.steps, env: app.environment, ownsEnvironment: false,
                         label: "application:didFinishLaunching"),
        ]
        scheduleResume(main)
    }

    /// Runs `thread` until it yields (sleeps, works, idles) or exits.
    func resume(_ thread: SimThread) {
        guard thread.state != .exited else { return }
        thread.state = .running
        while crash == nil && limit == nil {
            if app.isFrozen {
                // Frozen where it stands; it goes on after the return to the foreground.
                thread.state = .runnable
                app.deferResume(thread.id)
                return
            }
            guard let top = thread.frames.last else {
                if finishThread(thread) { return }
                flushPending(on: thread)
                continue
            }
            if thread.frames.count > configuration.limits.maxDepth {
                countStep()
                if limit != nil { return }
                stopForLimit("max-depth", "thread \(thread.name) nested more than \(configuration.limits.maxDepth) frames")
                return
            }
            // The top frame steps again while it asks for nothing else and its step left nothing to run first:
            // the checks the loop above would make, without taking the frame off the stack again (most of a
            // run-loop pass is steps of its activation in a row, between the callouts it pushes).
            var action: FrameAction
            repeat {
                countStep()
                if limit != nil { return }  // the limit stops the run before this step: it is the last event
                action = top.step(self, thread)
            } while action.isNext && crash == nil && limit == nil && thread.pendingDeallocs.isEmpty
                && pendingInitializers.isEmpty && !app.isFrozen
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
            flushPending(on: thread)
        }
    }

    /// Pushes deallocs and initializers that the last step made due, so they run before the thread goes on.
    func flushPending(on thread: SimThread) {
        if !pendingInitializers.isEmpty {
            for id in pendingInitializers.reversed() {
                guard let o = heap.object(id), case .instance(let c) = o.kind,
                      let body = program.classes[c].initializer else { continue }
                let env = Environment(names: body.localNames, selfValue: .object(id), block: nil)
                retain(id)
                thread.frames.append(ProgramFrame(steps: body.steps, env: env, ownsEnvironment: true, held: id,
                                                  heldEdge: "self", label: "-[\(o.className) init]"))
            }
            pendingInitializers.removeAll()
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
    func finishThread(_ thread: SimThread) -> Bool {
        if thread.exitedAt == nil {
            thread.exitedAt = now
            drainAutoreleasePool(of: thread, reason: "thread exit")
            record(thread, .threadExit)
            if let rlID = thread.runLoopID {
                finalizeRunLoop(runLoops[rlID], on: thread)
            }
            if let block = thread.threadBlock {
                thread.threadBlock = nil
                release(block, on: thread)
            }
        }
        if thread.pendingDeallocs.isEmpty && pendingInitializers.isEmpty {
            thread.state = .exited
            return true
        }
        return false
    }

    /// The thread's run loop, created on first use (`CFRunLoopGetCurrent`).
    func runLoop(for thread: SimThread) -> SimRunLoop {
        if let id = thread.runLoopID { return runLoops[id] }
        let rlName = "runloop(\(thread.name))"
        let rl = SimRunLoop(id: runLoops.count, threadID: thread.id, name: rlName, nameID: name(rlName), isMain: thread.isMain)
        runLoops.append(rl)
        thread.runLoopID = rl.id
        record(thread, .runLoopCreate(runLoop: rl.nameID))
        return rl
    }

    /// `+[NSThread detachNewThreadWithBlock:]`: the thread object retains the block until the thread exits.
    func detachThread(name: String, block: ObjectID) {
        let thread = makeThread(name: name, kind: .thread)
        thread.threadBlock = block
        retain(block)
        thread.frames = [blockFrame(block, edge: "thread entry block")]
        scheduleResume(thread)
    }
}

/// The base frame of the main thread: `UIApplicationMain` runs the default mode for ever
/// (`CFRunLoopRunInMode(kCFRunLoopDefaultMode, 1e10, false)` in a loop), and `UITrackingRunLoopMode` while a
/// scroll is tracked.
final class AppMainFrame: Frame {
    var mode = RunLoopModeName.default

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        let rl = kernel.runLoop(for: thread)
        let next = kernel.uikit.trackingUntil > kernel.now ? RunLoopModeName.tracking : RunLoopModeName.default
        if next != mode {
            mode = next
            kernel.record(thread, .trackingMode(mode: kernel.name(RunLoopModeName.short(next))))
        }
        let seconds: SimDuration? = next == RunLoopModeName.tracking ? kernel.uikit.trackingUntil - kernel.now : nil
        return .push(kernel.makeActivation(rl, mode: next, seconds: seconds, returnAfterSourceHandled: false, on: thread))
    }
    func heldObjects(_ kernel: Kernel) -> [(String, ObjectID)] { [] }
}
