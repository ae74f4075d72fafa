/// The behaviour of one OS release, as values for every ``VariantFlag``.
///
/// Profiles are data: a scenario or `--set flag=value` may override any value. The kernel reads the typed
/// properties, which are resolved once when the profile is built.
public struct VariantProfile: Sendable, Hashable {
    /// The timer-port implementation of a CF build.
    public enum TimerPortBackend: String, Sendable, Hashable, CaseIterable {
        /// iOS <= 9: the mode's mk_timer only; `_mkTimerArmed` is never recorded (CF-1153.18).
        case mkTimer = "mk_timer"
        /// iOS >= 10 and macOS: mk_timer when there is no tolerance window, else a GCD source; both tracked.
        case mkTimerAndDispatch = "mk_timer+dispatch"
        /// Linux corelibs: a timerfd per mode, armed like the mk_timer-only build on Swift >= 5.6.
        case timerfd
    }

    public let name: String
    /// Flag values as text, in ``VariantFlag/all`` order.
    public private(set) var values: [(name: String, value: String)]

    public private(set) var staleTimerPortWake = false
    public private(set) var timerPortBackend = TimerPortBackend.mkTimer
    public private(set) var mainQueueCountsAsSource = true
    public private(set) var runCommonModesRejected = true
    public private(set) var blockBasedTimerAPI = true
    public private(set) var timerReleasesTargetOnInvalidate = true
    public private(set) var unscheduledBlockTimerFirstFireNow = false
    public private(set) var removeOrInvalidateWakesLoop = false
    public private(set) var uikitMainRunLoop = true
    public private(set) var toleranceAffectsWakeTime = false
    public private(set) var autoreleasedFactoryResults = true
    /// How the center holds selector observers.
    public enum SelectorObserverRef: String, Sendable, Hashable { case unretained, weak, none }
    public private(set) var selectorObserverRef = SelectorObserverRef.weak
    /// What deallocating an object with key-value observers registered does (``KeyValueObserving``).
    public enum KVOObservedDealloc: String, Sendable, Hashable { case crash, remove, none }
    public private(set) var kvoObservedDealloc = KVOObservedDealloc.remove
    public private(set) var notificationObjectFilterRetained = false
    public private(set) var notificationPosterWaits = false
    /// The order a post calls its observers (``NotificationCenter/post(name:object:on:_:)``).
    public enum NotificationDeliveryOrder: String, Sendable, Hashable, CaseIterable {
        /// The order they were added, observers of every name mixed with the others (Darwin).
        case registration
        /// swift-foundation's buckets: (name, sender), (every name, sender), (every name, any sender), (name, any
        /// sender); registration order within a bucket, where the real one is a dictionary's hash order.
        case buckets
    }
    public private(set) var notificationDeliveryOrder = NotificationDeliveryOrder.registration
    /// `dispatch_sync` onto a queue the thread holds, and a recursive `dispatch_once`, crash instead of waiting.
    public private(set) var dispatchOwnedLockCrashes = true
    /// NSObject's selector-based performs (afterDelay, onThread, cancel) exist (false: swift-corelibs-foundation).
    public private(set) var performSelectorAPI = true
    /// What `NSThread.name` reads (``ThreadProperty/name``): the thread's own name, or the calling thread's OS name.
    public enum ThreadNames: String, Sendable, Hashable { case nsthread, pthread }
    public private(set) var threadNames = ThreadNames.nsthread
    /// An `NSLock` or `NSCondition` unlocked by a thread that does not hold it is let go (false: it stays held).
    public private(set) var lockUnlockFromOtherThreadReleases = false
    /// `NSConditionLock.lock()` and `lock(whenCondition:)` crash when they have to wait (``LockAcquireFrame``).
    public private(set) var conditionLockWaitForeverTraps = false
    /// An operation lets go of its completion block once it begins (false: swift-corelibs-foundation keeps it).
    public private(set) var operationCompletionReleased = true
    /// How long a background task keeps the app running after it enters the background; nil: no app lifecycle.
    public private(set) var backgroundTaskBudget: SimDuration? = .seconds(180)
    /// GCD timers (dispatch sources, and NSTimers with tolerance on the dispatch build) fire at the end of
    /// their leeway window rather than at its start.
    public private(set) var leewayFiresAtEnd = false
    /// A repeating NSTimer's interval <= 0 becomes 0.1 ms (Darwin); false: it reaches CF as 0 and the timer is a
    /// one-shot (swift-corelibs-foundation; `repeatingTimerZeroInterval`).
    public private(set) var zeroIntervalClamped = true
    /// `fireDate` of an invalid timer is the date it was last due (Darwin's documentation); false: CF's 0, the
    /// reference date (swift-corelibs-foundation; `invalidTimerFireDate`).
    public private(set) var invalidTimerKeepsFireDate = true
    /// At most this many operations of one NSOperationQueue run at once, whatever its width: the GCD pool's width
    /// (`operationQueuePoolWidth`); nil: no bound beyond the queue's own.
    public private(set) var operationPoolWidth: Int? = nil
    /// `OperationQueue.main.cancelAllOperations()` cancels (false: swift-corelibs-foundation's `if !__mainQ`).
    public private(set) var mainQueueCancelsAll = true
    /// Target/selector and NSInvocation timers exist (false: swift-corelibs-foundation, no selectors).
    public private(set) var selectorTimerAPI = true
    /// `NSMachPort` exists (false: swift-corelibs-foundation marks it unavailable).
    public private(set) var machPortAPI = true
    /// How many jobs of Swift concurrency's global executor run at once (`cooperativePoolWidth`): the width of
    /// the cooperative pool, the device's CPU cores.
    public private(set) var cooperativePoolWidth = 6

    /// When NotificationQueue posts its asap and idle lists (``NotificationQueues``), and in which order.
    public enum NotificationQueuePosting: String, Sendable, Hashable, CaseIterable {
        /// swift-corelibs-foundation: whenIdle at BeforeTimers, asap at BeforeWaiting and Exit, newest first.
        case corelibs
        /// Apple's documentation: asap at the end of a pass, whenIdle when the loop is about to wait; FIFO.
        case documented
    }
    public private(set) var notificationQueuePosting = NotificationQueuePosting.documented
    /// Coalescing on the sender compares objects (Darwin); false: only two nil senders match (corelibs).
    public private(set) var notificationQueueSenderIdentity = true
    /// Enqueueing on a queue while it posts from the same list is Swift's exclusivity trap (corelibs).
    public private(set) var notificationQueueReentryTraps = false
    /// `SocketPort` exists (false: the iOS variants; Apple documents it for macOS only).
    public private(set) var socketPortAPI = false
    /// What the default modal style and the sheet styles do on an iPhone (`sheetPresentation`).
    public private(set) var sheetPresentation = SheetPresentation.fullScreen

    public static func == (a: VariantProfile, b: VariantProfile) -> Bool {
        a.name == b.name && a.values.map { "\($0.name)=\($0.value)" } == b.values.map { "\($0.name)=\($0.value)" }
    }
    public func hash(into h: inout Hasher) {
        h.combine(name)
        for v in values { h.combine(v.name); h.combine(v.value) }
    }

    /// Names of the built-in profiles, in the order they are listed.
    public static let builtInNames = ["ios8", "ios9", "ios10", "ios13", "linux-corelibs"]

    /// The built-in profile with this name.
    public static func builtIn(_ name: String) -> VariantProfile? {
        let table: [String: [String: String]] = [
            "ios8": [
                "staleTimerPortWakeAfterLastTimerRemoved": "true", "timerPortBackend": "mk_timer",
                "runCommonModesPseudoModeRejected": "false", "blockBasedTimerAPI": "false",
                "timerReleasesTargetOnInvalidate": "true", "unscheduledBlockTimerFirstFireNow": "false",
                "toleranceAffectsWakeTime": "false", "notificationSelectorObserverRef": "unretained",
                "backgroundTaskSeconds": "180", "dispatchOwnedLockCrashes": "false",
                "kvoObservedDeallocWithObservers": "crash",
            ],
            "ios9": [
                "staleTimerPortWakeAfterLastTimerRemoved": "true", "timerPortBackend": "mk_timer",
                "runCommonModesPseudoModeRejected": "false", "blockBasedTimerAPI": "false",
                "timerReleasesTargetOnInvalidate": "true", "unscheduledBlockTimerFirstFireNow": "false",
                "toleranceAffectsWakeTime": "false", "notificationSelectorObserverRef": "weak",
                "backgroundTaskSeconds": "180", "dispatchOwnedLockCrashes": "false",
                "kvoObservedDeallocWithObservers": "crash",
            ],
            "ios10": [
                "staleTimerPortWakeAfterLastTimerRemoved": "false", "timerPortBackend": "mk_timer+dispatch",
                "runCommonModesPseudoModeRejected": "true", "blockBasedTimerAPI": "true",
                "timerReleasesTargetOnInvalidate": "true", "unscheduledBlockTimerFirstFireNow": "false",
                "toleranceAffectsWakeTime": "true", "notificationSelectorObserverRef": "weak",
                "backgroundTaskSeconds": "180",
                "kvoObservedDeallocWithObservers": "crash",
            ],
            "ios13": [
                "staleTimerPortWakeAfterLastTimerRemoved": "false", "timerPortBackend": "mk_timer+dispatch",
                "runCommonModesPseudoModeRejected": "true", "blockBasedTimerAPI": "true",
                "timerReleasesTargetOnInvalidate": "true", "unscheduledBlockTimerFirstFireNow": "false",
                "toleranceAffectsWakeTime": "true", "notificationSelectorObserverRef": "weak",
                "backgroundTaskSeconds": "30",
                "kvoObservedDeallocWithObservers": "remove",
                "sheetPresentation": "sheet",
            ],
            "linux-corelibs": [
                "staleTimerPortWakeAfterLastTimerRemoved": "true", "timerPortBackend": "timerfd",
                "runCommonModesPseudoModeRejected": "true", "blockBasedTimerAPI": "true",
                "timerReleasesTargetOnInvalidate": "false", "unscheduledBlockTimerFirstFireNow": "true",
                "toleranceAffectsWakeTime": "false", "notificationSelectorObserverRef": "none",
                "backgroundTaskSeconds": "none", "uikitMainRunLoop": "false", "autoreleasedFactoryResults": "false",
                "notificationObjectFilterRetained": "false", "notificationQueuedObserverPosterWaits": "true",
                "notificationDeliveryOrder": "buckets", "kvoObservedDeallocWithObservers": "none",
                "performSelectorAPI": "false", "operationReleasesCompletionBlock": "false", "threadNames": "pthread",
                "repeatingTimerZeroInterval": "oneShot", "invalidTimerFireDate": "referenceDate",
                "operationQueuePoolWidth": "2", "mainQueueCancelAllOperations": "false", "selectorTimerAPI": "false",
                "machPortAPI": "false",
                "cooperativePoolWidth": "2",
                "lockUnlockFromOtherThreadReleases": "true",
                "conditionLockWaitForeverTraps": "true",
                "notificationQueuePosting": "corelibs",
                "notificationQueueSenderCoalescing": "nilOnly", "notificationQueueReentrantEnqueueTraps": "true",
                "socketPortAPI": "true",
                "sheetPresentation": "none",
            ],
        ]
        guard let overrides = table[name] else { return nil }
        let defaults: [String: String] = [
            "mainQueueCountsAsSourceInCommonModes": "true", "removeOrInvalidateWakesLoop": "false",
            "uikitMainRunLoop": "true", "timerLeewayFiresAt": "start", "autoreleasedFactoryResults": "true",
            "notificationObjectFilterRetained": "false", "notificationQueuedObserverPosterWaits": "true",
            "notificationDeliveryOrder": "registration", "dispatchOwnedLockCrashes": "true",
            "performSelectorAPI": "true", "operationReleasesCompletionBlock": "true", "threadNames": "nsthread",
            "repeatingTimerZeroInterval": "clamped", "invalidTimerFireDate": "lastFire",
            "operationQueuePoolWidth": "unbounded", "mainQueueCancelAllOperations": "true", "selectorTimerAPI": "true",
            "machPortAPI": "true",
            "cooperativePoolWidth": "6",
            "lockUnlockFromOtherThreadReleases": "false",
            "conditionLockWaitForeverTraps": "false",
            "notificationQueuePosting": "documented",
            "notificationQueueSenderCoalescing": "object", "notificationQueueReentrantEnqueueTraps": "false",
            "socketPortAPI": "false",
            "sheetPresentation": "fullScreen",
        ]
        var values: [(String, String)] = []
        for flag in VariantFlag.all {
            values.append((flag.name, overrides[flag.name] ?? defaults[flag.name] ?? "n/a"))
        }
        var profile = VariantProfile(name: name, values: values)
        try! profile.resolve()
        return profile
    }

    private init(name: String, values: [(String, String)]) {
        self.name = name
        self.values = values.map { (name: $0.0, value: $0.1) }
    }

    /// The value of `flag` as text.
    /// The iOS version a built-in iOS variant models, `major * 100 + minor` (`ios10`: 1000), read by
    /// `#available(iOS …, *)`; `Int.max` for a variant that is not iOS (`linux-corelibs`).
    public var iosVersion: Int {
        guard name.hasPrefix("ios"), let major = Int(name.dropFirst(3)) else { return Int.max }
        return major * 100
    }

    public func value(of flag: String) -> String? { values.first { $0.name == flag }?.value }

    /// Returns a copy with `flag` set to `value`.
    /// - Throws: ``VariantError`` if the flag is unknown or the value is not one it accepts.
    public func setting(_ flag: String, to value: String) throws(VariantError) -> VariantProfile {
        guard let index = values.firstIndex(where: { $0.name == flag }) else {
            throw VariantError(message: "unknown variant flag '\(flag)'; `loopsim variants` lists the flags")
        }
        var copy = self
        copy.values[index].value = value
        try copy.resolve()
        return copy
    }

    private mutating func resolve() throws(VariantError) {
        func bool(_ flag: String) throws(VariantError) -> Bool {
            switch value(of: flag) {
            case "true": return true
            case "false": return false
            case let other:
                throw VariantError(message: "flag '\(flag)' takes true or false, not '\(other ?? "")'")
            }
        }
        staleTimerPortWake = try bool("staleTimerPortWakeAfterLastTimerRemoved")
        mainQueueCountsAsSource = try bool("mainQueueCountsAsSourceInCommonModes")
        runCommonModesRejected = try bool("runCommonModesPseudoModeRejected")
        blockBasedTimerAPI = try bool("blockBasedTimerAPI")
        timerReleasesTargetOnInvalidate = try bool("timerReleasesTargetOnInvalidate")
        unscheduledBlockTimerFirstFireNow = try bool("unscheduledBlockTimerFirstFireNow")
        removeOrInvalidateWakesLoop = try bool("removeOrInvalidateWakesLoop")
        uikitMainRunLoop = try bool("uikitMainRunLoop")
        toleranceAffectsWakeTime = try bool("toleranceAffectsWakeTime")
        autoreleasedFactoryResults = try bool("autoreleasedFactoryResults")
        notificationObjectFilterRetained = try bool("notificationObjectFilterRetained")
        notificationPosterWaits = try bool("notificationQueuedObserverPosterWaits")
        dispatchOwnedLockCrashes = try bool("dispatchOwnedLockCrashes")
        performSelectorAPI = try bool("performSelectorAPI")
        operationCompletionReleased = try bool("operationReleasesCompletionBlock")
        mainQueueCancelsAll = try bool("mainQueueCancelAllOperations")
        selectorTimerAPI = try bool("selectorTimerAPI")
        machPortAPI = try bool("machPortAPI")
        if let text = value(of: "cooperativePoolWidth") {
            guard let width = Int(text), width > 0, width <= 4096 else {
                throw VariantError(message: "flag 'cooperativePoolWidth' takes a whole number from 1 to 4096")
            }
            cooperativePoolWidth = width
        }
        lockUnlockFromOtherThreadReleases = try bool("lockUnlockFromOtherThreadReleases")
        conditionLockWaitForeverTraps = try bool("conditionLockWaitForeverTraps")
        notificationQueueReentryTraps = try bool("notificationQueueReentrantEnqueueTraps")
        guard let posting = NotificationQueuePosting(rawValue: value(of: "notificationQueuePosting") ?? "") else {
            throw VariantError(message: "flag 'notificationQueuePosting' takes corelibs or documented")
        }
        notificationQueuePosting = posting
        switch value(of: "notificationQueueSenderCoalescing") {
        case "object": notificationQueueSenderIdentity = true
        case "nilOnly": notificationQueueSenderIdentity = false
        case let other:
            throw VariantError(
                message: "flag 'notificationQueueSenderCoalescing' takes object or nilOnly, not '\(other ?? "")'")
        }
        socketPortAPI = try bool("socketPortAPI")
        guard let sheets = SheetPresentation(rawValue: value(of: "sheetPresentation") ?? "") else {
            throw VariantError(message: "flag 'sheetPresentation' takes fullScreen, sheet or none")
        }
        sheetPresentation = sheets
        switch value(of: "repeatingTimerZeroInterval") {
        case "clamped": zeroIntervalClamped = true
        case "oneShot": zeroIntervalClamped = false
        case let other:
            throw VariantError(
                message: "flag 'repeatingTimerZeroInterval' takes clamped or oneShot, not '\(other ?? "")'")
        }
        switch value(of: "invalidTimerFireDate") {
        case "lastFire": invalidTimerKeepsFireDate = true
        case "referenceDate": invalidTimerKeepsFireDate = false
        case let other:
            throw VariantError(
                message: "flag 'invalidTimerFireDate' takes lastFire or referenceDate, not '\(other ?? "")'")
        }
        switch value(of: "operationQueuePoolWidth") {
        case "unbounded": operationPoolWidth = nil
        case let text?:
            guard let width = Int(text), width > 0, width <= 4096 else {
                throw VariantError(
                    message: "flag 'operationQueuePoolWidth' takes a whole number from 1 to 4096, or unbounded")
            }
            operationPoolWidth = width
        case nil: operationPoolWidth = nil
        }
        guard let names = ThreadNames(rawValue: value(of: "threadNames") ?? "") else {
            throw VariantError(message: "flag 'threadNames' takes nsthread or pthread")
        }
        threadNames = names
        switch value(of: "backgroundTaskSeconds") {
        case "none": backgroundTaskBudget = nil
        case let text?:
            guard let seconds = Int64(text), seconds > 0 else {
                throw VariantError(message: "flag 'backgroundTaskSeconds' takes a whole number of seconds or none")
            }
            backgroundTaskBudget = .seconds(seconds)
        case nil: backgroundTaskBudget = nil
        }
        guard let ref = SelectorObserverRef(rawValue: value(of: "notificationSelectorObserverRef") ?? "") else {
            throw VariantError(message: "flag 'notificationSelectorObserverRef' takes unretained, weak or none")
        }
        selectorObserverRef = ref
        guard let order = NotificationDeliveryOrder(rawValue: value(of: "notificationDeliveryOrder") ?? "") else {
            throw VariantError(message: "flag 'notificationDeliveryOrder' takes registration or buckets")
        }
        notificationDeliveryOrder = order
        guard let kvo = KVOObservedDealloc(rawValue: value(of: "kvoObservedDeallocWithObservers") ?? "") else {
            throw VariantError(message: "flag 'kvoObservedDeallocWithObservers' takes crash, remove or none")
        }
        kvoObservedDealloc = kvo
        switch value(of: "timerLeewayFiresAt") {
        case "start": leewayFiresAtEnd = false
        case "end": leewayFiresAtEnd = true
        case let other:
            throw VariantError(message: "flag 'timerLeewayFiresAt' takes start or end, not '\(other ?? "")'")
        }
        guard let backend = TimerPortBackend(rawValue: value(of: "timerPortBackend") ?? "") else {
            let accepted = TimerPortBackend.allCases.map(\.rawValue).joined(separator: ", ")
            throw VariantError(message: "flag 'timerPortBackend' takes one of \(accepted)")
        }
        timerPortBackend = backend
    }
}

/// A bad variant name, flag or flag value.
public struct VariantError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
