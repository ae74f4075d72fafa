import LoopSimKernel

/// What the narration knows of every mode's timers and timer port while it reads a run's events in order, and
/// an index of the timer-port events for its look-aheads.
///
/// The kernel records a timer port's events (`port.arm`, `port.cancel`, `port.fire`) on the thread that owns
/// the run loop, whichever thread's call armed or disarmed it; the call is the latest event that is not a port
/// event (``caller``): main's `timer.invalidate` disarms worker-1's port. Nothing is recorded when a port is
/// *not* disarmed, so "left armed" is read from the timers each mode still holds (`timer.add` adds one,
/// `timer.invalidate` takes it out of every mode) and from the absence of a `port.cancel` in the same call.
///
/// Timers are known by name; when two valid timers share one (a scheduling site run twice), an invalidation
/// cannot say which went, and the modes it could have left are no longer claimed empty.
///
/// - Complexity: building the index is O(n) for n events; ``nextPortEvent(of:after:)`` is O(log m) for the m port
///   events of one mode.
struct NarrationPorts {
    /// One mode of one run loop.
    struct ModeKey: Hashable {
        var runLoop: Name
        var mode: Name
    }

    let events: [SimEvent]
    /// The indices of each mode's port events, in order: the look-ahead index, built once.
    private let portEvents: [ModeKey: [Int]]
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
    /// Ports the narration inferred were left armed when their mode's last timer went, with that deadline.
    var leftArmed: [ModeKey: SimInstant] = [:]
    /// Each run loop's thread (`rl.create` is recorded on it).
    private(set) var owners: [Name: Name] = [:]
    /// The mode each sleeping thread sleeps in.
    private(set) var sleeping: [Name: Name] = [:]
    /// The index of the latest event that is not a port event: the call a port event belongs to.
    private(set) var caller: Int?

    init(events: [SimEvent]) {
        self.events = events
        var index: [ModeKey: [Int]] = [:]
        for (i, e) in events.enumerated() {
            if let key = Self.portKey(e) { index[key, default: []].append(i) }
        }
        portEvents = index
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

    /// The index of the first port event of `key` after event `i`, by binary search of the index.
    func nextPortEvent(of key: ModeKey, after i: Int) -> Int? {
        guard let list = portEvents[key] else { return nil }
        var low = 0, high = list.count
        while low < high {
            let mid = (low + high) / 2
            if list[mid] <= i { low = mid + 1 } else { high = mid }
        }
        return low < list.count ? list[low] : nil
    }

    /// Whether the port event `j` belongs to the call that recorded event `i`: only port events between them. (An
    /// invalidation re-arms or cancels the port of each of its modes before it releases anything, and the call that
    /// adds another timer records its own events first.)
    func isSameCall(_ j: Int, as i: Int) -> Bool {
        j > i && events[(i + 1)..<j].allSatisfy { Self.portKey($0) != nil }
    }

    /// Whether `key` is known to hold no timer.
    func isEmpty(_ key: ModeKey) -> Bool { !unsure.contains(key) && (timers[key] ?? []).isEmpty }

    /// Updates the state with event `i`. For `timer.invalidate`, returns the modes the timer left empty while their
    /// ports were armed, with the armed deadline, in the order the timer was added to them.
    mutating func apply(_ i: Int) -> [(key: ModeKey, deadline: SimInstant)] {
        let e = events[i]
        var emptied: [(key: ModeKey, deadline: SimInstant)] = []
        if Self.portKey(e) == nil { caller = i }
        switch e.body {
        case .runLoopCreate(let runLoop): owners[runLoop] = e.thread
        case .sleep(let mode, _): sleeping[e.thread] = mode
        case .wake, .runLoopExit, .threadExit: sleeping[e.thread] = nil
        case .timerCreate(let timer, _, _, _), .displayLinkCreate(let timer, _): validTimers[timer, default: 0] += 1
        case .timerAdd(let timer, let runLoop, let mode):
            let key = ModeKey(runLoop: runLoop, mode: mode)
            guard !unsure.contains(key) else { break }  // nothing more is claimed of it
            timers[key, default: []].append(timer)
            timerModes[timer, default: []].append(key)
        case .timerInvalidate(let timer, _):
            let keys = timerModes[timer] ?? []
            if (validTimers[timer] ?? 0) > 1 {
                for key in keys where unsure.insert(key).inserted { timers[key] = nil }
                timerModes[timer] = nil
            } else {
                for key in keys {
                    if let at = timers[key]?.firstIndex(of: timer) { timers[key]?.remove(at: at) }
                    if isEmpty(key), let deadline = armed[key] { emptied.append((key, deadline)) }
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
        return emptied
    }
}
