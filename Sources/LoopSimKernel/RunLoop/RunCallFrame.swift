/// Foundation's and CF's entry points around activations: `-run`, `-runUntilDate:`, `-runMode:beforeDate:`,
/// `CFRunLoopRun`, `CFRunLoopRunInMode` (semantics §1 and §9.10).
final class RunCallFrame: Frame {
    let call: RunCall
    let runLoop: SimRunLoop
    var limit: SimInstant?
    var activations = 0

    init(call: RunCall, runLoop: SimRunLoop) {
        self.call = call
        self.runLoop = runLoop
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        let last = activations > 0 ? RunLoopResult(rawValue: thread.returnValue.stringValue ?? "") : nil
        switch call {
        case .run:
            // while ([rl runMode:NSDefaultRunLoopMode beforeDate:distantFuture]);
            return runMode(RunLoopModeName.default, seconds: nil, kernel, thread) ?? .pop(.null)
        case .runUntil(let after):
            let limit = self.limit ?? (kernel.now + after)
            self.limit = limit
            guard kernel.now < limit else { return .pop(.null) }
            return runMode(RunLoopModeName.default, seconds: limit - kernel.now, kernel, thread) ?? .pop(.null)
        case .runMode(let mode, let before):
            if activations > 0 { return .pop(.bool(true)) }
            let limit = self.limit ?? before.map { kernel.now + $0 } ?? .never
            self.limit = limit
            return runMode(mode, seconds: limit.isNever ? nil : limit - kernel.now, kernel, thread)
                ?? .pop(.bool(false))
        case .cfRun:
            if let last, last == .stopped || last == .finished { return .pop(.string(last.rawValue)) }
            return activate(RunLoopModeName.default, seconds: nil, returnAfterSourceHandled: false, kernel, thread)
        case .cfRunInMode(let mode, let seconds, let returnAfterSourceHandled):
            if let last { return .pop(.string(last.rawValue)) }
            return activate(mode, seconds: seconds, returnAfterSourceHandled: returnAfterSourceHandled, kernel, thread)
        }
    }

    /// `-runMode:beforeDate:`: NO without running when the mode is empty; else one activation that returns
    /// after the first source.
    private func runMode(_ rawMode: String, seconds: SimDuration?, _ kernel: Kernel, _ thread: SimThread)
        -> FrameAction?
    {
        let mode = RunLoopModeName.canonical(rawMode)
        if runLoop.modes[mode] == nil || kernel.runLoops.isModeEmpty(runLoop, mode, on: thread) {
            kernel.record(thread, .runModeEmpty(mode: kernel.name(RunLoopModeName.short(mode))))
            return nil
        }
        return activate(mode, seconds: seconds, returnAfterSourceHandled: true, kernel, thread)
    }

    private func activate(
        _ mode: String, seconds: SimDuration?, returnAfterSourceHandled: Bool, _ kernel: Kernel,
        _ thread: SimThread
    ) -> FrameAction {
        activations += 1
        return .push(
            kernel.runLoops.makeActivation(
                runLoop, mode: mode, seconds: seconds,
                returnAfterSourceHandled: returnAfterSourceHandled, on: thread))
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}

extension Value {
    var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}

/// `-[NSRunLoop limitDateForMode:]`, as swift-corelibs-foundation writes it (Sources/Foundation/RunLoop.swift,
/// lines 202–220 at 761b621): nil when the receiver is not the current thread's loop; else one polling pass in
/// the mode (`CFRunLoopRunInMode(mode, -10.0, true)`: due timers fire, sources and blocks run), then nil when the
/// mode is missing or empty (`_CFRunLoopFinished`), else the fire date of the mode's earliest timer
/// (`CFRunLoopGetNextTimerFireDate`: the first of the mode's timers, which CF keeps sorted by fire date), or
/// `distantFuture` when the mode has no timer (the function's 0). Apple's documentation of `limitDateForMode:` says
/// the same ("performs one pass through the run loop in the specified mode and returns the date at which the
/// next timer is scheduled to fire"; nil "if there are no input sources for this mode").
///
/// The date is returned as whole milliseconds of virtual time, as a timer's `fireDate` reads, and
/// `distantFuture` as `Int.max` (the expression `distantFuture`).
final class LimitDateFrame: Frame {
    let runLoop: SimRunLoop
    let mode: String
    var polled = false

    init(runLoop: SimRunLoop, mode: String) {
        self.runLoop = runLoop
        self.mode = mode
    }

    func step(_ kernel: Kernel, _ thread: SimThread) -> FrameAction {
        if !polled {
            polled = true
            // `_cfRunLoop !== CFRunLoopGetCurrent()`, which creates the calling thread's loop if it has none
            guard kernel.runLoops.runLoop(for: thread) === runLoop else { return .pop(.null) }
            return .push(
                kernel.runLoops.makeActivation(
                    runLoop, mode: mode, seconds: .seconds(-10),
                    returnAfterSourceHandled: true, on: thread))
        }
        guard let mode = runLoop.modes[RunLoopModeName.canonical(mode)],
            !kernel.runLoops.isModeEmpty(runLoop, mode, on: thread)
        else { return .pop(.null) }
        guard let first = mode.timers.earliest else { return .pop(.int(Int.max)) }
        return .pop(.int(Int(first.fire.nanoseconds / 1_000_000)))
    }

    func heldObjects() -> [(String, ObjectID)] { [] }
}
