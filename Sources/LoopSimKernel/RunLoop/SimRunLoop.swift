import OrderedCollections

/// One thread's run loop (`struct __CFRunLoop`): its modes, common modes, common items, pending blocks,
/// wake-up port and the stack of running activations.
public final class SimRunLoop {
    public let id: Int
    public let threadID: Int
    public let isMain: Bool
    /// `runloop(<thread name>)`, as the trace names it.
    let name: String
    /// ``name`` in the run's ``NameTable``.
    let nameID: Name
    /// The name of the loop's thread in the run's ``NameTable`` (what its kernel-side events are recorded on).
    let threadNameID: Name
    /// Modes in creation order. Created by add-functions, never by running.
    @exclusivity(unchecked) public private(set) var modes: OrderedDictionary<String, RunLoopMode> = [:]
    /// Mode names marked common; initially only the default mode.
    @exclusivity(unchecked) public private(set) var commonModes: [String] = [RunLoopModeName.default]
    /// Items added with the common pseudo-mode: timers and sources, retained by the set.
    @exclusivity(unchecked) public private(set) var commonTimers: [ObjectID] = []
    @exclusivity(unchecked) public private(set) var commonSources: [ObjectID] = []
    /// Observers added with the common pseudo-mode (`_commonModeItems`), each retained by the set.
    @exclusivity(unchecked) public private(set) var commonObservers: [Observer] = []
    /// `CFRunLoopPerformBlock` items in FIFO order: the modes they may run in (nil = common) and the block.
    @exclusivity(unchecked) private(set) var blocks: [(modes: [String]?, block: ObjectID)] = []
    /// `performSelector:withObject:afterDelay:` requests made on this loop, oldest first: their one-shot timers, which
    /// `cancelPreviousPerformRequestsWithTarget:` looks through (fired or cancelled ones are dropped as it goes).
    @exclusivity(unchecked) private(set) var performTimers: [ObjectID] = []
    /// `performSelector:onThread:` requests queued for this loop's thread, in the order they were queued.
    @exclusivity(unchecked) private(set) var threadPerforms: [RunLoops.ThreadPerform] = []
    /// The version-0 source that performs ``threadPerforms``: made on first use, never removed from a mode; the
    /// loop lets go of it when it is finalized (its thread exits), as `__CFRunLoopDeallocate` frees what it holds.
    @exclusivity(unchecked) private(set) var threadPerformSource: ObjectID?
    /// The wake-up port (`_wakeUpPort`): `CFRunLoopWakeUp` posts to it.
    @exclusivity(unchecked) private(set) var wakeUpPort = Port()
    /// Running activations, innermost last.
    @exclusivity(unchecked) private(set) var activations: [ActivationFrame] = []

    init(id: Int, threadID: Int, threadNameID: Name, name: String, nameID: Name, isMain: Bool) {
        self.id = id
        self.threadID = threadID
        self.threadNameID = threadNameID
        self.name = name
        self.nameID = nameID
        self.isMain = isMain
        let defaultMode = RunLoopMode(name: RunLoopModeName.default, index: 0)
        defaultMode.markCommon()
        modes[RunLoopModeName.default] = defaultMode
    }

    /// The mode with this name, created if needed (as the add-functions do).
    func findOrCreateMode(_ name: String) -> RunLoopMode {
        if let m = modes[name] { return m }
        let m = RunLoopMode(name: name, index: modes.count)
        modes[name] = m
        return m
    }

    /// The mode at `index` in ``modes`` (``RunLoopMode/index``).
    func mode(at index: Int) -> RunLoopMode { modes.values[index] }

    /// Calls `body` with ``mode(at:)`` unretained (modes are never removed), where ``mode(at:)`` retains and
    /// releases it (a timer port's every expiry asks; Objects/Unretained.swift).
    @inline(__always)
    func withUnretainedMode<R>(at index: Int, _ body: (RunLoopMode) -> R) -> R {
        modes.values.withUnretained(at: index, body)
    }

    /// The innermost running activation, if the loop is running.
    var currentActivation: ActivationFrame? { activations.last }

    /// Calls `body` with ``currentActivation`` unretained, for a caller that neither runs nor ends an activation
    /// while it reads it; nil if the loop is not running.
    @inline(__always)
    @discardableResult
    func withUnretainedCurrentActivation<R>(_ body: (ActivationFrame) -> R) -> R? {
        activations.withUnretainedLast(body)
    }

    func isCommon(_ mode: String) -> Bool { commonModes.contains(mode) }
    /// ``isCommon(_:)`` of a mode of this loop, from its flag (no string comparisons).
    @inline(__always)
    func isCommon(_ mode: RunLoopMode) -> Bool { mode.isCommon }

    // MARK: Transitions
    // The loop's fields change only here, each through the CF (or Foundation) operation it models; the run loops'
    // part (``RunLoops``) calls them. Each does what the assignment it replaced did.

    /// `CFRunLoopAddCommonMode`: the name joins `_commonModes` (the caller adds the common items to the mode).
    func joinCommonModes(_ name: String) { commonModes.append(name) }

    /// `CFRunLoopAddTimer(rl, t, kCFRunLoopCommonModes)`: the timer joins `_commonModeItems` (the caller retains it).
    func addCommonTimer(_ id: ObjectID) { commonTimers.append(id) }
    /// `CFRunLoopRemoveTimer(rl, t, kCFRunLoopCommonModes)`: out of `_commonModeItems`.
    func removeCommonTimer(at index: Int) { commonTimers.remove(at: index) }

    /// `CFRunLoopAddSource(rl, s, kCFRunLoopCommonModes)`: the source joins `_commonModeItems`.
    func addCommonSource(_ id: ObjectID) { commonSources.append(id) }
    /// `CFRunLoopRemoveSource(rl, s, kCFRunLoopCommonModes)`: out of `_commonModeItems`.
    func removeCommonSource(at index: Int) { commonSources.remove(at: index) }

    /// `CFRunLoopAddObserver(rl, o, kCFRunLoopCommonModes)`: the observer joins `_commonModeItems`.
    func addCommonObserver(_ observer: Observer) { commonObservers.append(observer) }
    /// `CFRunLoopRemoveObserver(rl, o, kCFRunLoopCommonModes)`: out of `_commonModeItems`.
    func removeCommonObserver(at index: Int) { commonObservers.remove(at: index) }

    /// `__CFFinalizeRunLoop` at thread exit: the common items and the queued blocks are gone (the caller released
    /// each first).
    func removeAllCommonItemsAndBlocks() {
        commonTimers = []
        commonSources = []
        commonObservers = []
        blocks = []
    }

    /// `CFRunLoopPerformBlock`: the block is queued (`_blocks_tail`) for `modes` (nil: the common modes).
    func queueBlock(_ block: ObjectID, modes: [String]?) { blocks.append((modes: modes, block: block)) }

    /// `__CFRunLoopDoBlocks`: the blocks it did not run for this mode go back on the list (CF relinks them), the
    /// ones it ran are detached.
    func keepBlocks(_ kept: [(modes: [String]?, block: ObjectID)]) { blocks = kept }

    /// `performSelector:withObject:afterDelay:`: the request's one-shot timer joins the loop's list.
    func addPerformTimer(_ id: ObjectID) { performTimers.append(id) }
    /// Drops the requests `isDone` says fired or were cancelled, keeping the others' order.
    func removePerformTimers(where isDone: (ObjectID) -> Bool) { performTimers.removeAll(where: isDone) }

    /// `performSelector:onThread:`: the request is queued for the loop's thread.
    func queueThreadPerform(_ perform: RunLoops.ThreadPerform) { threadPerforms.append(perform) }
    /// The perform source's callout takes the requests that may run in its mode (`runs`), in the order queued.
    func takeThreadPerforms(where runs: (RunLoops.ThreadPerform) -> Bool) -> [RunLoops.ThreadPerform] {
        let taken = threadPerforms.filter(runs)
        threadPerforms.removeAll(where: runs)
        return taken
    }
    /// The perform source, made on first use: the loop keeps it (and its +1) until the loop is finalized.
    func keepThreadPerformSource(_ id: ObjectID) { threadPerformSource = id }
    /// The loop's finalization lets go of its perform source: returns the id whose +1 the caller releases.
    func takeThreadPerformSource() -> ObjectID? {
        defer { threadPerformSource = nil }
        return threadPerformSource
    }

    /// `CFRunLoopWakeUp`'s message on `_wakeUpPort` (redundant ones collapse).
    func postWakeUp(_ arrivals: inout PortArrivals) { wakeUpPort.post(&arrivals) }
    /// The pass takes the wake-up port's message (`__CFRunLoopServiceMachPort`).
    func takeWakeUp() { wakeUpPort.take() }

    /// `CFRunLoopRunSpecific` enters `activation` (the innermost from now on).
    func enter(_ activation: ActivationFrame) { activations.append(activation) }
    /// `CFRunLoopRunSpecific` returns: `activation` is off the loop's list.
    func leave(_ activation: ActivationFrame) { activations.removeAll { $0 === activation } }
    /// The run is over (``RunLoops``' deinit): drop the activations still running, each of which holds this loop.
    func abandonActivations() { activations.removeAll() }
}

/// Well-known mode names.
public enum RunLoopModeName {
    public static let `default` = "kCFRunLoopDefaultMode"
    public static let common = "kCFRunLoopCommonModes"
    public static let tracking = "UITrackingRunLoopMode"

    /// Maps the short spellings a scenario may use (`default`, `common`, `tracking`) to CF's names.
    public static func canonical(_ name: String) -> String {
        switch name {
        case "default", "NSDefaultRunLoopMode", "kCFRunLoopDefaultMode": Self.default
        case "common", "NSRunLoopCommonModes", "kCFRunLoopCommonModes": common
        case "tracking", "UITrackingRunLoopMode": tracking
        default: name
        }
    }

    /// The short name for reports: `default`, `common`, `tracking`, or the name itself.
    public static func short(_ name: String) -> String {
        switch name {
        case Self.default: "default"
        case common: "common"
        case tracking: "tracking"
        default: name
        }
    }
}
