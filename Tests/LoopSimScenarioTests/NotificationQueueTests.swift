import LoopSimKernel
import LoopSimScenario
import Testing

/// `NotificationQueue` (docs/scenario-format.md §7.9; conformance c120-c124): when each posting style posts under
/// each variant's `notificationQueuePosting`, coalescing, `forModes:`, what the queue keeps, and the exclusivity
/// trap of swift-corelibs-foundation.
@Suite struct NotificationQueueTests {
    static func run(_ yaml: String, _ variant: String) throws -> RunOutcome {
        try KernelSemanticsTests.run(yaml, variant)
    }

    static func logs(_ yaml: String, _ variant: String) throws -> [String] {
        try run(yaml, variant).logs.map(\.text)
    }

    /// Observers that log `posted NAME` for each name.
    static func observers(_ names: [String], indent: String = "  ") -> String {
        names.map { name in
            "\(indent)- addObserverForName: \(name)\n\(indent)  token: t\(name)\n\(indent)  do: [log: posted \(name)]"
        }.joined(separator: "\n")
    }

    static let onePass = """
        name: one pass
        until: 1s
        main:
          - addObserver: current runloop
            activities: beforeTimers
            repeats: false
            do: [log: before timers]
          - addObserver: current runloop
            activities: beforeWaiting
            repeats: false
            do: [log: before waiting]
        \(observers(["A1", "A2", "I1", "I2", "N"]))
          - enqueueNotification: A1
            style: asap
          - enqueueNotification: I1
            style: whenIdle
          - enqueueNotification: A2
            style: asap
          - enqueueNotification: I2
            style: whenIdle
          - enqueueNotification: N
            style: now
          - log: enqueued
        """

    /// corelibs: whenIdle at BeforeTimers, asap at BeforeWaiting, each list newest first (c120).
    @Test func corelibsPostsIdleAtBeforeTimersAndAsapAtBeforeWaitingNewestFirst() throws {
        #expect(
            try Self.logs(Self.onePass, "linux-corelibs") == [
                "posted N", "enqueued", "before timers", "posted I2", "posted I1", "before waiting", "posted A2",
                "posted A1",
            ])
    }

    /// Apple's documentation: asap at the end of the pass (here the first BeforeTimers), whenIdle when the loop is
    /// about to wait; first in, first out.
    @Test func darwinPostsAsapFirstAndIdleWhenAboutToWaitInOrder() throws {
        #expect(
            try Self.logs(Self.onePass, "ios13") == [
                "posted N", "enqueued", "before timers", "posted A1", "posted A2", "before waiting", "posted I1",
                "posted I2",
            ])
    }

    /// The observers' callouts are in the trace, each followed by the queue's posts.
    @Test func theQueuesObserverCalloutsAreTraced() throws {
        let o = try Self.run(Self.onePass, "linux-corelibs")
        let lines = KernelSemanticsTests.lines(o, "main", ["observer.callout", "nq.post"])
        let posts = lines.filter { $0.contains("nq.post") }
        #expect(posts.count == 4)
        // Each run of posts follows an observer callout.
        let firstPost = try #require(lines.firstIndex { $0.contains("nq.post") })
        #expect(firstPost > 0 && lines[firstPost - 1].contains("observer.callout"), "\(lines)")
    }

    static let busy = """
        name: busy
        until: 1s
        classes:
          State:
            fields:
              passes: int
              source: strong CFRunLoopSource
        main:
          - thread: worker
            do:
        \(observers(["Idle", "Idle2", "Soon"], indent: "      "))
              - let: state = new State
              - addSource: state.source
                captures: [state]
                do:
                  - increment: state.passes
                  - log: source
                  - if: state.passes == 1
                    then:
                      - enqueueNotification: Idle2
                        style: whenIdle
                  - if: state.passes < 3
                    then: [signal: state.source]
              - signal: state.source
              - enqueueNotification: Idle
                style: whenIdle
              - enqueueNotification: Soon
                style: asap
              - CFRunLoopRunInMode: default
                seconds: 200ms
              - log: returned
        """

    /// A source that keeps the loop polling: corelibs posts whenIdle every pass and asap only once it waits
    /// (c122); the documented behaviour is the other way round.
    @Test func aBusyLoopPostsIdleOnLinuxButAsapOnDarwin() throws {
        #expect(
            try Self.logs(Self.busy, "linux-corelibs") == [
                "posted Idle", "source", "posted Idle2", "source", "source", "posted Soon", "returned",
            ])
        #expect(
            try Self.logs(Self.busy, "ios13") == [
                "posted Soon", "source", "source", "source", "posted Idle", "posted Idle2", "returned",
            ])
    }

    static let senders = """
        name: senders
        until: 1s
        classes:
          Box: {fields: {n: int}}
        main:
        \(observers(["A", "B"]))
          - let: x = new Box
          - enqueueNotification: A
            object: x
            style: asap
          - enqueueNotification: A
            object: x
            style: asap
          - enqueueNotification: B
            style: asap
          - enqueueNotification: B
            style: asap
            coalesce: onSender
        """

    /// On Linux a Swift-class sender never coalesces (each `__SwiftValue.store` boxes it afresh) while two nil
    /// senders do; on Darwin the same object coalesces (c121).
    @Test func senderCoalescingFollowsTheVariant() throws {
        #expect(try Self.logs(Self.senders, "linux-corelibs") == ["posted B", "posted A", "posted A"])
        #expect(try Self.logs(Self.senders, "ios13") == ["posted A", "posted B"])
    }

    /// The queue keeps the notification and so its sender until it posts it: the app's release does not free it.
    @Test(arguments: ["ios13", "linux-corelibs"])
    func theQueueKeepsTheSenderUntilItPosts(variant: String) throws {
        let logs = try Self.logs(
            """
            name: kept
            until: 1s
            classes:
              Box: {dealloc: [log: freed]}
            main:
              - addObserverForName: A
                token: t
                do: [log: posted]
              - let: x = new Box
              - enqueueNotification: A
                object: x
                style: whenIdle
              - release: x
              - log: released
            """, variant)
        #expect(logs == ["released", "posted", "freed"])
    }

    /// A `.now` notification whose modes do not hold the current mode is dropped; nil modes mean the default mode,
    /// and with no run loop running (current mode nil) it posts at once.
    @Test func nowForAnotherModeIsDropped() throws {
        let o = try Self.run(
            """
            name: now
            until: 1s
            main:
              - addObserverForName: A
                token: t1
                do: [log: posted A]
              - addObserverForName: B
                token: t2
                do: [log: posted B]
              - enqueueNotification: A
                style: now
                forModes: [M]
              - scheduledTimer: once
                every: 100ms
                block:
                  do:
                    - enqueueNotification: A
                      style: now
                      forModes: [M]
                    - enqueueNotification: B
                      style: now
                    - log: fired
            """, "linux-corelibs")
        #expect(o.logs.map(\.text) == ["posted A", "posted B", "fired"])
        #expect(KernelSemanticsTests.lines(o, "main", ["nq.drop"]).count == 1)
    }

    /// A waiting asap notification for a mode outside the common modes is never posted while the loop runs there;
    /// it is once the mode is common (c123).
    @Test func forModesWaitsForAModeWithTheObserver() throws {
        let logs = try Self.logs(
            """
            name: modes
            until: 2s
            main:
              - thread: worker
                do:
                  - addObserverForName: P
                    token: t
                    do: [log: posted]
                  - enqueueNotification: P
                    style: asap
                    forModes: M
                  - scheduledTimer: a
                    every: 100ms
                    mode: M
                    block: {do: [log: fired]}
                  - CFRunLoopRunInMode: M
                    seconds: 300ms
                  - CFRunLoopAddCommonMode: M
                  - scheduledTimer: b
                    every: 100ms
                    mode: M
                    block: {do: [log: fired]}
                  - CFRunLoopRunInMode: M
                    seconds: 300ms
            """, "linux-corelibs")
        #expect(logs == ["fired", "posted", "fired"])
    }

    static let reentrant = """
        name: reentrant
        until: 1s
        main:
          - addObserverForName: A
            token: t1
            do:
              - log: posted A
              - enqueueNotification: B
                style: whenIdle
          - addObserverForName: B
            token: t2
            do: [log: posted B]
          - enqueueNotification: A
            style: whenIdle
          - scheduledTimer: wake
            every: 100ms
            block: {do: [log: fired]}
        """

    /// corelibs walks the list inout: an enqueue from a handler it is posting is Swift's exclusivity trap; Darwin
    /// posts the new one when the loop next is about to wait, after the timer woke it.
    @Test func enqueueFromAQueuedPostTrapsOnLinuxOnly() throws {
        let linux = try Self.run(Self.reentrant, "linux-corelibs")
        let crash = try #require(linux.crash)
        #expect(crash.message.contains("Simultaneous accesses"), "\(crash.message)")
        #expect(linux.logs.map(\.text) == ["posted A"])
        let darwin = try Self.run(Self.reentrant, "ios13")
        #expect(darwin.crash == nil)
        #expect(darwin.logs.map(\.text) == ["posted A", "fired", "posted B"])
    }

    /// `dequeueNotifications` removes what matches and lets it go; with no mask it removes nothing.
    @Test(arguments: ["ios13", "linux-corelibs"])
    func dequeueRemovesMatchingNotifications(variant: String) throws {
        let logs = try Self.logs(
            """
            name: dequeue
            until: 1s
            main:
            \(Self.observers(["A", "B"]))
              - enqueueNotification: A
                style: asap
              - enqueueNotification: B
                style: whenIdle
              - dequeueNotifications: B
                coalesce: none
              - dequeueNotifications: A
                coalesce: onName
            """, variant)
        #expect(logs == ["posted B"])
    }
}
