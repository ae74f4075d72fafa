import LoopSimKernel

/// What the narration knows of every mode's timers and timer port while it reads a run's events in order.
///
/// The kernel records a timer port's events (`port.arm`, `port.cancel`, `port.fire`) on the thread that owns
/// the run loop, whichever thread's call armed or disarmed it; the call is the latest event that is not a port
/// event (``caller``): main's `timer.invalidate` disarms worker-1's port. The timers each mode holds come from
/// `timer.add` (one more) and `timer.invalidate` (out of every mode it was in).
///
/// Timers are known by name; when two valid timers share one (a scheduling site run twice), an invalidation
/// cannot say which went, and the modes it could have left are no longer claimed empty.
struct NarrationPorts {
    /// One mode of one run loop.
    struct ModeKey: Hashable {
        var runLoop: Name
        var mode: Name
    }

    let events: [SimEvent]
    /// The timers in each mode, by name (a name twice when two timers share it).
    private(set) var timers: [ModeKey: [Name]] = [:]
    /// The modes each timer name was added to.
    private var timerModes: [Name: [ModeKey]] = [:]
    /// How many timers of each name are valid (made and not yet invalidated).
    private var validTimers: [Name: Int] = [:]
    /// Modes whose timers can no longer be told apart (an ambiguous invalidation): never claimed empty.
    private var unsure: Set<ModeKey> = []
    /// Each armed port's deadline; absent when disarmed or fired.
    private(set) var armed: [ModeKey: SimInstant] = [:]
    /// The mode each sleeping thread sleeps in.
    private(set) var sleeping: [Name: Name] = [:]
    /// The index of the latest event that is not a port event: the call a port event belongs to.
    private(set) var caller: Int?

    init(events: [SimEvent]) {
        self.events = events
    }

    /// The mode whose port `e` arms, cancels or fires; nil for any other event.
    static func portKey(_ e: SimEvent) -> ModeKey? {
        switch e.body {
        case .portArm(let runLoop, let mode, _), .portCancel(let runLoop, let mode),
             .portFire(let runLoop, let mode, _):
            ModeKey(runLoop: runLoop, mode: mode)
        default: nil
        }
    }

    /// Whether `key` is known to hold no timer.
    func isEmpty(_ key: ModeKey) -> Bool { !unsure.contains(key) && (timers[key] ?? []).isEmpty }

    /// Updates the state with event `i`.
    mutating func apply(_ i: Int) {
        let e = events[i]
        if Self.portKey(e) == nil { caller = i }
        switch e.body {
        case .sleep(let mode, _): sleeping[e.thread] = mode
        case .wake, .runLoopExit, .threadExit: sleeping[e.thread] = nil
        case .timerCreate(let timer, _, _, _), .displayLinkCreate(let timer, _): validTimers[timer, default: 0] += 1
        case .timerAdd(let timer, let runLoop, let mode):
            let key = ModeKey(runLoop: runLoop, mode: mode)
            timers[key, default: []].append(timer)
            timerModes[timer, default: []].append(key)
        case .timerInvalidate(let timer, _):
            let keys = timerModes[timer] ?? []
            if (validTimers[timer] ?? 0) > 1 {
                unsure.formUnion(keys)
            } else {
                for key in keys {
                    if let at = timers[key]?.firstIndex(of: timer) { timers[key]?.remove(at: at) }
                }
                timerModes[timer] = nil
            }
            validTimers[timer] = max(0, (validTimers[timer] ?? 0) - 1)
        case .portArm(let runLoop, let mode, let deadline):
            armed[ModeKey(runLoop: runLoop, mode: mode)] = deadline.isNever ? nil : deadline
        case .portCancel(let runLoop, let mode), .portFire(let runLoop, let mode, _):
            armed[ModeKey(runLoop: runLoop, mode: mode)] = nil
        default: break
        }
    }
}
