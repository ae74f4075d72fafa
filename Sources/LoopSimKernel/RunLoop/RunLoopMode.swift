/// A named bag of sources, observers and timers with its own timer port (`struct __CFRunLoopMode`).
public final class RunLoopMode {
    public let name: String
    /// The name as the trace prints it (`default`, `tracking`, or the name itself).
    let shortName: String
    /// ``shortName`` in the run's ``NameTable``, once an event named it.
    @exclusivity(unchecked) private(set) var eventName: Name?
    /// Version-0 sources, sorted by `order` (ascending, insertion after equals).
    @exclusivity(unchecked) public private(set) var sources0: [ObjectID] = []
    /// Version-1 (port-based) sources, in the order they were added: their ports are in the mode's port set.
    @exclusivity(unchecked) public private(set) var sources1: [ObjectID] = []
    /// Observers, sorted by `order` (ascending, insertion after equals).
    @exclusivity(unchecked) public private(set) var observers: [Observer] = []
    /// Timers ordered by `fireTSR`, FIFO among equal deadlines (`__CFRunLoopInsertionIndexInTimerArray`).
    @exclusivity(unchecked) var timers = TimerList()
    /// How many timers the mode holds.
    public var timerCount: Int { timers.count }
    @exclusivity(unchecked) public internal(set) var port = TimerPort()
    /// `_timerSoftDeadline` / `_timerHardDeadline`: the cached deadlines of the last arming.
    @exclusivity(unchecked) private(set) var softDeadline = SimInstant.never
    @exclusivity(unchecked) private(set) var hardDeadline = SimInstant.never
    /// `_CFRunLoopStopMode`'s sticky flag.
    @exclusivity(unchecked) private(set) var stopFlag = false
    /// Whether the mode is one of its run loop's common modes (set where ``SimRunLoop/commonModes`` grows).
    @exclusivity(unchecked) private(set) var isCommon = false
    /// The mode's place in its run loop's ``SimRunLoop/modes`` (modes are never removed), what a timer-port entry
    /// of the event queue names it by: the entry stays plain data, copied and dropped without reference counting
    /// (174 fewer instructions per timer-storm fire than holding the mode, callgrind). -1: a mode of no run loop.
    let index: Int

    init(name: String, index: Int = -1) {
        self.name = name
        self.index = index
        self.shortName = RunLoopModeName.short(name)
    }

    /// `__CFRunLoopDoTimer`'s `rlm->_timerSoftDeadline = UINT64_MAX; rlm->_timerHardDeadline = UINT64_MAX;`
    /// (CFRunLoop.c lines 2521–2522): the last arming is forgotten, so the next arms the port even for the same
    /// deadlines.
    func forgetArmedDeadlines() {
        softDeadline = .never
        hardDeadline = .never
    }

    /// The end of `__CFArmNextTimerInMode` (CFRunLoop.c lines 2471–2472): the deadlines it armed for, or none.
    func noteArmedDeadlines(soft: SimInstant, hard: SimInstant) {
        softDeadline = soft
        hardDeadline = hard
    }

    /// The device slept: the cached deadlines and the armed port's deadline move with the monotonic clock.
    func shiftDeadlines(_ shift: (SimInstant) -> SimInstant) {
        softDeadline = shift(softDeadline)
        hardDeadline = shift(hardDeadline)
        port.armedDeadline = port.armedDeadline.map(shift)
    }

    /// `_CFRunLoopStopMode`: the mode's running activation stops at the end of its iteration.
    func requestStop() { stopFlag = true }

    /// `__CFRunLoopRun`'s `__CFRunLoopModeIsStopped` check, which clears the flag it finds set.
    func takeStopRequest() -> Bool {
        guard stopFlag else { return false }
        stopFlag = false
        return true
    }

    /// `CFRunLoopAddCommonMode` (or the default mode, common from the start): the mode joins the common modes.
    func markCommon() { isCommon = true }

    /// The name the trace gives the mode, interned once (the recorder's cache).
    func noteEventName(_ name: Name) { eventName = name }

    /// `CFRunLoopAddSource` of a version-0 source: into `_sources0` at `index` (by order, after equals).
    func insertSource0(_ id: ObjectID, at index: Int) { sources0.insert(id, at: index) }
    /// `CFRunLoopRemoveSource` of a version-0 source: out of `_sources0`.
    func removeSource0(at index: Int) { sources0.remove(at: index) }
    /// `CFRunLoopAddSource` of a port-based source: into `_sources1`, its port into the mode's port set.
    func addSource1(_ id: ObjectID) { sources1.append(id) }
    /// `CFRunLoopRemoveSource` of a port-based source: out of `_sources1` and the port set.
    func removeSource1(at index: Int) { sources1.remove(at: index) }

    /// `CFRunLoopAddObserver`: into `_observers` at `index` (by order, after equals).
    func insertObserver(_ observer: Observer, at index: Int) { observers.insert(observer, at: index) }
    /// `CFRunLoopRemoveObserver`: out of `_observers`.
    func removeObserver(at index: Int) { observers.remove(at: index) }
    /// `__CFRunLoopDoObservers` marks the observer firing around its callout (`__CFRunLoopObserverSetFiring`), so
    /// that a nested pass does not call it again.
    func setObserverFiring(at index: Int, _ firing: Bool) { observers[index].isFiring = firing }

    /// `__CFFinalizeRunLoop` at thread exit: the mode's version-0 sources are gone (the caller released each).
    func removeAllSources0() { sources0 = [] }
    /// … and its port-based sources.
    func removeAllSources1() { sources1 = [] }
    /// … and its observers.
    func removeAllObservers() { observers = [] }
}

/// A run-loop observer in a mode's list (`rlm->_observers`): the `CFRunLoopObserver` object, which every list it is
/// in retains, and what `__CFRunLoopDoObservers` reads of it. Its block is slot 0 of the object.
public struct Observer: Sendable {
    public var id: Int
    /// The `CFRunLoopObserver` heap object (``HeapObject/Kind/runLoopObserver``).
    public var object: ObjectID
    public var activities: RunLoopActivity
    public var repeats: Bool
    public var order: Int
    public var isFiring = false
}
