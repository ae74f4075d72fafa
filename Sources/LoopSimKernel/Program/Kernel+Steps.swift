extension Kernel {
    /// Executes one step of `frame` on `thread`.
    func execute(_ step: Step, in frame: ProgramFrame, on thread: SimThread) -> FrameAction {
        do {
            return try perform(step, in: frame, on: thread)
        } catch {
            appCrashed(error.message, on: thread)
            return .next  // the interpreter stops on the crash; objects the step released are left as they are
        }
    }

    private func perform(_ step: Step, in frame: ProgramFrame, on thread: SimThread) throws(RuntimeFault) -> FrameAction {
        switch step {
        case .bind(let local, let expr):
            let (value, owned) = try evaluateOwned(expr, in: frame, on: thread)
            if let dropped = try store(value, owned: owned, into: .local(local), in: frame, on: thread) {
                letGo(dropped, because: "name rebound")
            }
        case .assign(let lvalue, let expr):
            let (value, owned) = try evaluateOwned(expr, in: frame, on: thread)
            if let dropped = try store(value, owned: owned, into: lvalue, in: frame, on: thread) {
                letGo(dropped, because: "reference overwritten")
            }
        case .release(let lvalue):
            if let dropped = try store(.null, owned: false, into: lvalue, in: frame, on: thread) {
                record(thread, .release(object: heap.object(dropped).map { name($0) } ?? name("\(dropped)")))
                letGo(dropped, because: "released by the scenario")
            }
        case .add(let lvalue, let delta):
            try addToInteger(lvalue, delta, in: frame, on: thread)
        case .ifThen(let condition, let thenSteps, let elseSteps):
            let branch = isTruthy(try evaluate(condition, in: frame, on: thread)) ? thenSteps : elseSteps
            if !branch.isEmpty {
                return .push(ProgramFrame(steps: branch, env: frame.env, ownsEnvironment: false, label: frame.label))
            }
        case .log(let text):
            records.logs.append(LogEntry(at: now, thread: thread.name, text: text))
            record(thread, .log(text: name(text)))
        case .work(let spec):
            let duration = duration(spec)
            guard duration > .zero else { return .next }
            thread.state = .busy(until: now + duration)
            record(thread, .threadBusy(duration: duration))
            threads.scheduleResume(thread, at: now + duration, self)
            return .yield
        case .call(let receiverExpr, let classIndex, let method):
            let receiver = try evaluate(receiverExpr, in: frame, on: thread)
            guard let object = try liveObject(receiver, expecting: "a receiver") else { return .next }  // [nil msg]
            guard let target = try forwardingTarget(object, selector: program.classes[classIndex].methods[method].name) else {
                return .next  // a safe proxy swallowed the call
            }
            return .push(methodFrame(target, classIndex: classIndex, method: method))
        case .callBlock(let expr):
            guard let block = try liveObject(try evaluate(expr, in: frame, on: thread), expecting: "a block") else {
                throw RuntimeFault("called a nil block (EXC_BAD_ACCESS)")
            }
            retain(block.id)
            return .push(blockFrame(block.id, edge: "calling"))
        case .makeTimer(let spec, let into):
            let timer = try runLoops.makeTimer(spec, in: frame, on: thread, self)
            let owned = objects.autoreleaseFactoryResult(timer, on: thread, self)
            if let into {
                try store(.object(timer), owned: owned, into: into, in: frame, on: thread)
            } else if owned {
                release(timer, on: thread)
            }
        case .addTimer(let timerExpr, let rlExpr, let mode):
            guard let timer = try liveObject(try evaluate(timerExpr, in: frame, on: thread), expecting: "a timer"),
                  let rl = try runLoopValue(try evaluate(rlExpr, in: frame, on: thread)) else { return .next }
            runLoops.addTimer(timer.id, to: rl, mode: mode, on: thread, self)
        case .invalidate(let expr):
            guard let timer = try liveObject(try evaluate(expr, in: frame, on: thread), expecting: "a timer") else {
                return .next
            }
            runLoops.invalidateTimer(timer.id, on: thread, reason: "invalidate", self)
        case .fire(let expr):
            guard let timer = try liveObject(try evaluate(expr, in: frame, on: thread), expecting: "a timer") else {
                return .next
            }
            return runLoops.fireManually(timer.id, on: thread, self)
        case .run(let call):
            return .push(RunCallFrame(call: call, runLoop: runLoops.runLoop(for: thread, self)))
        case .stop(let expr):
            if let rl = try runLoopValue(try evaluate(expr, in: frame, on: thread)) { runLoops.stop(rl, from: thread, self) }
        case .wakeUp(let expr):
            if let rl = try runLoopValue(try evaluate(expr, in: frame, on: thread)) { runLoops.wakeUp(rl, from: thread, self) }
        case .addCommonMode(let rlExpr, let mode):
            if let rl = try runLoopValue(try evaluate(rlExpr, in: frame, on: thread)) { runLoops.addCommonMode(rl, mode, on: thread, self) }
        case .performBlock(let rlExpr, let mode, let blockExpr):
            let rl = try runLoopValue(try evaluate(rlExpr, in: frame, on: thread))
            let (block, owned) = try evaluateOwned(blockExpr, in: frame, on: thread)
            guard let rl, case .object(let id) = block else { return .next }
            if !owned { try objects.requireRetainable(block, self); retain(id) }
            runLoops.performBlock(id, on: rl, mode: mode, from: thread, self)
        case .addObserver(let rlExpr, let mode, let activities, let repeats, let order, let blockExpr):
            let rl = try runLoopValue(try evaluate(rlExpr, in: frame, on: thread))
            let (block, owned) = try evaluateOwned(blockExpr, in: frame, on: thread)
            guard let rl, case .object(let id) = block else { return .next }
            if !owned { try objects.requireRetainable(block, self); retain(id) }
            runLoops.addObserver(rl, mode: mode, activities: activities, repeats: repeats, order: order, block: id, on: thread, self)
        case .addSource(let rlExpr, let mode, let order, let blockExpr, let into):
            let rl = try runLoopValue(try evaluate(rlExpr, in: frame, on: thread))
            let (block, owned) = try evaluateOwned(blockExpr, in: frame, on: thread)
            guard let rl, case .object(let blockID) = block else { return .next }
            if !owned { try objects.requireRetainable(block, self); retain(blockID) }
            let source = runLoops.makeSource(order: order, handler: .block, block: blockID, label: nil, on: thread, self)
            runLoops.addSource(source, to: rl, mode: mode, on: thread, self)
            if let into {
                try store(.object(source), owned: true, into: into, in: frame, on: thread)
            } else {
                release(source, on: thread)
            }
        case .signal(let expr):
            if let source = try liveObject(try evaluate(expr, in: frame, on: thread), expecting: "a source") {
                runLoops.signal(source, self)
                record(thread, .sourceSignal(source: labelName(source)))
            }
        case .dispatchAsync(let queueRef, let blockExpr):
            let (block, owned) = try evaluateOwned(blockExpr, in: frame, on: thread)
            guard case .object(let id) = block else { return .next }
            if !owned { try objects.requireRetainable(block, self); retain(id) }
            dispatch.async(id, to: queueRef, from: thread, self)
        case .detachThread(let name, let blockExpr):
            let (block, owned) = try evaluateOwned(blockExpr, in: frame, on: thread)
            guard case .object(let id) = block else { return .next }
            if !owned { try objects.requireRetainable(block, self); retain(id) }
            threads.detachThread(name: name, block: id, self)
        case .dispatchAfter(let delay, let queueRef, let blockExpr):
            let (block, owned) = try evaluateOwned(blockExpr, in: frame, on: thread)
            guard case .object(let id) = block else { return .next }
            if !owned { try objects.requireRetainable(block, self); retain(id) }
            dispatch.after(id, delay: duration(delay), to: queueRef, from: thread, self)
        case .makeDispatchTimer(let spec, let into):
            let source = try sources.makeTimer(spec, in: frame, on: thread, self)
            if crash != nil { return .next }
            if let into {
                try store(.object(source), owned: true, into: into, in: frame, on: thread)
            } else {
                release(source, on: thread)
            }
        case .dispatchResume(let expr), .dispatchSuspend(let expr), .dispatchCancel(let expr):
            guard let o = try liveObject(try evaluate(expr, in: frame, on: thread), expecting: "a dispatch source"),
                  o.dispatchSource != nil else { return .next }
            switch step {
            case .dispatchResume: sources.resume(o, on: thread, self)
            case .dispatchSuspend: sources.suspend(o, on: thread, self)
            default: sources.cancel(o, on: thread, self)
            }
        case .semaphoreWait(let expr, let timeout, let result):
            guard let o = try liveObject(try evaluate(expr, in: frame, on: thread), expecting: "a semaphore"),
                  o.semaphore != nil else {
                throw RuntimeFault("dispatch_semaphore_wait on nil (EXC_BAD_ACCESS)")
            }
            if let result { frame.pendingResult = result }
            let action = dispatch.semaphoreWait(o, timeout: timeout, on: thread, self)
            if case .next = action, let result {
                frame.pendingResult = nil
                try store(thread.returnValue, owned: false, into: result, in: frame, on: thread)
            }
            return action
        case .semaphoreSignal(let expr):
            guard let o = try liveObject(try evaluate(expr, in: frame, on: thread), expecting: "a semaphore"),
                  o.semaphore != nil else {
                throw RuntimeFault("dispatch_semaphore_signal on nil (EXC_BAD_ACCESS)")
            }
            dispatch.semaphoreSignal(o, from: thread, self)
        case .scroll(let drag, let decelerate):
            guard thread.isMain else { throw RuntimeFault("UIKit touch handling off the main thread") }
            uikit.beginTracking(for: duration(drag) + duration(decelerate), on: thread, self)
        case .makeDisplayLink(let targetExpr, let classIndex, let method, let fps, let label, let into):
            let link = try runLoops.makeDisplayLink(target: targetExpr, classIndex: classIndex, method: method, fps: fps,
                                           label: label, in: frame, on: thread, self)
            let owned = objects.autoreleaseFactoryResult(link, on: thread, self)
            if let into {
                try store(.object(link), owned: owned, into: into, in: frame, on: thread)
            } else if owned {
                release(link, on: thread)
            }
        case .addBlockObserver(let name, let objectExpr, let queueRef, let blockExpr, let into):
            let object = try objectExpr.map { e throws(RuntimeFault) in try evaluate(e, in: frame, on: thread) } ?? .null
            let (block, owned) = try evaluateOwned(blockExpr, in: frame, on: thread)
            guard case .object(let blockID) = block else { return .next }
            if !owned { try objects.requireRetainable(block, self); retain(blockID) }
            let token = notifications.addBlockObserver(name: name, object: object, queue: queueRef, block: blockID,
                                                      on: thread, self)
            if let into {
                try store(.object(token), owned: true, into: into, in: frame, on: thread)
            } else {
                release(token, on: thread)
            }
        case .addSelectorObserver(let observerExpr, let classIndex, let method, let name, let objectExpr):
            guard let observer = try liveObject(try evaluate(observerExpr, in: frame, on: thread), expecting: "an observer")
            else { return .next }
            let object = try objectExpr.map { e throws(RuntimeFault) in try evaluate(e, in: frame, on: thread) } ?? .null
            try notifications.addSelectorObserver(observer, classIndex: classIndex, method: method, name: name,
                                                  object: object, on: thread, self)
        case .removeObserver(let expr):
            notifications.removeObserver(try evaluate(expr, in: frame, on: thread), on: thread, self)
        case .postNotification(let name, let objectExpr):
            let object = try objectExpr.map { e throws(RuntimeFault) in try evaluate(e, in: frame, on: thread) } ?? .null
            return notifications.post(name: name, object: object, on: thread, self)
        case .beginBackgroundTask(let expirationExpr, let into):
            var handler: ObjectID?
            if let expirationExpr {
                let (block, owned) = try evaluateOwned(expirationExpr, in: frame, on: thread)
                if case .object(let id) = block {
                    if !owned { try objects.requireRetainable(block, self); retain(id) }
                    handler = id
                }
            }
            // the task's slot takes the handler's +1
            let task = app.beginBackgroundTask(expiration: handler, on: thread, self)
            if let into {
                try store(.object(task), owned: true, into: into, in: frame, on: thread)
            } else {
                release(task, on: thread)
            }
        case .endBackgroundTask(let expr):
            if let task = try liveObject(try evaluate(expr, in: frame, on: thread), expecting: "a background task"),
               task.kind == .backgroundTask {
                app.endBackgroundTask(task, on: thread, self)
            }
        case .sample(let name, let expr):
            guard case .int(let value) = try evaluate(expr, in: frame, on: thread) else {
                throw RuntimeFault("sample: \(name) is not an integer")
            }
            records.samples.append(Sample(name: name, at: now, value: value))
            record(thread, .sample(name: self.name(name), value: Int64(value)))
        case .internalStep(let kernelStep):
            switch kernelStep {
            case .suspendUnlessBackgroundTask:
                app.suspendUnlessBackgroundTask(self)
            case .killUnlessTasksEnded:
                app.killUnlessTasksEnded(on: thread, self)
            case .endPresentation(let presenter, let presented):
                uikit.endPresentation(presenter: presenter, presented: presented, on: thread)
            case .releasePresented(let presented):
                uikit.releasePresented(presented, on: thread, self)
            case .callHook(let id, let method):
                if let frame = uikit.hookFrame(id, method, self) { return .push(frame) }
            case .callBlock(let block):
                guard heap.object(block) != nil else { return .next }
                retain(block)
                return .push(blockFrame(block, edge: "expiration handler"))
            }
        case .makeNavigationController(let rootExpr, let into):
            guard let root = try liveObject(try evaluate(rootExpr, in: frame, on: thread), expecting: "a view controller")
            else { return .next }
            let nav = uikit.makeNavigationController(root: root.id, on: thread, self)
            if let into {
                try store(.object(nav), owned: true, into: into, in: frame, on: thread)
            } else {
                release(nav, on: thread)
            }
        case .push(let vcExpr, let navExpr, let animated):
            guard let vc = try liveObject(try evaluate(vcExpr, in: frame, on: thread), expecting: "a view controller"),
                  let nav = try liveObject(try evaluate(navExpr, in: frame, on: thread), expecting: "a navigation controller")
            else { return .next }
            uikit.push(vc.id, on: nav.id, animated: animated, on: thread, self)
        case .pop(let navExpr, let toRoot):
            if let nav = try liveObject(try evaluate(navExpr, in: frame, on: thread), expecting: "a navigation controller") {
                uikit.pop(nav.id, toRoot: toRoot, on: thread, self)
            }
        case .setRightBarButton(let vcExpr, let viewExpr):
            let (view, owned) = try evaluateOwned(viewExpr, in: frame, on: thread)
            guard let vc = try liveObject(try evaluate(vcExpr, in: frame, on: thread), expecting: "a view controller"),
                  case .object(let viewID) = view else {
                if owned, case .object(let id) = view { release(id, on: thread) }
                return .next
            }
            uikit.setRightBarButton(of: vc.id, customView: viewID, owned: owned, on: thread, self)
        case .present(let vcExpr, let fromExpr, let animated):
            guard thread.isMain else { throw RuntimeFault("presentViewController:animated: off the main thread") }
            let (vc, owned) = try evaluateOwned(vcExpr, in: frame, on: thread)
            guard case .object(let vcID) = vc,
                  let presenter = try liveObject(try evaluate(fromExpr, in: frame, on: thread), expecting: "a presenter")
            else {
                if owned, case .object(let id) = vc { release(id, on: thread) }
                return .next
            }
            uikit.present(vcID, from: presenter.id, animated: animated, on: thread, self)
            if owned { release(vcID, on: thread) }  // a new controller lives only as long as UIKit keeps it
        case .dismiss(let expr, let animated):
            if let vc = try liveObject(try evaluate(expr, in: frame, on: thread), expecting: "a view controller") {
                uikit.dismiss(vc.id, animated: animated, on: thread, self)
            }
        case .addOperation(let queueIndex, let dependsOnLast, let blockExpr):
            let (block, owned) = try evaluateOwned(blockExpr, in: frame, on: thread)
            guard case .object(let id) = block else { return .next }
            if !owned { try objects.requireRetainable(block, self); retain(id) }
            operations.add(id, to: queueIndex, dependsOnLast: dependsOnLast, from: thread, self)
        case .check(let label):
            records.checks.append(CheckSnapshot(label: label, at: now, findings: LeakAnalysis(kernel: self).findings()))
            record(thread, .check(label: name(label)))
        }
        return .next
    }

    /// A duration spec's value now (a sampled one draws from the run's stream).
    func duration(_ spec: DurationSpec) -> SimDuration {
        switch spec {
        case .fixed(let d): d
        case .sampled(let i): max(.zero, configuration.samplers[i]())
        }
    }

    /// Marks a dropped object as let go when it survived the drop.
    private func letGo(_ id: ObjectID, because reason: String) {
        guard let o = heap.object(id), o.state == .alive else { return }
        objects.abandon(o, because: reason, self)
    }

    private func addToInteger(_ lvalue: LValue, _ delta: Int, in frame: ProgramFrame,
                              on thread: SimThread) throws(RuntimeFault) {
        let current: Value
        switch lvalue {
        case .local(let i): current = frame.env.locals[i]
        case .field(let base, let index):
            guard let o = try liveObject(try evaluate(base, in: frame, on: thread), expecting: "an object") else { return }
            current = objects.readSlot(o.id, index)
        }
        guard case .int(let n) = current else { throw RuntimeFault("increment of a value that is not an integer") }
        try store(.int(n + delta), owned: false, into: lvalue, in: frame, on: thread)
    }

    /// The object a message to `object` reaches: itself, or an `NSProxy`'s target. Nil when a safe proxy
    /// swallows the message; a fault when a naive proxy has lost its target.
    func forwardingTarget(_ object: HeapObject, selector: String) throws(RuntimeFault) -> HeapObject? {
        guard case .instance(let c) = object.kind, let field = program.classes[c].proxyTargetField else { return object }
        if case .object(let id) = objects.readSlot(object.id, field), let target = heap.object(id), target.state == .alive {
            return try forwardingTarget(target, selector: selector)
        }
        if program.classes[c].proxySwallowsNilTarget { return nil }
        throw RuntimeFault("-[\(object.className) \(selector)]: unrecognized selector sent to instance: the proxy's weak "
            + "target is nil, methodSignatureForSelector: returned nil and doesNotRecognizeSelector: raised")
    }

    /// A frame running `method` of `object` (retained for the call).
    func methodFrame(_ object: HeapObject, classIndex: Int, method: Int) -> ProgramFrame {
        let info = program.classes[classIndex]
        let body = info.methods[method].body
        retain(object.id)
        let env = Environment(names: body.localNames, selfValue: .object(object.id), block: nil)
        return ProgramFrame(steps: body.steps, env: env, ownsEnvironment: true, held: object.id, heldEdge: "self",
                            label: "-[\(info.name) \(info.methods[method].name)]")
    }

    /// A frame running a block whose +1 the frame owns (released when the block returns).
    func blockFrame(_ block: ObjectID, edge: String) -> ProgramFrame {
        guard let o = heap.object(block), case .block(let t) = o.kind else { preconditionFailure("not a block") }
        let body = program.blocks[t].body
        let env = Environment(names: body.localNames, selfValue: .null, block: block)
        return ProgramFrame(steps: body.steps, env: env, ownsEnvironment: true, held: block, heldEdge: edge,
                            label: o.label)
    }
}

/// A `log:` step's text and when it ran.
public struct LogEntry: Sendable, Hashable {
    public var at: SimInstant
    public var thread: String
    public var text: String
}

/// The modelled app crashed: the run stops there.
public struct Crash: Sendable, Hashable {
    public var message: String
    public var at: SimInstant
    public var thread: String
}

/// The run hit a limit and stopped early; what it has so far is kept.
public struct LimitStop: Sendable, Hashable {
    public var kind: String
    public var message: String
    public var at: SimInstant
}
