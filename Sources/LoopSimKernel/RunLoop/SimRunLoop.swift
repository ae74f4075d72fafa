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
    @exclusivity(unchecked) public internal(set) var modes: OrderedDictionary<String, RunLoopMode> = [:]
    /// Mode names marked common; initially only the default mode.
    @exclusivity(unchecked) public internal(set) var commonModes: [String] = [RunLoopModeName.default]
    /// Items added with the common pseudo-mode: timers and sources, retained by the set.
    @exclusivity(unchecked) public internal(set) var commonTimers: [ObjectID] = []
    @exclusivity(unchecked) public internal(set) var commonSources: [ObjectID] = []
    /// Observers added with the common pseudo-mode (`_commonModeItems`), each retained by the set.
    @exclusivity(unchecked) public internal(set) var commonObservers: [Observer] = []
    /// `CFRunLoopPerformBlock` items in FIFO order: the modes they may run in (nil = common) and the block.
    @exclusivity(unchecked) var blocks: [(modes: [String]?, block: ObjectID)] = []
    /// `performSelector:withObject:afterDelay:` requests made on this loop, oldest first: their one-shot timers, which
    /// `cancelPreviousPerformRequestsWithTarget:` looks through (fired or cancelled ones are dropped as it goes).
    @exclusivity(unchecked) var performTimers: [ObjectID] = []
    /// `performSelector:onThread:` requests queued for this loop's thread, in the order they were queued.
    @exclusivity(unchecked) var threadPerforms: [RunLoops.ThreadPerform] = []
    /// The version-0 source that performs ``threadPerforms``: made on first use, never removed (semantics §2).
    @exclusivity(unchecked) var threadPerformSource: ObjectID?
    /// The wake-up port (`_wakeUpPort`): `CFRunLoopWakeUp` posts to it.
    @exclusivity(unchecked) var wakeUpPort = Port()
    /// Running activations, innermost last.
    @exclusivity(unchecked) var activations: [ActivationFrame] = []

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
