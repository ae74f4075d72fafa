/// One documented OS-behaviour switch: its name, meaning, evidence, and whether the kernel models it yet.
///
/// The table is `../shared/design/runloop-semantics.md` §11; each profile in ``VariantProfile`` gives every
/// flag a value. `source` is where the values come from (for Darwin, a CF release or a documentation page);
/// ``linuxEvidence`` says whether the `linux-corelibs` value is measured on this machine (docs/fidelity.md,
/// "Variant flags and their evidence", holds the same per flag). Flags that are not `isModelled` are listed by
/// `loopsim variants` for completeness but do not change a run yet.
public struct VariantFlag: Sendable, Hashable {
    public let name: String
    public let summary: String
    public let source: String
    public let isModelled: Bool
    /// How the flag's `linux-corelibs` value is known: measured by conformance scenarios, or cited.
    public let linuxEvidence: LinuxEvidence

    /// Every known flag, in the order `loopsim variants` prints them.
    public static let all: [VariantFlag] = [
        .init(
            name: "staleTimerPortWakeAfterLastTimerRemoved",
            summary: "removing a mode's last timer leaves its timer port armed: one empty wake at the old deadline",
            source:
                "CF-1153.18 vs SCF-Sierra __CFArmNextTimerInMode (_mkTimerArmed never set on the mk_timer-only build); semantics §4",
            isModelled: true,
            linuxEvidence: .measured(["c01", "c16", "c31"])),
        .init(
            name: "timerPortBackend",
            summary: "mk_timer (iOS <= 9), mk_timer+dispatch (iOS >= 10), timerfd (Linux); the kernel reads it for "
                + "a timer's tolerance (0 on timerfd), its timing effects are the staleTimerPortWake and "
                + "toleranceAffectsWakeTime flags",
            source: "USE_DISPATCH_SOURCE_FOR_TIMERS per CF release; semantics §4.2, §5.2; CFRunLoopTimerSetTolerance "
                + "does nothing outside TARGET_OS_MAC (CFRunLoop.c lines 4750-4770 at 761b621)", isModelled: true,
            linuxEvidence: .measured(["c51"])),
        .init(
            name: "mainQueueCountsAsSourceInCommonModes",
            summary: "on the main thread the main queue keeps common modes non-empty",
            source: "__CFRunLoopModeIsEmpty; semantics §1.6", isModelled: true,
            linuxEvidence: .measured(["c02", "c23", "c25", "c44"])),
        .init(
            name: "runCommonModesPseudoModeRejected",
            summary: "running kCFRunLoopCommonModes logs and returns Finished",
            source: "SCF-Sierra CFRunLoopRunSpecific; semantics §1.1", isModelled: true,
            linuxEvidence: .measured(["c10"])),
        .init(
            name: "blockBasedTimerAPI",
            summary:
                "scheduledTimer(withTimeInterval:repeats:block:) exists, and the other iOS 10 block APIs "
                + "(RunLoop.perform, Thread(block:), Thread.detachNewThread)",
            source: "DOC Timer, available iOS 10.0; NSRunLoop.h, NSThread.h API_AVAILABLE(ios(10.0))",
            isModelled: true,
            linuxEvidence: .measured(["c01", "c08", "c15", "c18"])),
        .init(
            name: "timerReleasesTargetOnInvalidate",
            summary:
                "invalidate() releases the target, userInfo and block; false: the Timer and its closure live forever",
            source: "DOC Timer.invalidate; SCF-HEAD Timer.swift (context retain without release)", isModelled: true,
            linuxEvidence: .measured(["c16", "c31"])),
        .init(
            name: "unscheduledBlockTimerFirstFireNow",
            summary: "Timer(timeInterval:repeats:block:) first fires at creation instead of one interval later",
            source: "SCF-HEAD Timer.swift; semantics §5.3", isModelled: true,
            linuxEvidence: .measured(["c18"])),
        .init(
            name: "removeOrInvalidateWakesLoop",
            summary: "CFRunLoopRemoveTimer / CFRunLoopTimerInvalidate wake the owning loop",
            source: "CFRunLoopRemoveTimer, CFRunLoopTimerInvalidate; semantics §1.7", isModelled: true,
            linuxEvidence: .measured(["c01", "c04"])),
        .init(
            name: "uikitMainRunLoop",
            summary:
                "the main thread runs UIApplicationMain: common modes {default, UITrackingRunLoopMode}, event source",
            source: "DOC UITrackingRunLoopMode; run-loop dumps cited in semantics §1.8, §2", isModelled: true,
            linuxEvidence: .measured(["c32", "c44", "c56"])),
        .init(
            name: "autoreleasedFactoryResults",
            summary: "class factory methods (scheduledTimer..., timerWith...) return autoreleased objects that live "
                + "until the thread's pool drains (main: BeforeWaiting/Exit; GCD: after each block); Swift on Linux has none",
            source: "ARC convention for non-alloc/new/copy methods; UIKit pool observers per semantics §1.8",
            isModelled: true,
            linuxEvidence: .cited(
                "Swift on Linux has no autorelease pools (no Objective-C runtime); no "
                    + "conformance scenario tells the values apart: a factory-made Timer is never freed there (c16)")),
        .init(
            name: "toleranceAffectsWakeTime",
            summary: "a timer's tolerance arms a GCD timer with leeway instead of the mk_timer (dispatch build)",
            source: "__CFArmNextTimerInMode; semantics §3.6", isModelled: true,
            linuxEvidence: .cited(
                "CFRunLoopTimerSetTolerance does nothing outside TARGET_OS_MAC "
                    + "(CFRunLoop.c lines 4750-4770 at 761b621); c33 agrees, but with timerLeewayFiresAt start "
                    + "the flag moves no fire, so no scenario tells the values apart")),
        .init(
            name: "timerLeewayFiresAt",
            summary: "where in its leeway window a GCD timer fires: start (on time) or end (as late as allowed); "
                + "a modelling choice, the kernel's coalescing is not public",
            source: "UNCONFIRMED; dispatch/source.h documents only the upper bound", isModelled: true,
            linuxEvidence: .measured(["c40"])),
        .init(
            name: "notificationSelectorObserverRef",
            summary: "how the center stores selector observers: unretained (a post after dealloc crashes), weak "
                + "(skipped, unregistered), or none (no selector API)",
            source: "Foundation release notes OS X 10.11 / iOS 9; semantics §7", isModelled: true,
            linuxEvidence: .cited(
                "swift-corelibs-foundation has no addObserver(_:selector:name:object:) "
                    + "(NSNotification.swift at 761b621): nothing to run")),
        .init(
            name: "notificationQueuedObserverPosterWaits",
            summary: "posting to a block observer registered with another queue waits until that block has run",
            source: "SCF-HEAD NotificationCenter.post; Darwin: DOC NSNotificationCenter (posts return after every "
                + "observer processed the notification), jaanus.com 2014 deadlock; semantics §5.3",
            isModelled: true,
            linuxEvidence: .measured(["c39"])),
        .init(
            name: "notificationObjectFilterRetained",
            summary: "a block observer's object: filter is held strongly by the center (corelibs before "
                + "swift-foundation took NotificationCenter over; false on Swift 6.x and Darwin)",
            source: "swift-foundation NotificationCenter._addObserver keeps ObjectIdentifier(object): conformance "
                + "c42 (docs/fidelity.md D2); SCF pre-6 NSNotification.swift", isModelled: true,
            linuxEvidence: .measured(["c42"])),
        .init(
            name: "notificationDeliveryOrder",
            summary: "the order a post calls its observers: registration (Darwin), or buckets (swift-foundation): "
                + "(name, sender), (every name, sender), (every name, any sender), (name, any sender)",
            source: "swift-foundation NotificationCenter._post (its TODO: \"Darwin calls observers in the order they "
                + "were added\"); conformance c61; within a bucket hash order (docs/fidelity.md D4)",
            isModelled: true, linuxEvidence: .measured(["c61"])),
        .init(
            name: "dispatchOwnedLockCrashes",
            summary: "dispatch_sync onto a queue the thread holds (its serial queue, main from main) and a recursive "
                + "dispatch_once crash (BUG IN CLIENT OF LIBDISPATCH); false: the thread waits for itself for ever",
            source: "libdispatch-685+ queue.c __DISPATCH_WAIT_FOR_QUEUE__, shims/lock.c _dispatch_once_wait; "
                + "libdispatch-501 _dispatch_sync_f_slow and dispatch_once_f wait on a thread semaphore",
            isModelled: true,
            linuxEvidence: .cited(
                "the crash ends the real program, which conformance cannot compare; "
                    + "checked by hand on this machine's libdispatch (Swift 6.3): DispatchQueue.sync onto the queue "
                    + "a block runs on traps in __DISPATCH_WAIT_FOR_QUEUE__")),
        .init(
            name: "performSelectorAPI",
            summary: "NSObject's performSelector:withObject:afterDelay:, performSelector:onThread:... and "
                + "cancelPreviousPerformRequestsWithTarget: exist; false: calling one crashes (no selectors)",
            source: "DOC NSObject performSelector:withObject:afterDelay:; SCF-HEAD has no selector performs "
                + "(RunLoop.swift: only perform(inModes:block:))", isModelled: true,
            linuxEvidence: .cited(
                "swift-corelibs-foundation 761b621 RunLoop.swift offers only "
                    + "perform(inModes:block:) and perform(_:); swiftc rejects #selector without the Objective-C "
                    + "runtime")),
        .init(
            name: "backgroundTaskSeconds",
            summary:
                "how long beginBackgroundTask keeps a backgrounded app running (about 180 s iOS 7-12, 30 s iOS 13+)",
            source: "SEC (watchdog logs, developer forums), semantics §7; not documented by Apple", isModelled: true,
            linuxEvidence: .cited("no app lifecycle on Linux: no UIKit")),
        .init(
            name: "kvoObservedDeallocWithObservers",
            summary: "an object deallocated with key-value observers registered: crash (before iOS 11), remove "
                + "(iOS 11+: its observations go with it), or none (no key-value observing)",
            source: "Foundation release notes macOS 10.13 / iOS 11 (relaxed KVO unregistration); the exception's "
                + "reason as apps log it (fpotter.org, 'When is KVO unregistration automatic?'); "
                + "swift-corelibs-foundation 761b621 has no addObserver(_:forKeyPath:)", isModelled: true,
            linuxEvidence: .cited(
                "swift-corelibs-foundation 761b621 has no "
                    + "addObserver(_:forKeyPath:): no key-value observing")),
        .init(
            name: "operationReleasesCompletionBlock",
            summary: "an NSOperation lets go of its completionBlock once the block begins; false: it keeps it "
                + "until the operation is freed",
            source: "DOC NSOperation completionBlock (iOS 8 and later: set to nil after it begins executing); "
                + "SCF-HEAD Operation.swift keeps __completion; conformance c55", isModelled: true,
            linuxEvidence: .measured(["c55"])),
        .init(
            name: "threadNames",
            summary: "what NSThread.name reads: nsthread (the thread's own name: main is 'main', GCD workers nil) "
                + "or pthread (the calling thread's OS name: the process's, or libdispatch's root-queue label)",
            source: "-[NSThread description] on iOS ('{number = 1, name = main}'); SCF-HEAD Thread.swift _name "
                + "(pthread_getname_np of pthread_self); measured on Linux, conformance c59", isModelled: true,
            linuxEvidence: .measured(["c59", "c66"])),
        .init(
            name: "repeatingTimerZeroInterval",
            summary: "what a repeating NSTimer with interval <= 0 does: clamped (fires every 0.1 ms, Darwin) or "
                + "oneShot (the interval reaches CF as 0: it fires once and is invalid afterwards)",
            source: "DOC Timer scheduledTimer(timeInterval:target:selector:userInfo:repeats:) (\"If seconds is "
                + "less than or equal to 0.0, this method chooses the nonnegative value of 0.1 milliseconds\"); "
                + "SCF 761b621 Timer.swift init(fire:interval:repeats:block:) passes the interval unclamped, "
                + "CFRunLoop.c line 4529 (CFRunLoopTimerCreate: negative -> 0) and line 2524 "
                + "(__CFRunLoopDoTimer: doInvalidate = (0.0 == rlt->_interval))",
            isModelled: true, linuxEvidence: .measured(["c62"])),
        .init(
            name: "invalidTimerFireDate",
            summary: "what fireDate reads on an invalid timer: lastFire (the date it was last due, Apple's "
                + "documentation) or referenceDate (CFRunLoopTimerGetNextFireDate's 0: 2001-01-01)",
            source: "DOC Timer.fireDate (\"If the timer is no longer valid, the last date at which the timer "
                + "fired\"); SCF 761b621 Timer.swift fireDate reads CFRunLoopTimerGetNextFireDate, CFRunLoop.c "
                + "lines 4575-4586 (at = 0.0 unless __CFIsValid); the same code in CF-855.17 (line 3714) and "
                + "CF-1153.18 (line 3760), which Darwin's NSTimer does not document using",
            isModelled: true, linuxEvidence: .measured(["c63"])),
        .init(
            name: "operationQueuePoolWidth",
            summary: "how many operations an NSOperationQueue runs at once at most, whatever its "
                + "maxConcurrentOperationCount: the GCD pool's width (Linux: the active cores) or unbounded "
                + "(Darwin's kernel workqueue adds threads while blocks block)",
            source: "SCF 761b621 Operation.swift _schedule (operations go to one concurrent DispatchQueue); "
                + "swift-corelibs-libdispatch without kernel workqueues sizes its pool by the active CPUs; "
                + "measured on this 2-core machine, conformance c64",
            isModelled: true, linuxEvidence: .measured(["c64"])),
        .init(
            name: "mainQueueCancelAllOperations",
            summary: "OperationQueue.main.cancelAllOperations() cancels the main queue's operations; false: it "
                + "does nothing",
            source: "DOC NSOperationQueue cancelAllOperations; SCF 761b621 Operation.swift line 1389 "
                + "(cancelAllOperations: if !__mainQ)",
            isModelled: true, linuxEvidence: .measured(["c65"])),
        .init(
            name: "cooperativePoolWidth",
            summary: "how many jobs of Swift concurrency's global executor run at once: the cooperative pool's "
                + "width, the CPU cores (Linux: this machine's 2; iOS: an iPhone's 6)",
            source: "swift stdlib/public/Concurrency/DispatchGlobalExecutor.cpp getGlobalQueue (off Darwin: one "
                + "concurrent queue, dispatch_queue_set_width(q, DISPATCH_QUEUE_WIDTH_MAX_LOGICAL_CPUS); on Darwin "
                + "the cooperative global queue); WWDC21 10254 \"Swift concurrency: Behind the scenes\" (no more "
                + "threads than CPU cores); measured on this 2-core machine, conformance c103",
            isModelled: true, linuxEvidence: .measured(["c103"])),
        .init(
            name: "selectorTimerAPI",
            summary: "target/selector and NSInvocation timers exist; false: creating one crashes (no selectors)",
            source: "DOC Timer init(timeInterval:target:selector:userInfo:repeats:), "
                + "init(timeInterval:invocation:repeats:); SCF 761b621 Timer.swift has only the block initializers",
            isModelled: true,
            linuxEvidence: .cited(
                "swift-corelibs-foundation 761b621 Timer.swift has no target/selector or invocation "
                    + "initializer and swiftc rejects #selector without the Objective-C runtime: nothing to run")),
        .init(
            name: "machPortAPI",
            summary: "NSMachPort exists (port:, and addPort:/sendPortMessage: on one); false: making one crashes",
            source: "DOC NSMachPort; SCF 761b621 Port.swift line 76 (@available(*, unavailable, message: "
                + "\"NSMachPort is not available in swift-corelibs-foundation.\"))",
            isModelled: true,
            linuxEvidence: .cited(
                "swift-corelibs-foundation 761b621 Port.swift line 76 marks NSMachPort unavailable: "
                    + "swiftc rejects it, nothing to run")),
        .init(
            name: "lockUnlockFromOtherThreadReleases",
            summary: "an NSLock or NSCondition unlocked by a thread that does not hold it is let go; false: it stays "
                + "held (an error-checking mutex refuses the unlock)",
            source: "SCF 761b621 NSLock.swift lines 69, 113, 413, 451 (a default pthread mutex, which glibc unlocks "
                + "for any thread); DOC NSLock (\"Unlocking a lock from a different thread can result in undefined "
                + "behavior\"): Darwin's log \"unlocked from thread which did not lock it\" is an error-checking "
                + "mutex's EPERM, UNCONFIRMED",
            isModelled: true, linuxEvidence: .measured(["c135"])),
        .init(
            name: "conditionLockWaitForeverTraps",
            summary: "NSConditionLock.lock() and lock(whenCondition:) crash when they have to wait; false: they "
                + "wait",
            source: "SCF 761b621 NSLock.swift lines 189, 210 (wait until Date.distantFuture) and 517 "
                + "(Int64(interval * 1e9) overflows for distantFuture and traps); DOC NSConditionLock",
            isModelled: true,
            linuxEvidence: .cited(
                "conform cannot compare a run that crashes; by hand on this machine (Swift 6.3.1): a thread whose "
                    + "lock(whenCondition:) must wait dies with SIGILL in NSCondition.wait(until:); "
                    + "scenarios/locks-conditionlock-wait-for-ever-traps.yaml")),
        .init(
            name: "notificationQueuePosting",
            summary: "when NotificationQueue posts: corelibs (whenIdle at BeforeTimers, asap at BeforeWaiting and "
                + "Exit, each list newest first) or documented (asap at the end of a pass: BeforeTimers, "
                + "BeforeWaiting, Exit; whenIdle at BeforeWaiting; first in, first out)",
            source: "SCF 761b621 NotificationQueue.swift lines 43-52 (idleRunloopObserver on kCFRunLoopBeforeTimers, "
                + "asapRunloopObserver on kCFRunLoopBeforeWaiting | kCFRunLoopExit), line 148 (enumerated()"
                + ".reversed()); DOC NotificationQueue, PostingStyle.asap/.whenIdle, Notification Programming Topics "
                + "\"Notification Queues\" (Darwin's source is closed: UNCONFIRMED beyond the documents)",
            isModelled: true, linuxEvidence: .measured(["c120", "c122", "c124", "c125"])),
        .init(
            name: "notificationQueueSenderCoalescing",
            summary: "what coalescing on the sender compares: object (the same object, Darwin) or nilOnly (two nil "
                + "senders match; a Swift object never does: __SwiftValue.store boxes it afresh for each !==)",
            source: "SCF 761b621 NotificationQueue.swift lines 117 and 125, Bridging.swift lines 180-193; DOC "
                + "NotificationQueue.NotificationCoalescing.onSender",
            isModelled: true, linuxEvidence: .measured(["c121"])),
        .init(
            name: "notificationQueueReentrantEnqueueTraps",
            summary: "enqueueing on a queue (or dequeueing from it) while it posts from the same list crashes: "
                + "Swift's exclusivity check on the list passed inout to notify(_:notificationList:)",
            source: "SCF 761b621 NotificationQueue.swift lines 147-166 (notify takes &idleList / &asapList inout); "
                + "measured: \"Simultaneous accesses ... Fatal access conflict detected\"; Darwin is Objective-C",
            isModelled: true,
            linuxEvidence: .cited(
                "measured by hand on Swift 6.3.1: an observer of a notification NotificationQueue.default posts "
                    + "that enqueues again aborts with \"Simultaneous accesses ... Fatal access conflict detected\"; "
                    + "conform cannot compare a crash (the prediction ends abnormally)")),
        .init(
            name: "socketPortAPI",
            summary: "SocketPort exists (socketPort:, remoteSocketPort:); false: making one crashes",
            source: "DOC SocketPort (availability: macOS 10.0+ only, no iOS); SCF 761b621 Port.swift lines 422-1124 "
                + "(SocketPort on CFSocket, every platform but WASI)",
            isModelled: true, linuxEvidence: .measured(["c160", "c161", "c162"])),
        .init(
            name: "sheetPresentation",
            summary: "what an iPhone does with the default modal style and the sheet styles: fullScreen (before "
                + "iOS 13: the default is full screen, page and form sheets adapt to it; the presenter's views go and "
                + "it gets its disappear and appear hooks), sheet (iOS 13: automatic is a page sheet, sheets stay "
                + "sheets; the presenter's views stay, no hooks) or none (no UIKit: present crashes)",
            source: "DOC UIModalPresentationStyle.automatic (iOS 13: \"For most view controllers, UIKit maps this "
                + "style to\" pageSheet), .fullScreen (\"The views belonging to the presenting view controller are "
                + "removed after the presentation completes\"), .pageSheet (\"A part of the background content always "
                + "remains visible\"), UIViewController.modalPresentationStyle (\"In compact-width size classes, some "
                + "styles take on the behavior of other styles\"); SEC hacknicity.medium.com \"View Controller "
                + "Presentation Changes in iOS 13\", regularberry.github.io 2019-02-22 (iPhone, iOS 12: a page or form "
                + "sheet's presenter gets viewWillAppear at the dismissal)",
            isModelled: true, linuxEvidence: .cited("no UIKit on Linux: nothing to present")),
    ]

    /// The flag with this name, if any.
    public static func named(_ name: String) -> VariantFlag? { all.first { $0.name == name } }
}
