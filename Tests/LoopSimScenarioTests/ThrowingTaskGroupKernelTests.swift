import LoopSimKernel
import LoopSimScenario
import Testing

/// Throwing task groups in the kernel (docs/scenario-format.md §7.13; swift stdlib/public/Concurrency/TaskGroup.swift
/// `withThrowingTaskGroup`): a child's error taken by `groupNext:` with `error:`, `groupCancelAll:` and the cancel and
/// wait of a group whose body threw.
@Suite struct ThrowingTaskGroupKernelTests {
    static func run(_ yaml: String) throws -> RunOutcome { try SwiftConcurrencyTests.run(yaml) }
    static func logs(_ o: RunOutcome) -> [String] { SwiftConcurrencyTests.logs(o) }

    /// A child that throws after 100 ms is taken first, with its error and no value; the one that returns after
    /// 200 ms is taken next, with its value and no error (SE-0304: an individual task throws its error in the
    /// corresponding call to `next()`).
    @Test func aChildsErrorIsTakenByNext() throws {
        let o = try Self.run(
            """
            name: group
            until: 1s
            main:
              - task:
                detached: true
                do:
                  - withTaskGroup:
                      - addTask:
                        returns: int
                        do: [taskSleep: 200ms, return: "2"]
                      - addTask:
                        returns: int
                        do: [taskSleep: 100ms, taskThrow: '"notFound"', return: "1"]
                      - let: v = 0
                      - let: e = ""
                      - groupNext:
                        type: int
                        result: v
                        error: e
                      - log: "first \\\\(v) \\\\(e == nil)"
                      - if: e != nil
                        then: [log: "\\\\(e)"]
                      - groupNext:
                        type: int
                        result: v
                        error: e
                      - log: "second \\\\(v) \\\\(e == nil)"
              - runUntil: 800ms
            """)
        #expect(Self.logs(o) == ["100 first 0 false", "100 notFound", "200 second 2 true"])
        #expect(o.findings.leaks.isEmpty)
        #expect(o.allocated == o.deallocated, "\(o.allocated) allocated, \(o.deallocated) deallocated")
    }

    /// `groupCancelAll:` wakes a child sleeping 1 s at once (it sees `Task.isCancelled`), the task itself is not
    /// cancelled, `groupIsCancelled:` turns true, and a child added after it starts cancelled.
    @Test func cancelAllReachesASleepingChildAndLaterOnes() throws {
        let o = try Self.run(
            """
            name: group
            until: 2s
            main:
              - task:
                detached: true
                do:
                  - withTaskGroup:
                      - addTask:
                        do:
                          - taskSleep: 1s
                          - log: "first cancelled \\\\(Task.isCancelled)"
                      - taskSleep: 100ms
                      - groupIsCancelled: before
                      - groupCancelAll:
                      - groupIsCancelled: after
                      - log: "parent cancelled \\\\(Task.isCancelled), group \\\\(before) \\\\(after)"
                      - addTask:
                        do:
                          - log: "later cancelled \\\\(Task.isCancelled)"
                  - log: group ended
              - runUntil: 1500ms
            """)
        #expect(
            Self.logs(o) == [
                "100 parent cancelled false, group false true", "100 first cancelled true", "100 later cancelled true",
                "100 group ended",
            ])
        #expect(o.allocated == o.deallocated, "\(o.allocated) allocated, \(o.deallocated) deallocated")
    }

    /// A body that throws (as the Swift front-end lowers it: its error in a flag, the rest of the body skipped, then
    /// `groupCancelAll:` before the group's end): the remaining children are cancelled — a throwing sleep of 1 s ends
    /// at once — and awaited before the error goes on: the group ends when the 300 ms child that ignores
    /// cancellation has finished, not at 1 s.
    @Test func aBodyThatThrowsCancelsAndAwaitsTheRest() throws {
        let o = try Self.run(
            """
            name: group
            until: 2s
            main:
              - task:
                detached: true
                do:
                  - let: failed = ""
                  - set: failed = nil
                  - withTaskGroup:
                      - addTask:
                        do:
                          - taskSleep: 1s
                            throwing: true
                          - log: never
                      - addTask:
                        do:
                          - work: 300ms
                          - log: "busy child done, cancelled \\\\(Task.isCancelled)"
                      - taskSleep: 100ms
                      - set: failed = "timeout"
                      - if: failed != nil
                        then: [groupCancelAll: null]
                  - log: "group threw \\\\(failed)"
              - runUntil: 1500ms
            """)
        #expect(Self.logs(o) == ["300 busy child done, cancelled true", "300 group threw timeout"])
        #expect(o.allocated == o.deallocated, "\(o.allocated) allocated, \(o.deallocated) deallocated")
    }

    /// A child's error that no `groupNext:` takes is dropped: the group waits for the child and ends normally.
    @Test func anUntakenErrorIsDropped() throws {
        let o = try Self.run(
            """
            name: group
            until: 1s
            main:
              - task:
                detached: true
                do:
                  - withTaskGroup:
                      - addTask:
                        do: [taskSleep: 200ms, taskThrow: '"boom"']
                  - log: group ended
              - runUntil: 800ms
            """)
        #expect(Self.logs(o) == ["200 group ended"])
        #expect(o.allocated == o.deallocated, "\(o.allocated) allocated, \(o.deallocated) deallocated")
    }

    /// `groupCancelAll:` outside a group's steps, `taskThrow:` outside a task and of a non-string are refused.
    @Test func misplacedWordsAreRefused() {
        let ids = SwiftConcurrencyAwaitTests.ids
        #expect(ids("name: x\nmain:\n  - task:\n    do:\n      - groupCancelAll:") == [.taskNotAsync])
        #expect(ids("name: x\nmain:\n  - taskThrow: '\"e\"'") == [.taskNotAsync])
        #expect(ids("name: x\nmain:\n  - task:\n    do:\n      - taskThrow: 3") == [.exprType])
    }
}
